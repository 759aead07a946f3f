/**
 * Search latency (issue 3): searchArticles over the demo catalogue (~400 articles) and over
 * 100,000 articles synthesised from it. Target: p95 under 20 ms at 100,000. With DATABASE_URL set
 * it runs again on PostgreSQL (issue 16), in a database of its own (bench-store.ts).
 */
import { type DB, migrateToLatest } from "~/db/database.server";
import { findExactArticle, rebuildSearchIndex, searchArticles } from "~/models/search.server";
import { type DemoArticle, generateDemoData } from "~/seed/generate";
import { createRandom } from "~/seed/random";
import { makeEan13 } from "~/utils/ean";
import { type StoreKind, benchStoreKinds, openBenchStore } from "./bench-store";
import { type BenchRow, latencyRow, timeSamples } from "./stats";
import { shippedBrand } from "~/../tests/support/shipped-brand";

const SEED = 1962;
const LARGE = 100_000;
const PAGE_SIZE = 12;
const ROWS_PER_INSERT = 80;

export async function insertArticles(db: DB, articles: readonly DemoArticle[], log: (done: number) => void): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < articles.length; i += ROWS_PER_INSERT) {
      const chunk = articles.slice(i, i + ROWS_PER_INSERT);
      await trx
        .insertInto("articles")
        .values(chunk.map(({ eans: _e, media: _m, properties: _p, ...row }) => row))
        .execute();
      const eans = chunk.flatMap((a) => a.eans.map((ean, n) => ({ partno: a.partno, position: n + 1, ean })));
      if (eans.length > 0) await trx.insertInto("article_eans").values(eans).execute();
      const media = chunk.flatMap((a) => a.media.slice(0, 1).map((m, n) => ({ partno: a.partno, position: n + 1, ...m })));
      if (media.length > 0) await trx.insertInto("article_media").values(media).execute();
      log(Math.min(articles.length, i + ROWS_PER_INSERT));
    }
  });
}

/**
 * Deterministic variations of the demo articles: new part numbers and EANs, titles that borrow the
 * model and colour words of another article, so the vocabulary grows a little and doclists a lot.
 */
export function synthesise(demo: readonly DemoArticle[], count: number): DemoArticle[] {
  const rng = createRandom(SEED);
  const out: DemoArticle[] = [];
  const tail = (title: string) => title.split(" ").slice(-2).join(" ");
  const head = (title: string) => title.split(" ").slice(0, -2).join(" ") || title;
  for (let round = 0; out.length < count; round++) {
    for (const base of demo) {
      if (out.length === count) break;
      const i = out.length;
      const other = rng.pick(demo);
      const body = String(100_000_000 + i).padStart(10, "0");
      out.push({
        ...base,
        partno: `VS-${String(i).padStart(6, "0")}`,
        position: base.position + (round + 1) * 1000,
        title_de: `${head(base.title_de)} ${tail(other.title_de)}`,
        title_en: `${head(base.title_en)} ${tail(other.title_en)}`,
        price_cents: base.price_cents + (i % 97),
        eans: rng.chance(0.3) ? [makeEan13(`43${body}`), makeEan13(`44${body}`)] : [makeEan13(`43${body}`)],
        media: base.media.slice(0, 1).map((m) => ({ ...m })),
        properties: [],
      });
    }
  }
  return out;
}

interface Probe {
  kind: string;
  query: string;
}

function probes(articles: readonly DemoArticle[]): Probe[] {
  const sample = articles[Math.floor(articles.length / 3)];
  if (!sample) throw new Error("no articles to probe");
  return [
    { kind: "word", query: "Klingel" },
    { kind: "prefix", query: "pedal" },
    { kind: "typo", query: "Klingle" },
    { kind: "partno", query: sample.partno },
    { kind: "EAN", query: sample.eans[0] ?? sample.partno },
    { kind: "two words", query: "griffe schwarz" },
    { kind: "english", query: "brake pads" },
  ];
}

/** One search request as the page makes it: the exact lookup first, then the ranked page. */
async function searchOnce(db: DB, query: string): Promise<void> {
  await findExactArticle(db, query);
  await searchArticles(db, { query, lang: "de", page: 1, pageSize: PAGE_SIZE });
}

async function measure(db: DB, label: string, list: Probe[], samples: number, target?: { p95Below: number }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const all: number[] = [];
  for (const probe of list) {
    const result = await searchArticles(db, { query: probe.query, lang: "de", page: 1, pageSize: PAGE_SIZE });
    const times = await timeSamples(() => searchOnce(db, probe.query), samples);
    all.push(...times);
    console.log(`  ${label} ${probe.kind} "${probe.query}": ${result.total} hits, p95 ${latencyRow("", times).p95.toFixed(2)} ms`);
    rows.push(latencyRow(`search ${label} · ${probe.kind}`, times));
  }
  rows.push(latencyRow(`search ${label} · mix`, all.sort((a, b) => a - b), target));
  return rows;
}

async function benchStore(kind: StoreKind): Promise<BenchRow[]> {
  const store = await openBenchStore(kind, "search");
  const { db } = store;
  const tag = kind === "SQLite" ? "" : ` ${kind}`;
  try {
    await migrateToLatest(db);
    const data = generateDemoData(SEED, { brand: shippedBrand() });
    await db.insertInto("categories").values(data.categories).execute();
    await insertArticles(db, data.articles, () => {});
    await rebuildSearchIndex(db);
    console.log(`  ${kind}: ${data.articles.length} demo articles indexed`);
    const rows = await measure(db, `${data.articles.length}${tag}`, probes(data.articles), 200);

    const extra = synthesise(data.articles, LARGE - data.articles.length);
    let lastStep = -1;
    const started = performance.now();
    await insertArticles(db, extra, (done) => {
      const step = Math.floor((done / extra.length) * 10);
      if (step !== lastStep) {
        lastStep = step;
        console.log(`  inserting synthetic articles ${done}/${extra.length}`);
      }
    });
    console.log(`  inserted through the index triggers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const rebuilt = performance.now();
    await rebuildSearchIndex(db);
    console.log(`  rebuilt the index in ${((performance.now() - rebuilt) / 1000).toFixed(1)} s`);
    // The first search after a rebuild reads the vocabulary for typo alternatives; timed on its own.
    const first = performance.now();
    await searchOnce(db, "Klingle");
    console.log(`  first search after the rebuild (reads the vocabulary): ${(performance.now() - first).toFixed(0)} ms`);
    rows.push(...(await measure(db, `100k${tag}`, probes([...data.articles, ...extra]), 100, { p95Below: 20 })));
    return rows;
  } finally {
    await store.dispose();
  }
}

export default async function searchBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of benchStoreKinds()) rows.push(...(await benchStore(kind)));
  return rows;
}
