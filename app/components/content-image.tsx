import { type ContentPicture, responsivePicture } from "~/content/media-picture";
import { useRootData } from "~/hooks/use-root-data";
import { ResponsiveImage, type ResponsiveImageProps } from "./responsive-image";

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
