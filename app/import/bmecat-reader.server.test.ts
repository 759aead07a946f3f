import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BmecatFormatError, parsePriceCents, readBmecat } from "./bmecat-reader.server";
import type { ImportedArticle, ImportedGroup, ImportedGroupLink, ImportedHeader } from "~/exchange/catalogue-model";
import { Problems } from "~/exchange/import-report";
import { plainText } from "./plain-text";
import { unitSymbol } from "./units";
import { IMPORT_LIMITS } from "./import-limits";
import { detectEncoding, XmlLimitError, XmlSyntaxError } from "./xml-records.server";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/bmecat");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-bmecat-unit-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function read(file: string, onBytes?: (bytes: number) => void) {
  const problems = new Problems();
  const groups: ImportedGroup[] = [];
  const articles: ImportedArticle[] = [];
  const mappings: { partno: string; link: ImportedGroupLink }[] = [];
  let header: ImportedHeader | null = null;
  await readBmecat({
    brand: makerBrand,
    file,
    problems,
    onBytes,
    sink: {
      header: (h) => (header = h),
      group: (g) => groups.push(g),
      article: (a) => void articles.push(a),
      mapping: (partno, link) => void mappings.push({ partno, link }),
    },
  });
  return { problems, groups, articles, mappings, header: header as ImportedHeader | null };
}

describe("BMEcat 2005", () => {
  it("maps groups, products, features, prices, pictures, references and languages", async () => {
    const { problems, groups, articles, mappings, header } = await read(path.join(fixtures, "catalogue-2005.xml"));
    expect(problems.errors).toEqual([]);
    expect(header).toMatchObject({ version: "2005", mimeRoot: "bilder/", catalogName: { de: "Testsortiment", en: "Test range" } });
    expect(groups.map((g) => [g.sourceId, g.parentSourceId, g.order])).toEqual([
      ["ROOT", null, 1],
      ["LICHT", "ROOT", 1],
      ["KLINGEL", "ROOT", 2],
    ]);
    expect(groups[1]).toMatchObject({
      name: { de: "Lichtanlagen", en: "Lighting sets" },
      description: { de: "Scheinwerfer und Rücklichter nach StVZO.", en: "Headlights and rear lights approved for German roads." },
      image: { source: "kategorie-licht.jpg" },
    });
    expect(groups[2]?.name).toEqual({ de: "Glocken und Hupen", en: "" });

    const [lamp, rear, bell] = articles;
    expect(lamp).toMatchObject({
      partno: "LX-100",
      title: { de: "VIVA Scheinwerfer Lumen 40", en: "VIVA headlight Lumen 40" },
      // Escaped and real markup both become text with line breaks.
      description: { de: "Heller LED-Scheinwerfer.\nMit Standlicht.", en: "Bright LED headlight.\nWith a standlight." },
      prodcatname: { de: "Scheinwerfer", en: "Headlight" },
      eans: ["4260123456788", "4006381333931"],
      // nrp wins over the net list price.
      priceCents: 4995,
      // MIME_ORDER decides; the data sheet is no picture.
      images: [{ source: "lampe-front.jpg" }, { source: "lampe-rueck.jpg" }],
      properties: [
        { kind: "primary", attribute: { de: "Lichtstärke", en: "Light output" }, value: { de: "40 lx", en: "40 lx" } },
        { kind: "primary", attribute: { de: "Farbe", en: "Colour" }, value: { de: "schwarz", en: "black" } },
      ],
      references: [
        { kind: "accessory", target: "LX-200" },
        { kind: "sparepart", target: "BL-1" },
      ],
    });
    expect(rear).toMatchObject({ partno: "LX-200", title: { de: "Rücklicht Rubin", en: "" }, priceCents: null, prodcatname: null, images: [] });
    // gros_list when there is no nrp, with a decimal comma.
    expect(bell).toMatchObject({ partno: "BL-1", priceCents: 1250, images: [{ source: "klingel.png" }] });
    expect(mappings.map((m) => [m.partno, m.link.sourceId, m.link.order])).toEqual([
      ["LX-200", "LICHT", 2],
      ["LX-100", "LICHT", 1],
      ["BL-1", "KLINGEL", null],
    ]);
  });
});

