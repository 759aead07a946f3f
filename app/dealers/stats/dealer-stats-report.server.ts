import type { DB } from "~/db/database.server";
import { listDealers } from "~/models/dealer.server";
import { csvLine } from "~/utils/csv";
import { type DealerStatCount, listDealerStats } from "~/models/dealer-stat.server";
import { DEALER_FILTERS } from "~/dealers/search/dealer-filters";
import { DEALER_CLICK_KINDS, type DealerClickKind } from "./dealer-stat-events";

/*
 * `npm run stats -- dealers`: the dealer locator's counters as a table for people or as CSV for a
 * spreadsheet (scripts/stats.ts is the command line around this).
 */

/** `YYYY-MM-DD` that is a real day, else null. */
export function parseIsoDay(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : null;
}

export interface DealerStatsReportOptions {
  since?: string;
  csv?: boolean;
  /** Postal codes and places listed in the table (CSV has them all). */
  top?: number;
}

/** The report's lines, read from the database. */
export async function dealerStatsReport(db: DB, options: DealerStatsReportOptions = {}): Promise<string[]> {
  const [rows, dealers] = await Promise.all([listDealerStats(db, { since: options.since }), listDealers(db)]);
  const names = new Map(dealers.flatMap((dealer) => (dealer.slug ? [[dealer.slug, dealer.name] as const] : [])));
  return options.csv ? dealerStatsCsv(rows, names) : dealerStatsTable(rows, names, options);
}

const CLICK_HEADINGS: Record<DealerClickKind, string> = { phone: "phone", email: "e-mail", web: "web", directions: "directions" };
const SEARCH_KINDS = [
  ["search.name", "by name"],
  ["search.town", "by town"],
  ["search.postal-code", "by postal code"],
  ["search.near-me", "near me"],
] as const;
const GONE = "(no longer listed)";

/** Sums per event and subject over the days. */
function totals(rows: readonly DealerStatCount[]): Map<string, Map<string, number>> {
  const byEvent = new Map<string, Map<string, number>>();
  for (const row of rows) {
    let subjects = byEvent.get(row.event);
    if (!subjects) byEvent.set(row.event, (subjects = new Map()));
    subjects.set(row.subject, (subjects.get(row.subject) ?? 0) + row.count);
  }
  return byEvent;
}

function sum(subjects: Map<string, number> | undefined): number {
  let total = 0;
  for (const count of subjects?.values() ?? []) total += count;
  return total;
}

/** Lines of aligned columns: text left, numbers right, two spaces apart, indented. */
function columns(rows: readonly (readonly (string | number)[])[], indent = "  "): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, String(cell).length)));
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, i) => (typeof cell === "number" ? String(cell).padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
  );
}

function topList(title: string, heading: string, subjects: Map<string, number> | undefined, top: number): string[] {
  const sorted = [...(subjects ?? [])].sort(([a, x], [b, y]) => y - x || a.localeCompare(b, "de"));
  if (sorted.length === 0) return [`${title}: none`];
  const shown = sorted.slice(0, top);
  const lines = [title, ...columns([[heading, "searches"], ...shown])];
  if (sorted.length > shown.length) lines.push(`  … and ${sorted.length - shown.length} more (--csv lists all)`);
  return lines;
}

