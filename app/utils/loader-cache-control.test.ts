import { describe, expect, it } from "vitest";
import { loaderCacheControl } from "./loader-cache-control";

describe("loaderCacheControl", () => {
  it("keeps the parents' headers and takes the loader's Cache-Control", () => {
    const parentHeaders = new Headers({ "Set-Cookie": "language=en", "Cache-Control": "public, max-age=60" });
    const merged = loaderCacheControl({ parentHeaders, loaderHeaders: new Headers({ "Cache-Control": "public, max-age=0, s-maxage=42" }) });
    expect(merged.get("Set-Cookie")).toBe("language=en");
    expect(merged.get("Cache-Control")).toBe("public, max-age=0, s-maxage=42");
  });

  it("leaves the parents' Cache-Control when the loader sets none", () => {
    const merged = loaderCacheControl({ parentHeaders: new Headers({ "Cache-Control": "no-store" }), loaderHeaders: new Headers() });
    expect(merged.get("Cache-Control")).toBe("no-store");
  });
});
