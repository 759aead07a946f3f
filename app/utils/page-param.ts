/**
 * `?page=` of a paged list. A page that does not exist (any more: the catalogue changes) or is not
 * a number is no error for the visitor: they are sent to the nearest page that does exist.
 * Null when the parameter is absent.
 */
export function readPageParam(raw: string | null, pages: number): { page: number; normalised: string } | null {
  if (raw === null) return null;
  const trimmed = raw.trim();
  const asked = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : 1;
  const page = Math.min(Math.max(asked, 1), Math.max(pages, 1));
  return { page, normalised: String(page) };
}

/** The same address with another page; page 1 is the address without the parameter. */
export function withPageParam(url: URL, page: string): string {
  const params = new URLSearchParams(url.search);
  if (page === "1") params.delete("page");
  else params.set("page", page);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}
