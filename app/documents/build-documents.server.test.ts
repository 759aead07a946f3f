import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brand } from "~/config/brand";
import { migrateToLatest, type DB } from "~/db/database.server";
import type { DocumentTable } from "~/db/schema";
import { buildDocuments, MANUALS } from "~/documents/build-documents.server";
import { cleanTitle } from "~/utils/article-rules";
import { manualStrings } from "~/documents/manuals/manual-layout.server";
import { openTestDatabase } from "~/../tests/support/test-store";
import { shippedBrand } from "~/../tests/support/shipped-brand";
import { expectAllIn } from "~/../tests/support/expect-text";

const FILES = [
  "griffe-montageanleitung.pdf",
  "zahlenschloss-bedienungsanleitung.pdf",
  "batteriehinweis.pdf",
  "klingel-montageanleitung.pdf",
  "viva-katalog-2024.pdf",
  "viva-catalogue-2024.pdf",
];

function pageCount(pdf: Buffer): number {
  // Page objects are plain dictionaries (only streams are compressed); "/Type /Pages" is the tree node.
  return (pdf.toString("latin1").match(/\/Type \/Page(?![s\w])/g) ?? []).length;
}

// Node's "windows-1252" TextDecoder is plain Latin-1, so the 0x80-0x9F block is mapped here.
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWinAnsi(bytes: Buffer): string {
  return [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join("");
}

/**
 * Just enough text extraction for pdfkit's own output with the standard fonts: inflate the content
 * streams and decode the hex strings of TJ arrays as WinAnsi (windows-1252).
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  const streamPattern = /stream\n([\s\S]*?)\nendstream/g;
  for (const match of raw.matchAll(streamPattern)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...(tj[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? "").join("");
      lines.push(decodeWinAnsi(Buffer.from(hex, "hex")));
    }
  }
  return lines.join("\n");
}

async function writeJpeg(file: string, color: string): Promise<void> {
  await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="800" height="600"><circle cx="250" cy="400" r="150" fill="none" stroke="#222" stroke-width="30"/><circle cx="580" cy="400" r="150" fill="none" stroke="#222" stroke-width="30"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toFile(file);
}

async function seedCatalogue(db: DB, mediaDir: string): Promise<void> {
  const category = (id: number, parent: number | null, main: number, position: number, de: string, en: string) => ({
    id,
    shop_id: brand.shopId,
    main_id: main,
    parent_id: parent,
    position,
    symbol: `cat${id}`,
    name_de: de,
    description_de: `${de}: Beschreibung für den Katalog.`,
    name_en: en,
    description_en: `${en}: catalogue description.`,
  });
  await db
    .insertInto("categories")
    .values([
      category(1000, null, 1000, 0, brand.rangeCategoryName, "VIVA range"),
      // Inserted out of position order on purpose: the catalogue must sort by position.
      category(1300, 1000, brand.groups.accessories, 1, "Schlösser", "Locks"),
      category(1100, 1000, brand.groups.parts, 1, "Lenker und Griffe", "Handlebars and grips"),
      category(1110, 1100, brand.groups.parts, 2, "Griffe", "Grips"),
      category(1120, 1100, brand.groups.parts, 1, "Lenkerband", "Bar tape"),
      category(1200, 1000, brand.groups.parts, 2, "Klingeln", "Bells"),
      category(1400, 1000, brand.groups.accessories, 2, "Leere Kategorie", "Empty category"),
    ])
    .execute();

  const articles = [
    { partno: "10001", category_id: 1110, position: 2, title: "VIVA Original Ergo-Griff Komfort", price: 1299, image: "10001_1" },
    { partno: "10002", category_id: 1110, position: 1, title: "Lock-on-Griff Trail Markenqualität", price: 2495, image: "10002_1" },
    { partno: "10003", category_id: 1120, position: 1, title: "Lenkerband Gel schwarz", price: 1999, image: "10003_1" },
    { partno: "20001", category_id: 1200, position: 1, title: "Alu-Klingel Ding-Dong", price: 799, image: "20001_1" },
    { partno: "30001", category_id: 1300, position: 1, title: "VIVA Zahlenschloss Kabel 180 cm", price: 129999, image: "fehlt_1" },
  ];
  await db
    .insertInto("articles")
    .values(
      articles.map((a) => ({
        partno: a.partno,
        category_id: a.category_id,
        position: a.position,
        prodcatname_de: "Produkt",
        prodcatname_en: "Product",
        title_de: a.title,
        title_en: a.title,
        description_de: null,
        description_en: null,
        price_cents: a.price,
      })),
    )
    .execute();
  await db
    .insertInto("article_eans")
    .values(articles.flatMap((a, i) => [{ partno: a.partno, position: 1, ean: `400000000000${i}` }]))
    .execute();
  await db.insertInto("article_eans").values({ partno: "10001", position: 2, ean: "4000000000999" }).execute();
  await db
    .insertInto("article_media")
    .values(articles.map((a) => ({ partno: a.partno, position: 1, type: "Bild", imagename: a.image })))
    .execute();
  await db
    .insertInto("article_properties")
    .values(
      articles.flatMap((a) => [
        { partno: a.partno, kind: "primary" as const, position: 1, attribute_de: "Artikelgruppe", value_de: "Teile", attribute_en: "Article group", value_en: "Parts" },
        { partno: a.partno, kind: "primary" as const, position: 2, attribute_de: "Marke", value_de: shippedBrand().name, attribute_en: "Brand", value_en: shippedBrand().name },
        { partno: a.partno, kind: "primary" as const, position: 3, attribute_de: "Farbe", value_de: "Schwarz", attribute_en: "Colour", value_en: "Black" },
        { partno: a.partno, kind: "primary" as const, position: 4, attribute_de: "Material", value_de: "Aluminium", attribute_en: "Material", value_en: "Aluminium" },
        { partno: a.partno, kind: "secondary" as const, position: 1, attribute_de: "Gewicht", value_de: "120 g", attribute_en: "Weight", value_en: "120 g" },
      ]),
    )
    .execute();

  const imageDir = path.join(mediaDir, "shop", "images");
  fs.mkdirSync(imageDir, { recursive: true });
  const colors = ["#d8e8f0", "#f0e0d0", "#e0f0d8", "#f4f0c8"];
  for (const [i, a] of articles.entries()) {
    if (a.image.startsWith("fehlt")) continue;
    await writeJpeg(path.join(imageDir, `${a.image}.jpg`), colors[i % colors.length] ?? "#ffffff");
  }
}

describe("buildDocuments", () => {
  let tmp: string;
  let db: DB;
  const logs: string[] = [];
  let rows: DocumentTable[];
  let firstRun: Map<string, Buffer>;
  let buildMs: number;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-docs-"));
    db = await openTestDatabase(tmp, { seeded: false });
    await migrateToLatest(db);
    await seedCatalogue(db, path.join(tmp, "media"));
    const started = performance.now();
    rows = await buildDocuments(db, path.join(tmp, "media"), shippedBrand(), (line) => logs.push(line));
    buildMs = performance.now() - started;
    firstRun = new Map(FILES.map((f) => [f, fs.readFileSync(path.join(tmp, "media", "documents", f))]));
  });

  afterAll(async () => {
    await db?.destroy();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("writes six PDFs and no leftover temp files", () => {
    const written = fs.readdirSync(path.join(tmp, "media", "documents")).sort();
    expect(written).toEqual([...FILES].sort());
    for (const [name, bytes] of firstRun) {
      expect(bytes.subarray(0, 5).toString("latin1"), name).toBe("%PDF-");
      expect(bytes.subarray(-6).toString("latin1"), name).toContain("%%EOF");
    }
    console.info(
      `documents built in ${Math.round(buildMs)} ms: ` +
        [...firstRun].map(([n, b]) => `${n} ${(b.length / 1024).toFixed(1)} KB/${pageCount(b)} p.`).join(", "),
    );
  });

  it("makes bilingual manuals of two to four pages with page numbers in both languages", () => {
    for (const manual of MANUALS) {
      const pdf = firstRun.get(manual.fileName);
      if (!pdf) throw new Error(`missing ${manual.fileName}`);
      const pages = pageCount(pdf);
      expect(pages, manual.fileName).toBeGreaterThanOrEqual(2);
      expect(pages, manual.fileName).toBeLessThanOrEqual(4);
      const text = pdfText(pdf);
      expect(text).toContain(`Seite 1 von ${pages} / Page 1 of ${pages}`);
      const { de, en } = manual.text(shippedBrand());
      expectAllIn(text, [de.title, en.title, shippedBrand().company.street]);
      expect(text.indexOf(de.title)).toBeLessThan(text.indexOf(en.title));
    }
    expect(pdfText(firstRun.get("griffe-montageanleitung.pdf") ?? Buffer.alloc(0))).toContain("Sicherheitshinweise");
  });

  it("uses only characters the standard fonts can encode (WinAnsi)", () => {
    const winAnsiExtras = new Set([...WIN_ANSI_HIGH].filter((c) => c.charCodeAt(0) > 0xff));
    for (const manual of MANUALS) {
      for (const s of manualStrings(manual, shippedBrand())) {
        const bad = [...s].filter((c) => !((c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) < 0x7f) || (c.charCodeAt(0) >= 0xa0 && c.charCodeAt(0) <= 0xff) || winAnsiExtras.has(c)));
        expect(bad, `${manual.id}: ${s}`).toEqual([]);
      }
    }
  });

  it("builds the catalogue from the database in category order with prices, contents and placeholders", () => {
    const pdf = firstRun.get("viva-katalog-2024.pdf");
    if (!pdf) throw new Error("missing catalogue");
    // Cover, one contents page, then each group from a new page: four or five pages for this data.
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(pages).toBeLessThanOrEqual(6);
    const text = pdfText(pdf);
    expectAllIn(text, [
      "Katalog 2024",
      "Inhalt",
      "Fahrradteile",
      "Zubehör",
      "12,99\u00a0€*",
      "1.299,99\u00a0€*",
      "* Unverbindliche Preisempfehlung des Herstellers inkl. MwSt.",
      `Seite 1 von ${pages}`,
      `Seite ${pages} von ${pages}`,
      "Kein Bild",
      "EAN 4000000000000, 4000000000999",
    ]);
    // Noise words are gone, hidden attributes are not shown, secondary properties are not key properties.
    expect(text).toContain("Ergo-Griff Komfort");
    expect(text).not.toContain("VIVA Original Ergo");
    expect(text).not.toContain("Artikelgruppe");
    expect(text).not.toContain("Gewicht");
    expect(text).toContain("Farbe");
    // Positions decide the order: bar tape (position 1) before grips, grip 10002 before 10001, parts before accessories.
    expect(text.indexOf("Lenkerband Gel")).toBeLessThan(text.indexOf("Lock-on-Griff Trail"));
    expect(text.indexOf("Lock-on-Griff Trail")).toBeLessThan(text.indexOf("Ergo-Griff Komfort"));
    expect(text.indexOf("Alu-Klingel")).toBeLessThan(text.indexOf("Zahlenschloss Kabel"));
    expect(text).not.toContain("Leere Kategorie");
    expect(logs.some((l) => l.includes("30001"))).toBe(true);
  });

  it("prints the catalogue in English too, with the same articles and the English price format", () => {
    const pdf = firstRun.get("viva-catalogue-2024.pdf");
    if (!pdf) throw new Error("missing English catalogue");
    const pages = pageCount(pdf);
    expect(pages).toBe(pageCount(firstRun.get("viva-katalog-2024.pdf") ?? Buffer.alloc(0)));
    const text = pdfText(pdf);
    expectAllIn(text, ["Catalogue 2024", "Contents", "Bicycle parts", "Accessories", "12.99\u00a0€*", "1,299.99\u00a0€*", "RRP", "No image", "Part no. ", `Page ${pages} of ${pages}`, "* Manufacturer's recommended retail price incl. VAT."]);
    expect(text).not.toContain("Tel. ");
    for (const german of ["Katalog", "Inhalt", "Fahrradteile", "Zubehör", "Art.-Nr.", "UVP", "Kein Bild", "Seite", "Preisempfehlung", "Farbe"]) {
      expect(text, german).not.toContain(german);
    }
  });

  it("returns the rows for the documents table", () => {
    expect(rows.map((r) => [r.id, r.kind, r.position, r.file_name, r.file_name_en])).toEqual([
      ["griffe-montage", "manual", 1, "griffe-montageanleitung.pdf", null],
      ["zahlenschloss", "manual", 2, "zahlenschloss-bedienungsanleitung.pdf", null],
      ["batteriehinweis", "manual", 3, "batteriehinweis.pdf", null],
      ["klingel-montage", "manual", 4, "klingel-montageanleitung.pdf", null],
      ["katalog-2024", "catalogue", 1, "viva-katalog-2024.pdf", "viva-catalogue-2024.pdf"],
    ]);
    for (const row of rows) {
      expect(row.name_de).not.toBe("");
      expect(row.name_en).not.toBe("");
      expect(row.image_label_de).toBe("PDF-Dokument");
      expect(row.image_label_en).toBe("PDF document");
    }
    expect(rows[0]?.name_de).toBe("Montageanleitung für Griffe");
    expect(rows[4]?.name_de).toBe("Katalog 2024");
  });

  it("gives byte-identical files for the same data", async () => {
    await buildDocuments(db, path.join(tmp, "media"), shippedBrand(), () => {});
    for (const name of FILES) {
      const again = fs.readFileSync(path.join(tmp, "media", "documents", name));
      expect(again.equals(firstRun.get(name) ?? Buffer.alloc(0)), name).toBe(true);
    }
  });
});

describe("catalogue formatting", () => {
  it("removes the brand's noise words from titles", () => {
    expect(cleanTitle("VIVA Original Griff Bikeparts Markenqualität", "x")).toBe("Griff");
    expect(cleanTitle("VIVA", "Fallback")).toBe("Fallback");
  });
});
