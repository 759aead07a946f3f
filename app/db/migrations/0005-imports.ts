import { sql, type Kysely } from "kysely";
import { isPostgres } from "~/db/dialect";

/*
 * What imported data needs (decision 023):
 * - categories.source_id / dealers.source_id: the key the brand's own system uses (a BMEcat GROUP_ID,
 *   a CRM dealer id), so a re-import updates the same rows instead of adding new ones.
 * - articles.content_hash: a fingerprint of an article with its child rows, so an import can tell
 *   unchanged articles from changed ones without reading them all back.
 * - articles.price_cents may be null: a BMEcat product without a retail price shows none, not 0 €.
 * - article_relations: accessories and spare parts (BMEcat PRODUCT_REFERENCE).
 * - dealers.approximate: the marker sits on the postal code's centroid, not on the address.
 *
 * SQLite cannot drop a NOT NULL constraint, so articles is rebuilt the documented way (new table,
 * copy, drop, rename) with foreign keys off; its search triggers go with the old table and are
 * created again below, as migration 0002 wrote them. Kysely runs SQLite migrations outside a
 * transaction, so this one opens its own.
 */

const fold = (column: string) => `replace(replace(${column}, 'ß', 'ss'), 'ẞ', 'SS')`;

function insertIndexRows(where: string): string {
  return `
    insert into article_search (rowid, partno, codes, title_de, title_en, prodcatname_de, prodcatname_en,
                                category_de, category_en, description_de, description_en)
    select k.id, a.partno,
           a.partno || ' ' || replace(replace(replace(a.partno, '-', ''), ' ', ''), '/', '')
             || coalesce(' ' || (select group_concat(e.ean, ' ') from article_eans e where e.partno = a.partno), ''),
           ${fold("a.title_de")}, ${fold("a.title_en")},
           ${fold("a.prodcatname_de")}, ${fold("a.prodcatname_en")},
           ${fold("c.name_de")}, ${fold("c.name_en")},
           ${fold("coalesce(a.description_de, '')")}, ${fold("coalesce(a.description_en, '')")}
    from articles a
    join article_search_keys k on k.partno = a.partno
    join categories c on c.id = a.category_id
    where ${where};`;
}
const deleteIndexRow = (partno: string) =>
  `delete from article_search where rowid = (select id from article_search_keys where partno = ${partno});`;
const bumpGeneration = "update article_search_generation set value = value + 1 where id = 1;";
const refresh = (partno: string) => `${deleteIndexRow(partno)} ${insertIndexRows(`a.partno = ${partno}`)} ${bumpGeneration}`;

async function createArticleTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create trigger article_search_ai after insert on articles begin
        insert or ignore into article_search_keys (partno) values (new.partno);
        ${refresh("new.partno")}
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger article_search_au after update on articles begin
        ${deleteIndexRow("old.partno")}
        delete from article_search_keys where partno = old.partno and old.partno <> new.partno;
        insert or ignore into article_search_keys (partno) values (new.partno);
        ${refresh("new.partno")}
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger article_search_ad after delete on articles begin
        ${deleteIndexRow("old.partno")}
        delete from article_search_keys where partno = old.partno;
        ${bumpGeneration}
      end`,
    )
    .execute(db);
}

/** What both stores add; on SQLite inside the transaction that rebuilt articles. */
async function addImportTables(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table article_relations (
      partno text not null references articles (partno) on delete cascade,
      kind text not null check (kind in ('accessory', 'sparepart')),
      position integer not null,
      target_partno text not null,
      primary key (partno, kind, position)
    )`.execute(db);

  await sql`alter table categories add column source_id text`.execute(db);
  await sql`create unique index categories_source on categories (source_id)`.execute(db);

  await sql`alter table dealers add column source_id text`.execute(db);
  await sql`alter table dealers add column approximate integer not null default 0`.execute(db);
  await sql`update dealers set source_id = cast(id as text)`.execute(db);
  await sql`create unique index dealers_source on dealers (source_id)`.execute(db);
}

/**
 * PostgreSQL drops NOT NULL in place and runs the migration in Kysely's transaction. The catalogue
 * import writes categories and articles in an order the foreign keys would reject row by row
 * (SQLite's defer_foreign_keys): here the same is `set constraints all deferred`, which needs
 * every foreign key to be deferrable. They stay checked at once unless a transaction asks.
 */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table articles alter column price_cents drop not null`.execute(db);
  await sql`alter table articles add column content_hash text`.execute(db);
  await addImportTables(db);
  const { rows } = await sql<{ table_name: string; name: string }>`
    select c.conrelid::regclass::text as table_name, c.conname as name
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  for (const { table_name, name } of rows) {
    await sql`alter table ${sql.raw(table_name)} alter constraint ${sql.ref(name)} deferrable initially immediate`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin`.execute(db);
  try {
    await sql`
      create table articles_new (
        partno text primary key,
        category_id integer not null references categories (id),
        position integer not null,
        prodcatname_de text not null,
        prodcatname_en text not null,
        title_de text not null,
        title_en text not null,
        description_de text,
        description_en text,
        price_cents integer,
        content_hash text
      )`.execute(db);
    await sql`
      insert into articles_new (partno, category_id, position, prodcatname_de, prodcatname_en, title_de, title_en,
                                description_de, description_en, price_cents)
      select partno, category_id, position, prodcatname_de, prodcatname_en, title_de, title_en,
             description_de, description_en, price_cents
      from articles`.execute(db);
    await sql`drop table articles`.execute(db);
    // Other tables' triggers name `articles`; the modern rename would re-check them while it is missing.
    await sql`pragma legacy_alter_table = on`.execute(db);
    await sql`alter table articles_new rename to articles`.execute(db);
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`create index articles_category on articles (category_id, position)`.execute(db);
    await createArticleTriggers(db);

    await addImportTables(db);

    const { rows } = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
    if (rows.length > 0) throw new Error(`foreign key check failed after rebuilding articles (${rows.length} rows)`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists article_relations`.execute(db);
  await sql`drop index if exists categories_source`.execute(db);
  await sql`alter table categories drop column source_id`.execute(db);
  await sql`drop index if exists dealers_source`.execute(db);
  await sql`alter table dealers drop column source_id`.execute(db);
  await sql`alter table dealers drop column approximate`.execute(db);
}
