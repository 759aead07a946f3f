import type { Both, LocalizedText } from "~/i18n/localized-text";

/*
 * What the recall pages and the article page's notice show of a recall (GPSR Art. 36, Implementing
 * Regulation (EU) 2024/1435), in our own names and both languages: English texts the list leaves out
 * are the German ones, marked German (textIn, decision 044).
 */

export const RECALLS_PATH = "/rueckrufe";

export const recallPath = (id: string) => `${RECALLS_PATH}/${id}`;

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

export interface RecallDetail extends RecallSummary {
  gtin: string | null;
  /** Empty: every batch. */
  batches: string[];
  hazard: Both<LocalizedText>;
  remedy: Both<LocalizedText>;
  article: RecalledArticle | null;
}
