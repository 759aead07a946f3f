import { describe, expect, it } from "vitest";
import { countryName } from "./countries";

describe("countryName", () => {
  it("names any country in the page's language", () => {
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName("FR", "de")).toBe("Frankreich");
    expect(countryName("FR", "en")).toBe("France");
    expect(countryName("IE", "en")).toBe("Ireland");
  });

  it("gives back a code it cannot name instead of failing", () => {
    expect(countryName("QQ", "de")).toBe("QQ");
    expect(countryName("not a code", "en")).toBe("not a code");
  });
});
