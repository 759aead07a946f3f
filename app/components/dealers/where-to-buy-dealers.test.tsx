import { renderToStaticMarkup } from "react-dom/server";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { summarizeHours } from "~/dealers/hours/summarize-hours";
import type { WhereToBuyHit } from "~/dealers/where-to-buy/where-to-buy";
import { addLanguage, getI18n } from "~/i18n/i18n";
import { de } from "~/i18n/locales/de";
import { en } from "~/i18n/locales/en";
import { WhereToBuyDealers } from "./where-to-buy-dealers";

addLanguage("de", de);
addLanguage("en", en);

/** Wednesday, 14 January 2026, 10:00 in Berlin. */
const now = Date.UTC(2026, 0, 14, 9, 0);
const hours = summarizeHours("Mo-Sa 09:00-18:00", "DE", now);

function hit(slug: string, inStockAsOf: string | null): WhereToBuyHit {
  return { dealer: { name: `Rad ${slug}`, address: "Hauptstraße 1, 45127 Essen", slug }, distanceKm: 3.2, hours, inStockAsOf };
}

function render(lang: "de" | "en", hits: WhereToBuyHit[], recall: string | null = null): string {
  const t = getI18n(lang).getFixedT(lang) as TFunction;
  return renderToStaticMarkup(<WhereToBuyDealers t={t} lang={lang} hits={hits} now={now} partno="VB-63177" recall={recall} />);
}

/** The visible text, tags dropped. */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("WhereToBuyDealers (issue 37 item 19)", () => {
  it("never presents a dealer that only carries the product line as having the article: its own group and label", () => {
    const html = render("de", [hit("a", "2026-01-14T08:00:00Z"), hit("b", null), hit("c", null)]);
    const shown = text(html);
    expect(shown).toMatch(/Vorrätig gemeldet .*Rad a .*vorrätig · Stand heute/);
    expect(shown).toMatch(/Führen die Produktlinie \(Vorrat nicht gemeldet\) .*Rad b .*führt die Produktlinie · auf Bestellung/);
    // One badge for the one dealer with stock; the line-only dealers carry no tick.
    expect(html.match(/class="stock-badge"/g)).toHaveLength(1);
    expect(html.match(/stock-badge--line/g)).toHaveLength(2);
    expect(shown.indexOf("Rad a")).toBeLessThan(shown.indexOf("Rad b"));
  });

  it("says so when no dealer near reports the article in stock, in German and English", () => {
    expect(text(render("de", [hit("b", null)]))).toContain("Kein Händler hier meldet den Artikel vorrätig.");
    expect(text(render("en", [hit("b", null)]))).toContain("No dealer here reports this article in stock.");
    expect(render("de", [hit("b", null)])).not.toContain("Vorrätig gemeldet");
  });

  it("links each dealer's page with the article, so that page shows the same badge", () => {
    expect(render("de", [hit("rad-essen", null)])).toContain('href="/handlersuche/rad-essen?article=VB-63177"');
  });

  it("keeps the recall note beside the stock badge of an article under recall", () => {
    const shown = text(render("de", [hit("a", "2026-01-14T08:00:00Z")], "/rueckrufe/2026-11-02-vb-63177"));
    expect(shown).toContain("Rückruf: Auch vorrätige Stücke können betroffen sein");
  });
});
