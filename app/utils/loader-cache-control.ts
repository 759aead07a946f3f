/**
 * A route's `headers` for pages whose loader decides how long caches may keep them (a dealer's "open
 * now" expires when it changes): the parents' headers, with the loader's Cache-Control.
 */
export function loaderCacheControl({ parentHeaders, loaderHeaders }: { parentHeaders: Headers; loaderHeaders: Headers }): Headers {
  const merged = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) merged.set("Cache-Control", cacheControl);
  return merged;
}
