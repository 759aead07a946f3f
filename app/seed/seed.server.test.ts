import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brand } from "~/config/brand";
import { migrateToLatest, type DB } from "~/db/database.server";
import { getMeta } from "~/models/app-meta.server";
import { listArticlesInCategory } from "~/models/article.server";
import { generateDemoData } from "./generate";
import { mediaDirectory } from "~/utils/media-directory.server";
import { openTestDatabase } from "~/../tests/support/test-store";
import { ensureDemoData, seedDemoData, type SeedSummary } from "./seed.server";
import { shippedBrand } from "~/../tests/support/shipped-brand";

const SEED = 1962;
let dataDir: string;
let db: DB;
let summary: SeedSummary;
const lines: string[] = [];

async function count(table: "categories" | "articles" | "article_eans" | "article_media" | "article_properties" | "blocks" | "dealers" | "documents" | "contact_messages"): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "velocat-seed-"));
  db = await openTestDatabase(dataDir, { seeded: false });
  await migrateToLatest(db);
  // A visitor's message from before the seed must survive it.
  await db
    .insertInto("contact_messages")
    .values({
      id: "m1",
      created_at: new Date().toISOString(),
      name: "Erika Muster",
      email: "erika@example.de",
      telephone: "",
      subject: "Frage",
      message: "Hallo",
      status: "pending",
      last_error: null,
      next_attempt_at: null,
      sent_at: null,
    })
    .execute();
  summary = await seedDemoData(db, mediaDirectory(dataDir), { seed: SEED, brand: shippedBrand(), log: (line) => lines.push(line) });
}, 180_000);

