import { describe, expect, it } from "vitest";
import { checkDealerHeader } from "./dealer-header";

/** The columns each layout's header maps to, in the header's order (null: unknown, one warning). */
function mapped(cells: string[]) {
  const { header, errors, warnings } = checkDealerHeader(cells);
  const columnAt = new Map(Object.entries(header.columns).map(([column, at]) => [at.index, column]));
  return { layout: header.layout, columns: cells.map((_, index) => columnAt.get(index) ?? null), errors, warnings };
}

describe("checkDealerHeader: other tools' layouts", () => {
  it("reads a Google Business Profile bulk sheet", () => {
    const result = mapped([
      "Store code", "Business name", "Address line 1", "Address line 2", "Address line 3", "Address line 4", "Address line 5",
      "Sub-locality", "Locality", "Administrative area", "Country/Region", "Postal code", "Primary phone", "Website",
      "Latitude", "Longitude", "Sunday hours", "Monday hours", "Tuesday hours", "Wednesday hours", "Thursday hours",
      "Friday hours", "Saturday hours", "Special hours", "Labels", "Primary category",
    ]);
    expect(result.layout).toBe("Google Business Profile bulk sheet");
    expect(result.errors).toEqual([]);
    expect(result.columns).toEqual([
      "id", "name", "street", "street_2", "street_3", "street_4", "street_5", "sub_locality", "city", "region", "country",
      "postal_code", "phone", "web", "lat", "lng", "sunday_hours", "monday_hours", "tuesday_hours", "wednesday_hours",
      "thursday_hours", "friday_hours", "saturday_hours", "special_hours", "labels", null,
    ]);
    expect(result.warnings).toEqual([
      { column: "Primary category", message: "unknown column, ignored" },
      { column: "email", message: "no e-mail column: the dealers' cards show no e-mail address" },
    ]);
    expect(mapped(["Shop code", "Business name", "Address line 1", "Locality", "Country/Region", "Postcode"]).columns).toEqual([
      "id", "name", "street", "city", "country", "postal_code",
    ]);
  });

  it("reads a Magento stockists export, warning once per column it does not use", () => {
    const result = mapped([
      "store_id", "name", "address", "city", "country", "postcode", "region", "email", "phone", "link", "image", "latitude",
      "longitude", "status", "updated_at", "created_at", "schedule", "station", "description", "intro", "details_image",
      "distance", "external_link",
    ]);
    expect(result.layout).toBe("Magento stockists export");
    expect(result.errors).toEqual([]);
    expect(result.columns.slice(0, 13)).toEqual([null, "name", "street", "city", "country", "postal_code", "region", "email", "phone", "web", null, "lat", "lng"]);
    expect(result.columns[16]).toBe("opening_hours");
    expect(result.warnings.map((w) => w.column)).toEqual([
      "store_id", "image", "status", "updated_at", "created_at", "station", "description", "intro", "details_image", "distance", "external_link", "id",
    ]);
  });

  it("reads WP Store Locator and Store Locator Plus exports by their field prefixes", () => {
    const wpsl = mapped(["title", "wpsl_address", "wpsl_address2", "wpsl_city", "wpsl_state", "wpsl_zip", "wpsl_country", "wpsl_lat", "wpsl_lng", "wpsl_phone", "wpsl_email", "wpsl_url", "wpsl_country_iso", "wpsl_hours"]);
    expect(wpsl.layout).toBe("WP Store Locator export");
    expect(wpsl.errors).toEqual([]);
    expect(wpsl.columns).toEqual(["name", "street", "street_2", "city", "region", "postal_code", "country", "lat", "lng", "phone", "email", "web", "country_iso", "opening_hours"]);
    const slp = mapped(["sl_id", "sl_store", "sl_address", "sl_address2", "sl_city", "sl_state", "sl_zip", "sl_country", "sl_latitude", "sl_longitude", "sl_tags", "sl_email", "sl_url", "sl_hours", "sl_phone"]);
    expect(slp.layout).toBe("Store Locator Plus export");
    expect(slp.errors).toEqual([]);
    expect(slp.columns).toEqual(["id", "name", "street", "street_2", "city", "region", "postal_code", "country", "lat", "lng", "tags", "email", "web", "opening_hours", "phone"]);
  });

  it("needs name, street, city and country, and no longer an id or a postal code", () => {
    expect(mapped(["name", "street", "city", "country"]).errors).toEqual([]);
    expect(mapped(["name", "street", "city"]).errors).toEqual([{ column: "country", message: expect.stringContaining("required column missing") }]);
  });
});

describe("ERP and shop-system names", () => {
  it.each<[string, string | null]>([
    ["EmailAddress", "email"],
    ["ShipToCity", "city"],
    ["CustomerName", "name"],
    ["TelephoneNo", "phone"],
    ["ShipToZipCode", "postal_code"],
    ["ShipToCountryCode", "country_iso"],
    ["ShipToState", "region"],
    ["URLAddress", "web"],
    ["customerID", "id"],
    ["companyName", "name"],
    ["CardCode", "id"],
    ["IntrntSite", "web"],
    ["E_Mail", "email"],
    ["Phone1", "phone"],
    ["No.", "id"],
    ["Post Code", "postal_code"],
    ["Country/Region Code", "country_iso"],
    ["Phone No.", "phone"],
    ["Home Page", "web"],
    ["Name (Adressattyp Unternehmen)", "name"],
    ["Konto", "id"],
    ["defaultBillingAddress.zipcode", "postal_code"],
    ["_address_city", "city"],
    ["Bill to Address-Line One", "street"],
    ["street2", "street_2"],
    // Magento's store view, not the stockist: no prefix is taken off a name it does not hold.
    ["store_id", null],
    ["contactTitle", null],
  ])("%s → %s", (name, column) => {
    const { header } = checkDealerHeader([name, "x"]);
    expect(Object.entries(header.columns).find(([, at]) => at.index === 0)?.[0] ?? null).toBe(column);
  });

  it("prefers the ship-to address over the plain one and that over the invoice address, naming the one left out", () => {
    const { header, errors, warnings } = checkDealerHeader(["Name", "BillToCity", "City", "ShipToCity", "Street", "Country"]);
    expect(errors).toEqual([]);
    expect(header.columns.city).toEqual({ index: 3, name: "ShipToCity" });
    expect(warnings.filter((w) => w.message.startsWith("not used"))).toEqual([
      { column: "BillToCity", message: 'not used: "City" gives the city (a shop\'s own address wins over the invoice address)' },
      { column: "City", message: 'not used: "ShipToCity" gives the city (a shop\'s own address wins over the invoice address)' },
    ]);
  });

  it("takes --map before names, needs no country column with --country or coordinates, and says what a --map misses", () => {
    const mapped = checkDealerHeader(["Kunde", "Anschrift", "Ort", "geo_lat", "geo_lon"], { map: { name: "Kunde", lat: "GEO LAT", lng: "geo_lon" } });
    expect(mapped.errors).toEqual([]);
    expect(mapped.header.columns).toMatchObject({ name: { index: 0 }, lat: { index: 3 }, lng: { index: 4 } });
    expect(checkDealerHeader(["name", "street", "city"], { country: "US" }).errors).toEqual([]);
    expect(checkDealerHeader(["name", "street", "city"], { map: { phone: "Telefon" } }).usage).toEqual([
      '--map phone=Telefon: the header has no column "Telefon" (it has "name", "street", "city")',
    ]);
  });
});
