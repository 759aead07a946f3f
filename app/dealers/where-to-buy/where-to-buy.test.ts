import { describe, expect, it } from "vitest";
import { type DealerLookup, lookupOutcome, whereToBuyHref, whereToBuyLookupHref } from "./where-to-buy";

const answer = (over: Partial<DealerLookup>): DealerLookup => ({
  query: "80331",
  radiusKm: 50,
  mode: "proximity",
  nearestFallback: false,
  unknownPostalCode: null,
  origin: { label: "80331 München" },
  hits: [{}, {}, {}],
  ...over,
});

describe("whereToBuyHref", () => {
  it("is the no-JavaScript form's address, with the panel's limit only when asked", () => {
    expect(whereToBuyHref({ kind: "query", query: "80331" }, "VB-17439")).toBe("/handlersuche?q=80331&article=VB-17439&r=200");
    expect(whereToBuyHref({ kind: "query", query: "80331" }, "VB-17439", 3)).toBe("/handlersuche?q=80331&article=VB-17439&r=200&limit=3");
  });

  it("encodes places and part numbers", () => {
    expect(whereToBuyHref({ kind: "query", query: "Garmisch Partenkirchen" }, "AB 1/2&3")).toBe(
      "/handlersuche?q=Garmisch+Partenkirchen&article=AB+1%2F2%263&r=200",
    );
  });

  it("keeps three decimals of a position", () => {
    expect(whereToBuyHref({ kind: "position", lat: 48.137154, lng: 11.57561 }, "X-1", 3)).toBe(
      "/handlersuche?lat=48.137&lng=11.576&article=X-1&r=200&limit=3",
    );
  });
});

describe("lookupOutcome", () => {
  it("names the place, or the visitor, of a proximity search", () => {
    expect(lookupOutcome(answer({}))).toEqual({ kind: "near", place: "80331 München" });
    expect(lookupOutcome(answer({ origin: { label: null } }))).toEqual({ kind: "near", place: null });
  });

  it("says so when nobody is within the radius and the nearest are shown instead", () => {
    expect(lookupOutcome(answer({ nearestFallback: true, radiusKm: 50 }))).toEqual({ kind: "nearestFallback", radiusKm: 50 });
  });

  it("reports an unknown postal code before anything else", () => {
    expect(lookupOutcome(answer({ unknownPostalCode: "00000", mode: "text", origin: null, hits: [] }))).toEqual({
      kind: "unknownPostalCode",
      code: "00000",
    });
  });

  it("tells a name search with results from one without", () => {
    expect(lookupOutcome(answer({ query: "Radhaus", mode: "text", origin: null }))).toEqual({ kind: "text", query: "Radhaus" });
    expect(lookupOutcome(answer({ query: "xyz", mode: "text", origin: null, hits: [] }))).toEqual({ kind: "none", query: "xyz" });
  });
});

describe("whereToBuyLookupHref", () => {
  it("asks the where-to-buy route with the dealer page's parameters for the nearest three", () => {
    expect(whereToBuyLookupHref({ kind: "query", query: "80331" }, "VB-17439")).toBe("/api/where-to-buy?q=80331&article=VB-17439&r=200&limit=3");
  });
});
