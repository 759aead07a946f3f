/**
 * `npm run stats -- dealers [--since YYYY-MM-DD] [--csv]`: what the dealer locator counted (searches
 * by kind, postal codes and places without a dealer nearby, filter use, contact clicks per dealer).
 * Reads DATA_DIR's database, also while the server runs; the server writes its counts every 10 s.
 */
import { dealerStatsReport, parseIsoDay } from "~/dealers/stats/dealer-stats-report.server";
import { EXIT } from "~/exchange/import-report";
import { parseCommandLine } from "./command-line";
import { withDatabase } from "./with-database";

const USAGE = `Usage:
  npm run stats -- dealers [--since YYYY-MM-DD] [--csv]

  --since DAY   only days from DAY on (a date in Europe/Berlin); default: everything stored
  --csv         one line per day and counter, for a spreadsheet

Exit codes: 0 done, 1 the database cannot be read, 2 wrong usage.`;

async function main(): Promise<number> {
  const args = parseCommandLine(process.argv.slice(2), { since: { type: "string" }, csv: { type: "boolean", default: false } }, USAGE);
  if (typeof args === "number") return args;
  const { values, positionals } = args;
  const [report, ...rest] = positionals;
  const problem =
    report === undefined
      ? "Say which statistics to show: dealers."
      : report !== "dealers"
        ? `Unknown statistics "${report}": there are only dealers.`
        : rest.length > 0
          ? `Unexpected argument "${rest[0]}".`
          : null;
  if (problem) {
    console.error(`${problem}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const since = values.since === undefined ? undefined : parseIsoDay(values.since);
  if (since === null) {
    console.error(`--since ${values.since}: not a date. Write it as YYYY-MM-DD, for example --since 2026-01-01.`);
    return EXIT.usage;
  }
  return withDatabase(async (db) => {
    for (const line of await dealerStatsReport(db, { since, csv: values.csv })) console.log(line);
    return EXIT.done;
  });
}

process.exitCode = await main();
