import { describe, expect, it } from "vitest";
import { splitAddress } from "./split-address";

describe("splitAddress", () => {
  it("splits street, postal code and town", () => {
    expect(splitAddress("Hauptstraße 1, 80331 München", "München")).toEqual({ street: "Hauptstraße 1", postalCode: "80331", locality: "München" });
  });

  it("reads Austrian and Swiss codes with or without a country prefix", () => {
    expect(splitAddress("Ringstraße 5, A-1010 Wien", "Wien")).toEqual({ street: "Ringstraße 5", postalCode: "1010", locality: "Wien" });
    expect(splitAddress("Bahnhofstrasse 3, 8001 Zürich", "Zürich")).toEqual({ street: "Bahnhofstrasse 3", postalCode: "8001", locality: "Zürich" });
  });

  it("keeps a comma inside the street and splits at the last one", () => {
    expect(splitAddress("Hof 2, Eingang B, 10115 Berlin", "Berlin")).toEqual({ street: "Hof 2, Eingang B", postalCode: "10115", locality: "Berlin" });
  });

  it("keeps a line it cannot read whole and takes the town from the list", () => {
    expect(splitAddress("Am Markt 3", "Kassel")).toEqual({ street: "Am Markt 3", postalCode: "", locality: "Kassel" });
    expect(splitAddress("Am Markt 3, Kassel", "Kassel")).toEqual({ street: "Am Markt 3", postalCode: "", locality: "Kassel" });
  });

  it("splits other countries' postal codes, and an address without one, at the town", () => {
    expect(splitAddress("87-135 Brompton Rd, SW1X 7XL London", "London")).toEqual({ street: "87-135 Brompton Rd", postalCode: "SW1X 7XL", locality: "London" });
    expect(splitAddress("Prinsengracht 100, 1015 EA Amsterdam", "Amsterdam")).toEqual({ street: "Prinsengracht 100", postalCode: "1015 EA", locality: "Amsterdam" });
    expect(splitAddress("88 Nathan Road, Shop 5, Kowloon", "Kowloon")).toEqual({ street: "88 Nathan Road, Shop 5", postalCode: "", locality: "Kowloon" });
  });
});
