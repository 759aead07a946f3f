import { normalisePlaceName } from "~/geo/postal-query";
import { DAY_COLUMNS } from "./dealer-hours-columns";

/*
 * Which column of a dealer list is which (issue 13, other tools' layouts issue 26): our own names
 * with their German and English aliases, Google Business Profile bulk sheets, Magento "stockists"
 * exports and the store-locator plug-ins (WP Store Locator's `wpsl_…`, Store Locator Plus's `sl_…`,
 * Stockist's and Cardinal's templates). Each column is recognised by its name; the layout a file
 * most likely came from is only named in the log.
 */

export const DEALER_COLUMNS = [
  "id",
  "name",
  "street",
  "street_2",
  "street_3",
  "street_4",
  "street_5",
  "sub_locality",
  "postal_code",
  "city",
  "region",
  "country",
  "country_iso",
  "phone",
  "email",
  "web",
  "tags",
  "labels",
  "lat",
  "lng",
  "services",
  "opening_hours",
  ...DAY_COLUMNS,
  "special_hours",
  "product_lines",
] as const;
export type DealerColumn = (typeof DEALER_COLUMNS)[number];

/** Our own layout (issue 13), in the order docs/importing.md shows it: the provider sync writes its rows so. */
export const OWN_DEALER_COLUMNS = [
  "id",
  "name",
  "street",
  "postal_code",
  "city",
  "country",
  "phone",
  "email",
  "web",
  "tags",
  "lat",
  "lng",
  "services",
  "opening_hours",
  "product_lines",
] as const satisfies readonly DealerColumn[];

/** Without these no dealer can be shown; `country` may be given as `country_iso` instead. */
const REQUIRED_COLUMNS: readonly DealerColumn[] = ["name", "street", "city", "country"];

const dayAliases = (english: string, german: string) => [`${english}_hours`, english, german, `${german}_offnungszeiten`];

/** Header names in the folded form of headerKey. */
export const ALIASES: Record<DealerColumn, readonly string[]> = {
  id: ["id", "dealer_id", "handler_id", "haendler_id", "customer_id", "kundennummer", "store_code", "shop_code", "stockist_id", "location_id", "store_number"],
  name: ["name", "dealer", "handler", "haendler", "firma", "company", "business_name", "title", "store", "store_name", "location_name"],
  street: ["street", "strasse", "address", "adresse", "anschrift", "address_line_1", "address_1", "address1", "street_address", "address_line1"],
  street_2: ["street_2", "address_line_2", "address_2", "address2", "address_line2", "adresszusatz"],
  street_3: ["street_3", "address_line_3", "address_3", "address3"],
  street_4: ["street_4", "address_line_4", "address_4", "address4"],
  street_5: ["street_5", "address_line_5", "address_5", "address5"],
  sub_locality: ["sub_locality", "district", "ortsteil"],
  postal_code: ["postal_code", "postcode", "post_code", "zip", "zip_code", "zipcode", "plz", "postleitzahl", "postal"],
  city: ["city", "town", "ort", "stadt", "locality"],
  region: ["region", "administrative_area", "state", "province", "state_province", "bundesland", "kanton", "county"],
  country: ["country", "land", "country_region", "country_name"],
  country_iso: ["country_code", "country_iso", "iso_country", "landercode"],
  phone: ["phone", "tel", "telephone", "telefon", "primary_phone", "phone_number", "telefonnummer"],
  email: ["email", "e_mail", "mail", "email_address"],
  web: ["web", "website", "webseite", "url", "homepage", "internet", "link", "website_url"],
  tags: ["tags", "tag"],
  labels: ["labels"],
  lat: ["lat", "latitude", "breite", "breitengrad"],
  lng: ["lng", "lon", "long", "longitude", "lange", "langengrad"],
  services: ["services", "service", "leistungen", "dienstleistungen"],
  opening_hours: ["opening_hours", "hours", "oeffnungszeiten", "offnungszeiten", "opening_times", "schedule", "business_hours"],
  monday_hours: dayAliases("monday", "montag"),
  tuesday_hours: dayAliases("tuesday", "dienstag"),
  wednesday_hours: dayAliases("wednesday", "mittwoch"),
  thursday_hours: dayAliases("thursday", "donnerstag"),
  friday_hours: dayAliases("friday", "freitag"),
  saturday_hours: dayAliases("saturday", "samstag"),
  sunday_hours: dayAliases("sunday", "sonntag"),
  special_hours: ["special_hours", "sonderoffnungszeiten", "holiday_hours"],
  product_lines: ["product_lines", "categories", "kategorien", "sortiment", "produktlinien", "lines"],
};

