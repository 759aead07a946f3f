import { z } from "zod";
import { localizedText } from "./localized-text";

/** A colour the stylesheet takes as it is: only #rrggbb, so nothing but a colour reaches the page's <style>. */
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written as #rrggbb, such as "#0b5d3b"');

const line = (max = 200) =>
  z
    .string({ error: "must be text (a number such as a postal code goes in quotes: \"34117\")" })
    .trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

/**
 * content/brand.yaml: what every page shows of the brand (name, tagline, footer, colours) and the
 * company data the imprint, the privacy statement and recall notices name (decision 060).
 */
export const brandContent = z.strictObject({
  name: line(40),
  tagline: localizedText(200),
  description: localizedText(300),
  social: z.strictObject({
    label: line(40),
    url: z.url({ protocol: /^https$/, message: "must be an https:// address" }),
  }),
  colors: z.strictObject({
    primary: colour,
    primaryDark: colour,
    primaryLight: colour,
    accent: colour,
    ink: colour,
    paper: colour,
  }),
  company: z.strictObject({
    legalName: line(),
    street: line(),
    postalCode: line(20),
    city: line(),
    country: z.enum(["DE", "AT", "CH"], { message: "must be DE, AT or CH" }),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 /()-]{3,30}$/, 'must be a phone number such as "+49 561 000000"'),
    email: z.email({ message: "must be an e-mail address" }),
    managingDirectors: z.array(line()).min(1, "must name at least one person"),
    registerCourt: line(),
    registerNumber: line(40),
    vatId: line(20),
  }),
});

export type BrandContent = z.output<typeof brandContent>;

/** The company behind the brand: the imprint, the documents, the contact mail and recall notices name it. */
export type Company = BrandContent["company"];
