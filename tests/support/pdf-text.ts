import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfText {
  pages: number;
  /** Text of each page, items joined by spaces and lines by newlines. */
  pageTexts: string[];
  /** The document information dictionary (Title, Author, Creator, …) as pdf.js reads it. */
  info: Record<string, unknown>;
}

/** Reads a PDF's text the way a reader would (pdf.js, the engine of Firefox's viewer), in Node without a worker. */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it is given, so it gets a copy.
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const pageTexts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pageTexts.push(
        content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : ""))
          .join("")
          .replace(/[ \t]+/g, " "),
      );
      page.cleanup();
    }
    const { info } = await doc.getMetadata();
    return { pages: doc.numPages, pageTexts, info: info as Record<string, unknown> };
  } finally {
    await doc.destroy();
  }
}
