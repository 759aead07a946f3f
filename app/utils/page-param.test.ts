import { describe, expect, it } from "vitest";
import { readPageParam, withPageParam } from "./page-param";

describe("readPageParam", () => {
  it("is null without the parameter", () => {
    expect(readPageParam(null, 3)).toBeNull();
  });
  it.each([
    ["2", 3, 2, "2"],
    ["99", 3, 3, "3"],
    ["0", 3, 1, "1"],
    ["abc", 3, 1, "1"],
    ["-1", 3, 1, "1"],
    ["02", 3, 2, "2"],
    ["1e3", 3, 1, "1"],
    ["", 3, 1, "1"],
    ["5", 0, 1, "1"],
  ])("?page=%s of %i pages shows page %i (%s)", (raw, pages, page, normalised) => {
    expect(readPageParam(raw, pages)).toEqual({ page, normalised });
  });
});

describe("withPageParam", () => {
  it("keeps the other parameters and drops page 1", () => {
    const url = new URL("http://x/products/articles/Pumpen?page=99&lang=en");
    expect(withPageParam(url, "3")).toBe("/products/articles/Pumpen?page=3&lang=en");
    expect(withPageParam(url, "1")).toBe("/products/articles/Pumpen?lang=en");
  });
});
