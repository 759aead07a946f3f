import SQLite from "better-sqlite3";
import type { ImportedArticle, ImportedGroupLink } from "~/exchange/catalogue-model";
import { removeStaging, stagingFile } from "./import-lock.server";

/**
 * Where an import keeps what it has read until the file is known to be good: a throwaway SQLite
 * file in DATA_DIR, so a catalogue of any size is never held in memory (decision 023). It is
 * private to one run and deleted afterwards; speed beats durability here (no journal, no sync).
 * Raw better-sqlite3 statements, not Kysely: tens of thousands of inserts in a hot loop.
 */
export class CatalogueStaging {
  private readonly db: SQLite.Database;
  private readonly insertArticle: SQLite.Statement;
  private readonly insertMapping: SQLite.Statement;
  private pending = 0;

  /** `maxBytes`: tests stand in for a full disk with it (SQLite then fails with SQLITE_FULL, as on a full disk). */
  constructor(
    readonly file: string,
    maxBytes?: number,
  ) {
    removeStaging(file);
    this.db = new SQLite(file);
    this.db.pragma("journal_mode = OFF");
    this.db.pragma("synchronous = OFF");
    if (maxBytes !== undefined) this.db.pragma(`max_page_count = ${Math.max(1, Math.floor(maxBytes / 4096))}`);
    this.db.exec(`
      create table articles (seq integer primary key, partno text not null unique, line integer not null, json text not null);
      create table mappings (seq integer primary key, partno text not null, group_id text not null, ord integer, line integer not null);
      create index mappings_partno on mappings (partno, ord, seq);
    `);
    this.insertArticle = this.db.prepare("insert into articles (partno, line, json) values (?, ?, ?)");
    this.insertMapping = this.db.prepare("insert into mappings (partno, group_id, ord, line) values (?, ?, ?, ?)");
    this.db.exec("begin");
  }

  static inDataDir(dataDir: string, maxBytes?: number): CatalogueStaging {
    return new CatalogueStaging(stagingFile(dataDir), maxBytes);
  }

  /** Batches writes in transactions of a few thousand rows: one per row would be a hundred times slower. */
  private tick(): void {
    if (++this.pending >= 5000) {
      this.db.exec("commit; begin");
      this.pending = 0;
    }
  }

  addArticle(article: ImportedArticle): void {
    this.insertArticle.run(article.partno, article.line, JSON.stringify(article));
    for (const link of article.groups) this.addMapping(article.partno, link);
  }

  addMapping(partno: string, link: ImportedGroupLink): void {
    this.insertMapping.run(partno, link.sourceId, link.order, link.line);
    this.tick();
  }

  finishWriting(): void {
    if (this.db.inTransaction) this.db.exec("commit");
  }

  countArticles(): number {
    return (this.db.prepare("select count(*) as n from articles").get() as { n: number }).n;
  }

  /** Every mapping in file order, with whether its product exists. */
  *mappings(): Generator<{ partno: string; group_id: string; ord: number | null; line: number; known: number }> {
    yield* this.db
      .prepare("select m.partno, m.group_id, m.ord, m.line, exists (select 1 from articles a where a.partno = m.partno) as known from mappings m order by m.seq")
      .iterate() as IterableIterator<{ partno: string; group_id: string; ord: number | null; line: number; known: number }>;
  }

  /** Part numbers and lines in file order, without reading whole articles. */
  *articleKeys(): Generator<{ partno: string; line: number }> {
    yield* this.db.prepare("select partno, line from articles order by seq").iterate() as IterableIterator<{ partno: string; line: number }>;
  }

  /** Articles in file order, a batch at a time. */
  *articles(batch = 1000): Generator<ImportedArticle[]> {
    const select = this.db.prepare("select seq, json from articles where seq > ? order by seq limit ?");
    let after = 0;
    for (;;) {
      const rows = select.all(after, batch) as { seq: number; json: string }[];
      if (rows.length === 0) return;
      after = rows[rows.length - 1]?.seq ?? after;
      yield rows.map((r) => JSON.parse(r.json) as ImportedArticle);
    }
  }

  close(): void {
    try {
      this.db.close();
    } finally {
      removeStaging(this.file);
    }
  }
}
