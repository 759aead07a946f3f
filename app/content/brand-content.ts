import { z } from "zod";
import { localizedText } from "./localized-text";

/** A colour the stylesheet takes as it is: only #rrggbb, so nothing but a colour reaches the page's <style>. */
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written as #rrggbb, such as "#0b5d3b"');

const line = (max = 200) =>
  z
    .string({ error: "must be text (a number such as a postal code goes in quotes: \"34117\")" })
    .trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

/**
 * What the generated PDFs can print: their standard fonts encode WinAnsi (Latin-1 and a few more,
 * such as € „ “ – …), and a character outside it would come out garbled in the catalogue, the
 * manuals and the declarations (decision 061). Only the fields the PDFs print are held to it.
 */
const PRINTABLE = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]$/u;

function unprintable(text: string): string | undefined {
  return [...text].find((character) => !PRINTABLE.test(character));
}

const PRINTABLE_MESSAGE = (character: string) =>
  `"${character}" cannot be printed in the PDFs (catalogue, manuals, declarations): use Latin letters, umlauts and ß, € „“ – …`;

const printed = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const character = unprintable(value);
    if (character) ctx.addIssue({ code: "custom", message: PRINTABLE_MESSAGE(character) });
  });

const printedLine = (max?: number) => printed(line(max));

/**
 * content/brand.yaml: what every page shows of the brand (name, tagline, footer, colours) and the
 * company data the imprint, the privacy statement and recall notices name (decision 060).
 */
export const brandContent = z.strictObject({
  name: printedLine(40),
  tagline: localizedText(200).superRefine((value, ctx) => {
    for (const lang of ["de", "en"] as const) {
      const character = unprintable(value[lang]);
      if (character) ctx.addIssue({ code: "custom", path: [lang], message: PRINTABLE_MESSAGE(character) });
    }
  }),
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
    legalName: printedLine(),
    street: printedLine(),
    postalCode: printedLine(20),
    city: printedLine(),
    country: z.enum(["DE", "AT", "CH"], { message: "must be DE, AT or CH" }),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 /()-]{3,30}$/, 'must be a phone number such as "+49 561 000000"'),
    email: z.email({ message: "must be an e-mail address" }),
    managingDirectors: z.array(printedLine()).min(1, "must name at least one person"),
    registerCourt: line(),
    registerNumber: line(40),
    vatId: line(20),
  }),
});

export type BrandContent = z.output<typeof brandContent>;

/** The company behind the brand: the imprint, the documents, the contact mail and recall notices name it. */
export type Company = BrandContent["company"];
