import { sql, type Kysely } from "kysely";
import { portableColumns } from "~/db/dialect";

// Migrations take Kysely<unknown>: they must not depend on today's schema types, which will move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { real, generatedKey } = portableColumns(db);
  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("shop_id", "integer", (c) => c.notNull())
    .addColumn("main_id", "integer", (c) => c.notNull())
    .addColumn("parent_id", "integer", (c) => c.references("categories.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("name_de", "text", (c) => c.notNull())
    .addColumn("description_de", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("description_en", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("categories_parent").on("categories").columns(["parent_id", "position"]).execute();
  await db.schema.createIndex("categories_shop").on("categories").column("shop_id").execute();

  await db.schema
    .createTable("articles")
    .addColumn("partno", "text", (c) => c.primaryKey())
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("prodcatname_de", "text", (c) => c.notNull())
    .addColumn("prodcatname_en", "text", (c) => c.notNull())
    .addColumn("title_de", "text", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("description_de", "text")
    .addColumn("description_en", "text")
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("articles_category").on("articles").columns(["category_id", "position"]).execute();

  await db.schema
    .createTable("article_eans")
    .addColumn("partno", "text", (c) => c.notNull().references("articles.partno").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("ean", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("article_eans_pk", ["partno", "position"])
    .execute();
  await db.schema.createIndex("article_eans_ean").on("article_eans").column("ean").execute();

  await db.schema
    .createTable("article_media")
    .addColumn("partno", "text", (c) => c.notNull().references("articles.partno").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("imagename", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("article_media_pk", ["partno", "position"])
    .execute();

  await db.schema
    .createTable("article_properties")
    .addColumn("partno", "text", (c) => c.notNull().references("articles.partno").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('primary', 'secondary')`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("attribute_de", "text", (c) => c.notNull())
    .addColumn("value_de", "text", (c) => c.notNull())
    .addColumn("attribute_en", "text", (c) => c.notNull())
    .addColumn("value_en", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("article_properties_pk", ["partno", "kind", "position"])
    .execute();

  await db.schema
    .createTable("blocks")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("partno", "text", (c) => c.notNull().references("articles.partno").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blocks_category").on("blocks").columns(["category_id", "position"]).execute();

  await db.schema
    .createTable("dealers")
    .addColumn("id", "integer", generatedKey)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("tel", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("web", "text")
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("lat", real)
    .addColumn("lng", real)
    .execute();

  await db.schema
    .createTable("documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('manual', 'catalogue')`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name_de", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("image_label_de", "text", (c) => c.notNull())
    .addColumn("image_label_en", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("telephone", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("next_attempt_at", "text")
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("contact_messages_due")
    .on("contact_messages")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "app_meta",
    "contact_messages",
    "documents",
    "dealers",
    "blocks",
    "article_properties",
    "article_media",
    "article_eans",
    "articles",
    "categories",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
