import { z } from "zod";
import { mediaPicture } from "./media-picture";
import { localizedText } from "./localized-text";

/** content/products.yaml: the picture and texts of the products page's hero (decision 060). */
export const productsContent = z.strictObject({
  hero: z.strictObject({
    image: mediaPicture(),
    heading: localizedText(120),
    text: localizedText(300),
  }),
});

export type ProductsContent = z.output<typeof productsContent>;
