import { describe, expect, it } from "vitest";
import { parseInStockQuery } from "./in-stock-query";

const parse = (query: string) => parseInStockQuery(new URLSearchParams(query));

describe("GET /api/in-stock's parameters", () => {
  it("reads plain decimal numbers in range", () => {
    expect(parse("article=VB-1&q=80331&r=100")).toEqual({ ok: true, query: { article: "VB-1", q: "80331", r: 100 } });
    expect(parse("article=VB-1&lat=-52.52&lng=13.405")).toEqual({ ok: true, query: { article: "VB-1", lat: -52.52, lng: 13.405, r: 50 } });
  });

  // Issue 37: Number() read all of these as 100 (or 10, or 52), so one answer had many addresses.
  it.each([
    ["r=1e2", "r"],
    ["r=0x64", "r"],
    ["r=%20100", "r"],
    ["r=100.0", "r"],
    ["r=%2B100", "r"],
    ["r=0b11", "r"],
    ["r=201", "r"],
    ["r=0", "r"],
    ["lat=1e1&lng=13", "lat"],
    ["lat=52&lng=Infinity", "lng"],
    ["lat=52.&lng=13", "lat"],
    ["lat=91&lng=13", "lat"],
  ])("refuses %s, naming %s and what it must be", (query, name) => {
    const parsed = parse(`article=VB-1&q=80331&${query}`);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toContainEqual(expect.stringMatching(new RegExp(`^${name}: must be a (whole )?number from -?\\d+ to \\d+`)));
  });
});
