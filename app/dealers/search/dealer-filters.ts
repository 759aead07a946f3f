import type { ParseKeys } from "i18next";
import { DEALER_SERVICES, type DealerService } from "~/dealers/dealer/dealer-services";
import type { ListedDealer } from "~/dealers/dealer/dealer";

/*
 * The dealer page's filters (issue 14), each defined once: its URL parameter, its chip and its
 * words, which dealers it keeps, and what the statistics count. The parameters' schema
 * (search-params.ts), the chips and their addresses (filter-toggles.ts, dealer-filters.tsx), the
 * search (search-dealers.ts), the list's summary and the statistics all read this list, so a new
 * filter is one entry here plus its words in the two locale files (decision 054).
 *
 * The page's script loads this module: nothing here may pull in zod or the opening-hours reader
 * (the search hands `isOpen` in through the context instead).
 */

/** What a filter may read of a dealer: any field of the list's shape. */
export type FilterDealer = Pick<ListedDealer, "name" | "address" | "city" | "position"> & Partial<ListedDealer>;

/** What the search knows besides the dealer, the same on the server and in the browser. */
export interface FilterContext {
  /** Open (true), closed (false) or unknown (null) at the search's moment. */
  isOpen: (dealer: FilterDealer) => boolean | null;
  /**
   * What the server looked up elsewhere for this filter (another table, such as stock), carried to
   * the browser in the search's spec: the slugs of the dealers it keeps. Loaded by `FILTER_DATA` in
   * run-dealer-search.server.ts; undefined for filters that need none.
   */
  data: readonly string[] | undefined;
}

/** Keeps a dealer (true), drops it (false), or keeps it after the others (null: unknown, e.g. hours). */
type Verdict = boolean | null;

/** A switch: `?param=1`, one chip. */
interface FlagFilter<P extends string> {
  kind: "flag";
  param: P;
  chipLabel: ParseKeys;
  /** The filter in the list's summary ("Filter: Werkstatt, jetzt geöffnet"). */
  listLabel: ParseKeys;
  chipClassName?: string;
  /** Counted as `filter.<stat>` (issue 14), under these words in `npm run stats -- dealers`. */
  stat: string;
  report: string;
  /** Only meaningful for one article's dealers (`?article=`): without one the chip is not shown. */
  needs?: "article";
  matches(dealer: FilterDealer, context: FilterContext): Verdict;
}

/** A choice of fixed values: `?param=a&param=b` (all of them), one chip each. */
interface SetFilter<P extends string, V extends string> {
  kind: "set";
  param: P;
  values: readonly V[];
  /** The chip's and the summary's words for one value. */
  label(value: V): ParseKeys;
  /** Counted as `filter.<stat>` with the value as subject, reported as `<stat>: <value>`. */
  stat: string;
  matches(dealer: FilterDealer, wanted: readonly V[], context: FilterContext): Verdict;
}

/** Any set, for the code that treats them all alike (methods are bivariant, so every set is one). */
type SomeSet = SetFilter<string, string>;

const flag = <P extends string>(filter: Omit<FlagFilter<P>, "kind">): FlagFilter<P> => ({ kind: "flag", ...filter });
const set = <P extends string, V extends string>(filter: Omit<SetFilter<P, V>, "kind">): SetFilter<P, V> => ({ kind: "set", ...filter });

export function matchesServices(dealer: { services?: readonly string[] }, wanted: readonly DealerService[]): boolean {
  if (wanted.length === 0) return true;
  const offered = dealer.services;
  return offered !== undefined && wanted.every((service) => offered.includes(service));
}

