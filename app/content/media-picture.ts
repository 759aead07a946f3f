import { z } from "zod";

/**
 * A picture that content names: a JPEG original under the media folder (MEDIA_DIR), written in the
 * file as its path there, e.g. `static/slide-1-desktop.jpg`. The content store checks that it
 * exists and fills in its size, so a page gets what ResponsiveImage needs: the path without `.jpg`
 * (the address of the original and of every variant, server/image-variants.ts) and the intrinsic
 * width and height (the reserved box, and which variant widths exist: the server never enlarges).
 */
export interface ContentPicture {
  /** Under the media folder without `.jpg`, e.g. `static/slide-1-desktop`. */
  path: string;
  width: number;
  height: number;
}

/** One path segment: no separators or control characters, and not a dot file (`.variants` is ours). */
const SEGMENT = /^(?!\.)[^\p{Cc}/\\]+$/u;
const EXAMPLE = "static/slide-1-desktop.jpg";

/** The pictures mediaPicture() made; the content store finds them in the validated value and fills in their size. */
const made = new WeakSet<ContentPicture>();

export function isMediaPicture(value: unknown): value is ContentPicture {
  return typeof value === "object" && value !== null && made.has(value as ContentPicture);
}

/**
 * A zod schema for a field that names a picture in the media folder. The check of the file itself
 * (exists, is a JPEG, stays inside the folder) is the content store's, which knows MEDIA_DIR and
 * reports a missing picture with the field's line.
 */
export function mediaPicture() {
  return z
    .string({ message: `must name a JPEG picture in the media folder, such as "${EXAMPLE}"` })
    .trim()
    .max(300, "must be at most 300 characters")
    .refine((value) => value.toLowerCase().endsWith(".jpg") && value.slice(0, -4).split("/").every((segment) => SEGMENT.test(segment)), {
      message: `must name a JPEG picture (.jpg) in the media folder by its path there, such as "${EXAMPLE}", without "..", a leading "/" or hidden folders`,
    })
    .transform((value): ContentPicture => {
      const picture = { path: value.slice(0, -4), width: 0, height: 0 };
      made.add(picture);
      return picture;
    });
}

/** The file under the media folder that a picture is, e.g. `static/slide-1-desktop.jpg`. */
export function pictureFile(picture: ContentPicture): string {
  return `${picture.path}.jpg`;
}

/**
 * Of the widths a component would offer (each one the server makes, VARIANT_WIDTHS), those the
 * original has; the smallest when none fits, which the server then answers at the original's own
 * width (it never enlarges), so there is always one candidate.
 */
export function pictureWidths(picture: ContentPicture, wanted: readonly number[]): number[] {
  const fitting = wanted.filter((width) => width <= picture.width);
  return fitting.length > 0 || wanted.length === 0 ? fitting : [Math.min(...wanted)];
}

/**
 * What ResponsiveImage (app/components/responsive-image.tsx) takes from a picture: its path, its
 * intrinsic size and the wanted widths it has. Spread it, and add `sizes`, `alt` and `mediaBase`;
 * for a narrow screen's crop (`mobile`) add `media` too.
 */
export function responsivePicture(picture: ContentPicture, wanted: readonly number[]): { path: string; width: number; height: number; widths: number[] } {
  return { path: picture.path, width: picture.width, height: picture.height, widths: pictureWidths(picture, wanted) };
}
