import { brand } from "~/config/brand";
import type { DealerRow } from "~/db/schema";
import { POSTAL_CODE_DIGITS, type PostalCountry, countryOfPostalPrefix, isPostalCountry, normalisePlaceName } from "~/geo/postal-query";
import { DEALER_SERVICES, parseDealerServices } from "~/dealers/dealer/dealer-services";
import { parseOpeningHours } from "~/dealers/hours/opening-hours";
import { z } from "~/utils/zod";
import { countryAt, countryCode } from "./dealer-country";
import { DAY_COLUMNS, type HoursResult, hoursFromDayColumns, hoursFromText } from "./dealer-hours-columns";
import type { ColumnProblem, DealerHeader } from "./dealer-header";
import type { DealerColumn } from "./dealer-layouts";
import { checkForeignPostalCode } from "./dealer-postal-code";

export { checkDealerHeader, type DealerHeader } from "./dealer-header";
export { DEALER_COLUMNS, type DealerColumn } from "./dealer-layouts";

/*
 * One row of the brand's dealer list (CSV or XLSX, issue 13): which column is which, and a row's
 * cells checked and normalised into what the dealers table stores. Pure, so every rule is tested
 * without a file or a database; the reader adds line numbers, the importer the postal-code lookups.
 */

/**
 * A dealer as the dealers table stores it, less the internal id and the centroid flag. lat and lng
 * are both null when the file gives none: the importer places the dealer on its postal code or town.
 */