describe("BMEcat 1.2", () => {
  it("reads ARTICLE elements in the header's language, EAN, several values and group maps", async () => {
    const { problems, groups, articles, mappings, header } = await read(path.join(fixtures, "catalogue-1.2.xml"));
    expect(problems.errors).toEqual([]);
    expect(header?.version).toBe("1.2");
    expect(groups.map((g) => g.sourceId)).toEqual(["1", "10", "11", "20"]);
    expect(groups[3]?.name).toEqual({ de: "Schlösser", en: "" });
    expect(articles[0]).toMatchObject({
      partno: "GR-7",
      title: { de: "Ergo-Griff Komfort", en: "" },
      description: { de: "Weicher Griff\nfür lange Touren", en: null },
      eans: ["4260123456801"],
      priceCents: 129900,
      prodcatname: { de: "Lenkergriff", en: "" },
      // The thumbnail of the same file is not a second picture.
      images: [{ source: "bilder/griff.jpg" }],
      properties: [
        { attribute: { de: "Länge" }, value: { de: "130 mm" } },
        { attribute: { de: "Farben" }, value: { de: "schwarz, grau" } },
      ],
      references: [{ kind: "accessory", target: "SL-1" }],
    });
    expect(mappings.map((m) => [m.partno, m.link.sourceId])).toEqual([
      ["GR-7", "11"],
      ["SL-1", "20"],
      ["SL-1", "11"],
      ["XX-9", "11"],
    ]);
  });

  it("reads ISO-8859-1 files as declared", async () => {
    const utf8 = fs.readFileSync(path.join(fixtures, "catalogue-1.2.xml"), "utf8").replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const file = path.join(scratch, "latin1.xml");
    fs.writeFileSync(file, Buffer.from(utf8, "latin1"));
    const { problems, groups, articles } = await read(file);
    expect(problems.errors).toEqual([]);
    expect(groups[3]?.name.de).toBe("Schlösser");
    expect(articles[1]?.title.de).toBe("Bügelschloss Stark");
  });
});

describe("broken files", () => {
  it("reports malformed XML with its line", async () => {
    const file = path.join(scratch, "broken.xml");
    fs.writeFileSync(file, '<?xml version="1.0"?>\n<BMECAT version="2005">\n<HEADER>\n</HEADR>\n</BMECAT>\n');
    await expect(read(file)).rejects.toSatisfy((error) => error instanceof XmlSyntaxError && error.line === 4);
  });

  it("refuses unknown encodings and versions by name", async () => {
    expect(() => detectEncoding(Buffer.from('<?xml version="1.0" encoding="Shift_JIS"?>'))).toThrow(/Shift_JIS/);
    const file = path.join(scratch, "v3.xml");
    fs.writeFileSync(file, '<?xml version="1.0"?>\n<BMECAT version="3.0"></BMECAT>\n');
    const { problems } = await read(file);
    expect(problems.errors).toEqual([{ line: 2, where: "BMECAT", message: expect.stringMatching(/version "3.0" is not supported/) }]);
  });

  it("refuses a file whose root is not BMECAT, with the root's line", async () => {
    const file = path.join(scratch, "rss.xml");
    fs.writeFileSync(file, '<?xml version="1.0"?>\n\n<rss version="2.0"/>\n');
    await expect(read(file)).rejects.toSatisfy((error) => error instanceof BmecatFormatError && error.line === 3);
  });
});