const COLUMN_OF = new Map(DEALER_COLUMNS.flatMap((column) => ALIASES[column].map((alias) => [alias, column] as const)));

/** The plug-ins store their fields as `wpsl_city` (WP Store Locator) and `sl_city` (Store Locator Plus). */
const PLUGIN_PREFIX = /^(?:wpsl|sl)_/;

/** "E-Mail" → "e_mail", " Straße " → "strasse", "Country/Region" → "country_region", "wpsl_zip" → "zip". */
export function headerKey(name: string): string {
  return normalisePlaceName(name).replace(/ /g, "_").replace(PLUGIN_PREFIX, "");
}

/** A problem in one cell, or in the header: `column` as the file names it, so people find it. */
export interface ColumnProblem {
  column: string;
  message: string;
}

export interface DealerHeader {
  /** Where each known column sits in a row, and its name as the file writes it. */
  columns: Partial<Record<DealerColumn, { index: number; name: string }>>;
  /** Every header cell, trimmed: a value under an empty one has no column. */
  names: readonly string[];
  /** The tool the column names point to, for the log ("Google Business Profile bulk sheet"). */
  layout: string;
}

export interface HeaderCheck {
  header: DealerHeader;
  errors: ColumnProblem[];
  warnings: ColumnProblem[];
}

/** The tool whose column names the header uses; ours when nothing else fits. */
function layoutOf(keys: readonly string[], raw: readonly string[]): string {
  const has = (key: string) => keys.includes(key);
  if (raw.some((name) => /^wpsl_/i.test(name.trim()))) return "WP Store Locator export";
  if (raw.some((name) => /^sl_/i.test(name.trim()))) return "Store Locator Plus export";
  if ((has("store_code") || has("shop_code")) && has("business_name")) return "Google Business Profile bulk sheet";
  if (has("store_id") && (has("schedule") || has("link"))) return "Magento stockists export";
  if (has("address_line_1") || has("address_1") || has("address1")) return "store-locator template";
  return "velocat dealer list";
}

/** Maps the header row (case, spaces, order and common aliases do not matter) onto our columns. */
export function checkDealerHeader(cells: readonly string[]): HeaderCheck {
  const columns: DealerHeader["columns"] = {};
  const errors: ColumnProblem[] = [];
  const warnings: ColumnProblem[] = [];
  const keys = cells.map((cell) => normalisePlaceName(cell).replace(/ /g, "_"));
  cells.forEach((cell, index) => {
    const name = cell.trim();
    if (name === "") return;
    const column = COLUMN_OF.get(headerKey(name));
    if (!column) {
      // One warning per column, never one per row.
      warnings.push({ column: name, message: "unknown column, ignored" });
      return;
    }
    const first = columns[column];
    if (first) errors.push({ column: name, message: `a second ${column} column (the first is "${first.name}")` });
    else columns[column] = { index, name };
  });
  for (const column of REQUIRED_COLUMNS) {
    if (columns[column] || (column === "country" && columns.country_iso)) continue;
    const others = ALIASES[column].filter((alias) => alias !== column).join(", ");
    errors.push({ column, message: `required column missing (also accepted: ${others})` });
  }
  // Said once here rather than on every row.
  if (!columns.email) warnings.push({ column: "email", message: "no e-mail column: the dealers' cards show no e-mail address" });
  if (!columns.id) {
    warnings.push({
      column: "id",
      message: "no id column: dealers are matched by name, postal code and street, so a renamed or moved dealer is a new one on the next import",
    });
  }
  return { header: { columns, names: cells.map((cell) => cell.trim()), layout: layoutOf(keys, cells) }, errors, warnings };
}