export function dealerStatsTable(rows: readonly DealerStatCount[], names: ReadonlyMap<string, string>, options: DealerStatsReportOptions = {}): string[] {
  if (rows.length === 0) {
    return [
      options.since
        ? `No dealer-locator statistics since ${options.since}.`
        : "No dealer-locator statistics yet: the server counts searches and contact clicks and writes them every 10 seconds.",
    ];
  }
  const top = options.top ?? 20;
  const byEvent = totals(rows);
  const first = rows.reduce((min, row) => (row.day < min ? row.day : min), rows[0]?.day ?? "");
  const last = rows.reduce((max, row) => (row.day > max ? row.day : max), "");
  const lines = [`Dealer locator, ${first} to ${last} (days in Europe/Berlin)`, ""];

  const searches = SEARCH_KINDS.map(([event, label]) => [label, sum(byEvent.get(event))] as const);
  lines.push(
    "Searches",
    ...columns([...searches, ["total", searches.reduce((all, [, n]) => all + n, 0)], ["from an article (where to buy)", sum(byEvent.get("where-to-buy"))]]),
    "",
  );

  lines.push(...topList("No dealer within the radius, by postal code", "postal code", byEvent.get("no-dealer.postal-code"), top), "");
  lines.push(...topList("No dealer within the radius, by place", "place", byEvent.get("no-dealer.place"), top), "");

  // A set's values by use, the most used first; a switch as one line.
  const filters = DEALER_FILTERS.flatMap((filter): (readonly [string, number])[] => {
    const counts = byEvent.get(`filter.${filter.stat}`);
    if (filter.kind === "flag") return [[filter.report, sum(counts)]];
    return [...(counts ?? [])].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([value, n]) => [`${filter.stat}: ${value}`, n] as const);
  });
  lines.push("Filters", ...(filters.every(([, n]) => n === 0) ? ["  none used"] : columns(filters)), "");

  const perDealer = new Map<string, Record<DealerClickKind, number>>();
  for (const kind of DEALER_CLICK_KINDS) {
    for (const [slug, n] of byEvent.get(`click.${kind}`) ?? []) {
      const counts = perDealer.get(slug) ?? { phone: 0, email: 0, web: 0, directions: 0 };
      counts[kind] += n;
      perDealer.set(slug, counts);
    }
  }
  lines.push(...stockShownTable(byEvent.get("stock.shown"), names, top), "");

  if (perDealer.size === 0) {
    lines.push("Contact clicks: none");
  } else {
    const total = (counts: Record<DealerClickKind, number>) => DEALER_CLICK_KINDS.reduce((all, kind) => all + counts[kind], 0);
    const sorted = [...perDealer].sort(([a, x], [b, y]) => total(y) - total(x) || a.localeCompare(b));
    const all = { phone: 0, email: 0, web: 0, directions: 0 };
    for (const [, counts] of sorted) for (const kind of DEALER_CLICK_KINDS) all[kind] += counts[kind];
    const row = (name: string, slug: string, counts: Record<DealerClickKind, number>) =>
      [name, slug, ...DEALER_CLICK_KINDS.map((kind) => counts[kind]), total(counts)] as const;
    lines.push(
      "Contact clicks per dealer",
      ...columns([
        ["dealer", "slug", ...DEALER_CLICK_KINDS.map((kind) => CLICK_HEADINGS[kind]), "total"],
        ...sorted.map(([slug, counts]) => row(names.get(slug) ?? GONE, slug, counts)),
        row("total", "", all),
      ]),
    );
  }
  return lines;
}

/** A `stock.shown` subject, "<slug> <part number>" (record-dealer-search.server.ts): slugs have no spaces. */
function splitStockShown(subject: string): { slug: string; partno: string } {
  const space = subject.indexOf(" ");
  return space === -1 ? { slug: subject, partno: "" } : { slug: subject.slice(0, space), partno: subject.slice(space + 1) };
}

/** Issue 29 item 5: how often "in stock" was shown, per article and dealer, the most shown first. */
function stockShownTable(subjects: Map<string, number> | undefined, names: ReadonlyMap<string, string>, top: number): string[] {
  const sorted = [...(subjects ?? [])].sort(([a, x], [b, y]) => y - x || a.localeCompare(b, "de"));
  if (sorted.length === 0) return ['"In stock" shown: never'];
  const shown = sorted.slice(0, top);
  const rows = shown.map(([subject, n]) => {
    const { slug, partno } = splitStockShown(subject);
    return [partno, names.get(slug) ?? GONE, slug, n] as const;
  });
  const lines = ['"In stock" shown, per article and dealer', ...columns([["article", "dealer", "slug", "shown"], ...rows])];
  if (sorted.length > shown.length) lines.push(`  … and ${sorted.length - shown.length} more (--csv lists all)`);
  return lines;
}

/** One line per day and counter, with the dealer's name beside click and stock counters. */
export function dealerStatsCsv(rows: readonly DealerStatCount[], names: ReadonlyMap<string, string>): string[] {
  const lines = [csvLine(["day", "event", "subject", "dealer", "count"])];
  for (const row of rows) {
    const slug = row.event === "stock.shown" ? splitStockShown(row.subject).slug : row.event.startsWith("click.") ? row.subject : null;
    const dealer = slug === null ? "" : (names.get(slug) ?? GONE);
    lines.push(csvLine([row.day, row.event, row.subject, dealer, row.count]));
  }
  return lines;
}
