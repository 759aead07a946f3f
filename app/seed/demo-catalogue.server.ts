import { plainRetailPrices } from "~/exchange/retail-price";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brand } from "~/config/brand";
import type { DB } from "~/db/database.server";
import { valuesFromColumns } from "~/exchange/article-fields";
import type { ImportedArticle, ImportedGroup } from "~/exchange/catalogue-model";
import { switchCatalogue } from "~/import/catalogue-import.server";
import { CatalogueStaging } from "~/import/catalogue-staging.server";
import { Problems, startSummary, type ImportSummary } from "~/exchange/import-report";
import { documentsOf, type DemoDocument } from "./demo-documents.server";
import type { DemoData } from "./generate";

/**
 * The demo catalogue in the shape an import reads (decision 044): the seed writes through the
 * same catalogue writer as a BMEcat file or the provider sync, so the demo has what an import
 * gives (content hashes, references, the menu groups kept for the next import) and a rule of the
 * writer is tested by every test that seeds.
 */
export function demoCatalogue(data: DemoData, documents: ReadonlyMap<string, DemoDocument> | null = null): { groups: ImportedGroup[]; articles: ImportedArticle[] } {
  const rootIds = new Set(data.categories.filter((c) => c.parent_id === null).map((c) => c.id));
  const groups = data.categories.map((c): ImportedGroup => ({
    sourceId: String(c.id),
    parentSourceId: c.parent_id === null ? null : String(c.parent_id),
    name: { de: c.name_de, en: c.name_en },
    description: { de: c.description_de, en: c.description_en },
    order: c.position,
    image: null,
    // Only the top categories' group counts: the writer gives their subtrees the same one.
    menuGroup: c.parent_id !== null && rootIds.has(c.parent_id) ? (c.main_id === brand.groups.accessories ? "accessories" : "parts") : null,
    symbol: c.symbol,
    line: 0,
  }));
  const blockOrder = new Map(data.blocks.map((b) => [b.partno, b.position]));
  const articles = data.articles.map((a): ImportedArticle => ({
    partno: a.partno,
    line: 0,
    mode: "new",
    title: { de: a.title_de, en: a.title_en },
    description: { de: a.description_de, en: a.description_en },
    prodcatname: { de: a.prodcatname_de, en: a.prodcatname_en },
    eans: a.eans,
    priceCents: a.price_cents,
    prices: plainRetailPrices(a.price_cents),
    images: a.media.map((m) => ({ source: m.imagename, line: 0 })),
    properties: a.properties.map((p) => ({
      kind: p.kind,
      attribute: { de: p.attribute_de, en: p.attribute_en },
      value: { de: p.value_de, en: p.value_en },
    })),
    references: a.relations.map((r) => ({ kind: r.kind, target: r.target_partno, line: 0 })),
    groups: [{ sourceId: String(a.category_id), order: a.position, line: 0 }],
    blockOrder: blockOrder.get(a.partno) ?? null,
    ...valuesFromColumns(a),
    // The generated PDFs by their path under the media folder, named like the seed's pictures, with
    // the sizes of the files (the writer copies nothing here, decision 050); none where the caller
    // built no PDFs (tests that only need the rows).
    documents: (documents ? documentsOf(a.documents, documents) : []).map((d) => ({ source: d.file, line: 0, purpose: d.purpose, names: d.names, language: "", bytes: d.bytes })),
  }));
  return { groups, articles };
}

/**
 * Writes the demo catalogue over whatever catalogue the database holds, stamped with the demo's
 * own data version and not as a brand import. Throws when the writer finds an error: the demo
 * data is ours, so that is a bug, not bad input.
 */
export async function writeDemoCatalogue(db: DB, data: DemoData, version: string, documents: ReadonlyMap<string, DemoDocument> | null = null): Promise<ImportSummary> {
  const { groups, articles } = demoCatalogue(data, documents);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-demo-"));
  const staging = new CatalogueStaging(path.join(dir, "staging.sqlite"));
  const problems = new Problems();
  const summary = startSummary(problems, { command: "catalogue", source: "demo data", dryRun: false, dataVersion: null });
  try {
    for (const article of articles) staging.addArticle(article);
    staging.finishWriting();
    await switchCatalogue(db, {
      dryRun: false,
      dataDir: dir,
      siteMediaDir: dir,
      log: () => {},
      quiet: true,
      groups,
      catalogName: { de: brand.rangeCategoryName, en: brand.rangeCategoryName },
      staging,
      problems,
      summary,
      // The seed renders its pictures itself, under the names the articles give.
      images: null,
      menuOption: undefined,
      stamp: { version, imported: false },
    });
  } finally {
    staging.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const found = [...problems.errors, ...problems.warnings];
  if (found.length > 0) throw new Error(`the demo catalogue does not pass the catalogue writer: ${found.map((p) => p.message).join("; ")}`);
  return summary;
}
