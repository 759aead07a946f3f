/**
 * Catalogue import at scale (issue 13): a generated BMEcat 2005 file with 50,000 products (8
 * bilingual features, 2 GTINs, 2 pictures each, 110 groups) imported by the real command into the
 * data folder of a running production server. Reported: seconds until the switch, the whole
 * command (with the printed catalogue), the command's peak resident memory (VmHWM of its largest
 * process, polled), and
 * the latency of page requests to the server during the import, which keeps serving the old data.
 * Targets: under 60 s, under 300 MB, pages under 100 ms.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { ImportSummary } from "~/exchange/import-report";
import { makeEan13 } from "~/utils/ean";
import { startLocalServer } from "../quality/local-server";
import { type BenchRow, latencyRow, percentile } from "./stats";

const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 50_000);
const TOP = 10;
const LEAVES = 10;
const root = path.resolve(import.meta.dirname, "..", "..");

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export async function writeCatalogue(dir: string): Promise<string> {
  const media = path.join(dir, "media", "bilder");
  fs.mkdirSync(media, { recursive: true });
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#3a6" } }).jpeg({ quality: 60 }).toBuffer();
  const file = path.join(dir, "catalogue.xml");
  const out = fs.createWriteStream(file);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve())));
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">
<HEADER><CATALOG><LANGUAGE default="true">deu</LANGUAGE><LANGUAGE>eng</LANGUAGE><CATALOG_ID>bench</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION>
<CATALOG_NAME lang="deu">Großes Sortiment</CATALOG_NAME><CURRENCY>EUR</CURRENCY><MIME_ROOT>bilder/</MIME_ROOT></CATALOG>
<SUPPLIER><SUPPLIER_NAME>Bench</SUPPLIER_NAME></SUPPLIER></HEADER>
<T_NEW_CATALOG><CATALOG_GROUP_SYSTEM><GROUP_SYSTEM_ID>bench</GROUP_SYSTEM_ID>
<CATALOG_STRUCTURE type="root"><GROUP_ID>R</GROUP_ID><GROUP_NAME lang="deu">Großes Sortiment</GROUP_NAME><GROUP_NAME lang="eng">Large range</GROUP_NAME><PARENT_ID>0</PARENT_ID><GROUP_ORDER>1</GROUP_ORDER></CATALOG_STRUCTURE>
`);
  for (let t = 0; t < TOP; t++) {
    await write(`<CATALOG_STRUCTURE type="node"><GROUP_ID>T${t}</GROUP_ID><GROUP_NAME lang="deu">Bereich ${t}</GROUP_NAME><GROUP_NAME lang="eng">Area ${t}</GROUP_NAME><PARENT_ID>R</PARENT_ID><GROUP_ORDER>${t}</GROUP_ORDER></CATALOG_STRUCTURE>\n`);
    for (let l = 0; l < LEAVES; l++) {
      await write(`<CATALOG_STRUCTURE type="leaf"><GROUP_ID>L${t}-${l}</GROUP_ID><GROUP_NAME lang="deu">Gruppe ${t}-${l}</GROUP_NAME><GROUP_NAME lang="eng">Group ${t}-${l}</GROUP_NAME><PARENT_ID>T${t}</PARENT_ID><GROUP_ORDER>${l}</GROUP_ORDER></CATALOG_STRUCTURE>\n`);
    }
  }
  await write("</CATALOG_GROUP_SYSTEM>\n");
  const features = ["Gewicht|Weight|GRM", "Länge|Length|MMT", "Breite|Width|MMT", "Material|Material|", "Farbe|Colour|", "Leistung|Power|WTT", "Spannung|Voltage|VLT", "Garantie|Warranty|"];
  const writes: Promise<void>[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const id = `BX-${String(i).padStart(6, "0")}`;
    const body = String(400_000_000_000 + i * 2).slice(0, 12);
    const feature = features
      .map((f, k) => {
        const [de, en, unit] = f.split("|");
        return `<FEATURE><FNAME lang="deu">${de}</FNAME><FNAME lang="eng">${en}</FNAME><FVALUE lang="deu">${(i * (k + 3)) % 997} Wert</FVALUE><FVALUE lang="eng">${(i * (k + 3)) % 997} value</FVALUE>${unit ? `<FUNIT>${unit}</FUNIT>` : ""}</FEATURE>`;
      })
      .join("");
    await write(`<PRODUCT mode="new"><SUPPLIER_PID>${id}</SUPPLIER_PID><PRODUCT_DETAILS>
<DESCRIPTION_SHORT lang="deu">${escape(`Artikel ${i} Fahrradteil & Zubehör`)}</DESCRIPTION_SHORT><DESCRIPTION_SHORT lang="eng">Article ${i} bicycle part</DESCRIPTION_SHORT>
<DESCRIPTION_LONG lang="deu">Ein robustes Teil für jeden Tag, Nummer ${i}.</DESCRIPTION_LONG><DESCRIPTION_LONG lang="eng">A sturdy part for every day, number ${i}.</DESCRIPTION_LONG>
<INTERNATIONAL_PID type="gtin">${makeEan13(body)}</INTERNATIONAL_PID><INTERNATIONAL_PID type="gtin">${makeEan13(String(Number(body) + 1).padStart(12, "0"))}</INTERNATIONAL_PID></PRODUCT_DETAILS>
<PRODUCT_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>ETIM-8.0</REFERENCE_FEATURE_SYSTEM_NAME>${feature}</PRODUCT_FEATURES>
<PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>${(10 + (i % 500)).toFixed(2)}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS>
<MIME_INFO><MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>${id}_1.jpg</MIME_SOURCE><MIME_ORDER>1</MIME_ORDER></MIME><MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>${id}_2.jpg</MIME_SOURCE><MIME_ORDER>2</MIME_ORDER></MIME></MIME_INFO>
</PRODUCT>\n`);
    writes.push(fs.promises.writeFile(path.join(media, `${id}_1.jpg`), picture), fs.promises.writeFile(path.join(media, `${id}_2.jpg`), picture));
    if (writes.length >= 512) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  for (let i = 0; i < PRODUCTS; i++) {
    const leaf = `L${i % TOP}-${Math.floor(i / TOP) % LEAVES}`;
    await write(`<PRODUCT_TO_CATALOGGROUP_MAP><PROD_ID>BX-${String(i).padStart(6, "0")}</PROD_ID><CATALOG_GROUP_ID>${leaf}</CATALOG_GROUP_ID></PRODUCT_TO_CATALOGGROUP_MAP>\n`);
  }
  await write("</T_NEW_CATALOG></BMECAT>\n");
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return file;
}

/** Peak resident memory (kB) of the largest process in the tree below `pid`, so far. */
function peakRss(pid: number): number {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field; the command name (2nd) may hold spaces, so count from its ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone between the listing and the read.
    }
  }
  let peak = 0;
  const visit = (id: number): void => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${id}/status`, "utf8"));
      if (match) peak = Math.max(peak, Number(match[1]));
    } catch {
      // Gone.
    }
    for (const [child, parent] of parents) if (parent === id) visit(child);
  };
  visit(pid);
  return peak;
}

export default async function importBench(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-bench-import-"));
  const dataDir = path.join(dir, "data");
  try {
    console.log(`Generating a BMEcat file with ${PRODUCTS} products and ${PRODUCTS * 2} pictures`);
    const file = await writeCatalogue(dir);
    console.log(`${(fs.statSync(file).size / 1e6).toFixed(0)} MB; starting the server (seeds the demo on first start)`);
    const server = await startLocalServer(dataDir, {}, "ignore");
    const latencies: number[] = [];
    let importing = true;
    const probe = (async () => {
      let i = 0;
      while (importing) {
        const target = ["/products/articles/Lenkergriffe", "/products", "/"][i++ % 3] ?? "/";
        const started = performance.now();
        await fetch(`${server.url}${target}?bench=${i}`).then((r) => r.arrayBuffer()).catch(() => undefined);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      const started = performance.now();
      // The command exactly as an operator runs it (bundle, then node with its memory flags); the
      // figure is its largest process, the import itself, not npm's.
      const child = spawn("npm", ["run", "--silent", "import", "--", "catalogue", file, "--media", path.join(dir, "media"), "--json"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      let peak = 0;
      const poll = setInterval(() => (peak = Math.max(peak, peakRss(child.pid ?? 0))), 100);
      const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
      clearInterval(poll);
      const total = (performance.now() - started) / 1000;
      importing = false;
      await probe;
      const summary = JSON.parse(stdout) as ImportSummary;
      if (code !== 0) throw new Error(`the import failed: ${JSON.stringify(summary.errors.slice(0, 5))}`);
      const switchSeconds = summary.durationMs / 1000;
      const peakMb = peak / 1024;
      const sorted = latencies.sort((a, b) => a - b);
      console.log(`Imported ${summary.counts.articles?.added} products: switch after ${switchSeconds.toFixed(1)} s, command ${total.toFixed(1)} s, peak RSS ${peakMb.toFixed(0)} MB`);
      return [
        { name: `import ${PRODUCTS} products: until the switch`, samples: 1, p50: switchSeconds * 1000, p95: switchSeconds * 1000, unit: "ms", target: "< 60 s", ok: switchSeconds < 60 },
        { name: "import: whole command incl. catalogue PDF", samples: 1, p50: total * 1000, p95: total * 1000, unit: "ms" },
        { name: "import: peak resident memory", samples: 1, p50: peakMb, p95: peakMb, unit: "MB", target: "< 300 MB", ok: peakMb < 300 },
        { ...latencyRow("page requests during the import", sorted), target: "p99 < 100 ms", ok: percentile(sorted, 99) < 100 },
      ];
    } finally {
      importing = false;
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
