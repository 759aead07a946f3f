import { FILTER_CHIPS, appendFilterParams, filterValuesOf, toggleFilter } from "./dealer-filters";
import { DEALER_SEARCH_PARAMS, FILTER_PARAM_NAMES, PAGE_PARAM_NAMES } from "./search-params";

/*
 * The dealer page's filter chips (issue 14, dealer-filters.ts) as addresses:
 * `?service=workshop&service=test-rides` (dealers offering all of them) and `?open=1`. The chips
 * are submit buttons of the search form that send `toggle=<key>`, so they work without
 * JavaScript: the server answers such a request with a redirect to the address with that filter
 * switched; with JavaScript the page goes there directly.
 */

export const TOGGLE_PARAM = "toggle";

/** Every parameter the dealer page reads: its search (search-params.ts) and the chips' switch. */
export const DEALER_PAGE_PARAMS: readonly string[] = [...Object.keys(DEALER_SEARCH_PARAMS), TOGGLE_PARAM];

const CHIP_KEYS = new Set(FILTER_CHIPS.map((chip) => chip.key));

export function isFilterKey(value: string): boolean {
  return CHIP_KEYS.has(value);
}

const dropped = new Set<string>([...FILTER_PARAM_NAMES, ...PAGE_PARAM_NAMES]);

/** Parameters a change of filters leaves alone; `limit` is dropped: a new list starts on its first page. */
function rest(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if (value === "" || name === TOGGLE_PARAM || dropped.has(name)) continue;
    kept.append(name, value);
  }
  return kept;
}

/**
 * The address a form sent by a chip stands for: each `toggle` switched, values in their fixed
 * order, empty fields and unknown values left out (the page's own check would drop them anyway).
 */
export function applyToggles(params: URLSearchParams): URLSearchParams {
  let values = filterValuesOf(params);
  for (const key of params.getAll(TOGGLE_PARAM)) values = toggleFilter(values, key);
  const out = rest(params);
  appendFilterParams(out, values);
  return out;
}

/** The same search without any filter chip ("Filter zurücksetzen"). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  return rest(params);
}
