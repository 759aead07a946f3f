import { describe, expect, it } from "vitest";
import { generateDemoData } from "~/seed/generate";
import { shippedBrand } from "~/../tests/support/shipped-brand";
import { addressLine, addressLines, type PostalAddress } from "./postal-address.server";

const at = (country: string, street: string, postalCode: string, locality: string, region = ""): PostalAddress => ({ street, postalCode, locality, region, country });

describe("a dealer's address as its country writes it", () => {
  it.each<[PostalAddress, string[]]>([
    [at("DE", "Hauptstraße 1", "80331", "München", "Bayern"), ["Hauptstraße 1", "80331 München"]],
    [at("AT", "Mariahilfer Straße 5", "1060", "Wien"), ["Mariahilfer Straße 5", "1060 Wien"]],
    [at("CH", "Bahnhofstrasse 3", "8001", "Zürich", "ZH"), ["Bahnhofstrasse 3", "8001 Zürich"]],
    [at("US", "12 Main St", "08353", "Shiloh", "NJ"), ["12 Main St", "Shiloh, NJ 08353"]],
    [at("US", "12 Main St", "08353", "Shiloh", "New Jersey"), ["12 Main St", "Shiloh, NJ 08353"]],
    [at("CA", "1 Queen St", "M5H 2N2", "Toronto", "ON"), ["1 Queen St", "Toronto, ON M5H 2N2"]],
    [at("GB", "10 Downing Street", "SW1A 2AA", "London", "England"), ["10 Downing Street", "London", "SW1A 2AA"]],
    [at("NL", "Damrak 1", "1012 LG", "Amsterdam", "Noord-Holland"), ["Damrak 1", "1012 LG Amsterdam"]],
    [at("FR", "1 rue de Rivoli", "75001", "Paris"), ["1 rue de Rivoli", "75001 Paris"]],
    // Hong Kong's template names a district the list does not have: the town is kept all the same.
    [at("HK", "1 Nathan Road", "", "Kowloon"), ["1 Nathan Road", "Kowloon"]],
  ])("%j", (address, lines) => {
    expect(addressLines(address)).toEqual(lines);
    expect(addressLine(address)).toBe(lines.join(", "));
  });

  it("writes every demo dealer exactly as before: street, postal code and town", () => {
    const { dealers } = generateDemoData(1962, { brand: shippedBrand() });
    expect(dealers.length).toBeGreaterThan(100);
    for (const dealer of dealers) {
      const address = at(dealer.country ?? "DE", dealer.street, dealer.postal_code, dealer.city);
      expect(addressLine(address)).toBe(`${dealer.street}, ${dealer.postal_code} ${dealer.city}`);
    }
  });
});
