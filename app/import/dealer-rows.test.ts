import { describe, expect, it } from "vitest";
import { DEALER_COLUMNS, type DealerColumn, checkDealerHeader, checkDealerRow } from "./dealer-rows";

const HEADER: string[] = [...DEALER_COLUMNS];
const { header } = checkDealerHeader(HEADER);

const GOOD: Record<DealerColumn, string> = {
  id: "H-1",
  name: "Radhaus Nord",
  street: "Hafenstraße 1",
  postal_code: "20457",
  city: "Hamburg",
  country: "DE",
  phone: "+49 40 123456",
  email: "info@radhaus-nord.example.de",
  web: "",
  tags: "viva",
  lat: "",
  lng: "",
  services: "",
  opening_hours: "",
  product_lines: "",
};

/** One row in HEADER order: the good values with some replaced. */
function check(changes: Partial<Record<DealerColumn, string>>) {
  const values = { ...GOOD, ...changes };
  return checkDealerRow(
    HEADER.map((column) => values[column as DealerColumn]),
    header,
  );
}

describe("checkDealerHeader", () => {
  it("ignores case, surrounding spaces and order, and knows German and English aliases", () => {
    const result = checkDealerHeader([" PLZ ", "Ort", "ID", "Name", "Straße", "Land", "Telefon", "E-Mail", "Website", "Tag", "Latitude", "Longitude"]);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.header.columns).toMatchObject({
      postal_code: { index: 0, name: "PLZ" },
      city: { index: 1, name: "Ort" },
      id: { index: 2 },
      street: { index: 4, name: "Straße" },
      phone: { index: 6 },
      email: { index: 7 },
      web: { index: 8 },
      tags: { index: 9 },
      lat: { index: 10 },
      lng: { index: 11 },
    });
    expect(checkDealerHeader(["id", "name", "address", "zip", "town", "country", "tel", "mail", "url", "lat", "lon"]).errors).toEqual([]);
  });

  it("warns about unknown columns and fails on missing required ones and on a column given twice", () => {
    const result = checkDealerHeader(["id", "Name", "Fax", "zip", "postal_code", "country", "email"]);
    expect(result.warnings).toEqual([{ column: "Fax", message: "unknown column, ignored" }]);
    expect(result.errors).toEqual([
      { column: "postal_code", message: 'a second postal_code column (the first is "zip")' },
      { column: "street", message: "required column missing (also accepted: strasse, address, adresse, anschrift)" },
      { column: "city", message: "required column missing (also accepted: town, ort, stadt)" },
    ]);
  });
});

