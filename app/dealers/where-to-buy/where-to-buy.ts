/*
 * "Where to buy" on an article: the dealer search (`/handlersuche`) asked for the nearest few
 * dealers that stock the article. The block only builds the search's address and reads its
 * answer; resolving postal codes and places, the article filter and the nearest fallback stay
 * in that one loader.
 */

import { spellLinkedNumber } from "~/utils/linked-number";
import type { Dealer } from "~/dealers/dealer/dealer";
import type { HoursSummary } from "~/dealers/hours/summarize-hours";
import { LATITUDE, LONGITUDE, type RadiusKm } from "~/dealers/search/search-spec";
import type { Both, LocalizedText } from "~/i18n/localized-text";

/** The panel shows the nearest three; the full search has the rest. */
export const WHERE_TO_BUY_LIMIT = 3;

/**
 * The search's widest radius: "the three nearest" should be three, not the one or two inside the
 * default 50 km (fewer still once the article filter leaves only the dealers of its category).
 */
export const WHERE_TO_BUY_RADIUS_KM: RadiusKm = 200;

/** What the visitor asked: typed text (postal code, place or name) or the browser's position. */
export type WhereToBuyInput = { kind: "query"; query: string } | { kind: "position"; lat: number; lng: number };

/**
 * `/handlersuche?q=80331&article=VB-17439&r=200`: the same address the block's form sends without
 * JavaScript (fields in the form's order), so "show all" lands on the list the panel summarised.
 * A position keeps three decimals (about 100 m) like the dealer page's "near me": plenty for the
 * nearest shop, and the address says less about where the visitor is.
 */
export function whereToBuyHref(input: WhereToBuyInput, partno: string, limit?: number): string {
  return `/handlersuche?${whereToBuyParams(input, partno, limit).toString()}`;
}

/** The where-to-buy route (app/routes/api/where-to-buy.ts): the same search's nearest few, as JSON. */
export const WHERE_TO_BUY_ENDPOINT = "/api/where-to-buy";

/** The block's own lookup: the dealer page's parameters for its nearest few, at its own route. */
export function whereToBuyLookupHref(input: WhereToBuyInput, partno: string): string {
  return `${WHERE_TO_BUY_ENDPOINT}?${whereToBuyParams(input, partno, WHERE_TO_BUY_LIMIT).toString()}`;
}

function whereToBuyParams(input: WhereToBuyInput, partno: string, limit: number | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (input.kind === "query") {
    params.set("q", input.query);
  } else {
    params.set("lat", spellLinkedNumber(input.lat, LATITUDE));
    params.set("lng", spellLinkedNumber(input.lng, LONGITUDE));
  }
  params.set("article", partno);
  params.set("r", String(WHERE_TO_BUY_RADIUS_KM));
  if (limit !== undefined) params.set("limit", String(limit));
  return params;
}

/** The part of the dealer search's answer the block reads (the where-to-buy route sends more). */
export interface DealerLookup {
  query: string;
  radiusKm: number;
  mode: "all" | "text" | "proximity";
  nearestFallback: boolean;
  unknownPostalCode: string | null;
  /** `label` is null for the visitor's own position. */
  origin: { label: string | null } | null;
  hits: readonly unknown[];
}

export type LookupOutcome =
  | { kind: "unknownPostalCode"; code: string }
  | { kind: "none"; query: string }
  | { kind: "nearestFallback"; radiusKm: number }
  | { kind: "near"; place: string | null }
  | { kind: "text"; query: string };

/** Which sentence the answer deserves; the hits themselves are shown as they come. */
export function lookupOutcome(data: DealerLookup): LookupOutcome {
  if (data.unknownPostalCode !== null) return { kind: "unknownPostalCode", code: data.unknownPostalCode };
  if (data.hits.length === 0) return { kind: "none", query: data.query };
  if (data.mode === "proximity") {
    return data.nearestFallback ? { kind: "nearestFallback", radiusKm: data.radiusKm } : { kind: "near", place: data.origin?.label ?? null };
  }
  return { kind: "text", query: data.query };
}

/** One dealer the block lists. */
export interface WhereToBuyHit {
  dealer: Pick<Dealer, "name" | "address" | "slug">;
  distanceKm: number | null;
  hours: HoursSummary;
  /** The time of the dealer's fresh stock of the article (ISO 8601), or null: never a quantity. */
  inStockAsOf: string | null;
}

/** What the where-to-buy route answers. */
export interface WhereToBuyAnswer extends DealerLookup {
  /** The search's moment (epoch ms), which "today" in a stock badge means. */
  now: number;
  hits: WhereToBuyHit[];
}

/** What a dealer's page says about the article it was opened for (`/handlersuche/{slug}?article=…`). */
export interface ArticleAtDealer {
  partno: string;
  title: Both<LocalizedText>;
  /** The article's own page. */
  href: string;
  /** The time of the dealer's fresh stock of it (ISO 8601 UTC), or null: never a quantity. */
  inStockAsOf: string | null;
  /** Its product lines include the article's category (or it carries the whole range). */
  carriesLine: boolean;
  /** The address of the article's recall, when it is under one: said beside the stock (issue 37). */
  recall: string | null;
}
