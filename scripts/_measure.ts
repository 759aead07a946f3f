import fs from "node:fs";
import { loadEtimDictionary } from "~/import/etim-dictionary.server";
const gc = () => (global as unknown as { gc: () => void }).gc();
async function measure(label: string, files: string[]) {
  gc(); const before = process.memoryUsage().heapUsed; const t = performance.now();
  let result = "";
  try { const d = await loadEtimDictionary(files); gc(); result = `${d.size} codes, heap +${((process.memoryUsage().heapUsed - before) / 1048576).toFixed(1)} MB (kept)`; (globalThis as Record<string, unknown>).keep = d; }
  catch (e) { result = `refused: ${(e as Error).message.slice(0, 90)}`; }
  console.log(`${label}: ${(performance.now() - t).toFixed(0)} ms, ${result}, rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
}
// A realistic ETIMIXF: every feature, value and unit of ETIM 10.0 in German and English (names from the CSV, German as a copy), plus 76,626 class features.
const ixf = "/tmp/etim/realistic-ixf.xml";
if (!fs.existsSync(ixf)) {
  const d = await loadEtimDictionary(["tests/fixtures/bmecat-real/ETIM-10.0-ALL-SECTORS-CSV-METRIC-EI-2024-12-05.zip"]);
  const names = (d as unknown as { names: Map<string, { en: string }> }).names;
  const out = fs.createWriteStream(ixf);
  const tr = (en: string, unit: boolean) => `<Translations><Translation language="de-DE"><Description>${en} (de)</Description>${unit ? `<Abbreviation>${en}</Abbreviation>` : ""}</Translation><Translation language="EN"><Description>${en}</Description>${unit ? `<Abbreviation>${en}</Abbreviation>` : ""}</Translation><Translation language="nl-BE"><Description>${en} (nl)</Description></Translation><Translation language="fr-FR"><Description>${en} (fr)</Description></Translation></Translations>`;
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  out.write('<?xml version="1.0" encoding="UTF-8"?><IXF xmlns="http://www.etim-international.com/etimixf/1">');
  for (const [kind, prefix] of [["Unit", "EU"], ["Feature", "EF"], ["Value", "EV"]]) {
    out.write(`<${kind}s>`);
    for (const [code, n] of names) if (code.startsWith(prefix)) out.write(`<${kind}><Code>${code}</Code>${tr(esc(n.en), kind === "Unit")}</${kind}>\n`);
    out.write(`</${kind}s>`);
  }
  out.write("<Classes>");
  for (let c = 0; c < 5640; c++) { out.write(`<Class><Code>EC${String(c).padStart(6, "0")}</Code><Features>`); for (let f = 0; f < 14; f++) out.write(`<Feature changeCode="Unchanged"><FeatureCode>EF${String(f).padStart(6, "0")}</FeatureCode><OrderNumber>${f}</OrderNumber><Values><Value><ValueCode>EV000001</ValueCode></Value></Values></Feature>`); out.write("</Features></Class>\n"); }
  out.end("</Classes></IXF>");
  await new Promise((r) => out.once("close", r));
}
console.log("IXF size", (fs.statSync(ixf).size / 1048576).toFixed(1), "MB");
const which = process.argv[2];
if (which === "csv") await measure("ETIM 10.0 CSV release (real, 2.9 MB zip)", ["tests/fixtures/bmecat-real/ETIM-10.0-ALL-SECTORS-CSV-METRIC-EI-2024-12-05.zip"]);
if (which === "ixf") await measure("ETIMIXF realistic (generated)", [ixf]);
if (which === "million") {
  const m = "/tmp/etim/million.xml";
  if (!fs.existsSync(m)) { const o = fs.createWriteStream(m); o.write('<IXF xmlns="http://www.etim-international.com/etimixf/1"><Values>'); for (let i = 0; i < 1_000_000; i++) if (!o.write(`<Value><Code>EV${String(i).padStart(6, "0")}</Code><Translations><Translation language="de-DE"><Description>Wert ${i}</Description></Translation><Translation language="EN"><Description>value ${i}</Description></Translation></Translations></Value>\n`)) await new Promise((r) => o.once("drain", r)); o.end("</Values></IXF>"); await new Promise((r) => o.once("close", r)); }
  console.log("million IXF", (fs.statSync(m).size / 1048576).toFixed(0), "MB");
  await measure("ETIMIXF with 1,000,000 values", [m]);
}
