import { articleImagePath } from "~/catalog/catalog-view";
import { useRootData } from "~/hooks/use-root-data";
import { ARTICLE_WIDTHS, ResponsiveImage, type ResponsiveImageProps } from "./responsive-image";

type ArticleImageProps = Omit<ResponsiveImageProps, "mediaBase" | "path" | "widths" | "width" | "height" | "mobile"> & {
  /** The picture's name (`articleImagePath`); none: the article has no picture. */
  image: string | null | undefined;
  /** The box it is reserved: article pictures are square. */
  size: number;
  /** Defaults to every width of an 800-pixel original. */
  widths?: readonly number[];
  /** What stands in the picture's place when the article has none (nothing by default). */
  fallback?: React.ReactNode;
};

/** An article's picture, wherever the site shows one (cards, lists, the product card, a recall). */
export function ArticleImage({ image, size, widths = ARTICLE_WIDTHS, fallback = null, ...rest }: ArticleImageProps) {
  const { mediaBase } = useRootData();
  if (!image) return fallback;
  return <ResponsiveImage mediaBase={mediaBase} path={articleImagePath(image)} widths={widths} width={size} height={size} {...rest} />;
}
