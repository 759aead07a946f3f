import { type LinkedNumbers, linkedSpelling, spellLinkedNumber } from "~/utils/linked-number";
import { urlDecimal, urlWholeNumber } from "~/utils/url-number";
// zod itself, not ~/utils/zod: only the server parses (the browser gets the checked values with the
// loader's data), and the package is free of side effects, so the page's script, which imports the
// names and spellings below, leaves zod out. ~/utils/zod's configuration call would keep it in.
import { z } from "zod";
import { DEALER_FILTERS, type DealerFilterName, type DealerFilterValues, appendFilterParams } from "./dealer-filters";
import { WHERE_TO_BUY_LIMIT } from "~/dealers/where-to-buy/where-to-buy";
import { DEFAULT_RADIUS_KM, LATITUDE, LONGITUDE, MAX_QUERY_LENGTH, PAGE_SIZE, RADII_KM, type RadiusKm } from "./search-spec";

/*
 * The one home of the dealer page's URL parameters: their names, what each does, their schema,
 * which of them make the page a search, and how the page spells them. The page cache
 * (server/page-cache-policy.ts), the page's `noindex`, its Cache-Control, its links and the filter
 * chips all ask this module, so a new parameter is added here once.
 */

/**
 * Every parameter of `/handlersuche` and its part: `search` and `filter` parameters make the page a
 * search, which is counted (issue 14), never stored by a shared cache and not indexed; the radius and
 * the page count (`view`, `page`) keep the bare page. A filter chip switches a `filter` parameter and
 * starts the list on its first page again (filter-toggles.ts).
 */
export const DEALER_SEARCH_PARAMS = {
  q: "search",
  r: "view",
  lat: "search",
  lng: "search",
  limit: "page",
  article: "search",
  ...(Object.fromEntries(DEALER_FILTERS.map((filter) => [filter.param, "filter"])) as Record<DealerFilterName, "filter">),
} as const satisfies Record<string, "search" | "filter" | "view" | "page">;
export type DealerSearchParamName = keyof typeof DEALER_SEARCH_PARAMS;
type Role = (typeof DEALER_SEARCH_PARAMS)[DealerSearchParamName];

const namesWith = (...roles: Role[]): readonly DealerSearchParamName[] =>
  (Object.keys(DEALER_SEARCH_PARAMS) as DealerSearchParamName[]).filter((name) => roles.includes(DEALER_SEARCH_PARAMS[name]));

/** The parameters that make the dealer page a search. */
export const SEARCH_PARAM_NAMES = namesWith("search", "filter");
/** The parameters the filter chips switch. */
export const FILTER_PARAM_NAMES = namesWith("filter");
/** The page count: a new list starts on its first page. */
export const PAGE_PARAM_NAMES = namesWith("page");

/**
 * Whether these parameters ask the dealer page for a search (even with an empty value: `?q=` is the
 * search form sent empty without JavaScript). Every search must run the loader, which counts it.
 */
export function isDealerSearch(params: URLSearchParams): boolean {
  return SEARCH_PARAM_NAMES.some((name) => params.has(name));
}

/** The dealer page's parameters as values; what is absent (or empty, false) is left out of the address. */
export type DealerSearchValues = Partial<DealerSearchParams>;

/** The address of a search, in the one order the page links it (a position to 100 m). */
export function toSearchParams(values: DealerSearchValues): URLSearchParams {
  const params = new URLSearchParams();
  if (values.r !== undefined) params.set("r", String(values.r));
  if (values.q) params.set("q", values.q);
  if (values.lat !== undefined && values.lng !== undefined) {
    params.set("lat", spellLinkedNumber(values.lat, LATITUDE));
    params.set("lng", spellLinkedNumber(values.lng, LONGITUDE));
  }
  appendFilterParams(params, values);
  if (values.article !== undefined) params.set("article", values.article);
  if (values.limit !== undefined) params.set("limit", String(values.limit));
  return params;
}

/** Part numbers are short; anything longer is no part number, and a 400 rather than a lookup. */
export const MAX_PARTNO_LENGTH = 64;

/** Each filter's schema, made from its kind: a switch is `1` or absent, a set its known values, in order. */
function filterSchemas() {
  const schemas = DEALER_FILTERS.map((filter) => {
    if (filter.kind === "flag") return [filter.param, z.literal("1").optional().transform((value) => value === "1")] as const;
    const values: readonly string[] = filter.values;
    return [
      filter.param,
      z
        .array(z.enum(values as [string, ...string[]]))
        .max(20)
        .default([])
        .transform((wanted) => values.filter((value) => wanted.includes(value))),
    ] as const;
  });
  // The kinds decide the values; the list's own types name them (dealer-filters.ts).
  return Object.fromEntries(schemas) as unknown as { [K in DealerFilterName]: z.ZodType<DealerFilterValues[K], unknown> };
}

