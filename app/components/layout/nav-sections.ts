/**
 * Pages that belong to a header entry without lying below its path: the Service page leads to the
 * manuals and downloads, so the header keeps "Service" marked there. Shared by the header and the
 * phone menu so both mark the same entry.
 */
export const SERVICE_PAGES = ["/hinweise", "/downloads"] as const;

/** The catalogue: the products landing page and everything below it. */
export const PRODUCT_PAGES = ["/products"] as const;
