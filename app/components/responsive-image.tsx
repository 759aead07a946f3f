import { articleImagePath } from "~/catalog/catalog-view";
import { type ContentPicture, responsivePicture } from "~/content/media-picture";
import { useRootData } from "~/hooks/use-root-data";

/**
 * Catalogue pictures in the width and format the browser needs: AVIF, then WebP, then JPEG, each in
 * several widths made by our server (`/media/w/{width}/{path}.{format}`, server/image-variants.ts).
 * Width and height are always given, so the page does not jump when the picture arrives.
 */

export type ImageFormat = "avif" | "webp" | "jpg";

/** A second original for narrow screens (art direction): a different crop, not just a smaller file. */
export interface ArtDirection {
  /** The original's path under the media folder without `.jpg`, e.g. `static/slide-1-mobile`. */
  path: string;
  width: number;
  height: number;
  widths: readonly number[];
  /** When this original applies, e.g. `(max-width: 640px)`. */
  media: string;
  /** Defaults to the desktop `sizes`. */
  sizes?: string;
}

export interface ResponsiveImageProps {
  /** MEDIA_BASE_URL from the root loader. */
  mediaBase: string;
  /** The original's path under the media folder without `.jpg`, e.g. `shop/images/VB-1_1`. */
  path: string;
  /** Variant widths to offer; only widths the original has (the server never enlarges). */
  widths: readonly number[];
  sizes: string;
  /** Intrinsic size: gives the aspect ratio the browser reserves before the picture loads. */
  width: number;
  height: number;
  alt: string;
  /** The page's main picture (LCP): loaded at once with high priority. */
  priority?: boolean;
  /** Above the fold but not the main picture: loaded at once without raising its priority. */
  eager?: boolean;
  className?: string;
  mobile?: ArtDirection;
}

function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

export function originalUrl(mediaBase: string, path: string): string {
  return `${mediaBase}/${encodePath(path)}.jpg`;
}

export function variantUrl(mediaBase: string, width: number, path: string, format: ImageFormat): string {
  return `${mediaBase}/w/${width}/${encodePath(path)}.${format}`;
}

/**
 * Only our own server makes variants: it serves media under a path of this site. An absolute
 * MEDIA_BASE_URL is the provider's media host, which has nothing but the originals.
 */
export function hasVariants(mediaBase: string): boolean {
  return mediaBase.startsWith("/");
}

function srcSet(mediaBase: string, path: string, widths: readonly number[], format: ImageFormat): string {
  // variantUrl's address, with the path encoded once for all widths: a page has a dozen of these.
  const encoded = encodePath(path);
  return [...widths]
    .sort((a, b) => a - b)
    .map((width) => `${mediaBase}/w/${width}/${encoded}.${format} ${width}w`)
    .join(", ");
}

const FORMATS = [
  { format: "avif", type: "image/avif" },
  { format: "webp", type: "image/webp" },
] as const;

export function ResponsiveImage({
  mediaBase,
  path,
  widths,
  sizes,
  width,
  height,
  alt,
  priority = false,
  eager = false,
  className,
  mobile,
}: ResponsiveImageProps) {
  const loading = priority || eager ? "eager" : "lazy";
  const common = {
    alt,
    width,
    height,
    loading,
    decoding: priority ? "auto" : "async",
    fetchPriority: priority ? "high" : undefined,
    className,
  } as const;

  if (!hasVariants(mediaBase)) {
    const img = <img src={originalUrl(mediaBase, path)} {...common} />;
    if (!mobile) return img;
    return (
      <picture>
        <source media={mobile.media} srcSet={originalUrl(mediaBase, mobile.path)} width={mobile.width} height={mobile.height} />
        {img}
      </picture>
    );
  }

  // The browser takes the first source whose media and type fit, so the mobile crop comes first and
  // ends with JPEG: a phone without AVIF or WebP must still get the mobile crop, not the desktop one.
  return (
    <picture>
      {mobile
        ? [...FORMATS, { format: "jpg", type: "image/jpeg" } as const].map(({ format, type }) => (
            <source
              key={`mobile-${format}`}
              media={mobile.media}
              type={type}
              srcSet={srcSet(mediaBase, mobile.path, mobile.widths, format)}
              sizes={mobile.sizes ?? sizes}
              width={mobile.width}
              height={mobile.height}
            />
          ))
        : null}
      {FORMATS.map(({ format, type }) => (
        <source key={format} type={type} srcSet={srcSet(mediaBase, path, widths, format)} sizes={sizes} />
      ))}
      <img src={originalUrl(mediaBase, path)} srcSet={srcSet(mediaBase, path, widths, "jpg")} sizes={sizes} {...common} />
    </picture>
  );
}

/**
 * A category tile: the provider's two originals, 220 pixels for desktop and 150 for phones (CSS
 * shows them at exactly that size). Neither exists larger, so there is no 2x candidate to offer.
 */
export function categoryTileImage(
  symbol: string,
  mediaBase: string,
): Pick<ResponsiveImageProps, "path" | "widths" | "sizes" | "width" | "height" | "mobile"> {
  if (!hasVariants(mediaBase)) {
    // A provider's media host has only its two originals.
    return {
      path: `categories/${symbol}_Desktop_220x220`,
      widths: [220],
      sizes: "220px",
      width: 220,
      height: 220,
      mobile: { path: `categories/${symbol}_Mobile_150x150`, width: 150, height: 150, widths: [150], sizes: "150px", media: "(max-width: 640px)" },
    };
  }
  // The provider's 220 and 150 px tiles are too coarse for high-density screens; the seed also
  // draws a 440 px original, and both art-directed sources are cut from it.
  const hiRes = `categories/${symbol}_440x440`;
  return {
    path: hiRes,
    widths: [220, 440],
    sizes: "220px",
    width: 220,
    height: 220,
    mobile: { path: hiRes, width: 150, height: 150, widths: [150, 220, 440], sizes: "150px", media: "(max-width: 640px)" },
  };
}

/** Widths made of an 800-pixel article picture: a phone column at 3x and a desktop card at 2x both fit. */
export const ARTICLE_WIDTHS = [240, 320, 400, 640, 800] as const;

/**
 * How wide an article card's picture is shown, for each `card-grid--{columns}` of app/styles/catalogue.css: the
 * container is min(1200px, 100% - 2rem), columns are 1.25rem apart, three columns become two at
 * 900 px and one at 560 px; a single card is at most 420 px wide.
 */
export const ARTICLE_CARD_SIZES: Record<1 | 2 | 3, string> = {
  1: "(max-width: 452px) calc(100vw - 32px), 420px",
  2: "(max-width: 560px) calc(100vw - 32px), (max-width: 1232px) calc(50vw - 26px), 590px",
  3: "(max-width: 560px) calc(100vw - 32px), (max-width: 900px) calc(50vw - 26px), (max-width: 1232px) calc(33.33vw - 24px), 387px",
};

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

type ContentImageProps = Omit<ResponsiveImageProps, "mediaBase" | "path" | "widths" | "width" | "height"> & {
  /** A picture a content file names (its size filled in by the content store). */
  picture: ContentPicture;
  /** The widths to offer; only those the original has are (`responsivePicture`). */
  widths: readonly number[];
};

/** A picture an editor chose in a content file (decision 060), such as a page's hero or a card's. */
export function ContentImage({ picture, widths, ...rest }: ContentImageProps) {
  const { mediaBase } = useRootData();
  return <ResponsiveImage mediaBase={mediaBase} {...responsivePicture(picture, widths)} {...rest} />;
}
