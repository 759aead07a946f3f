import type { HeadersFunction } from "react-router";

/**
 * The route `headers` of a page whose loader decides its own Cache-Control (dealer pages keep it
 * until a shown dealer opens or closes): the loader's value over the layout's.
 */
export const loaderCacheControl: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const merged = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) merged.set("Cache-Control", cacheControl);
  return merged;
};