describe("checkDealerRow", () => {
  it("normalises a good row into what the dealers table stores", () => {
    const result = check({
      name: "  Rad \"Sport\"\n Huber ",
      web: "www.rad-sport-huber.example.de",
      tags: "viva,  city, VIVA,,",
      lat: "53,5511",
      lng: " 9.9937",
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.dealer).toEqual({
      source_id: "H-1",
      name: 'Rad "Sport" Huber',
      street: "Hafenstraße 1",
      postal_code: "20457",
      city: "Hamburg",
      country: "DE",
      tel: "+49 40 123456",
      email: "info@radhaus-nord.example.de",
      web: "https://www.rad-sport-huber.example.de",
      tag: "viva, city",
      lat: 53.5511,
      lng: 9.9937,
      services: "",
      opening_hours: "",
      product_lines: "",
    });
  });

  it.each([
    ["DE", "DE"],
    ["de", "DE"],
    ["Deutschland", "DE"],
    ["Germany", "DE"],
    ["D", "DE"],
    ["AT", "AT"],
    ["Österreich", "AT"],
    ["Oesterreich", "AT"],
    ["austria", "AT"],
    ["A", "AT"],
    ["ch", "CH"],
    ["Schweiz", "CH"],
    ["Suisse", "CH"],
    ["Svizzera", "CH"],
    ["Switzerland", "CH"],
  ])("reads the country %s as %s", (written, code) => {
    const postal = code === "DE" ? "20457" : "8001";
    expect(check({ country: written, postal_code: postal }).dealer?.country).toBe(code);
  });

  it.each([
    ["A-1010", "AT", "1010"],
    ["a 1010", "AT", "1010"],
    ["CH-8001", "CH", "8001"],
    ["D-01067", "DE", "01067"],
    ["DE-01067", "DE", "01067"],
    ["01067", "DE", "01067"],
    ["1010", "AT", "1010"],
  ])("normalises the postal code %s (%s) to %s", (written, country, stored) => {
    const result = check({ postal_code: written, country });
    expect(result.errors).toEqual([]);
    expect(result.dealer?.postal_code).toBe(stored);
  });

  it("reads a German code a spreadsheet shortened to four digits with its zero, and says so", () => {
    const result = check({ postal_code: "1067" });
    expect(result.dealer?.postal_code).toBe("01067");
    expect(result.warnings).toEqual([
      { column: "postal_code", message: '4 digits, read as "01067" (spreadsheets drop the leading zero of numbers): "1067"' },
    ]);
  });

  it.each<[Partial<Record<DealerColumn, string>>, string, string]>([
    [{ id: " " }, "id", "id is empty"],
    [{ name: "" }, "name", "name is empty"],
    [{ street: "" }, "street", "street is empty"],
    [{ city: "" }, "city", "city is empty"],
    [{ country: "" }, "country", "country is empty"],
    [{ country: "France" }, "country", 'country not DE/AT/CH: "France"'],
    [{ country: "Italia" }, "country", 'country not DE/AT/CH: "Italia"'],
    [{ postal_code: "" }, "postal_code", "postal code is empty"],
    [{ postal_code: "A-1010" }, "postal_code", 'postal code prefix A- contradicts country DE: "A-1010"'],
    [{ postal_code: "D-01067", country: "CH" }, "postal_code", 'postal code prefix D- contradicts country CH: "D-01067"'],
    [{ postal_code: "F-75001" }, "postal_code", 'postal code prefix not D, A or CH: "F-75001"'],
    [{ postal_code: "2045 7" }, "postal_code", 'not a postal code: "2045 7"'],
    [{ postal_code: "123456" }, "postal_code", 'not a German postal code (5 digits): "123456"'],
    [{ postal_code: "10115", country: "AT" }, "postal_code", 'not an Austrian postal code (4 digits): "10115"'],
    [{ postal_code: "CH-800", country: "CH" }, "postal_code", 'not a Swiss postal code (4 digits): "CH-800"'],
    [{ email: "info@" }, "email", 'bad e-mail: "info@"'],
    [{ email: "info example.de" }, "email", 'bad e-mail: "info example.de"'],
    [{ web: "http://exa mple.de" }, "web", 'not a web address: "http://exa mple.de"'],
    [{ web: "javascript:alert(1)" }, "web", 'not a web address: "javascript:alert(1)"'],
    [{ web: "ftp://example.de" }, "web", 'not a web address: "ftp://example.de"'],
    [{ lat: "53,5" }, "lng", "lat without lng: give both or neither"],
    [{ lng: "10" }, "lat", "lng without lat: give both or neither"],
    [{ lat: "abc", lng: "10" }, "lat", 'not a number: "abc"'],
    [{ lat: "53°33'", lng: "10" }, "lat", `not a number: "53°33'"`],
    [{ lat: "91", lng: "10" }, "lat", "coordinates out of range: 91 (allowed: -90 to 90)"],
    [{ lat: "53", lng: "-180,5" }, "lng", "coordinates out of range: -180,5 (allowed: -180 to 180)"],
  ])("refuses %j: %s", (changes, column, message) => {
    const result = check(changes);
    expect(result.dealer).toBeNull();
    expect(result.errors).toEqual([{ column, message }]);
  });

  it("lists every problem of a row at once, under the file's own column names", () => {
    const ownHeader = checkDealerHeader(["ID", "Name", "Straße", "PLZ", "Ort", "Land", "E-Mail"]).header;
    const result = checkDealerRow(["", "", "Weg 1", "A-1010", "Wien", "DE", "nope"], ownHeader);
    expect(result.errors).toEqual([
      { column: "ID", message: "id is empty" },
      { column: "Name", message: "name is empty" },
      { column: "E-Mail", message: 'bad e-mail: "nope"' },
      { column: "PLZ", message: 'postal code prefix A- contradicts country DE: "A-1010"' },
    ]);
  });

  it("refuses a value under no column: in a CSV, a delimiter inside an unquoted value", () => {
    const result = checkDealerRow([...HEADER.map((c) => GOOD[c as DealerColumn]), "extra"], header);
    expect(result.errors).toEqual([
      {
        column: "column 16",
        message: 'a value where the header names no column: "extra" (a value that contains the delimiter needs quotes)',
      },
    ]);
  });

  it("reads services in German or English and opening hours into their stored forms, and stocked lines as a clean list", () => {
    const result = check({
      services: "Probefahrten, Werkstatt; E-Bike-Service",
      opening_hours: "Di-Fr 9:00-18:00; Sa 09:00–13:00; Feiertage off",
      product_lines: " Beleuchtung,Schlösser , beleuchtung,, ",
    });
    expect(result.errors).toEqual([]);
    expect(result.dealer).toMatchObject({
      services: "workshop,ebike-service,test-rides",
      opening_hours: "Tu-Fr 09:00-18:00; Sa 09:00-13:00; PH off",
      product_lines: "Beleuchtung, Schlösser",
    });
  });

  it("refuses services it does not know and hours it cannot read, saying where", () => {
    const result = check({ services: "Werkstatt, Kaffeebar", opening_hours: "Mo-Fr 09:00-18:00; Sa 9-13" });
    expect(result.dealer).toBeNull();
    expect(result.errors).toEqual([
      { column: "services", message: expect.stringContaining('unknown service "Kaffeebar" (known: workshop, ebike-service') },
      { column: "opening_hours", message: 'opening hours: "9" is not a time (at character 23, "9")' },
    ]);
  });

  it("keeps a dealer without e-mail (stored empty) and without web address, with a warning for the e-mail", () => {
    const result = check({ email: "", web: "", phone: "" });
    expect(result.dealer).toMatchObject({ email: "", web: null, tel: "" });
    expect(result.warnings).toEqual([{ column: "email", message: "no e-mail address: the dealer's card shows none" }]);
  });

  it("says once, for the header, that a file without an e-mail column gives no addresses", () => {
    const withoutEmail = checkDealerHeader(["id", "name", "street", "postal_code", "city", "country"]);
    expect(withoutEmail.warnings).toEqual([{ column: "email", message: "no e-mail column: the dealers' cards show no e-mail address" }]);
    const result = checkDealerRow(["H-1", "Radhaus", "Weg 1", "20457", "Hamburg", "DE"], withoutEmail.header);
    expect(result.warnings).toEqual([]);
    expect(result.dealer).toMatchObject({ email: "", tel: "", web: null, tag: "" });
  });

  it("drops coordinates outside Germany, Austria and Switzerland with a warning, so the postal code places the dealer", () => {
    const zero = check({ lat: "0", lng: "0" });
    expect(zero.dealer).toMatchObject({ lat: null, lng: null });
    expect(zero.warnings).toEqual([
      {
        column: "lat",
        message: "0, 0 lies outside Germany, Austria and Switzerland: the postal code's centre is used instead",
      },
    ]);
    const swapped = check({ lat: "9.99", lng: "53.55" });
    expect(swapped.dealer).toMatchObject({ lat: null, lng: null });
    expect(swapped.warnings[0]?.message).toContain("(lat and lng swapped?)");
  });
});
