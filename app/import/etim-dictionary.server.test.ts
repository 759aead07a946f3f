import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { IMPORT_LIMITS } from "./import-limits";
import { EtimDictionaryError, loadEtimDictionary } from "./etim-dictionary.server";

/** ETIM 10.0's CSV release as ETIM International publishes it (ODC-By; tests/fixtures/bmecat-real/SOURCES.md). */
const ETIM_CSV = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat-real/ETIM-10.0-ALL-SECTORS-CSV-METRIC-EI-2024-12-05.zip");
const ETIM_IXF = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat-etim/etimixf-de-en.xml");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-etim-dictionary-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A ZIP header: its signature, then 16- and 32-bit fields at their offsets. */
function header(size: number, signature: number, fields: [offset: number, bytes: 2 | 4, value: number][]): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.writeUInt32LE(signature, 0);
  for (const [offset, width, value] of fields) {
    if (width === 2) bytes.writeUInt16LE(value, offset);
    else bytes.writeUInt32LE(value, offset);
  }
  return bytes;
}

/** A ZIP of deflated entries, as ETIM packs its release. */
function zip(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = zlib.deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    locals.push(header(30, 0x04034b50, [[8, 2, 8], [18, 4, packed.length], [22, 4, data.length], [26, 2, nameBytes.length]]), nameBytes, packed);
    directory.push(header(46, 0x02014b50, [[10, 2, 8], [20, 4, packed.length], [24, 4, data.length], [28, 2, nameBytes.length], [42, 4, offset]]), nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  const count = Object.keys(entries).length;
  return Buffer.concat([...locals, ...directory, header(22, 0x06054b50, [[8, 2, count], [10, 2, count], [12, 4, size], [16, 4, offset]])]);
}

/** A table as ETIM writes it: UTF-16 little-endian, `;`-separated, no byte-order mark. */
const utf16 = (text: string) => Buffer.from(text, "utf16le");

describe("ETIM's CSV release", () => {
  it("names features, values and units of the real ETIM 10.0 release, in bounded time and memory", async () => {
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const dictionary = await loadEtimDictionary([ETIM_CSV]);
    const ms = performance.now() - started;
    expect(dictionary.size).toBe(33_728);
    expect(dictionary.name("EF008618")).toEqual({ de: "Number of poles (total)", en: "Number of poles (total)" });
    expect(dictionary.name("EV000242")).toEqual({ de: "DIN rail", en: "DIN rail" });
    expect(dictionary.name("EU570448")).toEqual({ de: "mm", en: "mm" });
    // A national extension's code (Austria).
    expect(dictionary.name("EFAT0001")?.en).toBeTruthy();
    expect(dictionary.sources).toEqual(["ETIM-10.0-ALL-SECTORS-CSV-METRIC-EI-2024-12-05.zip: ETIM CSV release (en), 33,728 codes"]);
    // Generous bounds (CI shares two cores): measured 0.8 s and about 10 MB of heap.
    expect(ms).toBeLessThan(20_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(96 * 1024 * 1024);
  });

  it("reads the unpacked folder, a UTF-8 re-export, and takes the language from de= where the name does not say", async () => {
    const folder = path.join(scratch, "etim-de");
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "ETIMFEATURE.csv"), "\ufeffFEATUREID;FEATUREGROUPID;FEATUREDESC\nEF000007;EFG00011;Farbe\n");
    fs.writeFileSync(path.join(folder, "ETIMVALUE.csv"), 'VALUEID;VALUEDESC\nEV000080;"Blau ""azur"""\n');
    const dictionary = await loadEtimDictionary([`de=${folder}`, ETIM_CSV]);
    expect(dictionary.name("EF000007")).toEqual({ de: "Farbe", en: "Colour" });
    expect(dictionary.name("EV000080")).toEqual({ de: 'Blau "azur"', en: "Blue" });
  });

  it("makes names of markup and control characters plain text on one line", async () => {
    const file = path.join(scratch, "markup.zip");
    fs.writeFileSync(file, zip({
      "ETIMFEATURE.csv": utf16("FEATUREID;FEATUREDESC\nEF000001;<b>Nenn</b>strom\u001b[2J\u202e\nEF000002;\u0007\n"),
      "ETIMVALUE.csv": utf16("VALUEID;VALUEDESC\nEV000001;\"<script>alert(1)</script>Rot &amp; Blau\"\n"),
    }));
    const dictionary = await loadEtimDictionary([file]);
    expect(dictionary.name("EF000001")?.en).toBe("Nennstrom [2J");
    expect(dictionary.name("EV000001")?.en).toBe("alert(1)Rot & Blau");
    // A name of nothing but control characters is no name.
    expect(dictionary.name("EF000002")).toBeUndefined();
  });

  it("refuses a table of a million values before decoding it", async () => {
    const rows = Array.from({ length: 1_000_000 }, (_, i) => `EV${String(i).padStart(6, "0")};Wert ${i}`).join("\n");
    const file = path.join(scratch, "million.zip");
    fs.writeFileSync(file, zip({ "ETIMFEATURE.csv": utf16("FEATUREID;FEATUREDESC\nEF000001;A\n"), "ETIMVALUE.csv": utf16(`VALUEID;VALUEDESC\n${rows}\n`) }));
    const started = performance.now();
    await expect(loadEtimDictionary([file])).rejects.toThrow(/ETIMVALUE.CSV has more than 250,000 rows: .*no ETIM dictionary/);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe("ETIMIXF", () => {
  it("reads German and English from one file, units by their abbreviation, and not the classes' feature lists", async () => {
    const dictionary = await loadEtimDictionary([ETIM_IXF]);
    expect(dictionary.name("EF000010")).toEqual({ de: "Ausführung", en: "Model" });
    expect(dictionary.name("EV000206")).toEqual({ de: "Schwarz", en: "Black" });
    expect(dictionary.name("EU570448")).toEqual({ de: "mm", en: "mm" });
    expect(dictionary.size).toBe(15);
  });

  it("stops at the limit on a file of a million values, streaming", async () => {
    const file = path.join(scratch, "million.xml");
    const out = fs.createWriteStream(file);
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<IXF xmlns="http://www.etim-international.com/etimixf/1"><Values>\n');
    for (let i = 0; i < IMPORT_LIMITS.etimCodes + 10; i++) {
      if (!out.write(`<Value><Code>EV${String(i).padStart(6, "0")}</Code><Translations><Translation language="EN"><Description>v${i}</Description></Translation></Translations></Value>\n`)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
    out.end("</Values></IXF>\n");
    await new Promise<void>((resolve) => out.once("close", () => resolve()));
    await expect(loadEtimDictionary([file])).rejects.toThrow(/more than 250,000 codes/);
  }, 60_000);
});

describe("a file that is no dictionary", () => {
  it("is refused with the reason: binary, a ZIP without ETIM's tables, broken XML, a table without its columns, no codes", async () => {
    const cases: [string, Buffer, RegExp][] = [
      ["binary.dat", Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]), /neither a ZIP nor XML/],
      ["other.zip", zip({ "readme.txt": Buffer.from("hello") }), /no ETIMFEATURE\.csv in it/],
      ["broken.xml", Buffer.from("<IXF xmlns='http://www.etim-international.com/etimixf/1'><Features><Feature>"), /not well-formed XML/],
      ["columns.zip", zip({ "ETIMFEATURE.csv": utf16("ID;NAME\nEF000001;x\n"), "ETIMVALUE.csv": utf16("ID;NAME\n") }), /has no FEATUREID column/],
      ["empty.xml", Buffer.from("<IXF xmlns='http://www.etim-international.com/etimixf/1'><Features/></IXF>"), /no Feature, Value or Unit/],
    ];
    for (const [name, bytes, reason] of cases) {
      const file = path.join(scratch, name);
      fs.writeFileSync(file, bytes);
      const error = await loadEtimDictionary([file]).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(EtimDictionaryError);
      expect((error as Error).message, name).toMatch(reason);
      expect((error as Error).message, name).toContain(file);
    }
  });
});
