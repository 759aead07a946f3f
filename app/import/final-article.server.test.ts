import { createHash } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARTICLE_FIELD_COLUMNS } from "~/exchange/article-fields";
import type { ImportedArticle } from "~/exchange/catalogue-model";
import { Problems } from "~/exchange/import-report";
import { saysNoMoreThan } from "~/exchange/retail-price";
import { readBmecat } from "./bmecat-reader.server";
import { finalArticle, type FinalArticle } from "./final-article.server";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/**
 * The content hashes stored today must not move when the code that computes them is rearranged
 * (decision 058): a changed hash makes the next import rewrite every article it touches. These pin
 * the hashes and rows of whole real catalogues (tests/fixtures/bmecat-real/SOURCES.md) and the documents fixture with their
 * manufacturers, safety texts and documents.
 */
const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures");

async function finals(name: string): Promise<FinalArticle[]> {
  const problems = new Problems();
  const articles: ImportedArticle[] = [];
  await readBmecat({ brand: makerBrand, file: path.join(FIXTURES, name), problems, sink: { header() {}, group() {}, article: (a) => void articles.push(a), mapping() {} } });
  return articles.map(
    (article, index) =>
      finalArticle(article, { categoryId: 3, position: index + 1, also: [] }, {
        imagename: (source) => source.replace(/\.[^.]*$/, ""),
        document: (d) => ({ file_name: `documents/${d.source}`, size_bytes: d.source.length * 1000 }),
        categoryName: () => ({ de: "Gruppe", en: "Group" }),
        exists: () => true,
        problems,
      }).final,
  );
}

/** The rows without the table's empty columns, so a field added later (empty in these files) moves no pin. */
const withoutEmptyFields = (list: FinalArticle[]) =>
  list.map(({ prices, ...f }) => ({
    ...f,
    // Kept prices came later (decision 075): only those that say more than price_cents are pinned.
    ...(saysNoMoreThan(prices, f.row.price_cents) ? {} : { prices }),
    row: Object.fromEntries(Object.entries(f.row).filter(([column, value]) => value !== null || !(ARTICLE_FIELD_COLUMNS as string[]).includes(column))),
  }));
const digest = (list: FinalArticle[]) => createHash("sha256").update(JSON.stringify(withoutEmptyFields(list))).digest("base64url").slice(0, 22);

describe("content hashes of real catalogues (pinned)", () => {
  it.each([
    // Moved with decision 074: a PDF whose description calls it a manual or instructions is the article's manual.
    ["bmecat-documents/catalogue.xml", "CXADwZDWQ2UhVPwkdQU3bs", "s5Ra8DYeEWIChDARGPJFMJ"],
    ["bmecat-real/herrenmode-1.01-new-catalog.xml", "K6nl2LVxiaSCpmauseWVNF", "Zei31RsrhFMGKKk03LsMJh"],
    // Moved with decision 075: its nrp was valid 2018-01-08 to 2019-01-08, so no price is shown and the kept one is hashed.
    ["bmecat-real/fischer-nexmart-1.2-price-validity.xml", "q-t0GbRp1daVr4J-g30-4h", "PcrxUYSgLrcFU6zF1zGhje"],
    ["bmecat-real/naugrimm-2005.1-document.xml", "zUrE5NKBfhxjV4NhZtSUFt", "AOYrh77B5MC9TxvEQiHDJn"],
    ["bmecat-real/olivere-2005-new-catalog.xml", "gX_OkYcdQEc731kMi9vQBa", "_IIpUQD_PZYHXK_EhHfYDz"],
    ["bmecat-real/sap-psx-1.2-english-usd.xml", "Of-To0pP4h8gGAL4rpGU6_", "Dtba42wkOrE4uNGesCQeYa"],
  ])("%s", async (name, hashes, rows) => {
    const list = await finals(name);
    expect(createHash("sha256").update(list.map((f) => f.row.content_hash).join(",")).digest("base64url").slice(0, 22)).toBe(hashes);
    expect(digest(list)).toBe(rows);
  });
});
