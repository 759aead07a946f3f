import { z } from "zod";
import { mediaPicture } from "./media-picture";
import { contentLink, localizedText } from "./localized-text";

/** A button: where it goes and what it says. */
const button = z.strictObject({ to: contentLink, label: localizedText(80) });

/**
 * content/home.yaml: the home page's carousel, welcome section, featured-products heading and
 * "about" section (decision 060). The carousel's pictures come in two crops: a wide one for desktops
 * and a tall one for phones (art direction, components/home/carousel.tsx).
 */
export const homeContent = z.strictObject({
  /** The page's heading (h1) and, after the brand's name, its title. */
  title: localizedText(120),
  slides: z
    .array(
      z.strictObject({
        image: z.strictObject({ desktop: mediaPicture(), mobile: mediaPicture() }, { message: "needs a desktop and a mobile picture" }),
        tagline: localizedText(120),
        link: button,
      }),
    )
    .min(1, "needs at least one slide")
    .max(8, "may have at most 8 slides"),
  welcome: z.strictObject({
    eyebrow: localizedText(120),
    text: localizedText(600),
    bullets: z.array(localizedText(160)).max(10, "may have at most 10 bullet points"),
    closing: localizedText(300),
  }),
  featured: z.strictObject({ heading: localizedText(120), intro: localizedText(300) }),
  about: z.strictObject({ heading: localizedText(120), text: localizedText(800) }),
});

export type HomeContent = z.output<typeof homeContent>;
