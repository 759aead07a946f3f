import { FILTER_CHIPS, filterValuesOf } from "~/dealers/search/dealer-filters";
import { applyToggles } from "~/dealers/search/filter-toggles";
import { describe, expect, it } from "vitest";
import { DEALER_SEARCH_PARAMS, SEARCH_PARAM_NAMES, toSearchParams } from "~/dealers/search/search-params";
import { isCacheable, isDealerSearch, showsStock } from "./page-cache-policy";

const url = (target: string) => new URL(target, "http://x");

describe("isCacheable", () => {
  it("keeps pages with known parameters, not the search and contact pages", () => {
    for (const target of ["/", "/products?lang=en", "/products/articles/Klingeln?page=2&lang=en", "/products/Klingeln", "/api/reseller", "/_root.data?_routes=root"]) {
      expect(isCacheable(url(target)), target).toBe(true);
    }
    for (const target of ["/search?q=klingel", "/search.data", "/contact", "/?utm_source=x", "/products?fbclid=1"]) {
      expect(isCacheable(url(target)), target).toBe(false);
    }
  });

  it("stores a parameter only where it changes the page, and only with a value our links carry", () => {
    for (const target of [
      "/products?page=2",
      "/?q=x",
      "/impressum?r=25",
      "/products/articles/Klingeln?page=abc",
      `/products/articles/Klingeln?page=${"9".repeat(7000)}`,
      "/products?lang=fr",
      "/handlersuche?r=25km",
      "/products?lang=en&lang=de&lang=en",
      "/products?toString=1",
    ]) {
      expect(isCacheable(url(target)), target).toBe(false);
    }
  });

  it("stores the article panel's views and pictures its links name, nothing else (issue 25)", () => {
    for (const target of [
      "/products/articles/Klingeln/VB-1?view=properties",
      "/products/articles/Klingeln/VB-1?image=2&view=properties&page=2",
      "/products/articles/Klingeln/VB-1.data?image=4&_routes=routes%2Fproducts.articles.detail",
    ]) {
      expect(isCacheable(url(target)), target).toBe(true);
    }
    for (const target of [
      "/products/articles/Klingeln/VB-1?view=description",
      "/products/articles/Klingeln/VB-1?image=1",
      "/products/articles/Klingeln/VB-1?image=5",
      "/products/articles/Klingeln/VB-1?image=02",
      "/products/articles/Klingeln/VB-1?view=properties&view=properties",
      "/products/articles/Klingeln?view=properties",
      "/products?image=2",
    ]) {
      expect(isCacheable(url(target)), target).toBe(false);
    }
  });

  it("keeps the bare dealer page but never a dealer search, so every search runs the loader and is counted", () => {
    for (const target of ["/handlersuche", "/handlersuche?lang=en", "/handlersuche?r=100", "/handlersuche.data?_routes=routes%2Fhandlersuche", "/handlersuche?limit=100"]) {
      expect(isCacheable(url(target)), target).toBe(true);
    }
    for (const target of [
      "/handlersuche?q=80331",
      "/handlersuche?q=",
      "/handlersuche?lat=52.5&lng=13.4&r=25",
      "/handlersuche.data?q=Kassel&_routes=routes%2Fhandlersuche",
      "/handlersuche/?q=Kassel",
      "/handlersuche/_.data?q=Kassel",
      "/handlersuche?service=workshop&service=rental",
      "/handlersuche?open=1",
      "/handlersuche?article=LX-100",
    ]) {
      expect(isDealerSearch(url(target)), target).toBe(true);
      expect(isCacheable(url(target)), target).toBe(false);
    }
  });

  it("takes the dealer search's parameters from the module that owns them, so a new one cannot be forgotten here", () => {
    // Every chip pressed: whatever filters the list holds.
    const everyFilter = filterValuesOf(applyToggles(new URLSearchParams(FILTER_CHIPS.map((chip) => ["toggle", chip.key]))));
    const full = toSearchParams({ q: "Kassel", r: 100, lat: 52.5, lng: 13.4, limit: 40, ...everyFilter, article: "LX-100" });
    // Every parameter the page takes is in that address.
    expect([...new Set(full.keys())].sort()).toEqual(Object.keys(DEALER_SEARCH_PARAMS).sort());
    for (const name of SEARCH_PARAM_NAMES) {
      const target = `/handlersuche?${name}=${full.get(name) ?? ""}`;
      expect(isDealerSearch(url(target)), target).toBe(true);
      expect(isCacheable(url(target)), target).toBe(false);
    }
    // The others keep the bare page, which the cache stores with the values the page links.
    for (const name of Object.keys(DEALER_SEARCH_PARAMS).filter((name) => !SEARCH_PARAM_NAMES.includes(name as never))) {
      const target = `/handlersuche?${name}=${full.get(name) ?? ""}`;
      expect(isCacheable(url(target)), target).toBe(true);
    }
  });

  it("leaves dealer pages of their own alone", () => {
    expect(isDealerSearch(url("/handlersuche/radhaus-berger-muenchen?q=x"))).toBe(false);
  });
});

describe("stock (decision 056)", () => {
  it("never stores a dealer search with the in-stock filter; stores the JSON answer's linked spellings, as answers that show stock", () => {
    expect(isCacheable(url("/handlersuche?article=VB-1&stock=1"))).toBe(false);
    expect(isDealerSearch(url("/handlersuche?stock=1"))).toBe(true);
    for (const target of ["/api/in-stock?article=VB-17439&q=80331&r=50", "/api/in-stock?article=VB-1&lat=48.137&lng=11.576", "/api/in-stock?article=VB-1&q=Garmisch-Partenkirchen"]) {
      expect(isCacheable(url(target)), target).toBe(true);
      expect(showsStock(url(target)), target).toBe(true);
    }
    for (const target of ["/api/in-stock?article=VB-1&q=%3Cscript%3E", `/api/in-stock?article=VB-1&q=${"a".repeat(41)}`, "/api/in-stock?article=VB-1&lat=48.1371234&lng=11", "/products?article=VB-1"]) {
      expect(isCacheable(url(target)), target).toBe(false);
    }
    expect(showsStock(url("/handlersuche"))).toBe(false);
  });
});
