const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/**
 * Catalogue descriptions often carry a little HTML (`<br>`, `<b>`, `<ul><li>`), escaped or not.
 * Pages show descriptions as text, so markup becomes line breaks and bullets and everything else
 * is dropped: nothing from a file ever reaches a page as markup.
 */
export function plainText(input: string): string {
  return input
    .replace(/<\s*br\s*\/?\s*>/gi, "\n")
    .replace(/<\s*li[^>]*>/gi, "\n• ")
    .replace(/<\s*\/\s*(p|div|ul|ol|h[1-6]|tr)\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
      if (body.startsWith("#x") || body.startsWith("#X")) return String.fromCodePoint(Number.parseInt(body.slice(2), 16) || 0xfffd);
      if (body.startsWith("#")) return String.fromCodePoint(Number(body.slice(1)) || 0xfffd);
      return ENTITIES[body.toLowerCase()] ?? entity;
    })
    .replace(/[ \t\u00a0]+\n/g, "\n")
    .replace(/\n[ \t]+/g, "\n")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
