import type { WhereToBuyAnswer } from "./where-to-buy";

/**
 * The answer of the where-to-buy route (app/routes/api/where-to-buy.ts) for `href`. A plain fetch,
 * not a fetcher: a failure of any kind (network, status) is a rejected promise for the caller to
 * show, where a fetcher would hand it to the page's error boundary and replace the whole article.
 */
export async function fetchWhereToBuy(href: string, signal: AbortSignal): Promise<WhereToBuyAnswer> {
  const response = await fetch(href, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`The dealer search answered ${response.status}`);
  return (await response.json()) as WhereToBuyAnswer;
}
