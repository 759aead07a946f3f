/** A dealer's address in the parts a postal address (and schema.org's PostalAddress) has. */
export interface AddressParts {
  street: string;
  postalCode: string;
  locality: string;
}

/**
 * The provider sends one line, "Hauptstraße 1, 80331 München" (Austrian and Swiss lists sometimes
 * "A-1010 Wien"); the town also comes on its own (`ort`), which wins when the line does not parse.
 */
export function splitAddress(adresse: string, ort: string): AddressParts {
  const comma = adresse.lastIndexOf(",");
  const street = (comma === -1 ? adresse : adresse.slice(0, comma)).trim();
  const rest = comma === -1 ? "" : adresse.slice(comma + 1).trim();
  const match = /^(?:[A-Z]{1,2}-)?(\d{4,5})\s+(.+)$/.exec(rest);
  if (!match) return { street: comma === -1 ? street : adresse.trim(), postalCode: "", locality: ort };
  return { street, postalCode: match[1] ?? "", locality: match[2]?.trim() || ort };
}
