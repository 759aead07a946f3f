import { z } from "zod";
import { mediaPicture } from "./media-picture";
import { contentLink, localizedText } from "./localized-text";

/** content/service.yaml: the service page's cards and the heading of the manuals page (decision 060). */
export const serviceContent = z.strictObject({
  title: localizedText(80),
  intro: localizedText(300),
  cards: z
    .array(
      z.strictObject({
        image: mediaPicture(),
        name: localizedText(120),
        description: localizedText(400),
        link: z.strictObject({ to: contentLink, label: localizedText(80) }),
      }),
    )
    .min(1, "needs at least one card")
    .max(12, "may have at most 12 cards"),
  notes: z.strictObject({ title: localizedText(80), intro: localizedText(300) }),
});

export type ServiceContent = z.output<typeof serviceContent>;
