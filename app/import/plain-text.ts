import { decodeHTMLStrict } from "entities";

/**
 * Entities a file carries as text (`mm&amp;sup2;` in the XML is `mm&sup2;` here): every named and
 * numeric entity HTML knows, decoded by the `entities` package, so `mm&sup2;` becomes `mm²`. Only
 * with their semicolon (HTML's strict form): "R&D" or "AT&T" stay as written.
 */
export function decodeEntities(text: string): string {
  return text.includes("&") ? decodeHTMLStrict(text) : text;
}

/**
 * Catalogue descriptions often carry a little HTML (`<br>`, `<b>`, `<ul><li>`), escaped or not.
 * Pages show descriptions as text, so markup becomes line breaks and bullets and everything else
 * is dropped: nothing from a file ever reaches a page as markup.
 */
export function plainText(input: string): string {
  const text = input
    .replace(/<\s*br\s*\/?\s*>/gi, "\n")
    .replace(/<\s*li[^>]*>/gi, "\n• ")
    .replace(/<\s*\/\s*(p|div|ul|ol|h[1-6]|tr)\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .replace(/[ \t\u00a0]+\n/g, "\n")
    .replace(/\n[ \t]+/g, "\n")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
