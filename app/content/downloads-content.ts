import { z } from "zod";
import { localizedText } from "./localized-text";

/** A PDF in the media folder's documents/ folder, by its file name. */
const pdfFile = z
  .string()
  .trim()
  .max(200, "must be at most 200 characters")
  .regex(/^(?!\.)[^/\\\p{Cc}]+\.pdf$/u, 'must be the name of a PDF in the media folder\'s documents/ folder, such as "viva-katalog-2024.pdf"');

/**
 * content/downloads.yaml: the downloads page's texts and the documents it offers (decision 060). A
 * file that is not there (yet: the catalogue PDF is made at start) is listed without its size.
 */
export const downloadsContent = z.strictObject({
  title: localizedText(80),
  intro: localizedText(300),
  documents: z
    .array(
      z.strictObject({
        file: z.strictObject({ de: pdfFile, en: pdfFile }, { message: "needs the German (de) and English (en) file; name the same file twice for one in both languages" }),
        name: localizedText(160),
      }),
    )
    .max(50, "may list at most 50 documents"),
});

export type DownloadsContent = z.output<typeof downloadsContent>;
