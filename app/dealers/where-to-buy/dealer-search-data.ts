import { UNSAFE_SingleFetchRedirectSymbol, UNSAFE_decodeViaTurboStream, type useLoaderData } from "react-router";
import type { loader } from "~/routes/handlersuche";

/** What the dealer search's loader sends to the browser (React Router's serialised type of it). */
export type DealerSearchData = ReturnType<typeof useLoaderData<typeof loader>>;

/** React Router's id of the dealer search route (its file, app/routes/handlersuche.tsx). */
const ROUTE_ID = "routes/handlersuche";

/**
 * The dealer search loader's data for `href` (`/handlersuche?q=…`), fetched as React Router's
 * own client fetches it: the page's `.data` address for that one route, decoded with React
 * Router's decoder. Not through a fetcher, on purpose: `fetcher.load` first downloads the target
 * route's module, which for the dealer page starts its map with Leaflet (about 90 KB gzip on a
 * phone that wanted three addresses), and it hands a failed request to the page's error boundary,
 * which would replace the whole article. Here a failure of any kind (network, status, redirect,
 * an error thrown by the loader) is a rejected promise for the caller to show.
 */
export async function fetchDealerSearchData(href: string, signal: AbortSignal): Promise<DealerSearchData> {
  const url = new URL(href, window.location.origin);
  url.pathname = `${url.pathname}.data`;
  url.searchParams.set("_routes", ROUTE_ID);
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`The dealer search answered ${response.status}`);
  const { value } = await UNSAFE_decodeViaTurboStream(response.body, window);
  const routes = value as { [UNSAFE_SingleFetchRedirectSymbol]?: unknown } & Record<string, { data?: DealerSearchData } | undefined>;
  const result = routes[ROUTE_ID];
  if (routes[UNSAFE_SingleFetchRedirectSymbol] !== undefined || !result || !("data" in result) || result.data === undefined) {
    throw new Error("The dealer search sent no data");
  }
  return result.data;
}
