import { normalisePlaceName } from "~/geo/postal-query";
import { DAY_COLUMNS } from "./dealer-hours-columns";

/*
 * Which column of a dealer list is which (issue 13, other tools' layouts issue 26): our own names
 * with their German and English aliases, Google Business Profile bulk sheets, Magento "stockists"
 * exports and the store-locator plug-ins (WP Store Locator's `wpsl_…`, Store Locator Plus's `sl_…`,
 * Stockist's and Cardinal's templates), and ERP and shop customer exports (issue 38). Each column is
 * recognised by its name (dealer-header.ts reads the header row); the layout a file most likely came
 * from is only named in the log.
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

const dayAliases = (english: string, german: string) => [`${english}_hours`, english, german, `${german}_offnungszeiten`];

/**
 * Header names in the folded form of headerKey. Besides ours and the store-locator tools': what ERPs
 * and shop systems export (Sage 50 / 100, SAP Business One and S/4HANA, DATEV, Microsoft Dynamics
 * NAV / Business Central, Odoo, Shopware, Magento), whose role prefixes (`ShipTo…`, `Billing…`)
 * ROLE_PREFIXES takes off first.
 */
export const ALIASES: Record<DealerColumn, readonly string[]> = {
  id: [
    "id", "dealer_id", "handler_id", "haendler_id", "customer_id", "kundennummer", "store_code", "shop_code", "stockist_id", "location_id",
    "store_number", "no", "number", "nr", "customer_no", "customer_number", "card_code", "konto", "kontonummer", "debitor", "debitorennummer", "account_number",
  ],
  name: [
    "name", "dealer", "handler", "haendler", "firma", "company", "business_name", "title", "store", "store_name", "location_name",
    "customer_name", "card_name", "display_name", "name_1", "name1", "name_adressattyp_unternehmen", "unternehmen", "firmenname", "account_name",
  ],
  street: [
    "street", "strasse", "address", "adresse", "anschrift", "address_line_1", "address_1", "address1", "street_address", "address_line1",
    "address_line_one", "street_name", "street1", "street_1", "strasse_und_hausnummer",
  ],
  street_2: ["street_2", "address_line_2", "address_2", "address2", "address_line2", "adresszusatz", "street2", "address_line_two"],
  street_3: ["street_3", "address_line_3", "address_3", "address3", "street3"],
  street_4: ["street_4", "address_line_4", "address_4", "address4"],
  street_5: ["street_5", "address_line_5", "address_5", "address5"],
  sub_locality: ["sub_locality", "district", "ortsteil"],
  postal_code: ["postal_code", "postcode", "post_code", "zip", "zip_code", "zipcode", "plz", "postleitzahl", "postal"],
  city: ["city", "town", "ort", "stadt", "locality", "city_name"],
  region: ["region", "administrative_area", "state", "province", "state_province", "bundesland", "kanton", "county", "state_id", "state1", "state_code", "region_code"],
  country: ["country", "land", "country_region", "country_name"],
  country_iso: ["country_code", "country_iso", "iso_country", "landercode", "country_region_code", "country_id", "country_iso_code"],
  phone: ["phone", "tel", "telephone", "telefon", "primary_phone", "phone_number", "telefonnummer", "telephone_no", "telephone_1", "phone1", "phone_no", "phone_1"],
  email: ["email", "e_mail", "mail", "email_address", "e_mail_address", "e_mail_adresse"],
  web: ["web", "website", "webseite", "url", "homepage", "internet", "link", "website_url", "web_site", "home_page", "url_address", "intrnt_site"],
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

/**
 * Whose address an ERP column holds, by its prefix: a dealer's shop is where the goods go, so a
 * ship-to column (rank 0) wins over a plain one (1), and that over the invoice address (2).
 * Only taken off when the whole name is not a known one (`customer_id` is).
 */
const ROLE_PREFIXES: readonly { prefix: RegExp; rank: number }[] = [
  { prefix: /^(?:ship_to|shipto|shipping|delivery|lieferadresse|default_shipping_address)_/, rank: 0 },
  { prefix: /^(?:customer|company|account|address)_/, rank: 1 },
  { prefix: /^(?:bill_to|billto|billing|invoice|default_billing_address|rechnungsadresse)_/, rank: 2 },
];

/**
 * "E-Mail" → "e_mail", " Straße " → "strasse", "Country/Region" → "country_region", "wpsl_zip" → "zip",
 * and CamelCase as ERPs write it: "ShipToZipCode" → "ship_to_zip_code", "customerID" → "customer_id".
 */
export function headerKey(name: string): string {
  const words = name.replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2").replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2");
  return normalisePlaceName(words).replace(/ /g, "_").replace(PLUGIN_PREFIX, "");
}

/** Our column a header cell names, and how well (ROLE_PREFIXES' rank); null when none. */
export function columnOf(name: string): { column: DealerColumn; rank: number } | null {
  const key = headerKey(name);
  const column = COLUMN_OF.get(key);
  if (column) return { column, rank: 1 };
  for (const { prefix, rank } of ROLE_PREFIXES) {
    const rest = key.replace(prefix, "");
    const found = rest !== key ? COLUMN_OF.get(rest) : undefined;
    if (found) return { column: found, rank };
  }
  return null;
}