/**
 * The parameters' schema. An empty parameter counts as absent; anything else that does not fit is a
 * 400, not a silent guess. Built on first use: only the loader parses, and a schema built when the
 * module loads would put all of zod into the page's script. Its keys are the names above (checked
 * by `satisfies`), so a parameter cannot have a schema without a part, nor a part without a schema.
 */
const createSearchParamsSchema = () =>
  z
    .object({
      q: z.string().max(500).transform((value) => value.trim().slice(0, MAX_QUERY_LENGTH)).default(""),
      r: z
        .enum(RADII_KM.map(String) as [string, ...string[]])
        .transform((value) => Number(value) as RadiusKm)
        .default(DEFAULT_RADIUS_KM),
      lat: urlDecimal(-90, 90).optional(),
      lng: urlDecimal(-180, 180).optional(),
      // Any page count passes here; the loader then sends it to one it links (linkedDealerSearchParams).
      limit: urlWholeNumber(1, 1_000_000).default(PAGE_SIZE),
      article: z.string().trim().min(1).max(MAX_PARTNO_LENGTH).optional(),
      ...filterSchemas(),
    } satisfies Record<DealerSearchParamName, z.ZodType>)
    .refine((params) => (params.lat === undefined) === (params.lng === undefined), {
      message: "lat and lng come together",
    });
let searchParamsSchema: ReturnType<typeof createSearchParamsSchema> | undefined;
export type DealerSearchParams = z.infer<ReturnType<typeof createSearchParamsSchema>>;

export function parseDealerSearchParams(params: URLSearchParams): DealerSearchParams | null {
  const present: Record<string, unknown> = Object.fromEntries([...params].filter(([, value]) => value !== ""));
  // A set's parameter repeats: every value, not the last.
  for (const filter of DEALER_FILTERS) {
    if (filter.kind !== "set") continue;
    const values = params.getAll(filter.param).filter((value) => value !== "");
    if (values.length > 0) present[filter.param] = values;
  }
  const parsed = (searchParamsSchema ??= createSearchParamsSchema()).safeParse(present);
  return parsed.success ? parsed.data : null;
}

/**
 * The dealer page's parameters with every value that does not fit dropped (an `r` that is not one
 * of the radii, a half position, a limit that is no number), for a redirect to what the visitor
 * most likely meant instead of an error page. Other parameters (`lang`) are kept.
 */
export function repairDealerSearchParams(params: URLSearchParams): URLSearchParams {
  const repaired = new URLSearchParams();
  const fits = (candidate: URLSearchParams) => parseDealerSearchParams(candidate) !== null;
  for (const [key, value] of params) {
    if (value === "" || key === "lat" || key === "lng") continue;
    const candidate = new URLSearchParams(repaired);
    candidate.append(key, value);
    if (fits(candidate)) repaired.append(key, value);
  }
  const lat = params.get("lat");
  const lng = params.get("lng");
  if (lat && lng) {
    const candidate = new URLSearchParams(repaired);
    candidate.set("lat", lat);
    candidate.set("lng", lng);
    if (fits(candidate)) return candidate;
  }
  return repaired;
}

/**
 * The limits the site links for a result of `total` dealers: the article panel's few, and whole
 * pages up to the one that shows them all ("show more" adds a page while there are more).
 */
function linkedLimits(total: number): LinkedNumbers {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return { oneOf: [WHERE_TO_BUY_LIMIT, ...Array.from({ length: pages }, (_, i) => (i + 1) * PAGE_SIZE)] };
}

const LINKED: Record<"r" | "lat" | "lng", LinkedNumbers> = { r: { oneOf: RADII_KM }, lat: LATITUDE, lng: LONGITUDE };

/**
 * The dealer page's numeric parameters in the spelling the site links (issue 25), for a search of
 * `total` results; null when they already are. Each `limit=`, `lat=48.13712` or `r=60` would
 * otherwise be a render (and for the bare page a cache entry) of its own.
 */
export function linkedDealerSearchParams(params: URLSearchParams, total: number): URLSearchParams | null {
  const rules: Record<string, LinkedNumbers | undefined> = { ...LINKED, limit: linkedLimits(total) };
  const linked = new URLSearchParams();
  let changed = false;
  for (const [key, value] of params) {
    const rule = rules[key];
    const spelled = rule && value !== "" ? linkedSpelling(value, rule) : value;
    if (spelled !== value) changed = true;
    if (spelled !== null) linked.append(key, spelled);
  }
  return changed ? linked : null;
}
