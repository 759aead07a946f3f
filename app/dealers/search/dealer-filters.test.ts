import { describe, expect, it } from "vitest";
import {
  DEALER_FILTERS,
  FILTER_CHIPS,
  FILTER_EVENTS_WITH_SUBJECT,
  activeFilterLabels,
  filterPredicate,
  filterStatCounts,
  filterValuesOf,
  isFiltered,
  toggleFilter,
  withoutOrphanFilters,
} from "./dealer-filters";

const dealer = (services: string[], openingHours?: string) => ({
  name: "Radhaus",
  address: "Hauptstraße 1, 10115 Berlin",
  city: "Berlin",
  position: [52.5, 13.4] as [number, number],
  services,
  ...(openingHours ? { openingHours } : {}),
});
const isOpen = (d: { openingHours?: string }) => (d.openingHours === undefined ? null : d.openingHours === "open");

describe("the dealer filters", () => {
  it("give every chip its own key and every filter its own parameter", () => {
    expect(new Set(FILTER_CHIPS.map((chip) => chip.key)).size).toBe(FILTER_CHIPS.length);
    expect(new Set(DEALER_FILTERS.map((filter) => filter.param)).size).toBe(DEALER_FILTERS.length);
    // Switches lead the row (open now first), then each set's values.
    expect(FILTER_CHIPS[0]?.key).toBe("open");
    const kinds = FILTER_CHIPS.map((chip) => DEALER_FILTERS.find((filter) => filter.param === chip.param)?.kind);
    expect(kinds.lastIndexOf("flag")).toBeLessThan(kinds.indexOf("set"));
  });

  it("read an address leniently and switch a chip", () => {
    const values = filterValuesOf(new URLSearchParams("service=rental&service=sauna&service=workshop&open=1"));
    expect(values).toMatchObject({ service: ["workshop", "rental"], open: true });
    expect(toggleFilter(values, "open")).toMatchObject({ service: ["workshop", "rental"], open: false });
    expect(toggleFilter(values, "rental")).toMatchObject({ service: ["workshop"], open: true });
    expect(toggleFilter(values, "test-rides").service).toEqual(["workshop", "test-rides", "rental"]);
    expect(toggleFilter(values, "sauna")).toBe(values);
    expect(isFiltered(filterValuesOf(new URLSearchParams()))).toBe(false);
    expect(activeFilterLabels(values)).toEqual(["dealers.service.workshop", "dealers.service.rental", "dealers.filters.openNowInList"]);
  });

  it("combine verdicts: any no drops a dealer, an unknown keeps it for later", () => {
    expect(filterPredicate(filterValuesOf(new URLSearchParams()), { isOpen })).toBeNull();
    const test = filterPredicate({ service: ["workshop"], open: true }, { isOpen });
    expect(test?.(dealer(["workshop"], "open"))).toBe(true);
    expect(test?.(dealer(["workshop"]))).toBeNull();
    expect(test?.(dealer(["workshop"], "closed"))).toBe(false);
    expect(test?.(dealer(["rental"]))).toBe(false);
  });

  it("count each known value of a set with its subject, a switch without", () => {
    expect(filterStatCounts({ service: ["workshop"], open: true })).toEqual([
      ["filter.service", "workshop"],
      ["filter.open-now", ""],
    ]);
    expect([...FILTER_EVENTS_WITH_SUBJECT]).toEqual(["filter.service"]);
  });
});

describe("in stock only (decision 056)", () => {
  it("needs an article: its chip says so, and an address without one loses the filter", () => {
    expect(FILTER_CHIPS.find((chip) => chip.key === "stock")?.needsArticle).toBe(true);
    expect(FILTER_CHIPS.filter((chip) => chip.needsArticle).map((chip) => chip.key)).toEqual(["stock"]);
    expect(withoutOrphanFilters(new URLSearchParams("q=80331&stock=1&open=1"))?.toString()).toBe("q=80331&open=1");
    expect(withoutOrphanFilters(new URLSearchParams("q=80331&stock=1&article=VB-1"))).toBeNull();
    expect(withoutOrphanFilters(new URLSearchParams("q=80331"))).toBeNull();
    expect(withoutOrphanFilters(new URLSearchParams("stock=1&article=+"))?.toString()).toBe("article=+");
  });

  it("keeps the dealers whose slugs the server looked up, and everyone while it has none", () => {
    const test = filterPredicate({ stock: true }, { isOpen, data: { stock: ["radhaus-berlin"] } });
    expect(test?.({ ...dealer([]), slug: "radhaus-berlin" })).toBe(true);
    expect(test?.({ ...dealer([]), slug: "velo-potsdam" })).toBe(false);
    expect(test?.(dealer([]))).toBe(false);
    expect(filterPredicate({ stock: true }, { isOpen })?.(dealer([]))).toBe(true);
  });
});
