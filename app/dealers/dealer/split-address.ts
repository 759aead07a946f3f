/** A dealer's address in the parts a postal address (and schema.org's PostalAddress) has. */
export interface AddressParts {
  street: string;
  postalCode: string;
  locality: string;
}

/** What the dealer page shows and says: the lines as the country writes them (without the country), and the parts for schema.org. */
export interface ShownAddress extends AddressParts {
  region: string;
  lines: string[];
}

/**
 * A dealer's address is one line, "Hauptstraße 1, 80331 München" (Austrian and Swiss lists sometimes
 * "A-1010 Wien"); the town also comes on its own (`city`), which wins when the line does not parse.
 */
export function splitAddress(address: string, city: string): AddressParts {
  const comma = address.lastIndexOf(",");
  const street = (comma === -1 ? address : address.slice(0, comma)).trim();
  const rest = comma === -1 ? "" : address.slice(comma + 1).trim();
  const match = /^(?:[A-Z]{1,2}-)?(\d{4,5})\s+(.+)$/.exec(rest);
  // Other countries' codes ("SW1X 7XL London", "1015 EA Amsterdam") or none ("Kowloon"): the town is known.
  const beforeCity = city !== "" && (rest === city || rest.endsWith(` ${city}`)) ? rest.slice(0, rest.length - city.length).trim() : null;
  if (beforeCity !== null && match?.[2]?.trim() !== city) return { street, postalCode: beforeCity, locality: city };
  if (!match) return { street: comma === -1 ? street : address.trim(), postalCode: "", locality: city };
  return { street, postalCode: match[1] ?? "", locality: match[2]?.trim() || city };
}
