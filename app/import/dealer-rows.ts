import type { DealerRow } from "~/db/schema";
import { POSTAL_CODE_DIGITS, type PostalCountry, countryOfPostalPrefix, normalisePlaceName } from "~/geo/postal-query";
import { DEALER_SERVICES, parseDealerServices } from "~/dealers/dealer-services";
import { parseOpeningHours } from "~/dealers/opening-hours";
import { z } from "~/utils/zod";

/*
 * One row of the brand's dealer list (CSV or XLSX, issue 13): which column is which, and a row's
 * cells checked and normalised into what the dealers table stores. Pure, so every rule is tested
 * without a file or a database; the reader adds line numbers, the importer the postal-code lookups.
 */

export const DEALER_COLUMNS = [
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
] as const;
export type DealerColumn = (typeof DEALER_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly DealerColumn[] = ["id", "name", "street", "postal_code", "city", "country"];

/** Header names in the folded form of headerKey: what German and English exports call the columns. */
const ALIASES: Record<DealerColumn, readonly string[]> = {
  id: ["id", "dealer_id", "handler_id", "haendler_id", "customer_id", "kundennummer"],
  name: ["name", "dealer", "handler", "haendler", "firma", "company"],
  street: ["street", "strasse", "address", "adresse", "anschrift"],
  postal_code: ["postal_code", "postcode", "post_code", "zip", "zip_code", "plz", "postleitzahl"],
  city: ["city", "town", "ort", "stadt"],
  country: ["country", "country_code", "land"],
  phone: ["phone", "tel", "telephone", "telefon"],
  email: ["email", "e_mail", "mail"],
  web: ["web", "website", "webseite", "url", "homepage", "internet"],
  tags: ["tags", "tag"],
  lat: ["lat", "latitude", "breite", "breitengrad"],
  lng: ["lng", "lon", "long", "longitude", "lange", "langengrad"],
  services: ["services", "service", "leistungen", "dienstleistungen"],
  opening_hours: ["opening_hours", "hours", "oeffnungszeiten", "offnungszeiten", "opening_times"],
  product_lines: ["product_lines", "categories", "kategorien", "sortiment", "produktlinien", "lines"],
};

const COLUMN_OF = new Map(DEALER_COLUMNS.flatMap((column) => ALIASES[column].map((alias) => [alias, column] as const)));

/** "E-Mail" → "e_mail", " Straße " → "strasse", "Postal Code" → "postal_code". */
function headerKey(name: string): string {
  return normalisePlaceName(name).replace(/ /g, "_");
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
}

export interface HeaderCheck {
  header: DealerHeader;
  errors: ColumnProblem[];
  warnings: ColumnProblem[];
}

/** Maps the header row (case, spaces, order and common aliases do not matter) onto our columns. */
export function checkDealerHeader(cells: readonly string[]): HeaderCheck {
  const columns: DealerHeader["columns"] = {};
  const errors: ColumnProblem[] = [];
  const warnings: ColumnProblem[] = [];
  cells.forEach((cell, index) => {
    const name = cell.trim();
    if (name === "") return;
    const column = COLUMN_OF.get(headerKey(name));
    if (!column) {
      warnings.push({ column: name, message: "unknown column, ignored" });
      return;
    }
    const first = columns[column];
    if (first) errors.push({ column: name, message: `a second ${column} column (the first is "${first.name}")` });
    else columns[column] = { index, name };
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!columns[column]) {
      const others = ALIASES[column].filter((alias) => alias !== column).join(", ");
      errors.push({ column, message: `required column missing (also accepted: ${others})` });
    }
  }
  // Said once here rather than on every row.
  if (!columns.email) warnings.push({ column: "email", message: "no e-mail column: the dealers' cards show no e-mail address" });
  return { header: { columns, names: cells.map((cell) => cell.trim()) }, errors, warnings };
}

/**
 * A dealer as the dealers table stores it, less the internal id and the centroid flag. lat and lng
 * are both null when the file gives none: the importer places the dealer on its postal code.
 */
export type CheckedDealer = Omit<DealerRow, "id" | "approximate" | "source_id" | "country" | "slug"> & {
  source_id: string;
  country: PostalCountry;
};

export interface RowCheck {
  /** null when the row has errors. */
  dealer: CheckedDealer | null;
  errors: ColumnProblem[];
  warnings: ColumnProblem[];
}

function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

/** Names, streets and towns are one line each: a line break inside a quoted cell becomes a space. */
const line = (what: string) =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, `${what} is empty`));

