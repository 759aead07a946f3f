/**
 * Category pictures at scale (issue 26): a generated BMEcat 2005 file with about 1,600 groups,
 * each with its own picture (1200×900 JPEGs, as PIMs export them), and one product with a picture
 * per leaf, imported by the real command into an empty data folder, then once more unchanged.
 * Prints the command's time until the catalogue is live, its whole time and its timings.
 *
 *   npx tsx scripts/bench/category-tiles.ts [groups=1632]
 * BENCH_TILES_DIR=/tmp/tiles keeps the generated file and pictures there for the next run.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { ImportSummary } from "~/exchange/import-report";

const GROUPS = Number(process.argv[2] ?? 1632);
const root = path.resolve(import.meta.dirname, "..", "..");

async function writeCatalogue(dir: string): Promise<string> {
  const media = path.join(dir, "media");
  fs.mkdirSync(media, { recursive: true });
  const top = 16;
  const perTop = Math.ceil(GROUPS / top) - 1;
  const groups: string[] = [];
  const products: string[] = [];
  const pictures: { name: string; hue: number }[] = [];
  const picture = (name: string) => `<MIME_INFO><MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>${name}</MIME_SOURCE><MIME_PURPOSE>normal</MIME_PURPOSE></MIME></MIME_INFO>`;
  let n = 0;
  for (let t = 0; t < top; t++) {
    pictures.push({ name: `g-T${t}.jpg`, hue: n++ });
    groups.push(`<CATALOG_STRUCTURE type="node"><GROUP_ID>T${t}</GROUP_ID><GROUP_NAME lang="deu">Bereich ${t}</GROUP_NAME><PARENT_ID>R</PARENT_ID><GROUP_ORDER>${t}</GROUP_ORDER>${picture(`g-T${t}.jpg`)}</CATALOG_STRUCTURE>`);
    for (let l = 0; l < perTop; l++) {
      const id = `L${t}-${l}`;
      pictures.push({ name: `g-${id}.jpg`, hue: n++ }, { name: `p-${id}.jpg`, hue: n++ });
      groups.push(`<CATALOG_STRUCTURE type="leaf"><GROUP_ID>${id}</GROUP_ID><GROUP_NAME lang="deu">Gruppe ${id}</GROUP_NAME><PARENT_ID>T${t}</PARENT_ID><GROUP_ORDER>${l}</GROUP_ORDER>${picture(`g-${id}.jpg`)}</CATALOG_STRUCTURE>`);
      products.push(`<PRODUCT mode="new"><SUPPLIER_PID>P-${id}</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT lang="deu">Artikel ${id}</DESCRIPTION_SHORT></PRODUCT_DETAILS><PRODUCT_TO_CATALOGGROUP_MAP><CATALOG_GROUP_ID>${id}</CATALOG_GROUP_ID></PRODUCT_TO_CATALOGGROUP_MAP>${picture(`p-${id}.jpg`)}</PRODUCT>`);
    }
  }
  // Distinct pictures (a gradient per hue), made two at a time: the machine has two cores.
  const base = sharp({ create: { width: 1200, height: 900, channels: 3, background: "#888" } });
  for (let i = 0; i < pictures.length; i += 8) {
    await Promise.all(
      pictures.slice(i, i + 8).map(({ name, hue }) => {
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue % 360},70%,40%)"/><stop offset="1" stop-color="hsl(${(hue * 7) % 360},60%,80%)"/></linearGradient></defs><rect width="1200" height="900" fill="url(#g)"/><circle cx="600" cy="450" r="${200 + (hue % 200)}" fill="#fff" opacity=".5"/></svg>`;
        return base.clone().composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 85 }).toFile(path.join(media, name));
      }),
    );
  }
  const file = path.join(dir, "catalogue.xml");
  fs.writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">
<HEADER><CATALOG><LANGUAGE default="true">deu</LANGUAGE><CATALOG_ID>tiles</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION><CATALOG_NAME lang="deu">Kacheln</CATALOG_NAME></CATALOG><SUPPLIER><SUPPLIER_NAME>Bench</SUPPLIER_NAME></SUPPLIER></HEADER>
<T_NEW_CATALOG><CATALOG_GROUP_SYSTEM><GROUP_SYSTEM_ID>tiles</GROUP_SYSTEM_ID>
<CATALOG_STRUCTURE type="root"><GROUP_ID>R</GROUP_ID><GROUP_NAME lang="deu">Kacheln</GROUP_NAME><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE>
${groups.join("\n")}
</CATALOG_GROUP_SYSTEM>
${products.join("\n")}
</T_NEW_CATALOG></BMECAT>
`,
  );
  console.log(`${groups.length + 1} groups, ${products.length} products, ${pictures.length} pictures`);
  return file;
}

function importOnce(file: string, dir: string, label: string): void {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["--max-old-space-size=192", "--import", "tsx", "scripts/import.ts", "catalogue", file, "--media", path.join(dir, "media"), "--json"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "silent" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const total = (performance.now() - started) / 1000;
  const summary = JSON.parse(result.stdout) as ImportSummary;
  if (result.status !== 0) throw new Error(`the import failed: ${JSON.stringify(summary.errors.slice(0, 5))}`);
  const after = summary.timings["category tiles (after the switch)"] ?? 0;
  const timings = Object.entries(summary.timings).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`).join(", ");
  console.log(`${label}: live after ${((summary.durationMs - after) / 1000).toFixed(1)} s, command ${total.toFixed(1)} s (${timings}); images ${JSON.stringify(summary.counts.images)}`);
}

const kept = process.env.BENCH_TILES_DIR;
const dir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), "velocat-bench-tiles-"));
try {
  const existing = path.join(dir, "catalogue.xml");
  const file = kept && fs.existsSync(existing) ? existing : await writeCatalogue(dir);
  fs.rmSync(path.join(dir, "data"), { recursive: true, force: true });
  importOnce(file, dir, "first import");
  importOnce(file, dir, "same file again");
} finally {
  if (!kept) fs.rmSync(dir, { recursive: true, force: true });
}
