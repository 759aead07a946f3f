import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/database.server";
import { resolveArticleLines } from "./article-lines.server";
import { openTestDatabase } from "~/../tests/support/test-store";

let db: DB;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-article-lines-"));
  db = await openTestDatabase(dir, { seeded: true });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("resolveArticleLines", () => {
  it("names the article's category and every ancestor, in both languages, by id and by the brand's key", async () => {
    // An article in a subcategory, so there is an ancestor below the range's root.
    const row = await db
      .selectFrom("articles as a")
      .innerJoin("categories as c", "c.id", "a.category_id")
      .innerJoin("categories as p", "p.id", "c.parent_id")
      .select(["a.partno", "a.title_de", "c.id", "c.name_de", "c.name_en", "p.id as parent_id", "p.name_de as parent_de"])
      .where("p.parent_id", "is not", null)
      .orderBy("a.partno")
      .executeTakeFirstOrThrow();
    await db.updateTable("categories").set({ source_id: "GRP-42" }).where("id", "=", row.parent_id).execute();

    const lines = await resolveArticleLines(db, row.partno);
    expect(lines).not.toBeNull();
    expect(lines!.partno).toBe(row.partno);
    expect(lines!.lines).toEqual(expect.arrayContaining([row.name_de, row.name_en, String(row.id), row.parent_de, String(row.parent_id), "GRP-42"]));
    expect(lines!.href).toBe(`/products/articles/${row.name_de.trim().replace(/\s+/g, "-")}/${encodeURIComponent(row.partno)}`);
    expect(lines!.title.de.text).not.toBe("");
  });

  it("knows no article for an unknown part number", async () => {
    expect(await resolveArticleLines(db, "NO-SUCH-PART")).toBeNull();
  });
});
