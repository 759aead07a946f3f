import { brand } from "~/config/brand";

/*
 * How an article's catalogue data reads wherever it is shown: the web pages, the search and the
 * catalogue PDF apply these same rules.
 */

const noise = new RegExp(`(^|\\s)(${brand.blockTitleNoiseWords.map(escapeRegExp).join("|")})(?=\\s|$)`, "giu");

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A catalogue title (TEXT1) without the words the catalogue system adds for its own purposes
 * (specification section 3). A title that is nothing but those words gives way to `fallback`,
 * by default the title as it was.
 */
export function cleanTitle(title: string, fallback: string = title.trim()): string {
  return title.replace(noise, " ").replace(/\s+/g, " ").trim() || fallback;
}

/** Attributes nobody is shown: article group and brand (specification section 2). */
const HIDDEN_ATTRIBUTES = new Set(["artikelgruppe", "marke"]);

/** Decided by the German attribute name, so both languages leave out the same rows. */
export function isHiddenAttribute(germanName: string): boolean {
  return HIDDEN_ATTRIBUTES.has(germanName.trim().toLowerCase());
}
