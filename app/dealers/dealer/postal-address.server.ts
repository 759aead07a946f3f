import addressFormatter from "@fragaria/address-formatter";

/*
 * A dealer's address as its country writes it (issue 38, decision 072): "Hauptstraße 1 / 80331
 * München", "12 Main St / Shiloh, NJ 08353", "10 Downing Street / London / SW1A 2AA". The order
 * and punctuation come from OpenCage's address templates (@fragaria/address-formatter, every
 * country); this is the one place that formats a dealer's address, for the card, the map popup,
 * where to buy, the dealer page and the provider JSON alike. Server only: the templates are some
 * 200 KB and the browser gets the formatted lines.
 */

export interface PostalAddress {
  /** One line: street and number as the list writes them (joined with ", " from several address columns). */
  street: string;
  postalCode: string;
  locality: string;
  /** State, province or region ("NJ", "Ontario"); printed only where the country's template has one. */
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * Stands for the country in the template, which then never falls back on the region in its place
 * (the UK's template prints "England" where the country is missing); its line is dropped.
 */
const COUNTRY_MARK = "\u2063country\u2063";

/** The address lines without the country (pages name it in their own language). */
export function addressLines(address: PostalAddress): string[] {
  const lines = addressFormatter
    .format(
      {
        road: address.street,
        postcode: address.postalCode,
        city: address.locality,
        state: address.region,
        countryCode: address.country,
        country: COUNTRY_MARK,
      },
      { output: "array", appendCountry: false },
    )
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.includes(COUNTRY_MARK));
  // Some templates name the town only by a part the list lacks (Hong Kong's district): nothing the
  // list gave is lost.
  const missing = [address.postalCode, address.locality].filter((part) => part !== "" && !lines.some((line) => line.includes(part)));
  if (missing.length > 0) lines.push(missing.join(" "));
  return lines;
}

/** One line, as the cards and the provider JSON show it: "Hauptstraße 1, 80331 München". */
export function addressLine(address: PostalAddress): string {
  return addressLines(address).join(", ");
}
