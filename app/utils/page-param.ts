import { nearestLinkedNumber, spellLinkedNumber } from "./linked-number";

/** A paged list's parameter, as the lists read it and the request log keeps it (server/route-params.ts). */
export const PAGE_PARAM = "page";

/**
 * `?page=` of a paged list. A page that does not exist (any more: the catalogue changes) or is not
 * a number is no error for the visitor: they are sent to the nearest page that does exist.
 * Null when the parameter is absent.
 */
export function readPageParam(raw: string | null, pages: number): { page: number; normalised: string } | null {
  if (raw === null) return null;
  const rule = { min: 1, max: Math.max(pages, 1), step: 1 };
  const page = nearestLinkedNumber(raw.trim(), rule) ?? 1;
  return { page, normalised: spellLinkedNumber(page, rule) };
}

/** The same address with another page; page 1 is the address without the parameter. */
export function withPageParam(url: URL, page: string): string {
  const params = new URLSearchParams(url.search);
  if (page === "1") params.delete(PAGE_PARAM);
  else params.set(PAGE_PARAM, page);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}
