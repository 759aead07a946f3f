import type { Both, LocalizedText } from "~/i18n/localized-text";

/*
 * What the recall pages and the article page's notice show of a recall (GPSR Art. 36, Implementing
 * Regulation (EU) 2024/1435), in our own names and both languages: English texts the list leaves out
 * are the German ones, marked German (textIn, decision 044).
 */

export const RECALLS_PATH = "/rueckrufe";

export const recallPath = (id: string) => `${RECALLS_PATH}/${id}`;

/**
 * Where the note beside an article's stock leads when the article is under recall (its newest
 * notice), or null: the article page, its where-to-buy and the dealer page with the article all ask
 * this, and StockBadge shows the note.
 */
export function stockRecallHref(recalls: readonly Pick<RecallSummary, "id">[]): string | null {
  const newest = recalls[0];
  return newest ? recallPath(newest.id) : null;
}

export interface RecallSummary {
  id: string;
  /** YYYY-MM-DD. */
  published: string;
  partno: string;
  title: Both<LocalizedText>;
}

/** The affected article as the catalogue shows it; null when the catalogue no longer has it. */
export interface RecalledArticle {
  href: string;
  name: Both<LocalizedText>;
  image: string | null;
  eans: string[];
}

/**
 * Every GTIN the recalled product is sold under: the notice's own (the brand's file names one) and
 * each of the article's, once, however it is padded (a GTIN-14 `04…` is the EAN-13 `4…`). A visitor
 * compares the number on their pack, which may be any of them.
 */
export function recallGtins(recall: Pick<RecallDetail, "gtin" | "article">): string[] {
  const seen = new Set<string>();
  const all: string[] = [];
  for (const gtin of [recall.gtin, ...(recall.article?.eans ?? [])]) {
    const key = gtin?.replace(/^0+/, "");
    if (!gtin || !key || seen.has(key)) continue;
    seen.add(key);
    all.push(gtin);
  }
  return all;
}

export interface RecallDetail extends RecallSummary {
  gtin: string | null;
  /** Empty: every batch. */
  batches: string[];
  hazard: Both<LocalizedText>;
  remedy: Both<LocalizedText>;
  article: RecalledArticle | null;
}
