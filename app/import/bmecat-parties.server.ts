import { isBrand, type ArticleFieldValues, type BrandNames } from "~/exchange/article-fields";
import type { Problems } from "~/exchange/import-report";
import { decodeEntities } from "./plain-text";
import { child, children, detached, textOf, type XmlNode } from "./xml-records.server";

/*
 * BMEcat 2005's way of giving a maker's addresses (GPSR Art. 19, issue 37): the header declares
 * parties (HEADER/PARTIES/PARTY with PARTY_ID, PARTY_ROLE and ADDRESS), and a product points at
 * its maker with PRODUCT_DETAILS/MANUFACTURER_IDREF. Our UDX fields (UDX.VELOCAT.MANUFACTURER_…)
 * say the same per product and win where a product has both; 1.2 files have no parties.
 */

/** A party as an article field takes it: null where its ADDRESS lacks that part. */
export interface MakerParty {
  name: string | null;
  /** One line: street, postal code and town, state, country (the form of the UDX field). */
  address: string | null;
  /** EMAIL, else URL (a contact form is an electronic address too). */
  electronic: string | null;
}

export interface MakerParties {
  byId: ReadonlyMap<string, MakerParty>;
  /** References to a party the header does not declare, warned about once each. */
  unknown: Set<string>;
}

export const NO_PARTIES: MakerParties = { byId: new Map(), unknown: new Set() };

const folded = (node: XmlNode | undefined) => detached(decodeEntities(textOf(node)).replace(/\s+/g, " ").trim());

/** The first non-empty text among elements of one name (2005 repeats STREET, CITY, … per language). */
function first(address: XmlNode, name: string): string {
  for (const node of children(address, name)) {
    const text = folded(node);
    if (text !== "") return text;
  }
  return "";
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

function country(address: XmlNode): string {
  const written = first(address, "COUNTRY");
  if (written !== "") return written;
  const code = first(address, "COUNTRY_CODED").toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return code;
  // ISO 3166 codes in English: a letter from abroad is addressed in English or the country's language.
  return regionNames.of(code) ?? code;
}

/** A postal address needs at least its town; without one the party gives none. */
function postalLine(address: XmlNode): string | null {
  const city = first(address, "CITY");
  if (city === "") return null;
  const street = first(address, "STREET") || first(address, "BOXNO");
  const zip = first(address, "ZIP") || first(address, "ZIPBOX");
  const parts = [street, `${zip} ${city}`.trim(), first(address, "STATE"), country(address)].filter((p) => p !== "");
  return parts.join(", ");
}

function readParty(party: XmlNode): MakerParty {
  // A party may hold several addresses (postal, delivery, …): the first with a town is its postal one.
  const addresses = children(party, "ADDRESS");
  const postal = addresses.find((a) => postalLine(a) !== null);
  const named = addresses.find((a) => first(a, "NAME") !== "");
  const electronic = addresses.map((a) => first(a, "EMAIL")).find((e) => e !== "") ?? addresses.map((a) => first(a, "URL")).find((u) => u !== "");
  return { name: named ? first(named, "NAME") : null, address: postal ? postalLine(postal) : null, electronic: electronic ?? null };
}

/** The header's parties by PARTY_ID (any role: a product's MANUFACTURER_IDREF says which is its maker). */
export function readParties(header: XmlNode): MakerParties {
  const byId = new Map<string, MakerParty>();
  for (const party of [...children(header, "PARTY"), ...children(child(header, "PARTIES") ?? header, "PARTY")]) {
    const maker = readParty(party);
    for (const id of children(party, "PARTY_ID").map(folded)) if (id !== "" && !byId.has(id)) byId.set(id, maker);
  }
  return { byId, unknown: new Set() };
}

/**
 * Fills an article's maker fields from the party its MANUFACTURER_IDREF names, each only where the
 * product itself has none: MANUFACTURER_NAME names the maker, the UDX fields give its addresses.
 */
export function applyMakerParty(values: ArticleFieldValues, details: XmlNode, context: { parties: MakerParties; brand: BrandNames; problems: Problems; where: string }): void {
  const ref = child(details, "MANUFACTURER_IDREF");
  const id = folded(ref);
  if (!ref || id === "") return;
  const party = context.parties.byId.get(id);
  if (!party) {
    if (!context.parties.unknown.has(id)) {
      context.parties.unknown.add(id);
      context.problems.warn(ref.line, `${context.where}/MANUFACTURER_IDREF`, `"${id}" is no PARTY_ID of the header's parties: the maker's addresses are not known`);
    }
    return;
  }
  const namedInProduct = folded(child(details, "MANUFACTURER_NAME")) !== "";
  if (!namedInProduct && party.name !== null && !isBrand(party.name, context.brand)) values.manufacturer = party.name;
  values.manufacturer_address ??= party.address;
  values.manufacturer_email ??= party.electronic;
}
