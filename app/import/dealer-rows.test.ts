import { describe, expect, it } from "vitest";
import { OWN_DEALER_COLUMNS } from "./dealer-layouts";
import { checkDealerHeader, checkDealerRow } from "./dealer-rows";

type OwnColumn = (typeof OWN_DEALER_COLUMNS)[number];
const HEADER: string[] = [...OWN_DEALER_COLUMNS];
const { header } = checkDealerHeader(HEADER);

const GOOD: Record<OwnColumn, string> = {
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
function check(changes: Partial<Record<OwnColumn, string>>) {
  const values = { ...GOOD, ...changes };
  return checkDealerRow(
    HEADER.map((column) => values[column as OwnColumn]),
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
      { column: "street", message: expect.stringMatching(/^required column missing \(also accepted: strasse, address, adresse, anschrift, address_line_1, /) },
      { column: "city", message: "required column missing (also accepted: town, ort, stadt, locality, city_name, …; or name yours with --map)" },
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
      region: "",
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
    ["France", "FR"],
    ["FRA", "FR"],
    ["Frankreich", "FR"],
    ["Italia", "IT"],
    ["United Kingdom", "GB"],
    ["UK", "GB"],
    ["hk", "HK"],
  ])("reads the country %s as %s", (written, code) => {
    const postal = { DE: "20457", AT: "8001", CH: "8001" }[code] ?? "";
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

  it.each<[Partial<Record<OwnColumn, string>>, string, string]>([
    [{ id: " " }, "id", "id is empty"],
    [{ name: "" }, "name", "name is empty"],
    [{ street: "" }, "street", "street is empty"],
    [{ city: "" }, "city", "city is empty"],
    [{ country: "" }, "country", "no country: write one, or give --country CC for the rows without one"],
    [{ country: "", lat: "30", lng: "-40" }, "country", "no country, and 30, -40 lies in no country: write one, or give --country CC for the rows without one"],
    [{ country: "Atlantis" }, "country", 'unknown country "Atlantis" (write the ISO code, e.g. DE, FR, GB)'],
    [{ country: "XX" }, "country", 'unknown country "XX" (write the ISO code, e.g. DE, FR, GB)'],
    [{ country: "Congo" }, "country", 'country "Congo" is ambiguous (CG, CD): write the ISO code'],
    [{ postal_code: "" }, "postal_code", "postal code is empty"],
    [{ postal_code: "A-1010" }, "postal_code", 'postal code prefix A- contradicts country DE: "A-1010"'],
    [{ postal_code: "D-01067", country: "CH" }, "postal_code", 'postal code prefix D- contradicts country CH: "D-01067"'],
    [{ postal_code: "F-75001" }, "postal_code", 'postal code prefix not D, A or CH: "F-75001"'],
    [{ postal_code: "2045 7" }, "postal_code", 'not a postal code: "2045 7"'],
    [{ postal_code: "123456" }, "postal_code", 'not a German postal code (5 digits): "123456"'],
    [{ postal_code: "10115", country: "AT" }, "postal_code", 'not an Austrian postal code (4 digits): "10115"'],
    [{ postal_code: "CH-800", country: "CH" }, "postal_code", 'not a Swiss postal code (4 digits): "CH-800"'],
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
      { column: "Name", message: "name is empty" },
      { column: "ID", message: "id is empty" },
      { column: "PLZ", message: 'postal code prefix A- contradicts country DE: "A-1010"' },
    ]);
    expect(result.warnings).toEqual([{ column: "E-Mail", message: 'bad e-mail, left out: "nope"' }]);
  });

  it("refuses a value under no column: in a CSV, a delimiter inside an unquoted value", () => {
    const result = checkDealerRow([...HEADER.map((c) => GOOD[c as OwnColumn]), "extra"], header);
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

  it("refuses services it does not know, and leaves out hours it cannot read with a warning saying where", () => {
    const result = check({ services: "Werkstatt, Kaffeebar", opening_hours: "Mo-Fr 09:00-18:00; Sa 9-13" });
    expect(result.dealer).toBeNull();
    expect(result.errors).toEqual([
      { column: "services", message: expect.stringContaining('unknown service "Kaffeebar" (known: workshop, ebike-service') },
    ]);
    expect(result.warnings).toEqual([
      { column: "opening_hours", message: 'opening hours: "9" is not a time (at character 23, "9"): the hours are left out' },
    ]);
    expect(check({ opening_hours: "Mo-Fr 09:00-18:00; Sa 9-13" }).dealer).toMatchObject({ opening_hours: "" });
  });

  it.each<[Partial<Record<OwnColumn, string>>, string, string]>([
    [{ email: "info@" }, "email", 'bad e-mail, left out: "info@"'],
    [{ email: "info example.de" }, "email", 'bad e-mail, left out: "info example.de"'],
    [{ web: "http://exa mple.de" }, "web", 'not a web address, left out: "http://exa mple.de"'],
    [{ web: "javascript:alert(1)" }, "web", 'not a web address, left out: "javascript:alert(1)"'],
    [{ web: "ftp://example.de" }, "web", 'not a web address, left out: "ftp://example.de"'],
    [{ web: "harrods" }, "web", 'not a web address, left out: "harrods"'],
  ])("keeps the dealer without %j, with a warning: %s", (changes, column, message) => {
    const result = check(changes);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([{ column, message }]);
    expect(result.dealer).toMatchObject(column === "email" ? { email: "" } : { web: null });
  });

  it("keeps a dealer without e-mail (stored empty) and without web address, with a warning for the e-mail", () => {
    const result = check({ email: "", web: "", phone: "" });
    expect(result.dealer).toMatchObject({ email: "", web: null, tel: "" });
    expect(result.warnings).toEqual([{ column: "email", message: "no e-mail address: the dealer's card shows none" }]);
  });

  it("says once, for the header, that a file without an e-mail column gives no addresses, and gives a list without tags the brand's tag", () => {
    const withoutEmail = checkDealerHeader(["id", "name", "street", "postal_code", "city", "country"]);
    expect(withoutEmail.warnings).toEqual([{ column: "email", message: "no e-mail column: the dealers' cards show no e-mail address" }]);
    const result = checkDealerRow(["H-1", "Radhaus", "Weg 1", "20457", "Hamburg", "DE"], withoutEmail.header);
    expect(result.warnings).toEqual([]);
    expect(result.dealer).toMatchObject({ email: "", tel: "", web: null, tag: "viva" });
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

describe("checkDealerRow: dealers outside Germany, Austria and Switzerland", () => {
  it.each([
    ["FR", "75004", "75004"],
    ["GB", "sw1x  7xl", "SW1X 7XL"],
    ["NL", "1015 EA", "1015 EA"],
    ["HK", "", ""],
    ["IE", "", ""],
  ])("keeps the postal code of %s %j as %j", (country, written, stored) => {
    const result = check({ country, postal_code: written, lat: "", lng: "" });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.dealer).toMatchObject({ country, postal_code: stored });
  });

  it("drops a code that does not fit the country's pattern with a warning and keeps the dealer", () => {
    const result = check({ country: "US", postal_code: "TX 75039" });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([{ column: "postal_code", message: 'not a postal code of US, left out: "TX 75039"' }]);
    expect(result.dealer).toMatchObject({ country: "US", postal_code: "" });
  });

  it("keeps coordinates anywhere in the world, but not 0, 0", () => {
    expect(check({ country: "FR", postal_code: "75004", lat: "48.8556", lng: "2.3572" }).dealer).toMatchObject({ lat: 48.8556, lng: 2.3572 });
    const zero = check({ country: "FR", postal_code: "75004", lat: "0", lng: "0" });
    expect(zero.dealer).toMatchObject({ lat: null, lng: null });
    expect(zero.warnings).toEqual([{ column: "lat", message: "0, 0 is no dealer's position: the town's centre is used instead" }]);
  });
});

describe("checkDealerRow: other tools' layouts", () => {
  it("reads a Google Business Profile row: address lines, day columns with special hours, labels after the brand's tag, no id needed", () => {
    const cells = {
      "Store code": "FR-1",
      "Business name": "Vélo Lumière",
      "Address line 1": "12 Rue de Rivoli",
      "Address line 2": "2e étage",
      "Sub-locality": "Marais",
      Locality: "Paris",
      "Administrative area": "Île-de-France",
      "Country/Region": "FR",
      Postcode: "75004",
      "Primary phone": "+33 1 42 00 00 00",
      Website: "www.velo.example.fr",
      "Monday hours": "09:00-19:00",
      "Saturday hours": "22:00-02:00",
      "Sunday hours": "x",
      "Special hours": "2025-12-31: 05:00-23:00, 2026-01-01: x",
      Labels: "city, Paris",
    };
    const { header, errors } = checkDealerHeader(Object.keys(cells));
    expect(errors).toEqual([]);
    expect(header.layout).toBe("Google Business Profile bulk sheet");
    const result = checkDealerRow(Object.values(cells), header);
    expect(result.errors).toEqual([]);
    expect(result.dealer).toMatchObject({
      source_id: "FR-1",
      street: "12 Rue de Rivoli, 2e étage, Marais",
      region: "Île-de-France",
      tel: "+33 1 42 00 00 00",
      web: "https://www.velo.example.fr",
      tag: "viva, city, Paris",
      opening_hours: "Mo 09:00-19:00; Sa 22:00-02:00; 2025-12-31 05:00-23:00; 2026-01-01 off",
    });
  });

  it("matches a list without ids by name, postal code and street", () => {
    const { header } = checkDealerHeader(["name", "address", "city", "country", "postcode", "schedule"]);
    const result = checkDealerRow(["Harrods", "87-135 Brompton Rd", "London", "GB", "SW1X 7XL", "Monday to Thursday 8:00 - 18:30\\n\nFriday 8:00 - 19:00"], header);
    expect(result.dealer).toMatchObject({ source_id: "~harrods sw1x 7xl 87 135 brompton rd", opening_hours: "Mo-Th 08:00-18:30; Fr 08:00-19:00" });
  });

  it("prefers WP Store Locator's ISO country code to its country name", () => {
    const { header } = checkDealerHeader(["title", "wpsl_address", "wpsl_city", "wpsl_zip", "wpsl_country", "wpsl_country_iso"]);
    const result = checkDealerRow(["De Ketting", "Prinsengracht 100", "Amsterdam", "1015 EA", "The Netherlands (NL)", "NL"], header);
    expect(result.errors).toEqual([]);
    expect(result.dealer).toMatchObject({ country: "NL", postal_code: "1015 EA" });
  });
});