describe("files past the import limits (issue 25: each ran a 192 MB heap out of memory)", () => {
  const good = fs.readFileSync(path.join(fixtures, "catalogue-2005.xml"), "utf8");
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
  /** The fixture with `insert` placed before the first `before`, written to the scratch folder. */
  function hostile(name: string, before: string, insert: string): { file: string; text: string } {
    const at = good.indexOf(before);
    const text = good.slice(0, at) + insert + good.slice(at);
    const file = path.join(scratch, name);
    fs.writeFileSync(file, text);
    return { file, text };
  }
  /** Reads the file; the error it fails with, and how much of the file was read by then. */
  async function refusal(file: string): Promise<{ error: unknown; readBytes: number; size: number }> {
    let readBytes = 0;
    const error = await read(file, (bytes) => (readBytes = bytes)).then(() => null, (e: unknown) => e);
    return { error, readBytes, size: fs.statSync(file).size };
  }

  it("stops at a text longer than BMEcat's 64,000 characters, with the element's line, before reading the rest", async () => {
    const opening = '<DESCRIPTION_LONG lang="deu">Heller';
    const { file, text } = hostile("long-text.xml", "LED-Scheinwerfer.&lt;br&gt;", "Sehr lange Beschreibung. ".repeat(160_000));
    const { error, readBytes, size } = await refusal(file);
    expect(error).toBeInstanceOf(XmlLimitError);
    expect(error).toMatchObject({ line: lineOf(text, opening), element: "DESCRIPTION_LONG", message: expect.stringMatching(/longer than 64,000 characters/) });
    // Stopped within a chunk or two of the limit, not after holding all 4 MB.
    expect(readBytes).toBeLessThan(size / 4);
  });

  it("counts the text of a description with markup as one text", async () => {
    const { file } = hostile("long-markup.xml", "LED-Scheinwerfer.&lt;br&gt;", "Zeile<br/>".repeat(IMPORT_LIMITS.textLength / 5));
    const { error } = await refusal(file);
    expect(error).toMatchObject({ element: "DESCRIPTION_LONG", message: expect.stringMatching(/longer than 64,000/) });
  });

  it("stops at a long text outside any record, an attribute value or a comment", async () => {
    for (const [name, insert] of [
      ["comment", `<!--${"x".repeat(200_000)}-->`],
      ["attribute", `<CATALOG_GROUP_SYSTEM x="${"y".repeat(200_000)}"></CATALOG_GROUP_SYSTEM>`],
    ] as const) {
      const { file } = hostile(`long-${name}.xml`, "<T_NEW_CATALOG>", insert);
      expect((await refusal(file)).error, name).toMatchObject({ message: expect.stringMatching(/longer than 64,000/) });
    }
  });

  it("stops at elements nested deeper than 64, with the line", async () => {
    const { file, text } = hostile("deep.xml", "<DESCRIPTION_SHORT", "<X>\n".repeat(200_000) + "</X>".repeat(200_000));
    const { error, readBytes, size } = await refusal(file);
    expect(error).toBeInstanceOf(XmlLimitError);
    // The first <X> is the fifth level (in BMECAT, T_NEW_CATALOG, PRODUCT, PRODUCT_DETAILS), one per
    // line: the 61st, 60 lines on, is the 65th level.
    expect(error).toMatchObject({ line: lineOf(text, "<X>") + 60, element: "X", message: expect.stringMatching(/nested more than 64 deep/) });
    expect(readBytes).toBeLessThan(size / 2);
  });

  it("stops at a record with more than 50,000 elements", async () => {
    const { file } = hostile("wide.xml", "<DESCRIPTION_SHORT", "<X/>".repeat(IMPORT_LIMITS.recordElements + 10));
    expect((await refusal(file)).error).toMatchObject({ element: "X", message: expect.stringMatching(/more than 50,000 elements in one PRODUCT/) });
  });

  it("does not count the indentation between a record's many elements as one long text", async () => {
    const features = Array.from({ length: 8000 }, (_, k) => `\n          <FEATURE><FNAME>F${k}</FNAME><FVALUE>${k}</FVALUE></FEATURE>`).join("");
    const { file } = hostile("many-features.xml", "</PRODUCT_FEATURES>", `${features}\n        `);
    const { problems, articles } = await read(file);
    expect(problems.errors).toEqual([]);
    expect(articles[0]?.properties.length).toBeGreaterThan(8000);
  });

  it("reads a description of exactly 64,000 characters", async () => {
    const opening = '<DESCRIPTION_LONG lang="deu">';
    const at = good.indexOf(opening) + opening.length;
    const end = good.indexOf("</DESCRIPTION_LONG>", at);
    const file = path.join(scratch, "at-limit.xml");
    fs.writeFileSync(file, good.slice(0, at) + "x".repeat(IMPORT_LIMITS.textLength) + good.slice(end));
    const { problems, articles } = await read(file);
    expect(problems.errors).toEqual([]);
    expect(articles[0]?.description.de).toHaveLength(IMPORT_LIMITS.textLength);
  });
});

describe("helpers", () => {
  it("reads prices written either way", () => {
    expect(parsePriceCents("19.95")).toBe(1995);
    expect(parsePriceCents("19,95")).toBe(1995);
    expect(parsePriceCents("1.299,00")).toBe(129900);
    expect(parsePriceCents("7")).toBe(700);
    expect(parsePriceCents("-3")).toBeNull();
    expect(parsePriceCents("zwölf")).toBeNull();
  });

  it("turns UN/ECE unit codes into symbols and keeps symbols", () => {
    expect(unitSymbol("MMT")).toBe("mm");
    expect(unitSymbol("LUX")).toBe("lx");
    expect(unitSymbol("C62")).toBe("");
    expect(unitSymbol("Nm")).toBe("Nm");
  });

  it("keeps no markup from descriptions", () => {
    expect(plainText("<p>Eins</p><ul><li>zwei</li><li>drei</li></ul><script>alert(1)</script>")).toBe("Eins\n\n• zwei\n• drei\nalert(1)");
    expect(plainText("A &amp; B &#228; &#x20AC; &lt;img src=x onerror=alert(1)&gt;")).toBe("A & B ä € <img src=x onerror=alert(1)>");
  });
});
