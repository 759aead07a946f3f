import { describe, expect, it } from "vitest";
import { FILTER_NAMES, filterValuesOf } from "./dealer-filters";
import { PAGE_SIZE } from "./search-spec";
import {
  DEALER_SEARCH_PARAMS,
  FILTER_PARAM_NAMES,
  SEARCH_PARAM_NAMES,
  isDealerSearch,
  parseDealerSearchParams,
  repairDealerSearchParams,
  toSearchParams,
} from "./search-params";

describe("parseDealerSearchParams", () => {
  const parse = (search: string) => parseDealerSearchParams(new URLSearchParams(search));
  it("applies defaults and treats empty values as absent", () => {
    const none = filterValuesOf(new URLSearchParams());
    expect(parse("")).toEqual({ q: "", r: 50, limit: PAGE_SIZE, ...none });
    expect(parse("q=&r=&lat=&lng=&service=&open=&article=")).toEqual({ q: "", r: 50, limit: PAGE_SIZE, ...none });
    expect(parse("q=%20Berlin%20&r=100&limit=100")).toEqual({ q: "Berlin", r: 100, limit: 100, ...none });
    expect(parse("lat=52.5&lng=13.4")).toMatchObject({ lat: 52.5, lng: 13.4 });
  });

  it("reads the filters: every service (in their fixed order, once), open now and an article", () => {
    expect(parse("service=test-rides&service=workshop&service=workshop&open=1&article=VB-17439")).toMatchObject({
      service: ["workshop", "test-rides"],
      open: true,
      article: "VB-17439",
    });
  });

  it.each(["r=30", "r=abc", "lat=95&lng=0", "lat=52", "limit=0", "limit=1.5", "limit=1e2", "limit=0x10", "limit=%2010", "lat=1e1&lng=13", "lat=52&lng=Infinity", "lng=x&lat=1", "service=sauna", "open=yes", `article=${"X".repeat(65)}`])("rejects %s", (search) => {
    expect(parse(search)).toBeNull();
  });
});

describe("repairDealerSearchParams", () => {
  it.each([
    ["q=berlin&r=33&lang=en", "q=berlin&lang=en"],
    ["q=10115&r=abc", "q=10115"],
    ["lat=52.5&lng=13.4&r=25", "r=25&lat=52.5&lng=13.4"],
    ["lat=52.5&r=25", "r=25"],
    ["lat=952&lng=13.4", ""],
    ["limit=-5&q=x", "q=x"],
    ["service=workshop&service=sauna&open=1", "service=workshop&open=1"],
    ["q=10115&service=%3Cscript%3E&open=2", "q=10115"],
  ])("%s becomes %s, which parses", (given, expected) => {
    const repaired = repairDealerSearchParams(new URLSearchParams(given));
    expect(repaired.toString()).toBe(expected);
    expect(parseDealerSearchParams(repaired)).not.toBeNull();
  });
});

describe("toSearchParams", () => {
  it("spells every parameter the page takes, in the page's order, and reads back as the same search", () => {
    const params = toSearchParams({ q: "Kassel", r: 100, lat: 52.51234, lng: 13.4, limit: 40, service: ["workshop", "rental"], open: true, article: "LX-100" });
    expect(params.toString()).toBe("r=100&q=Kassel&lat=52.512&lng=13.400&service=workshop&service=rental&open=1&article=LX-100&limit=40");
    // Every other filter has its own round trip (filter-toggles.test.ts).
    const others = FILTER_NAMES.filter((name) => name !== "service" && name !== "open");
    expect([...new Set(params.keys()), ...others].sort()).toEqual(Object.keys(DEALER_SEARCH_PARAMS).sort());
    expect(parseDealerSearchParams(params)).toMatchObject({ q: "Kassel", r: 100, lat: 52.512, open: true, article: "LX-100", limit: 40 });
  });

  it("leaves out what is empty, so the parsed bare page is no search", () => {
    const bare = parseDealerSearchParams(new URLSearchParams("q=&r=50"));
    expect(bare).not.toBeNull();
    expect(toSearchParams(bare ?? {}).toString()).toBe("r=50&limit=20");
    expect(isDealerSearch(toSearchParams(bare ?? {}))).toBe(false);
  });
});

describe("isDealerSearch", () => {
  it("is a search with any search or filter parameter, even an empty one, but not with the radius or the page count", () => {
    for (const name of ["q", "lat", "lng", "service", "open", "article"]) expect(isDealerSearch(new URLSearchParams(`${name}=`)), name).toBe(true);
    expect(isDealerSearch(new URLSearchParams("r=100&limit=40&lang=en"))).toBe(false);
    expect(SEARCH_PARAM_NAMES).toEqual(expect.arrayContaining([...FILTER_PARAM_NAMES]));
  });
});
