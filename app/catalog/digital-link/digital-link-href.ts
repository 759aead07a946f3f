import { toGtin14 } from "~/utils/ean";
import { digitalLinkPath } from "./digital-link-uri";

/** The Digital Link of an article: its first valid GTIN as GTIN-14; null when it has none. */
export function digitalLinkHref(eans: readonly string[]): { gtin14: string; path: string } | null {
  for (const ean of eans) {
    const gtin14 = toGtin14(ean);
    if (gtin14) return { gtin14, path: digitalLinkPath({ gtin14, qualifiers: {} }) };
  }
  return null;
}
