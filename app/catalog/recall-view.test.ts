import { describe, expect, it } from "vitest";
import { recallGtins, stockRecallHref } from "./recall-view";

const article = (eans: string[]) => ({ href: "/products/articles/x/VB-1", name: { de: { text: "A", lang: "de" as const }, en: { text: "A", lang: "en" as const } }, image: null, eans });

describe("recallGtins", () => {
  it("lists every GTIN the product is sold under, the notice's first, each once (issue 37)", () => {
    expect(recallGtins({ gtin: "4260512901233", article: article(["4260512901233", "4260512958275"]) })).toEqual(["4260512901233", "4260512958275"]);
    expect(recallGtins({ gtin: null, article: article(["4260512901233", "4260512958275"]) })).toEqual(["4260512901233", "4260512958275"]);
    // A GTIN-14 with its leading zero is the same number as the EAN-13.
    expect(recallGtins({ gtin: "04260512901233", article: article(["4260512901233", "4047791622338"]) })).toEqual(["04260512901233", "4047791622338"]);
    expect(recallGtins({ gtin: "4260512901233", article: null })).toEqual(["4260512901233"]);
    expect(recallGtins({ gtin: null, article: null })).toEqual([]);
  });
});

describe("stockRecallHref", () => {
  it("leads to the newest recall, or nowhere", () => {
    expect(stockRecallHref([{ id: "2026-11-02-vb-63177" }, { id: "2026-01-01-vb-63177" }])).toBe("/rueckrufe/2026-11-02-vb-63177");
    expect(stockRecallHref([])).toBeNull();
  });
});