/** In the order the page's addresses write them and the summary names them. */
export const DEALER_FILTERS = [
  set({
    param: "service",
    values: DEALER_SERVICES,
    label: (service) => `dealers.service.${service}`,
    stat: "service",
    matches: (dealer, wanted) => matchesServices(dealer, wanted),
  }),
  flag({
    param: "open",
    chipLabel: "dealers.filters.openNow",
    listLabel: "dealers.filters.openNowInList",
    chipClassName: "chip--open",
    stat: "open-now",
    report: "open now",
    matches: (dealer, { isOpen }) => isOpen(dealer),
  }),
  flag({
    param: "stock",
    chipLabel: "dealers.filters.inStock",
    listLabel: "dealers.filters.inStockInList",
    chipClassName: "chip--stock",
    stat: "in-stock",
    report: "in stock only",
    needs: "article",
    // The dealers with fresh stock of the article (decision 056), looked up by the server.
    matches: (dealer, { data }) => data === undefined || (dealer.slug !== undefined && data.includes(dealer.slug)),
  }),
] as const;

type AnyFilter = (typeof DEALER_FILTERS)[number];
export type DealerFilterName = AnyFilter["param"];
type ValueOf<F> = F extends SetFilter<string, infer V> ? V[] : boolean;
/** Every filter's value: the chosen values of a set, or whether a switch is on. */
export type DealerFilterValues = { [F in AnyFilter as F["param"]]: ValueOf<F> };

export const FILTER_NAMES: readonly DealerFilterName[] = DEALER_FILTERS.map((filter) => filter.param);

/** Only the filters' values out of a search's parameters. */
export function pickFilterValues(params: DealerFilterValues): DealerFilterValues {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, params[name]])) as DealerFilterValues;
}

/** Only the filter's own values, in their fixed order, once each. */
function known<V extends string>(filter: SetFilter<string, V>, wanted: Iterable<string>): V[] {
  const chosen = new Set(wanted);
  return filter.values.filter((value) => chosen.has(value));
}

/** The filters an address asks for, leniently: unknown values are left out. */
export function filterValuesOf(params: URLSearchParams): DealerFilterValues {
  const values: Record<string, string[] | boolean> = {};
  for (const filter of DEALER_FILTERS) {
    values[filter.param] = filter.kind === "flag" ? params.get(filter.param) === "1" : known(filter as SomeSet, params.getAll(filter.param));
  }
  return values as DealerFilterValues;
}

/** Writes the filters that are on into an address. */
export function appendFilterParams(params: URLSearchParams, values: Partial<DealerFilterValues>): void {
  for (const filter of DEALER_FILTERS) {
    const value: unknown = values[filter.param];
    if (filter.kind === "flag") {
      if (value === true) params.set(filter.param, "1");
    } else if (Array.isArray(value)) {
      for (const item of value as string[]) params.append(filter.param, item);
    }
  }
}

export function isFiltered(values: Partial<DealerFilterValues>): boolean {
  return DEALER_FILTERS.some((filter) => {
    const value: unknown = values[filter.param];
    return filter.kind === "flag" ? value === true : Array.isArray(value) && value.length > 0;
  });
}

/** One chip: a switch, or one value of a set. Its key is what the chip's `toggle` sends. */
export interface FilterChip {
  key: string;
  param: DealerFilterName;
  label: ParseKeys;
  className: string;
  /** Shown only on the dealers of one article. */
  needsArticle: boolean;
  /** Whether these values have the chip pressed. */
  pressed: (values: DealerFilterValues) => boolean;
}

/** Switches first (open now leads the row), then each set's values. */
export const FILTER_CHIPS: readonly FilterChip[] = [
  ...DEALER_FILTERS.flatMap((filter): FilterChip[] =>
    filter.kind === "flag"
      ? [
          {
            key: filter.param,
            param: filter.param,
            label: filter.chipLabel,
            className: `chip ${filter.chipClassName}`.trim(),
            needsArticle: "needs" in filter && filter.needs === "article",
            pressed: (values) => values[filter.param] === true,
          },
        ]
      : [],
  ),
  ...DEALER_FILTERS.flatMap((filter): FilterChip[] =>
    filter.kind === "set"
      ? filter.values.map((value) => ({
          key: value,
          param: filter.param,
          label: filter.label(value),
          className: "chip",
          needsArticle: false,
          pressed: (values) => (values[filter.param] as readonly string[]).includes(value),
        }))
      : [],
  ),
];

