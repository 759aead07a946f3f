/**
 * `npm run bench [-- name …]`: runs every scripts/bench/*.bench.ts (or the named ones) one after the
 * other and prints one table. Each bench module default-exports `() => Promise<BenchRow[]>`.
 * Benchmarks measure medians and percentiles in one run; they are not part of `npm test`.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type BenchRow, formatTable } from "./stats";

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

const rows: BenchRow[] = [];
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<BenchRow[]> };
  rows.push(...(await mod.default()));
}
console.log(`\n${formatTable(rows)}`);
console.log(`\nnode ${process.version}, ${process.platform}/${process.arch}`);
