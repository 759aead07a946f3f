import { describe, expect, it } from "vitest";
import { de } from "./de";
import { en } from "./en";

/*
 * Texts that explain another text on the same page must name it as the page shows it (issue 37):
 * "(Stand dabei)" named nothing a visitor could see, the recall page and the article's notice said
 * different things about which products to stop using.
 */
describe("texts that refer to each other", () => {
  it.each([["de", de, "„", "“"], ["en", en, "“", "”"]] as const)("%s: the dealer list's stock note quotes the badge's word and its time's words", (_lang, texts, open, close) => {
    const note = texts.dealers.filters.articleNoteStock;
    expect(note).toContain(`${open}${texts.dealers.stock.badge}${close}`);
    // The badge's time reads "Stand heute 14:05" / "as of today 14:05": the note names that part.
    const timeWords = texts.dealers.stock.date.split(" {{")[0] ?? "";
    expect(timeWords.length).toBeGreaterThan(0);
    expect(note).toContain(`${open}${timeWords} …${close}`);
  });

  it.each([["de", de, "Charge"], ["en", en, "batch"]] as const)("%s: the recall page and the article's notice both tell by the batch what to stop using", (_lang, texts, batch) => {
    const { recalls } = texts;
    expect(recalls.stopUsing).toContain(batch);
    expect(recalls.noticeText).toContain(batch);
    // Where every batch is affected, the page says so instead of pointing to a batch.
    expect(recalls.stopUsingAll).toMatch(new RegExp(batch, "i"));
    // "Recall of 2 November 2026" reads as if the date were recalled.
    expect(recalls.noticeLink).toMatch(/(veröffentlicht|published) .*\{\{date\}\}/);
  });
});