afterAll(async () => {
  await db?.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("seedDemoData", () => {
  it("writes the generated rows", async () => {
    const data = generateDemoData(SEED, { brand: shippedBrand() });
    expect(await count("categories")).toBe(data.categories.length);
    expect(await count("articles")).toBe(data.articles.length);
    expect(await count("article_eans")).toBe(data.articles.flatMap((a) => a.eans).length);
    expect(await count("article_media")).toBe(data.articles.flatMap((a) => a.media).length);
    expect(await count("article_properties")).toBe(data.articles.flatMap((a) => a.properties).length);
    expect(await count("blocks")).toBe(data.blocks.length);
    expect(await count("dealers")).toBe(data.dealers.length);
    expect(await count("documents")).toBe(summary.documents);
    expect(summary.documents).toBeGreaterThanOrEqual(5);
    expect(await count("contact_messages")).toBe(1);
    expect(summary).toMatchObject({ seed: SEED, articles: data.articles.length, dealers: data.dealers.length });
  });

  it("round-trips an article with its children through the data module", async () => {
    const data = generateDemoData(SEED, { brand: shippedBrand() });
    const expected = data.articles[0];
    if (!expected) throw new Error("no articles generated");
    const stored = await listArticlesInCategory(db, expected.category_id);
    const first = stored.find((a) => a.partno === expected.partno);
    expect(first?.eans).toEqual(expected.eans);
    expect(first?.media).toEqual(expected.media);
    expect(first?.properties.filter((p) => p.kind === "primary")).toEqual(expected.properties.filter((p) => p.kind === "primary"));
  });

  it("writes through the import's writer: content hashes, accessories and spare parts, no import stamp", async () => {
    const hashes = await db.selectFrom("articles").select("content_hash").execute();
    expect(hashes.every((h) => /^[\w-]{22}$/.test(h.content_hash ?? ""))).toBe(true);
    const relations = await db.selectFrom("article_relations").select(["kind", "partno", "target_partno"]).execute();
    const kinds = new Set(relations.map((r) => r.kind));
    expect(kinds).toEqual(new Set(["accessory", "sparepart"]));
    const partnos = new Set((await db.selectFrom("articles").select("partno").execute()).map((a) => a.partno));
    for (const r of relations) expect(partnos.has(r.target_partno), r.target_partno).toBe(true);
    expect(relations.length).toBeGreaterThan(100);
    expect(await getMeta(db, "imported_at")).toBeUndefined();
  });

  it("numbers dealers from 1 and keeps postal codes as strings", async () => {
    const dealers = await db.selectFrom("dealers").select(["id", "postal_code"]).orderBy("id").execute();
    expect(dealers[0]?.id).toBe(1);
    expect(dealers.at(-1)?.id).toBe(dealers.length);
    expect(dealers.some((d) => d.postal_code.startsWith("0"))).toBe(true);
  });

  it("renders an image for every media row, category and slide", async () => {
    const mediaDir = mediaDirectory(dataDir);
    const media = await db.selectFrom("article_media").select("imagename").execute();
    const files = new Set(await fs.readdir(path.join(mediaDir, "shop", "images")));
    for (const { imagename } of media) expect(files.has(`${imagename}.jpg`), imagename).toBe(true);
    const tiles = new Set(await fs.readdir(path.join(mediaDir, "categories")));
    const categories = await db.selectFrom("categories").select("symbol").where("shop_id", "=", brand.shopId).execute();
    for (const { symbol } of categories) {
      expect(tiles.has(`${symbol}_Desktop_220x220.jpg`), symbol).toBe(true);
      expect(tiles.has(`${symbol}_Mobile_150x150.jpg`), symbol).toBe(true);
      expect(tiles.has(`${symbol}_440x440.jpg`), symbol).toBe(true);
    }
    for (const name of ["products-hero", "slide-1-desktop", "slide-2-desktop", "slide-3-desktop", "slide-1-mobile", "slide-2-mobile", "slide-3-mobile"]) {
      const stat = await fs.stat(path.join(mediaDir, "static", `${name}.jpg`));
      expect(stat.size, name).toBeGreaterThan(1000);
    }
    // Per category: the provider's desktop and mobile tiles plus our 2x original.
    expect(summary.images).toBe(media.length + categories.length * 3 + 7);
    const documents = await db.selectFrom("documents").select("file_name").execute();
    for (const { file_name } of documents) {
      expect((await fs.stat(path.join(mediaDir, "documents", file_name))).size).toBeGreaterThan(1000);
    }
  });

  it("stamps app_meta and reports progress and a summary", async () => {
    expect(await getMeta(db, "seed")).toBe(String(SEED));
    expect(await getMeta(db, "data_version")).toMatch(/^[0-9a-f]{12}$/);
    expect(new Date(String(await getMeta(db, "seeded_at"))).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(lines.some((line) => /^Rendering images \d+\/\d+$/.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/Demo data ready .* \d+ articles, .* \d+ dealers, \d+ images, \d+ documents in [\d.]+ s/);
  });

  it("links manuals and declarations to their articles with the sizes of the real files (issue 28)", async () => {
    const mediaDir = mediaDirectory(dataDir);
    const rows = await db.selectFrom("article_documents").selectAll().orderBy("partno").orderBy("position").execute();
    const data = generateDemoData(SEED, { brand: shippedBrand() });
    expect(rows.length).toBe(data.articles.flatMap((a) => a.documents).length);
    expect(new Set(rows.map((r) => r.purpose))).toEqual(new Set(["manual", "others", "declaration"]));
    for (const row of rows) {
      expect((await fs.stat(path.join(mediaDir, row.file_name))).size, row.file_name).toBe(row.size_bytes);
      expect(row.file_name).toMatch(/^shop\/documents\/[a-z0-9-]+\.pdf$/);
    }
    const grip = rows.find((r) => r.file_name === "shop/documents/griffe-montageanleitung.pdf");
    expect(grip).toMatchObject({ purpose: "manual", language: "", name_de: "Montageanleitung für Griffe", name_en: "Grip mounting instructions" });
    expect(rows.find((r) => r.purpose === "declaration")).toMatchObject({ name_de: "EU-Konformitätserklärung", name_en: "EU declaration of conformity" });
    const articles = await db.selectFrom("articles").select(["manufacturer", "safety_de", "safety_en"]).execute();
    expect(articles.filter((a) => a.manufacturer !== null).length).toBeGreaterThan(0);
    expect(articles.filter((a) => a.safety_de !== null && a.safety_en !== null).length).toBeGreaterThan(50);
  });

  it("ensureDemoData seeds again when the seed stamp is missing, with the same data", async () => {
    const version = await getMeta(db, "data_version");
    await db.deleteFrom("app_meta").where("key", "=", "seeded_at").execute();
    expect(await ensureDemoData(db, mediaDirectory(dataDir), { seed: SEED, brand: shippedBrand(), log: () => {} })).toBe(true);
    expect(await getMeta(db, "data_version")).toBe(version);
    const first = await db.selectFrom("dealers").select("id").orderBy("id").executeTakeFirst();
    expect(first?.id).toBe(1);
    expect(await count("contact_messages")).toBe(1);
  }, 180_000);

  it("ensureDemoData leaves a seeded database alone", async () => {
    const before = await getMeta(db, "seeded_at");
    expect(await ensureDemoData(db, mediaDirectory(dataDir), { seed: SEED, brand: shippedBrand(), log: () => {} })).toBe(false);
    expect(await getMeta(db, "seeded_at")).toBe(before);
  });
});