export type CheckedDealer = Omit<DealerRow, "id" | "approximate" | "source_id" | "slug"> & {
  source_id: string;
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
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const line = (what: string) => z.string().transform(oneLine).pipe(z.string().min(1, `${what} is empty`));

const country = z.string().transform((value, ctx) => {
  const match = countryCode(value);
  return "code" in match ? match.code : fail(ctx, match.problem);
});

interface WrittenPostalCode {
  written: string;
  /** The country a prefix ("A-", "CH-", "D-") names. */
  prefixCountry: PostalCountry | null;
  prefix: string | null;
  digits: string;
}

/** A German, Austrian or Swiss code: digits, perhaps behind the old vehicle letters ("A-1010"). */
function dachPostalCode(written: string): WrittenPostalCode | string {
  const match = /^(?:([a-z]{1,2})\s*[-–]?\s*)?(\d+)$/i.exec(written);
  if (!match) return `not a postal code: "${written}"`;
  const [, prefix = null, digits = ""] = match;
  const prefixCountry = prefix === null ? null : countryOfPostalPrefix(prefix);
  if (prefixCountry === undefined) return `postal code prefix not D, A or CH: "${written}"`;
  return { written, prefixCountry, prefix, digits };
}

const emailSchema = z.email();
const webSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** An e-mail address, or the reason it is none (the value is then dropped with a warning). */
function checkEmail(value: string): { email: string; problem: string | null } {
  const email = value.trim();
  return email === "" || emailSchema.safeParse(email).success ? { email, problem: null } : { email: "", problem: `bad e-mail, left out: "${email}"` };
}

/** "www.example.de" is how people write addresses; the card needs a link that works. */
function checkWeb(value: string): { web: string | null; problem: string | null } {
  const written = value.trim();
  if (written === "") return { web: null, problem: null };
  const url = /^[a-z][a-z\d+.-]*:\/\//i.test(written) ? written : `https://${written}`;
  return webSchema.safeParse(url).success ? { web: url, problem: null } : { web: null, problem: `not a web address, left out: "${written}"` };
}

/** "trekking,  viva, Viva" → "trekking, viva": the one string the provider's `tag` field holds. */
function tagList(...lists: string[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of lists.join(",").split(",").map((t) => t.trim())) {
    const key = tag.toLocaleLowerCase("de");
    if (tag === "" || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept.join(", ");
}

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

/** Our own grammar first (app/dealers/hours/opening-hours.ts), then the free text other tools write. */
function openingHoursText(value: string): HoursResult {
  const parsed = parseOpeningHours(value);
  if (parsed.ok) return { text: parsed.text, problem: null };
  const fromText = hoursFromText(value);
  if (!fromText.problem) return fromText;
  const [problem] = parsed.problems;
  if (!problem) return fromText;
  const near = value.slice(problem.offset, problem.offset + Math.max(problem.length, 1));
  return { text: "", problem: `opening hours: ${problem.message} (at character ${problem.offset + 1}${near.trim() ? `, "${near}"` : ""})` };
}

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
 * The cells whose bad value makes the row untrustworthy (an error); every cell is checked even
 * when another one fails, so one run lists all problems of a row. Contact details and hours are
 * checked in checkDealerRow: a bad one is a warning that drops that value.
 */
const cellSchemas = {
  id: z.string().trim().max(100, "id is longer than 100 characters"),
  name: line("name"),
  street: line("street"),
  city: line("city"),
  lat: coordinate(90),
  lng: coordinate(180),
  services,
  product_lines: productLines,
} satisfies Partial<Record<DealerColumn, z.ZodType<unknown, string>>>;
type SchemaColumn = keyof typeof cellSchemas;
type Cells = { [C in SchemaColumn]?: z.output<(typeof cellSchemas)[C]> };

const COUNTRY_ADJECTIVE: Record<PostalCountry, string> = { DE: "a German", AT: "an Austrian", CH: "a Swiss" };

/** Generous box around Germany, Austria and Switzerland: what lies outside is a mistake. */
const REGION = { minLat: 45.5, maxLat: 55.5, minLng: 5.5, maxLng: 17.5 };
const inRegion = (lat: number, lng: number) =>
  lat >= REGION.minLat && lat <= REGION.maxLat && lng >= REGION.minLng && lng <= REGION.maxLng;

/** The key a list without ids matches its dealers by: stable while name, postal code and street stay. */
export function derivedSourceId(name: string, postalCode: string, street: string): string {
  return `~${normalisePlaceName(`${name} ${postalCode} ${street}`)}`.slice(0, 100);
}

/** What ERPs and SQL exports write into an empty cell. */
const EMPTY_MARKERS = new Set(["NULL", "(null)", "#N/A"]);

export interface RowOptions {
  /** `--country CC` (ISO alpha-2): the country of rows that name none. */
  country?: string;
}

/** Checks and normalises one data row; `cells` in the file's column order. */
export function checkDealerRow(cells: readonly string[], header: DealerHeader, options: RowOptions = {}): RowCheck {
  const errors: ColumnProblem[] = [];
  const warnings: ColumnProblem[] = [];
  const nameOf = (column: DealerColumn) => header.columns[column]?.name ?? column;
  const raw = (column: DealerColumn) => {
    const at = header.columns[column];
    const value = at ? (cells[at.index] ?? "") : "";
    return EMPTY_MARKERS.has(value.trim()) ? "" : value;
  };
  const parsed: Record<string, unknown> = {};
  for (const column of Object.keys(cellSchemas) as SchemaColumn[]) {
    const result = cellSchemas[column].safeParse(raw(column));
    if (result.success) parsed[column] = result.data;
    else for (const issue of result.error.issues) errors.push({ column: nameOf(column), message: issue.message });
  }
  const cell = parsed as Cells;
  if (header.columns.id && raw("id").trim() === "") errors.push({ column: nameOf("id"), message: "id is empty" });

  // The ISO code column wins: WP Store Locator writes both "United Kingdom" and "GB".
  const countryColumn: DealerColumn = header.columns.country_iso && raw("country_iso").trim() !== "" ? "country_iso" : "country";
  const countryOfRow = rowCountry(raw(countryColumn), nameOf(countryColumn), { lat: cell.lat, lng: cell.lng }, options, errors);
  cells.forEach((value, index) => {
    if (value.trim() !== "" && !header.names[index]) {
      // In a CSV this is nearly always a delimiter inside an unquoted value, which shifts the columns.
      errors.push({
        column: `column ${index + 1}`,
        message: `a value where the header names no column: "${value.trim()}" (a value that contains the delimiter needs quotes)`,
      });
    }
  });

  const postal = countryOfRow === undefined ? undefined : checkPostalCode(raw("postal_code").trim(), countryOfRow, nameOf("postal_code"), errors, warnings);

  let lat = cell.lat ?? null;
  let lng = cell.lng ?? null;
  if (cell.lat !== undefined && cell.lng !== undefined && (lat === null) !== (lng === null)) {
    const [given, missing] = lat === null ? (["lng", "lat"] as const) : (["lat", "lng"] as const);
    errors.push({ column: nameOf(missing), message: `${given} without ${missing}: give both or neither` });
  } else if (lat !== null && lng !== null && countryOfRow && isPostalCountry(countryOfRow) && !inRegion(lat, lng)) {
    const swapped = inRegion(lng, lat) ? " (lat and lng swapped?)" : "";
    warnings.push({
      column: nameOf("lat"),
      message: `${lat}, ${lng} lies outside Germany, Austria and Switzerland${swapped}: the postal code's centre is used instead`,
    });
    lat = null;
    lng = null;
  } else if (lat === 0 && lng === 0) {
    // What a geocoder that failed writes: a point in the Atlantic.
    warnings.push({ column: nameOf("lat"), message: "0, 0 is no dealer's position: the town's centre is used instead" });
    lat = null;
    lng = null;
  }

  const { email, problem: emailProblem } = checkEmail(raw("email"));
  if (emailProblem) warnings.push({ column: nameOf("email"), message: emailProblem });
  else if (email === "" && header.columns.email) warnings.push({ column: nameOf("email"), message: "no e-mail address: the dealer's card shows none" });
  const { web, problem: webProblem } = checkWeb(raw("web"));
  if (webProblem) warnings.push({ column: nameOf("web"), message: webProblem });
  const hours = hoursOf(raw, header, nameOf);
  if (hours.result.problem) warnings.push({ column: hours.column, message: `${hours.result.problem}: the hours are left out` });

  if (errors.length > 0 || postal === undefined || countryOfRow === undefined) return { dealer: null, errors, warnings };
  // Without errors every cell schema succeeded, so every column has its value.
  const { name, city } = cell as Required<Cells>;
  const street = [cell.street ?? "", ...(["street_2", "street_3", "street_4", "street_5", "sub_locality"] as const).map((c) => oneLine(raw(c)))]
    .filter((part) => part !== "")
    .join(", ");
  const { services: serviceKeys = "", product_lines = "" } = cell;
  return {
    dealer: {
      source_id: raw("id").trim() || derivedSourceId(name, postal, street),
      name,
      street,
      postal_code: postal,
      city,
      region: oneLine(raw("region")),
      country: countryOfRow,
      tel: oneLine(raw("phone")),
      email,
      web,
      // A brand's own list without a tag column lists the brand's dealers (Google's labels come after).
      tag: header.columns.tags ? tagList(raw("tags")) : tagList(brand.dealerTag, raw("labels")),
      lat,
      lng,
      services: serviceKeys,
      opening_hours: hours.result.text,
      product_lines,
    },
    errors,
    warnings,
  };
}

/** The hours column when it has a value, else the seven day columns with the special hours. */
function hoursOf(raw: (column: DealerColumn) => string, header: DealerHeader, nameOf: (column: DealerColumn) => string): { result: HoursResult; column: string } {
  const written = raw("opening_hours");
  if (written.trim() !== "" || !DAY_COLUMNS.some((column) => header.columns[column])) {
    return { result: openingHoursText(written), column: nameOf("opening_hours") };
  }
  const days = DAY_COLUMNS.map(raw);
  return { result: hoursFromDayColumns(days, raw("special_hours"), DAY_COLUMNS.map(nameOf)), column: "opening hours" };
}

/**
 * The row's country: its cell; else `--country`; else the country its coordinates lie in (an
 * offline border map, country-coder). Undefined, with an error, when none of them gives one.
 */
function rowCountry(
  written: string,
  column: string,
  { lat, lng }: { lat: number | null | undefined; lng: number | null | undefined },
  options: RowOptions,
  errors: ColumnProblem[],
): string | undefined {
  if (written.trim() !== "") {
    const parsed = country.safeParse(written);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) errors.push({ column, message: issue.message });
    return undefined;
  }
  if (options.country) return options.country;
  const found = lat != null && lng != null && !(lat === 0 && lng === 0) ? countryAt(lat, lng) : null;
  if (found) return found;
  const why = lat != null && lng != null ? `, and ${lat}, ${lng} lies in no country` : "";
  errors.push({ column, message: `no country${why}: write one, or give --country CC for the rows without one` });
  return undefined;
}

/**
 * German, Austrian and Swiss codes are checked digit by digit (their centres place the dealer, and a
 * wrong one is an error); other countries' by the country's pattern, where a wrong one is a warning
 * that drops the code. Some countries have none (Hong Kong): empty is fine there.
 */
function checkPostalCode(written: string, country: string, column: string, errors: ColumnProblem[], warnings: ColumnProblem[]): string | undefined {
  const problem = (message: string) => {
    errors.push({ column, message });
    return undefined;
  };
  if (!isPostalCountry(country)) {
    const checked = checkForeignPostalCode(written, country);
    if (checked.problem) warnings.push({ column, message: checked.problem });
    return checked.code;
  }
  if (written === "") return problem("postal code is empty");
  const parsed = dachPostalCode(written);
  if (typeof parsed === "string") return problem(parsed);
  const { prefix, prefixCountry, digits } = parsed;
  if (prefixCountry !== null && prefixCountry !== country) return problem(`postal code prefix ${prefix ?? ""}- contradicts country ${country}: "${written}"`);
  if (country === "DE" && digits.length === 4) {
    const postal = `0${digits}`;
    warnings.push({ column, message: `4 digits, read as "${postal}" (spreadsheets drop the leading zero of numbers): "${written}"` });
    return postal;
  }
  if (digits.length !== POSTAL_CODE_DIGITS[country]) return problem(`not ${COUNTRY_ADJECTIVE[country]} postal code (${POSTAL_CODE_DIGITS[country]} digits): "${written}"`);
  return digits;
}