const CHIP_BY_KEY = new Map(FILTER_CHIPS.map((chip) => [chip.key, chip]));

/**
 * The parameters without the filters an address cannot use (one that needs an article, without an
 * article); null when there are none, so a page can send the visitor to the address that means it.
 */
export function withoutOrphanFilters(params: URLSearchParams): URLSearchParams | null {
  if ((params.get("article") ?? "").trim() !== "") return null;
  const orphans = DEALER_FILTERS.filter((filter) => "needs" in filter && filter.needs === "article" && params.has(filter.param));
  if (orphans.length === 0) return null;
  const kept = new URLSearchParams(params);
  for (const filter of orphans) kept.delete(filter.param);
  return kept;
}

/** The values with one chip switched; an unknown key changes nothing. */
export function toggleFilter(values: DealerFilterValues, key: string): DealerFilterValues {
  const chip = CHIP_BY_KEY.get(key);
  if (!chip) return values;
  const current: unknown = values[chip.param];
  if (typeof current === "boolean") return { ...values, [chip.param]: !current };
  const chosen = new Set(current as string[]);
  if (!chosen.delete(key)) chosen.add(key);
  const filter = DEALER_FILTERS.find((candidate) => candidate.param === chip.param) as SomeSet;
  return { ...values, [chip.param]: known(filter, chosen) };
}

/** The words of the filters that are on, for the list's summary. */
export function activeFilterLabels(values: DealerFilterValues): ParseKeys[] {
  return DEALER_FILTERS.flatMap((filter): ParseKeys[] => {
    if (filter.kind === "flag") return values[filter.param] ? [filter.listLabel] : [];
    return (values[filter.param] as string[]).map((value) => (filter as SomeSet).label(value));
  });
}

/** The one test for every filter that is on; null when none is. Verdicts combine: any false drops, any null sorts after. */
export function filterPredicate(values: Partial<DealerFilterValues>, context: Omit<FilterContext, "data"> & { data?: Partial<Record<DealerFilterName, readonly string[]>> }): ((dealer: FilterDealer) => Verdict) | null {
  const tests: ((dealer: FilterDealer) => Verdict)[] = [];
  for (const filter of DEALER_FILTERS) {
    const own: FilterContext = { isOpen: context.isOpen, data: context.data?.[filter.param] };
    const value: unknown = values[filter.param];
    if (filter.kind === "flag") {
      if (value === true) tests.push((dealer) => filter.matches(dealer, own));
    } else if (Array.isArray(value) && value.length > 0) {
      const wanted = value as string[];
      tests.push((dealer) => (filter as SomeSet).matches(dealer, wanted, own));
    }
  }
  if (tests.length === 0) return null;
  return (dealer) => {
    let verdict: Verdict = true;
    for (const test of tests) {
      const own = test(dealer);
      if (own === false) return false;
      if (own === null) verdict = null;
    }
    return verdict;
  };
}

/** What the statistics count of the filters in a search: `filter.<stat>`, with the value for sets. */
export function filterStatCounts(values: Partial<DealerFilterValues>): [event: `filter.${string}`, subject: string][] {
  return DEALER_FILTERS.flatMap((filter): [`filter.${string}`, string][] => {
    const value: unknown = values[filter.param];
    if (filter.kind === "flag") return value === true ? [[`filter.${filter.stat}`, ""]] : [];
    return Array.isArray(value) ? known(filter as SomeSet, value as string[]).map((item) => [`filter.${filter.stat}`, item]) : [];
  });
}

/** The filter events counted per value (a set's). */
export const FILTER_EVENTS_WITH_SUBJECT: ReadonlySet<string> = new Set(
  DEALER_FILTERS.flatMap((filter) => (filter.kind === "set" ? [`filter.${filter.stat}`] : [])),
);