const COUNTRY_NAMES: Record<string, PostalCountry> = Object.fromEntries(
  (
    [
      ["DE", ["de", "deu", "d", "deutschland", "germany", "allemagne", "germania"]],
      ["AT", ["at", "aut", "a", "osterreich", "oesterreich", "austria", "autriche"]],
      ["CH", ["ch", "che", "schweiz", "suisse", "svizzera", "svizra", "switzerland"]],
    ] as const
  ).flatMap(([code, names]) => names.map((name) => [name, code])),
);

const country = z
  .string()
  .trim()
  .min(1, "country is empty")
  .transform((value, ctx) => COUNTRY_NAMES[normalisePlaceName(value)] ?? fail(ctx, `country not DE/AT/CH: "${value}"`));

interface WrittenPostalCode {
  written: string;
  /** The country a prefix ("A-", "CH-", "D-") names. */
  prefixCountry: PostalCountry | null;
  prefix: string | null;
  digits: string;
}

const postalCode = z
  .string()
  .trim()
  .min(1, "postal code is empty")
  .transform((written, ctx): WrittenPostalCode => {
    const match = /^(?:([a-z]{1,2})\s*[-–]?\s*)?(\d+)$/i.exec(written);
    if (!match) return fail(ctx, `not a postal code: "${written}"`);
    const [, prefix = null, digits = ""] = match;
    const prefixCountry = prefix === null ? null : countryOfPostalPrefix(prefix);
    if (prefixCountry === undefined) return fail(ctx, `postal code prefix not D, A or CH: "${written}"`);
    return { written, prefixCountry, prefix, digits };
  });

const emailSchema = z.email();
const email = z
  .string()
  .trim()
  .transform((value, ctx) => (value === "" || emailSchema.safeParse(value).success ? value : fail(ctx, `bad e-mail: "${value}"`)));

const webSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });
const web = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    // "www.example.de" is how people write addresses; the card needs a link that works.
    const url = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
    return webSchema.safeParse(url).success ? url : fail(ctx, `not a web address: "${value}"`);
  });

/** "trekking,  viva, Viva" → "trekking, viva": the one string the provider's `tag` field holds. */
const tags = z.string().transform((value) => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of value.split(",").map((t) => t.trim())) {
    const key = tag.toLocaleLowerCase("de");
    if (tag === "" || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept.join(", ");
});

/** Decimal point or, as German spreadsheets write it, decimal comma ("48,137"). */
const coordinate = (limit: number) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return null;
      if (!/^[+-]?\d+(?:[.,]\d+)?$/.test(value)) return fail(ctx, `not a number: "${value}"`);
      const number = Number(value.replace(",", "."));
      return Math.abs(number) <= limit ? number : fail(ctx, `coordinates out of range: ${value} (allowed: -${limit} to ${limit})`);
    });

/** Any of the forms app/dealers/opening-hours.ts reads, stored in its canonical text ('' = unknown). */
const openingHours = z.string().transform((value, ctx) => {
  const parsed = parseOpeningHours(value);
  if (parsed.ok) return parsed.text;
  for (const problem of parsed.problems) {
    const near = value.slice(problem.offset, problem.offset + Math.max(problem.length, 1));
    ctx.addIssue({ code: "custom", message: `opening hours: ${problem.message} (at character ${problem.offset + 1}${near.trim() ? `, "${near}"` : ""})` });
  }
  return z.NEVER;
});

const services = z.string().transform((value, ctx) => {
  const { services: found, unknown } = parseDealerServices(value);
  if (unknown.length > 0) {
    const names = unknown.map((entry) => `"${entry}"`).join(", ");
    return fail(ctx, `unknown service ${names} (known: ${DEALER_SERVICES.join(", ")}; German names such as Werkstatt or Probefahrten work too)`);
  }
  return found.join(",");
});

