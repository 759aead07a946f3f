import { ALIASES, columnOf, DEALER_COLUMNS, type DealerColumn, headerKey } from "./dealer-layouts";

/*
 * A dealer list's header row (issues 13, 26 and 38): which row it is, and which of its columns is
 * which, by name (dealer-layouts.ts), by `--map`, and by whose address an ERP column holds.
 */

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
  /** What the command line got wrong about this file (a `--map` to a column it lacks): exit 2. */
  usage: string[];
}

export interface HeaderOptions {
  /** `--map field=Header`: our column → the header cell as the file writes it (folded like every name). */
  map?: Partial<Record<DealerColumn, string>>;
  /** `--country CC` was given: rows without a country take it, so no country column is needed. */
  country?: string;
}

/** Without these no dealer can be shown; `country` may also come from `--country` or each row's coordinates. */
const REQUIRED_COLUMNS: readonly DealerColumn[] = ["name", "street", "city", "country"];

/** The header is looked for in a sheet's first rows (an ERP's title and summary lines stand above it). */
export const HEADER_SEARCH_ROWS = 20;

/** Unknown columns named one by one; past this, the rest in one warning (a 10,000-column header is no list of ten thousand). */
const UNKNOWN_LISTED = 20;

/** `--map country=Land` → the field's own name; null for a field we do not have (its aliases count too: `--map zip=…`). */
export function mappedColumn(field: string): DealerColumn | null {
  const key = headerKey(field);
  if ((DEALER_COLUMNS as readonly string[]).includes(key)) return key as DealerColumn;
  return columnOf(field)?.column ?? null;
}

/** Where the header is: the first of the sheet's first rows that names at least two known fields; else the first row. */
export function findHeaderRow(rows: readonly { cells: readonly string[] }[], options: HeaderOptions = {}): number {
  const mapped = new Set(Object.values(options.map ?? {}).map((name) => headerKey(name)));
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let index = 0; index < limit; index++) {
    const named = new Set<string>();
    for (const cell of rows[index]?.cells ?? []) {
      if (cell.trim() === "") continue;
      const key = mapped.has(headerKey(cell)) ? `mapped:${headerKey(cell)}` : columnOf(cell)?.column;
      if (key) named.add(key);
      if (named.size >= 2) return index;
    }
  }
  return 0;
}

/** The tool whose column names the header uses; ours when nothing else fits. */
function layoutOf(keys: readonly string[], raw: readonly string[]): string {
  const has = (key: string) => keys.includes(key);
  if (raw.some((name) => /^wpsl_/i.test(name.trim()))) return "WP Store Locator export";
  if (raw.some((name) => /^sl_/i.test(name.trim()))) return "Store Locator Plus export";
  if ((has("store_code") || has("shop_code")) && has("business_name")) return "Google Business Profile bulk sheet";
  if (has("store_id") && (has("schedule") || has("link"))) return "Magento stockists export";
  if (has("address_line_1") || has("address_1") || has("address1")) return "store-locator template";
  if (keys.some((key) => /^(?:ship_?to|bill_?to|shipping|billing|default_billing_address|card|customer)_/.test(key)) || has("konto")) {
    return "ERP or shop customer export";
  }
  return "velocat dealer list";
}

/** Maps the header row (case, spaces, CamelCase, order and common aliases do not matter) onto our columns. */
export function checkDealerHeader(cells: readonly string[], options: HeaderOptions = {}): HeaderCheck {
  const columns: DealerHeader["columns"] = {};
  const rankOf = new Map<DealerColumn, number>();
  const errors: ColumnProblem[] = [];
  const warnings: ColumnProblem[] = [];
  const usage: string[] = [];
  const names = cells.map((cell) => cell.trim());
  const mappedAt = new Set<number>();
  for (const [column, wanted] of Object.entries(options.map ?? {}) as [DealerColumn, string][]) {
    const index = names.findIndex((name) => name === wanted.trim() || (name !== "" && headerKey(name) === headerKey(wanted)));
    if (index === -1) {
      usage.push(`--map ${column}=${wanted}: the header has no column "${wanted}" (it has ${names.filter(Boolean).slice(0, 12).map((n) => `"${n}"`).join(", ")}${names.length > 12 ? ", …" : ""})`);
      continue;
    }
    columns[column] = { index, name: names[index] ?? wanted };
    // A mapped column wins over every column that names the same field by itself.
    rankOf.set(column, -1);
    mappedAt.add(index);
  }
  const unknown: string[] = [];
  names.forEach((name, index) => {
    if (name === "") return;
    const found = columnOf(name);
    if (!found) {
      if (!mappedAt.has(index)) unknown.push(name);
      return;
    }
    const first = columns[found.column];
    const firstRank = rankOf.get(found.column) ?? 0;
    if (!first) {
      columns[found.column] = { index, name };
      rankOf.set(found.column, found.rank);
    } else if (first.index === index) {
      // The same cell, mapped and also named so: nothing to choose.
    } else if (found.rank === firstRank) {
      errors.push({ column: name, message: `a second ${found.column} column (the first is "${first.name}")` });
    } else {
      const [used, left] = found.rank < firstRank ? [{ index, name }, first] : [first, { index, name }];
      columns[found.column] = used;
      rankOf.set(found.column, Math.min(found.rank, firstRank));
      warnings.push({ column: left.name, message: `not used: "${used.name}" gives the ${found.column} (a shop's own address wins over the invoice address)` });
    }
  });
  for (const name of unknown.slice(0, UNKNOWN_LISTED)) warnings.push({ column: name, message: "unknown column, ignored" });
  if (unknown.length > UNKNOWN_LISTED) {
    warnings.push({ column: `${unknown.length - UNKNOWN_LISTED} more columns`, message: "unknown columns, ignored (name one with --map field=Header to use it)" });
  }
  const coordinates = columns.lat !== undefined && columns.lng !== undefined;
  for (const column of REQUIRED_COLUMNS) {
    if (columns[column]) continue;
    if (column === "country" && (columns.country_iso || options.country || coordinates)) continue;
    const others = ALIASES[column].filter((alias) => alias !== column).slice(0, 12).join(", ");
    const more = column === "country" ? "; or give --country CC" : "; or name yours with --map";
    errors.push({ column, message: `required column missing (also accepted: ${others}, …${more})` });
  }
  // Said once here rather than on every row.
  if (!columns.email) warnings.push({ column: "email", message: "no e-mail column: the dealers' cards show no e-mail address" });
  if (!columns.id) {
    warnings.push({
      column: "id",
      message: "no id column: dealers are matched by name, postal code and street, so a renamed or moved dealer is a new one on the next import",
    });
  }
  return { header: { columns, names, layout: layoutOf(names.map(headerKey), cells) }, errors, warnings, usage };
}
