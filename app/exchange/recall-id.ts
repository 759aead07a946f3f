/*
 * A recall's address segment (`/rueckrufe/{id}`), made from what identifies the notice: its
 * publication date and the article's part number. A re-import of the same list keeps every address,
 * so links in newsletters, dealers' shops and QR codes stay valid. Imported by the recall import and
 * the demo seed; the pages only check the shape (isRecallId).
 */

/** Characters of the part number's part of an id: part numbers are short, this keeps the URL short too. */
const MAX_PART_LENGTH = 60;

/** "VL-10234 / B" → "vl-10234-b"; umlauts lose their dots ("Ä" → "a"). */
function partSlug(partno: string): string {
  const slug = partno
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_PART_LENGTH)
    .replace(/-+$/g, "");
  // A part number of symbols only ("§§") still needs a stable, URL-safe name.
  return slug || `x${fnv1a(partno)}`;
}

/** 32-bit FNV-1a in hex: plain code, so the module stays free of Node's crypto (the pages import it). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** `published` is an ISO date (YYYY-MM-DD), checked before. */
export function recallId(partno: string, published: string): string {
  return `${published}-${partSlug(partno)}`;
}

const ID_SHAPE = /^\d{4}-\d{2}-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a URL segment can be a recall id at all: anything else is a 404 before any lookup. */
export function isRecallId(segment: string): boolean {
  return segment.length <= 11 + MAX_PART_LENGTH && ID_SHAPE.test(segment);
}
