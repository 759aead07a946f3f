import { describe, expect, it } from "vitest";
import { hasMalformedQuery } from "./request-guard";

describe("hasMalformedQuery", () => {
  it.each(["/api/in-stock", "/api/in-stock?article=VB%2D1&q=M%C3%BCnchen", "/api/in-stock?q=Frankfurt+(Oder)", "/x?a=%25"])("passes %s", (target) => {
    expect(hasMalformedQuery(target)).toBe(false);
  });

  it.each(["/api/in-stock?article=%E0%A4%A", "/api/in-stock?q=100%", "/api/in-stock?q=M%FCnchen", "/api/in-stock?q=%ZZ", "/api/where-to-buy?%=1"])("finds %s", (target) => {
    expect(hasMalformedQuery(target)).toBe(true);
  });
});