/** "Beleuchtung, Schlösser" → the same list without empty or repeated entries. */
const productLines = z.string().transform((value) => {
  const seen = new Set<string>();
  return value
    .split(/[,;|]/)
    .map((entry) => entry.replace(/\s+/g, " ").trim())
    .filter((entry) => {
      const key = entry.toLocaleLowerCase("de");
      if (entry === "" || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .join(", ");
});

/**
 * One schema per column, each given the cell's text: every cell is checked even when another one
 * fails, so one run lists all problems of a row. The checks between columns follow in checkDealerRow.
 */
export const dealerCellSchemas = {
  id: z.string().trim().min(1, "id is empty").max(100, "id is longer than 100 characters"),
  name: line("name"),
  street: line("street"),
  postal_code: postalCode,
  city: line("city"),
  country,
  phone: z.string().trim(),
  email,
  web,
  tags,
  lat: coordinate(90),
  lng: coordinate(180),
  services,
  opening_hours: openingHours,
  product_lines: productLines,
} satisfies Record<DealerColumn, z.ZodType<unknown, string>>;

type Cells = { [C in DealerColumn]?: z.output<(typeof dealerCellSchemas)[C]> };

const COUNTRY_ADJECTIVE: Record<PostalCountry, string> = { DE: "a German", AT: "an Austrian", CH: "a Swiss" };

/** Generous box around Germany, Austria and Switzerland: what lies outside is a mistake. */
const REGION = { minLat: 45.5, maxLat: 55.5, minLng: 5.5, maxLng: 17.5 };
const inRegion = (lat: number, lng: number) =>
  lat >= REGION.minLat && lat <= REGION.maxLat && lng >= REGION.minLng && lng <= REGION.maxLng;

/** Checks and normalises one data row; `cells` in the file's column order. */
export function checkDealerRow(cells: readonly string[], header: DealerHeader): RowCheck {
  const errors: ColumnProblem[] = [];
  const warnings: ColumnProblem[] = [];
  const nameOf = (column: DealerColumn) => header.columns[column]?.name ?? column;
  const parsed: Record<string, unknown> = {};
  for (const column of DEALER_COLUMNS) {
    const at = header.columns[column];
    const result = dealerCellSchemas[column].safeParse(at ? (cells[at.index] ?? "") : "");
    if (result.success) parsed[column] = result.data;
    else for (const issue of result.error.issues) errors.push({ column: nameOf(column), message: issue.message });
  }
  const cell = parsed as Cells;
  cells.forEach((value, index) => {
    if (value.trim() !== "" && !header.names[index]) {
      // In a CSV this is nearly always a delimiter inside an unquoted value, which shifts the columns.
      errors.push({
        column: `column ${index + 1}`,
        message: `a value where the header names no column: "${value.trim()}" (a value that contains the delimiter needs quotes)`,
      });
    }
  });

  let postal: string | undefined;
  if (cell.postal_code && cell.country) {
    const { written, prefix, prefixCountry, digits } = cell.postal_code;
    const problem = (message: string) => errors.push({ column: nameOf("postal_code"), message });
    postal = digits;
    if (prefixCountry !== null && prefixCountry !== cell.country) {
      problem(`postal code prefix ${prefix ?? ""}- contradicts country ${cell.country}: "${written}"`);
    } else if (cell.country === "DE" && digits.length === 4) {
      postal = `0${digits}`;
      warnings.push({
        column: nameOf("postal_code"),
        message: `4 digits, read as "${postal}" (spreadsheets drop the leading zero of numbers): "${written}"`,
      });
    } else if (digits.length !== POSTAL_CODE_DIGITS[cell.country]) {
      problem(`not ${COUNTRY_ADJECTIVE[cell.country]} postal code (${POSTAL_CODE_DIGITS[cell.country]} digits): "${written}"`);
    }
  }

  let lat = cell.lat ?? null;
  let lng = cell.lng ?? null;
  if (cell.lat !== undefined && cell.lng !== undefined && (lat === null) !== (lng === null)) {
    const [given, missing] = lat === null ? (["lng", "lat"] as const) : (["lat", "lng"] as const);
    errors.push({ column: nameOf(missing), message: `${given} without ${missing}: give both or neither` });
  } else if (lat !== null && lng !== null && !inRegion(lat, lng)) {
    const swapped = inRegion(lng, lat) ? " (lat and lng swapped?)" : "";
    warnings.push({
      column: nameOf("lat"),
      message: `${lat}, ${lng} lies outside Germany, Austria and Switzerland${swapped}: the postal code's centre is used instead`,
    });
    lat = null;
    lng = null;
  }

  if (cell.email === "" && header.columns.email) warnings.push({ column: nameOf("email"), message: "no e-mail address: the dealer's card shows none" });

  if (errors.length > 0 || postal === undefined) return { dealer: null, errors, warnings };
  // Without errors every cell schema succeeded, so every column has its value.
  const { id, name, street, city, country, phone, email, web, tags } = cell as Required<Cells>;
  const { services: serviceKeys = "", opening_hours = "", product_lines = "" } = cell;
  return {
    dealer: {
      source_id: id,
      name,
      street,
      postal_code: postal,
      city,
      country,
      tel: phone,
      email,
      web,
      tag: tags,
      lat,
      lng,
      services: serviceKeys,
      opening_hours,
      product_lines,
    },
    errors,
    warnings,
  };
}
