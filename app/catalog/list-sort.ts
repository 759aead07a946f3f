/*
 * How a list of articles may be sorted (issue 39): `?sort=` of the list's own address, read by the
 * list's loader and written by its form. Absent: the catalogue's order.
 */
export const SORT_PARAM = "sort";

export const LIST_SORTS = ["price-asc", "price-desc", "name"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** `?sort=`: the order, null for the catalogue's (absent or empty), "invalid" for a value no list knows. */
export function readSortParam(raw: string | null): ListSort | null | "invalid" {
  if (raw === null || raw.trim() === "") return null;
  const value = raw.trim().toLowerCase();
  return (LIST_SORTS as readonly string[]).includes(value) ? (value as ListSort) : "invalid";
}

/** The same address with another order; the catalogue's order is the address without it, and a new order starts at page 1. */
export function withSortParam(url: URL, sort: ListSort | null, pageParam: string): string {
  const params = new URLSearchParams(url.search);
  if (sort === null) params.delete(SORT_PARAM);
  else params.set(SORT_PARAM, sort);
  params.delete(pageParam);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}
