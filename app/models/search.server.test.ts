import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import { migrations } from "~/db/migrations/index";
import { type DemoData, generateDemoData } from "~/seed/generate";
import { openTestDatabase, testStore } from "~/../tests/support/test-store";
import { MAX_QUERY_LENGTH, findExactArticle, rebuildSearchIndex, searchArticles } from "./search.server";
import { shippedBrand } from "~/../tests/support/shipped-brand";

const data = generateDemoData(1962, { brand: shippedBrand() });
const dirs: string[] = [];

/** An empty, unmigrated database of the run's store (SQLite or PostgreSQL, tests/support/test-store.ts). */
function tempDatabase(): Promise<DB> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-search-"));
  dirs.push(dir);
  return openTestDatabase(dir, { seeded: false });
}

/** The seeder's rows without its images: the index only needs the tables. */
async function insertRows(db: DB, demo: DemoData): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("categories").values(demo.categories).execute();
    for (let i = 0; i < demo.articles.length; i += 50) {
      const chunk = demo.articles.slice(i, i + 50);
      await trx
        .insertInto("articles")
        // Without the columns of later migrations: one test fills a database migrated only up to the search.
        .values(chunk.map(({ eans: _e, media: _m, properties: _p, relations: _r, documents: _d, manufacturer: _f, manufacturer_address: _fa, manufacturer_email: _fe, safety_de: _sd, safety_en: _se, ...row }) => row))
        .execute();
      await trx
        .insertInto("article_eans")
        .values(chunk.flatMap((a) => a.eans.map((ean, n) => ({ partno: a.partno, position: n + 1, ean }))))
        .execute();
      await trx
        .insertInto("article_media")
        .values(chunk.flatMap((a) => a.media.map((m, n) => ({ partno: a.partno, position: n + 1, ...m }))))
        .execute();
    }
  });
}

