import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, migrateToLatest, openDatabase } from "~/db/database.server";
import type { ProviderArticle, ProviderCategory, ProviderReseller } from "~/exchange/provider-schema";
import { syncFromProvider } from "./provider-sync.server";
import { shippedBrandNames } from "~/../tests/support/shipped-brand";

/** Issue 28, decision 050: the provider sync takes MANUFACTURER, SAFETY and DOCUMENTS into the catalogue. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-sync-safety-"));
const dataDir = path.join(scratch, "data");
let db: DB;
let server: http.Server;
let url = "";

const category = (id: number, parent: number | null, name: string): ProviderCategory => ({
  bbf_cat_name: name,
  bbf_cat_ID_PUBLICGRPORDER: id,
  bbf_cat_ID_PUBLICGRPORDERMAIN: 1962,
  bbf_cat_parent_category: parent,
  bbf_cat_position: 1,
  bbf_cat_symbol: `cat_${id}`,
  translations: { german: { NAME: name, DESCRIPTION: "" }, english: { NAME: "", DESCRIPTION: "" } },
});

const article = (partno: string, extra: Partial<ProviderArticle>): ProviderArticle => ({
  PARTNO: partno,
  PRODCATNAME: "Akkus",
  RESELLERPRICE: 499,
  eans: [],
  media: [],
  descriptions: { default: { TEXT1: partno } },
  properties: { default: { primary: [], secondary: [] } },
  ...extra,
});

const articles = [
  article("AK-500", {
    MANUFACTURER: "Akkuwerk Ost GmbH",
    SAFETY: { default: "Nicht öffnen.", english: "Do not open." },
    DOCUMENTS: [{ TYPE: "manual", FILE: "shop/documents/akku.pdf", LANG: "de", NAME: "Anleitung", NAME_EN: "Manual", SIZE: 1234 }],
  }),
  // The brand's own name is the brand: stored as none, and so are its addresses (content/brand.yaml's).
  article("KL-1", { MANUFACTURER: "VIVA", MANUFACTURER_ADDRESS: "Werkstraße 1, 01067 Dresden", MANUFACTURER_EMAIL: "info@viva.example" }),
  // Issue 37: another maker with its postal and electronic address.
  article("PU-1", { MANUFACTURER: "Officine Pneumatiche Bresciane S.r.l.", MANUFACTURER_ADDRESS: "Via dell'Artigianato 14, 25030 Castel Mella (BS), Italia", MANUFACTURER_EMAIL: "sicurezza@opb-pompe.example.it" }),
];

const reseller: ProviderReseller = { name: "Rad & Tat", adresse: "Hauptstr. 1, 10115 Berlin", tel: "030 1234", email: "rad@example.com", ort: "Berlin", tag: "", position: [52.53, 13.38], country: "DE" };

beforeAll(async () => {
  db = openDatabase(path.join(dataDir, "velocat.sqlite"));
  await migrateToLatest(db);
  server = http.createServer((req, res) => {
    const body = req.url === "/catalog/list/categories/37" ? [category(1000, null, "Sortiment"), category(1001, 1000, "Akkus")] : req.url === "/catalog/list/categories/articles/1001" ? { articles, blocks: [] } : req.url === "/api/reseller" ? [reseller] : req.url?.startsWith("/catalog/list/categories/articles/") ? { articles: [], blocks: [] } : null;
    if (body === null) res.writeHead(404).end();
    else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await db.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("the provider sync", () => {
  it("writes the manufacturer, the safety texts and the documents (left on the media host) and reports no change the second time", async () => {
    const options = { catalogUrl: url, resellerUrl: url, shopId: 37, brand: shippedBrandNames(), dataDir, siteMediaDir: path.join(scratch, "media"), dryRun: false, log: () => undefined, quiet: true };
    const summary = await syncFromProvider(db, options);
    expect(summary.errors).toEqual([]);
    expect(await db.selectFrom("articles").select(["partno", "manufacturer", "safety_de", "safety_en"]).orderBy("partno").execute()).toEqual([
      { partno: "AK-500", manufacturer: "Akkuwerk Ost GmbH", safety_de: "Nicht öffnen.", safety_en: "Do not open." },
      { partno: "KL-1", manufacturer: null, safety_de: null, safety_en: null },
      { partno: "PU-1", manufacturer: "Officine Pneumatiche Bresciane S.r.l.", safety_de: null, safety_en: null },
    ]);
    expect(await db.selectFrom("articles").select(["partno", "manufacturer_address", "manufacturer_email"]).orderBy("partno").execute()).toEqual([
      { partno: "AK-500", manufacturer_address: null, manufacturer_email: null },
      { partno: "KL-1", manufacturer_address: null, manufacturer_email: null },
      { partno: "PU-1", manufacturer_address: "Via dell'Artigianato 14, 25030 Castel Mella (BS), Italia", manufacturer_email: "sicurezza@opb-pompe.example.it" },
    ]);
    expect(summary.warnings.filter((w) => w.message.includes("GPSR")).map((w) => w.message)).toEqual([
      "1 article by Akkuwerk Ost GmbH has no postal or usable electronic address of its maker (GPSR Art. 19): its page names the maker only; give them as MANUFACTURER_ADDRESS and MANUFACTURER_EMAIL",
    ]);
    expect(await db.selectFrom("article_documents").selectAll().execute()).toEqual([
      { partno: "AK-500", position: 1, purpose: "manual", file_name: "shop/documents/akku.pdf", language: "de", name_de: "Anleitung", name_en: "Manual", size_bytes: 1234 },
    ]);
    const again = await syncFromProvider(db, options);
    expect(again.counts.articles).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 3 });
  });
});
