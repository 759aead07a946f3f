import { describe, expect, it } from "vitest";
import { formatPrice, formatPriceCents } from "./price";

describe("formatPrice", () => {
  it("puts the euro sign after the amount in both languages", () => {
    expect(formatPrice(12.99, "de")).toBe("12,99\u00a0€");
    expect(formatPrice(12.99, "en")).toBe("12.99\u00a0€");
    expect(formatPrice(7.9, "en")).toBe("7.90\u00a0€");
    expect(formatPrice(10, "de")).toBe("10,00\u00a0€");
  });

  it("groups thousands the language's way", () => {
    expect(formatPrice(1299.5, "de")).toBe("1.299,50\u00a0€");
    expect(formatPrice(1299.5, "en")).toBe("1,299.50\u00a0€");
  });

  it("formats cents like euros", () => {
    expect(formatPriceCents(129_999, "de")).toBe("1.299,99\u00a0€");
    expect(formatPriceCents(1095, "en")).toBe("10.95\u00a0€");
    expect(formatPriceCents(-250, "de")).toBe("-2,50\u00a0€");
  });
});
