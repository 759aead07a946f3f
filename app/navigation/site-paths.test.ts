import { describe, expect, it } from "vitest";
import { isSitePath } from "./site-paths";

describe("isSitePath", () => {
  it("knows the site's pages, with their parameters, queries and fragments", () => {
    for (const link of ["/", "/products", "/products/pedale", "/products/articles/pedale/VB-1?view=docs", "/handlersuche?q=Kassel", "/handlersuche/radhaus", "/rueckrufe#x", "/impressum", "/media/documents/a.pdf"]) {
      expect(isSitePath(link), link).toBe(true);
    }
  });
  it("tells a misspelt or missing page (issue 37)", () => {
    for (const link of ["/haendlersuche", "/product", "/products/a/b/c/d", "/handlersuche/a/b", "/api/reseller", "/%E0"]) {
      expect(isSitePath(link), link).toBe(false);
    }
  });
});
