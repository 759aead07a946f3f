import type { DealerService } from "~/dealers/dealer/dealer-services";
import { describe, expect, it, vi } from "vitest";
import { type DealerSearchFacts, classifyDealerSearch, recordDealerSearch, recordStockShown } from "./record-dealer-search.server";
import { PAGE_SIZE } from "~/dealers/search/search-spec";

const base: DealerSearchFacts = { query: "", origin: null, unknownPostalCode: null, nearestFallback: false, total: 150, limit: PAGE_SIZE };
const munich = { kind: "place", country: "DE", postalCode: "80331", place: "München" } as const;
const kampen = { kind: "place", country: "DE", postalCode: null, place: "Kampen (Sylt)" } as const;

describe("classifyDealerSearch", () => {
  it("counts nothing for the page without a search", () => {
    expect(classifyDealerSearch(base)).toEqual([]);
  });

  it("tells the four kinds of search apart", () => {
    expect(classifyDealerSearch({ ...base, query: "Radhaus", total: 1 })).toEqual([["search.name", ""]]);
    expect(classifyDealerSearch({ ...base, query: "Kampen", origin: kampen, total: 3 })).toEqual([["search.town", ""]]);
    expect(classifyDealerSearch({ ...base, query: "80331", origin: munich, total: 7 })).toEqual([["search.postal-code", ""]]);
    expect(classifyDealerSearch({ ...base, origin: { kind: "position" }, total: 4 })).toEqual([["search.near-me", ""]]);
  });

  it("names the postal code or place that found nobody within the radius, as resolved, never as typed", () => {
    expect(classifyDealerSearch({ ...base, query: "d-80331", origin: munich, nearestFallback: true, total: 3 })).toEqual([
      ["search.postal-code", ""],
      ["no-dealer.postal-code", "DE 80331"],
    ]);
    expect(classifyDealerSearch({ ...base, query: "kampen ", origin: kampen, nearestFallback: true, total: 3 })).toEqual([
      ["search.town", ""],
      ["no-dealer.place", "Kampen (Sylt)"],
    ]);
    const austria = { kind: "place", country: "AT", postalCode: "1010", place: "Wien" } as const;
    expect(classifyDealerSearch({ ...base, query: "A-1010", origin: austria, total: 0 })).toContainEqual(["no-dealer.postal-code", "AT 1010"]);
  });

  it("keeps nothing of a near-me position, an unknown postal code or a name", () => {
    expect(classifyDealerSearch({ ...base, origin: { kind: "position" }, nearestFallback: true, total: 3 })).toEqual([["search.near-me", ""]]);
    expect(classifyDealerSearch({ ...base, query: "99999", unknownPostalCode: "99999", total: 0 })).toEqual([["search.postal-code", ""]]);
    const name = "Erika Mustermann";
    const counts = classifyDealerSearch({ ...base, query: name, total: 0 });
    expect(counts).toEqual([["search.name", ""]]);
    expect(JSON.stringify(counts)).not.toContain("Erika");
  });

  it("does not count “show more” as another search", () => {
    expect(classifyDealerSearch({ ...base, query: "80331", origin: munich, nearestFallback: true, limit: PAGE_SIZE * 2 })).toEqual([]);
  });

  it("counts each known service filter once, open now, and the way in from an article", () => {
    const counts = classifyDealerSearch({
      ...base,
      // Unchecked values, as a caller that skipped the schema might pass them.
      filters: { service: ["workshop", "workshop", "rental", "<script>", "Werkstatt"] as DealerService[], open: true },
      article: "LX-100",
    });
    expect(counts).toEqual([
      ["filter.service", "workshop"],
      ["filter.service", "rental"],
      ["filter.open-now", ""],
      ["where-to-buy", ""],
    ]);
  });
});

describe("recordDealerSearch", () => {
  const facts: DealerSearchFacts = { ...base, query: "80331", origin: munich, nearestFallback: true, total: 3 };

  it("hands the counts to the context's recorder", () => {
    const count = vi.fn();
    recordDealerSearch({ dealerStats: { count } }, new Request("http://x/handlersuche?q=80331"), facts);
    expect(count.mock.calls).toEqual([
      ["search.postal-code", ""],
      ["no-dealer.postal-code", "DE 80331"],
    ]);
  });

  it("ignores a browser's prefetch", () => {
    const count = vi.fn();
    recordDealerSearch({ dealerStats: { count } }, new Request("http://x/handlersuche?q=80331", { headers: { "Sec-Purpose": "prefetch" } }), facts);
    recordDealerSearch({ dealerStats: { count } }, new Request("http://x/handlersuche?q=80331", { headers: { Purpose: "prefetch" } }), facts);
    expect(count).not.toHaveBeenCalled();
  });
});

describe("recordStockShown (issue 29 item 5)", () => {
  const stock = new Map([
    ["radhaus-a", "2026-11-27T10:00:00.000Z"],
    ["radhaus-c", "2026-11-27T11:00:00.000Z"],
  ]);
  const counted = (request: Request, partno: string | null = "VB-1", map: ReadonlyMap<string, string> | null = stock) => {
    const count = vi.fn();
    recordStockShown({ dealerStats: { count } }, request, partno, ["radhaus-a", "radhaus-b", "radhaus-c"], map);
    return count.mock.calls;
  };

  it("counts each shown dealer with a badge, per dealer and article", () => {
    expect(counted(new Request("http://x/"))).toEqual([
      ["stock.shown", "radhaus-a VB-1"],
      ["stock.shown", "radhaus-c VB-1"],
    ]);
  });

  it("counts nothing without an article or stock, for other methods or a prefetch", () => {
    expect(counted(new Request("http://x/"), null)).toEqual([]);
    expect(counted(new Request("http://x/"), "VB-1", null)).toEqual([]);
    expect(counted(new Request("http://x/", { method: "POST" }))).toEqual([]);
    expect(counted(new Request("http://x/", { headers: { "Sec-Purpose": "prefetch" } }))).toEqual([]);
  });
});
