import { DEALER_SERVICES, type DealerService, isDealerService } from "~/dealers/dealer/dealer-services";
import { FILTER_PARAM_NAMES, PAGE_PARAM_NAMES } from "./search-params";

/*
 * The dealer page's filter chips (issue 14) as addresses: `?service=workshop&service=test-rides`
 * (dealers offering all of them) and `?open=1`. The chips are submit buttons of the search form
 * that send `toggle=<key>`, so they work without JavaScript: the server answers such a request
 * with a redirect to the address with that filter switched; with JavaScript the page goes there
 * directly.
 */

export type FilterKey = DealerService | "open";
export const FILTER_KEYS: readonly FilterKey[] = ["open", ...DEALER_SERVICES];
export const TOGGLE_PARAM = "toggle";

export function isFilterKey(value: string): value is FilterKey {
  return value === "open" || isDealerService(value);
}

export function matchesServices(dealer: { services?: readonly string[] }, wanted: readonly DealerService[]): boolean {
  if (wanted.length === 0) return true;
  const offered = dealer.services;
  return offered !== undefined && wanted.every((service) => offered.includes(service));
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
 * The address a form sent by a chip stands for: each `toggle` switched, services in their fixed
 * order, empty fields and unknown services left out (the page's own check would drop them anyway).
 */
export function applyToggles(params: URLSearchParams): URLSearchParams {
  const services = new Set(params.getAll("service"));
  let open = params.get("open") === "1";
  for (const key of params.getAll(TOGGLE_PARAM)) {
    if (!isFilterKey(key)) continue;
    if (key === "open") open = !open;
    else if (!services.delete(key)) services.add(key);
  }
  const out = rest(params);
  for (const service of DEALER_SERVICES) if (services.has(service)) out.append("service", service);
  if (open) out.set("open", "1");
  return out;
}

/** The same search without any filter chip ("Filter zurücksetzen"). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  return rest(params);
}