let db: DB;
beforeAll(async () => {
  db = await tempDatabase();
  await migrateToLatest(db);
  await insertRows(db, data);
});
afterAll(async () => {
  await db?.destroy();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const search = (query: string, options: { page?: number; pageSize?: number; lang?: "de" | "en" } = {}) =>
  searchArticles(db, { query, lang: options.lang ?? "de", page: options.page ?? 1, pageSize: options.pageSize ?? 12 });

const article = (predicate: (a: DemoData["articles"][number]) => boolean) => {
  const found = data.articles.find(predicate);
  if (!found) throw new Error("the demo data lacks an article the test needs");
  return found;
};

const categoryOf = (partno: string) => {
  const a = article((x) => x.partno === partno);
  return data.categories.find((c) => c.id === a.category_id)!.name_de;
};

describe("searchArticles", () => {
  it("finds words in German and in English", async () => {
    const de = await search("Klingel");
    expect(de.total).toBeGreaterThan(3);
    expect(de.hits[0]?.title.de.text).toMatch(/klingel/i);
    const en = await search("bell", { lang: "en" });
    expect(en.total).toBeGreaterThan(3);
    expect(en.hits[0]?.title.en.text).toMatch(/bell/i);
    // Same bells either way: the index holds both languages.
    expect(new Set(en.hits.map((h) => h.partno))).toEqual(new Set((await search("bell", { lang: "de" })).hits.map((h) => h.partno)));
  });

  it("returns what a card and its link need", async () => {
    const [hit] = (await search("Klingel")).hits;
    const source = article((a) => a.partno === hit?.partno);
    expect(hit).toMatchObject({
      categoryName: categoryOf(source.partno),
      price: source.price_cents / 100,
      image: source.media[0]?.imagename ?? null,
    });
    expect(hit?.title.de.text).not.toMatch(/^VIVA /);
    expect(hit?.score).toBeGreaterThan(0);
  });

  it("matches word beginnings", async () => {
    const result = await search("klin");
    expect(result.total).toBeGreaterThan(3);
    expect(result.hits.every((h) => /klingel|glocke|bell/i.test(`${h.title.de.text} ${h.title.en.text}`))).toBe(true);
  });

  it("forgives typos, case and ß", async () => {
    const typo = await search("Klingle");
    expect(typo.total).toBeGreaterThan(3);
    expect(typo.hits[0]?.title.de.text).toMatch(/klingel/i);
    expect((await search("pedale")).hits[0]?.title.de.text).toMatch(/pedale/i);
    expect((await search("PEDALE")).total).toBe((await search("pedale")).total);
    const eszett = await search("schloß");
    expect(eszett.total).toBeGreaterThan(3);
    expect(eszett.total).toBe((await search("Schloss")).total);
    expect(eszett.hits[0]?.title.de.text).toMatch(/schloss/i);
  });

  it("finds a word with umlauts however it is typed: ü, ue or UE, ß or ss (issue 37)", async () => {
    const umlaut = await search("Rücklicht", { pageSize: 100 });
    expect(umlaut.total).toBeGreaterThan(3);
    for (const query of ["Ruecklicht", "RUECKLICHT", "rücklicht"]) {
      const other = await search(query, { pageSize: 100 });
      expect(other.total, query).toBe(umlaut.total);
      expect(other.hits.map((h) => h.partno).sort(), query).toEqual(umlaut.hits.map((h) => h.partno).sort());
    }
    expect((await search("Buegelschloss")).total).toBe((await search("Bügelschloß")).total);
    // The word a visitor is still typing, too.
    expect((await search("Rueckl")).total).toBe((await search("Rückl")).total);
  });

  it("ranks the word a typo was meant for above a rare word one letter away (issue 25)", async () => {
    // "Sattle" is one swap from "Sattel" (every saddle) and one letter from "rattle" (two U-locks' text).
    for (const lang of ["de", "en"] as const) {
      const result = await search("Sattle", { lang });
      expect(result.total).toBeGreaterThan(3);
      expect(result.hits.map((h) => h.title.de.text).filter((title) => !/sattel/i.test(title))).toEqual([]);
      // German writes saddles as compounds ("Komfortsattel", "Trekkingsättel"): the typo finds them all (issue 37).
      expect(result.total).toBe((await search("Sattel", { lang })).total);
    }
  });

  it("finds German compounds by their parts", async () => {
    const result = await search("schloss", { pageSize: 100 });
    expect(result.hits.some((h) => /Bügelschloss/.test(h.title.de.text))).toBe(true);
    expect(result.hits.some((h) => /Kabelschloss/.test(h.title.de.text))).toBe(true);
  });

  it("needs every word and ranks titles above descriptions", async () => {
    const both = await search("griffe schwarz", { pageSize: 100 });
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan((await search("griffe")).total);
    expect(both.hits.every((h) => /griffe/i.test(h.title.de.text) && /schwarz/i.test(h.title.de.text))).toBe(true);
  });

  it("finds part numbers and EANs, also in part", async () => {
    const target = data.articles[42]!;
    expect((await search(target.partno)).hits[0]?.partno).toBe(target.partno);
    expect((await search(target.partno.replace("-", ""))).hits[0]?.partno).toBe(target.partno);
    expect((await search(target.eans[0]!)).hits.map((h) => h.partno)).toEqual([target.partno]);
    const partial = await search(target.eans[0]!.slice(0, 10), { pageSize: 100 });
    expect(partial.hits.map((h) => h.partno)).toContain(target.partno);
  });

  it("pages through the results", async () => {
    const all = await search("schwarz", { pageSize: 1000 });
    expect(all.total).toBeGreaterThan(24);
    const first = await search("schwarz", { page: 1 });
    const second = await search("schwarz", { page: 2 });
    expect(first.pages).toBe(Math.ceil(all.total / 12));
    expect(second).toMatchObject({ total: all.total, page: 2, pages: first.pages });
    expect(first.hits).toHaveLength(12);
    expect(first.hits.map((h) => h.partno)).toEqual(all.hits.slice(0, 12).map((h) => h.partno));
    expect(second.hits.map((h) => h.partno)).toEqual(all.hits.slice(12, 24).map((h) => h.partno));
    const beyond = await search("schwarz", { page: first.pages + 1 });
    expect(beyond).toMatchObject({ total: all.total, hits: [] });
  });

  it("never fails on hostile input", async () => {
    const hostile = [
      '"',
      "*",
      "AND",
      "OR",
      "NOT",
      "(",
      ")",
      "NEAR(",
      "NEAR(a b, 2)",
      "'; drop table articles; --",
      "title_de:klingel",
      "{codes}: 1",
      "^klingel",
      "klingel -pedale +x",
      '" OR "" = "',
      "\u0000\u0001\u200b",
      "😀🚲 中文 ﷺ Ⅻ ½ ﬁ",
      "a".repeat(10_000),
      "Klingel ".repeat(1_300),
      "%_%",
      "",
      "   ",
    ];
    for (const query of hostile) {
      const result = await search(query);
      expect(result.total).toBeGreaterThanOrEqual(0);
      expect(result.query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
      expect(await findExactArticle(db, query)).toBeUndefined();
    }
    expect((await search("AND")).total).toBeGreaterThan(0); // an English word, not an operator
    expect(await db.selectFrom("articles").select("partno").executeTakeFirst()).toBeDefined();
  });

  it("answers nothing for nothing", async () => {
    expect(await search("")).toEqual({ query: "", total: 0, page: 1, pages: 1, hits: [] });
    expect((await search("xqzvwk")).total).toBe(0);
  });
});

describe("findExactArticle", () => {
  const target = data.articles[7]!;
  const expected = { partno: target.partno, categoryNameDe: categoryOf(target.partno), categoryId: target.category_id };

  it("finds a part number in any case, with or without hyphen and spaces", async () => {
    for (const query of [
      target.partno,
      target.partno.toLowerCase(),
      target.partno.replace("-", ""),
      target.partno.replace("-", " "),
      ` ${target.partno} `,
    ]) {
      expect(await findExactArticle(db, query)).toEqual(expected);
    }
  });

  it("finds a valid EAN-13 with or without spaces", async () => {
    const ean = target.eans[0]!;
    expect(await findExactArticle(db, ean)).toEqual(expected);
    expect(await findExactArticle(db, `${ean.slice(0, 1)} ${ean.slice(1, 7)} ${ean.slice(7)}`)).toEqual(expected);
    const wrongCheckDigit = `${ean.slice(0, 12)}${(Number(ean.at(12)) + 1) % 10}`;
    expect(await findExactArticle(db, wrongCheckDigit)).toBeUndefined();
  });

  it("leaves words and partial numbers to the search", async () => {
    expect(await findExactArticle(db, "Klingel")).toBeUndefined();
    expect(await findExactArticle(db, target.partno.slice(0, -1))).toBeUndefined();
    expect(await findExactArticle(db, target.eans[0]!.slice(0, 12))).toBeUndefined();
  });
});

describe("index upkeep", () => {
  it("follows inserts, updates and deletes through the triggers", async () => {
    const own = await tempDatabase();
    await migrateToLatest(own);
    await insertRows(own, data);
    const find = async (query: string) =>
      (await searchArticles(own, { query, lang: "de", page: 1, pageSize: 50 })).hits.map((h) => h.partno);
    const target = data.articles[3]!;

    await own.updateTable("articles").set({ title_de: "Zauberhafte Quietscheente" }).where("partno", "=", target.partno).execute();
    expect(await find("Quietscheente")).toEqual([target.partno]);
    expect(await find("Quitscheente")).toEqual([target.partno]);
    // Data written without umlauts is found by the umlaut, and the other way round.
    await own.updateTable("articles").set({ description_de: "Fuer Gepaecktraeger aller Groessen" }).where("partno", "=", target.partno).execute();
    expect(await find("Gepäckträger")).toContain(target.partno);
    expect(await find("Größen")).toContain(target.partno);

    await own.insertInto("article_eans").values({ partno: target.partno, position: 9, ean: "4006381333931" }).execute();
    expect(await findExactArticle(own, "4006381333931")).toMatchObject({ partno: target.partno });
    // An EAN-8 is stored as printed, eight digits (decision 037), and found exactly.
    await own.insertInto("article_eans").values({ partno: target.partno, position: 10, ean: "87126709" }).execute();
    expect(await findExactArticle(own, "8712 6709")).toMatchObject({ partno: target.partno });
    expect(await find("4006381333931")).toEqual([target.partno]);

    await own.updateTable("categories").set({ name_en: "Wonderful widgets" }).where("id", "=", target.category_id).execute();
    expect(await find("widgets")).toContain(target.partno);

    await own.deleteFrom("articles").where("partno", "=", target.partno).execute();
    expect(await find("Quietscheente")).toEqual([]);
    expect(await findExactArticle(own, target.partno)).toBeUndefined();

    // A rebuild gives the same answers as the triggers did.
    const before = await find("Klingel");
    await rebuildSearchIndex(own);
    expect(await find("Klingel")).toEqual(before);
    await own.destroy();
  });

  it("fills the index for a database seeded before the search existed", async () => {
    const old = await tempDatabase();
    const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
    const first = await migrator.migrateTo("0001-initial");
    expect(first.error).toBeUndefined();
    await insertRows(old, data);
    expect(await migrateToLatest(old)).toContain("0002-article-search");
    const result = await searchArticles(old, { query: "Klingel", lang: "de", page: 1, pageSize: 12 });
    expect(result.total).toBe((await search("Klingel")).total);
    await old.destroy();
  });
});

describe.runIf(testStore() === "postgres")("PostgreSQL's index", () => {
  /** Queries of every kind, most of them taken from the catalogue so that they find something. */
  function sampleQueries(): string[] {
    const queries = ["Klingel", "klin", "Klingle", "schloß", "schloss", "griffe schwarz", "e-bike", "AND", "xqzvwk", "li"];
    data.articles.forEach((a, i) => {
      if (i % 23 !== 0) return;
      const words = `${a.title_de} ${a.title_en}`.split(/\s+/).filter((w) => w.length > 2);
      queries.push(words[i % words.length] ?? a.partno, words.slice(1, 3).join(" "), a.partno, a.eans[0]?.slice(0, 9) ?? "");
      // A typo: the third letter dropped from a word.
      const long = words.find((w) => w.length >= 6);
      if (long) queries.push(long.slice(0, 2) + long.slice(3));
    });
    return queries.filter((q) => q !== "");
  }

  it("finds, counts and ranks exactly as FTS5 on SQLite does", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-search-fts5-"));
    dirs.push(dir);
    const fts5 = openDatabase(path.join(dir, "fts5.sqlite"));
    await migrateToLatest(fts5);
    await insertRows(fts5, data);
    const queries = sampleQueries();
    expect(queries.length).toBeGreaterThan(50);
    let compared = 0;
    for (const query of queries) {
      for (const lang of ["de", "en"] as const) {
        const options = { query, lang, page: 1, pageSize: 40 };
        const [expected, actual] = await Promise.all([searchArticles(fts5, options), searchArticles(db, options)]);
        expect(actual.total, query).toBe(expected.total);
        expect(actual.hits.map((h) => h.partno), query).toEqual(expected.hits.map((h) => h.partno));
        actual.hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected.hits[i]?.score ?? Number.NaN, 9));
        compared += actual.hits.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
    await fts5.destroy();
  });

  it("indexes what a hand-run statement changed before the next search", async () => {
    const target = data.articles[11]!;
    await sql`update articles set title_de = 'Knallgelbe Wunderpumpe' where partno = ${target.partno}`.execute(db);
    expect((await search("Wunderpumpe")).hits.map((h) => h.partno)).toEqual([target.partno]);
    await sql`update articles set title_de = ${target.title_de} where partno = ${target.partno}`.execute(db);
    expect((await search("Wunderpumpe")).total).toBe(0);
  });

  it("keeps its word counts and totals equal to a recount through every kind of change", async () => {
    const own = await tempDatabase();
    await migrateToLatest(own);
    await insertRows(own, data);
    const search = (query: string) => searchArticles(own, { query, lang: "de", page: 1, pageSize: 5 });
    const recount = async () => {
      const kept = await sql<{ term: string; docs: number }>`select term, docs from article_search_terms order by term`.execute(own);
      const counted = await sql<{ term: string; docs: number }>`
        select term, count(distinct doc)::int as docs from article_search_postings
        where term !~ '[0-9]' group by term order by term`.execute(own);
      expect(kept.rows).toEqual(counted.rows);
      const totals = await sql<{ ok: boolean }>`
        select g.docs = (select count(*) from article_search_docs)
           and g.tokens = (select coalesce(sum(length), 0) from article_search_docs)
           and (select count(*) from article_search_docs) = (select count(*) from articles) as ok
        from article_search_generation g`.execute(own);
      expect(totals.rows[0]?.ok).toBe(true);
    };
    await search("Klingel");
    await recount();
    const [a, b, c] = data.articles;
    await own.updateTable("articles").set({ title_de: "Einzigartiger Zwirbelhaken" }).where("partno", "=", a!.partno).execute();
    await own.deleteFrom("articles").where("partno", "=", b!.partno).execute();
    await own.deleteFrom("article_eans").where("partno", "=", c!.partno).execute();
    const { eans: _e, media: _m, properties: _p, relations: _r, documents: _d, ...row } = c!;
    await own.insertInto("articles").values({ ...row, partno: "ZZ-1", title_de: "Zwirbelhaken Nummer zwei" }).execute();
    await own.updateTable("categories").set({ name_de: "Wunderteile" }).where("id", "=", a!.category_id).execute();
    expect((await search("Zwirbelhaken")).total).toBe(2);
    await recount();
    await rebuildSearchIndex(own);
    await recount();
    await own.destroy();
  });
});
