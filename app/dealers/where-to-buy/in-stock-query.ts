import { z } from "zod";
import { MAX_QUERY_LENGTH } from "~/dealers/search/search-spec";

/*
 * `GET /api/in-stock` (decision 056): the dealers near a place that have an article in stock now,
 * the JSON twin of `/handlersuche?article=…&stock=1` for other sites and apps. Its query, checked
 * once here: the route answers 400 naming every parameter that does not fit.
 */

export const IN_STOCK_ENDPOINT = "/api/in-stock";
/** Kilometres: the dealer page's widest radius is 200 km; a country-wide answer is no "near". */
export const IN_STOCK_MAX_RADIUS_KM = 200;
export const IN_STOCK_DEFAULT_RADIUS_KM = 50;
/** Dealers per answer, nearest first. */
export const IN_STOCK_MAX_DEALERS = 50;

const number = (min: number, max: number) => z.coerce.number().finite().min(min).max(max);

export const inStockQuerySchema = z
  .object({
    article: z.string().trim().min(1).max(64),
    q: z.string().trim().min(1).max(MAX_QUERY_LENGTH).optional(),
    lat: number(-90, 90).optional(),
    lng: number(-180, 180).optional(),
    r: z.coerce.number().int().min(1).max(IN_STOCK_MAX_RADIUS_KM).default(IN_STOCK_DEFAULT_RADIUS_KM),
  })
  .superRefine((query, ctx) => {
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      ctx.addIssue({ code: "custom", path: [query.lat === undefined ? "lat" : "lng"], message: "lat and lng come together" });
    }
    if (query.q === undefined && query.lat === undefined && query.lng === undefined) {
      ctx.addIssue({ code: "custom", path: ["q"], message: "name a place: q (a postal code or town) or lat and lng" });
    }
  });
export type InStockQuery = z.infer<typeof inStockQuerySchema>;

/** The parameters the answer reads; the request log keeps only these (server/route-params.ts). */
export const IN_STOCK_PARAMS: readonly string[] = ["article", "q", "lat", "lng", "r"];

/** The parameters as the schema reads them: the last of a repeated one, empty ones absent. */
export function parseInStockQuery(params: URLSearchParams): { ok: true; query: InStockQuery } | { ok: false; problems: string[] } {
  const present = Object.fromEntries([...params].filter(([name, value]) => value !== "" && IN_STOCK_PARAMS.includes(name)));
  const parsed = inStockQuerySchema.safeParse(present);
  if (parsed.success) return { ok: true, query: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join(".") || "query"}: ${issue.message}`) };
}

/** One dealer of the answer. */
export interface InStockDealer {
  slug: string;
  name: string;
  address: string;
  country: string;
  lat: number;
  lng: number;
  distanceKm: number;
  /** When the dealer's system reported the stock (ISO 8601 UTC); never a quantity. */
  inStockAsOf: string;
  /** The dealer's page on this site. */
  page: string;
}

export interface InStockAnswer {
  article: { partno: string; title: { de: string; en: string } };
  place: { label: string | null; lat: number; lng: number };
  radiusKm: number;
  /** Stock older than this is never claimed (STOCK_MAX_AGE_HOURS). */
  maxAgeHours: number;
  dealers: InStockDealer[];
}
