import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importCatalogue } from "~/import/catalogue-import.server";
import { quietImportInto } from "../support/quiet-import";
import { startTestServer, type TestServer } from "../support/test-server";
import { shippedBrandNames } from "../support/shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/*
 * Category addresses with hostile names (decision 040): a catalogue whose group names hold every
 * character a URL reserves, umlauts, 200 characters, names used in many branches and names that
 * differ only in case, imported into a running site. Every link the site renders, every address in
 * the sitemap and every search result must answer 200; an address an import changes answers 301.
 */

const HOSTILE = [
  "Bremsen/Scheibenbremse",
  "Öl & Fett",
  "Was passt? Alles!",
  "Kabel #5",
  "100% Merino",
  'Zoll "Größen" \'24\'',
  "a\\b<c>d|e",
  "../..",
  "Zubehör",
  "zubehör",
  "ZUBEHÖR",
  "!!!",
  "Ersatzteile",
  "Scha\u0308ltung",
  `Lange Namen ${"sehr ".repeat(38)}lang`,
];
const TOPS = ["Bremsen", "Licht", "Zubehör", "Räder/Reifen", "Ölwechsel & Pflege", "?"];

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

interface Tree {
  text: string;
  groups: { id: string; name: string; parent: string }[];
  products: { partno: string; groups: string[] }[];
}

/** A BMEcat 2005 file: a root, six top groups, each with every hostile name below it, one product per leaf. */
function hostileCatalogue(rename: Record<string, string> = {}): Tree {
  const groups: Tree["groups"] = [];
  TOPS.forEach((top, t) => {
    groups.push({ id: `T${t}`, name: top, parent: "ROOT" });
    HOSTILE.forEach((name, h) => groups.push({ id: `T${t}-${h}`, name, parent: `T${t}` }));
  });
  for (const group of groups) group.name = rename[group.id] ?? group.name;
  const leaves = groups.filter((g) => g.parent !== "ROOT");
  const products = leaves.map((leaf, i) => ({ partno: `HX-${i}`, groups: [leaf.id] }));
  // One article in three groups of three branches: listed in each, canonical in the first.
  products.push({ partno: "MULTI-1", groups: ["T0-8", "T1-8", "T2-1"] });
  const structure = groups
    .map(
      (g, i) => `<CATALOG_STRUCTURE type="${g.parent === "ROOT" ? "node" : "leaf"}"><GROUP_ID>${g.id}</GROUP_ID>` +
        `<GROUP_NAME lang="deu">${xml(g.name)}</GROUP_NAME><PARENT_ID>${g.parent}</PARENT_ID><GROUP_ORDER>${i + 1}</GROUP_ORDER></CATALOG_STRUCTURE>`,
    )
    .join("\n");
  const items = products
    .map(
      (p) => `<PRODUCT mode="new"><SUPPLIER_PID>${p.partno}</SUPPLIER_PID><PRODUCT_DETAILS>` +
        `<DESCRIPTION_SHORT lang="deu">Feinsilber Artikel ${p.partno}</DESCRIPTION_SHORT></PRODUCT_DETAILS></PRODUCT>`,
    )
    .join("\n");
  const maps = products
    .flatMap((p) => p.groups.map((g) => `<PRODUCT_TO_CATALOGGROUP_MAP><PROD_ID>${p.partno}</PROD_ID><CATALOG_GROUP_ID>${g}</CATALOG_GROUP_ID></PRODUCT_TO_CATALOGGROUP_MAP>`))
    .join("\n");
  const text = `<?xml version="1.0" encoding="UTF-8"?>
<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">
  <HEADER><CATALOG><LANGUAGE default="true">deu</LANGUAGE><CATALOG_ID>hostile</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION>
  <CATALOG_NAME lang="deu">Feindliches Sortiment</CATALOG_NAME><CURRENCY>EUR</CURRENCY></CATALOG>
  <SUPPLIER><SUPPLIER_NAME>VIVA</SUPPLIER_NAME></SUPPLIER></HEADER>
  <T_NEW_CATALOG>
    <CATALOG_GROUP_SYSTEM><GROUP_SYSTEM_ID>s</GROUP_SYSTEM_ID>
      <CATALOG_STRUCTURE type="root"><GROUP_ID>ROOT</GROUP_ID><GROUP_NAME lang="deu">Feindliches Sortiment</GROUP_NAME><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE>
${structure}
    </CATALOG_GROUP_SYSTEM>
${items}
${maps}
  </T_NEW_CATALOG>
</BMECAT>
`;
  return { text, groups, products };
}

const entities = (href: string) => href.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

/** Same-site links to catalogue pages in a page's HTML, as absolute URLs. */
function productLinks(page: string, base: string): string[] {
  const links: string[] = [];
  for (const match of page.matchAll(/href="([^"]*)"/g)) {
    const href = entities(match[1] ?? "");
    if (href.startsWith("/products") || href.startsWith("/search?")) links.push(new URL(href, base).href);
  }
  return links;
}

describe("category addresses with hostile names", () => {
  let server: TestServer;
  let scratch: string;
  const get = (url: string) => fetch(url.startsWith("http") ? url : `${server.url}${url}`, { redirect: "manual" });
  const importTree = async (tree: Tree) => {
    const file = path.join(scratch, "hostile.xml");
    fs.writeFileSync(file, tree.text);
    const summary = await importCatalogue(server.db, {
      brand: makerBrand,
      file,
      ...quietImportInto(server),
    });
    expect(summary.errors).toEqual([]);
    expect(summary.applied).toBe(true);
    return summary;
  };
  const tree = hostileCatalogue();

  beforeAll(async () => {
    server = await startTestServer();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-slugs-"));
    await importTree(tree);
    // The server notices the new data version within a second.
    await vi.waitFor(async () => expect(await (await get("/products")).text()).toContain("Ölwechsel &amp; Pflege"), { timeout: 10_000, interval: 200 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("answers 200 for every catalogue link the site renders, from the menu down to every article", async () => {
    const seen = new Set<string>();
    const queue = [`${server.url}/products`];
    const failed: string[] = [];
    let articles = 0;
    while (queue.length > 0) {
      const url = queue.shift() ?? "";
      const key = url.split("#")[0] ?? url;
      if (seen.has(key)) continue;
      seen.add(key);
      const response = await get(key);
      if (response.status !== 200) {
        failed.push(`${response.status} ${decodeURI(key)}`);
        continue;
      }
      if (/\/products\/articles\/[^/?]+\/[^/?]+/.test(key)) articles++;
      // Panel views (?view=, ?image=) and list pages (?page=) are states of an address already asked for.
      for (const link of productLinks(await response.text(), server.url)) {
        const address = link.split("#")[0] ?? link;
        if (!address.includes("?") && !seen.has(address)) queue.push(address);
      }
    }
    expect(failed).toEqual([]);
    // Every leaf and top group has a page; every article (HX-…, and MULTI-1 in three lists) was reached.
    expect(seen.size).toBeGreaterThan(tree.groups.length);
    expect(articles).toBeGreaterThanOrEqual(tree.products.length + 2);
  }, 600_000);

  it("lists every category and article of the sitemap, all answering 200", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => entities(m[1] ?? "")).filter((loc) => loc.includes("/products/"));
    // The German address of each page (each also has an English twin with ?lang=en).
    const paths = locs.map((loc) => new URL(loc).pathname + new URL(loc).search).filter((p) => !p.includes("lang=en"));
    // One address per leaf and one per article: MULTI-1 only under its own category.
    expect(paths.filter((p) => p.includes("MULTI-1"))).toHaveLength(1);
    for (const p of paths) expect((await get(p)).status, decodeURI(p)).toBe(200);
    expect(paths.filter((p) => /^\/products\/articles\/[^/]+$/.test(p))).toHaveLength(TOPS.length * HOSTILE.length);
  }, 300_000);

  interface ApiCategory {
    bbf_cat_name: string;
    bbf_cat_slug: string;
    bbf_cat_ID_PUBLICGRPORDER: number;
    bbf_cat_parent_category: number | null;
  }
  const apiCategories = async () => (await (await get("/catalog/list/categories/37")).json()) as ApiCategory[];
  /** The category of that name below the top category of that name. */
  const below = (all: ApiCategory[], top: string, name: string) => {
    const parent = all.find((c) => c.bbf_cat_name === top && c.bbf_cat_parent_category !== null);
    const found = all.find((c) => c.bbf_cat_name === name && c.bbf_cat_parent_category === parent?.bbf_cat_ID_PUBLICGRPORDER);
    if (!found) throw new Error(`no ${name} below ${top}`);
    return found;
  };

  it("gives every category its own address: readable where the name is unique, told apart where it is not", async () => {
    const all = await apiCategories();
    const slugs = all.map((c) => c.bbf_cat_slug);
    expect(new Set(slugs.map((s) => s.toLowerCase())).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[\p{L}\p{M}\p{N}._-]{1,80}$/u);
    // Unique names: the specification's rule, made safe.
    expect(slugs).toEqual(expect.arrayContaining(["Bremsen", "Licht", "Räder-Reifen", "Ölwechsel-Pflege", "Feindliches-Sortiment-Zubehör"]));
    // A name in every branch: the parent's name in front.
    expect(below(all, "Bremsen", "Bremsen/Scheibenbremse").bbf_cat_slug).toBe("Bremsen-Bremsen-Scheibenbremse");
    expect(below(all, "Licht", "Öl & Fett").bbf_cat_slug).toBe("Licht-Öl-Fett");
    expect(below(all, "Licht", "Schältung".normalize("NFD")).bbf_cat_slug).toBe("Licht-Schältung");
    // Alike even with the parent (names that differ only in case), or nothing readable: the id.
    const zubehoer = below(all, "Licht", "Zubehör");
    expect(zubehoer.bbf_cat_slug).toBe(`Zubehör-${zubehoer.bbf_cat_ID_PUBLICGRPORDER}`);
    const bang = below(all, "Licht", "!!!");
    expect(bang.bbf_cat_slug).toBe(`kategorie-${bang.bbf_cat_ID_PUBLICGRPORDER}`);
    expect(below(all, "Licht", HOSTILE[14] ?? "").bbf_cat_slug.length).toBeLessThanOrEqual(80);
  });

  it("lists an article of several groups in each, with one canonical address", async () => {
    const all = await apiCategories();
    const groups = [below(all, "Bremsen", "Zubehör"), below(all, "Licht", "Zubehör"), below(all, "Zubehör", "Öl & Fett")];
    const [own, ...others] = await Promise.all(
      groups.map(async (category) => {
        const body = (await (await get(`/catalog/list/categories/articles/${category.bbf_cat_ID_PUBLICGRPORDER}`)).json()) as {
          articles: { PARTNO: string; CATEGORY_ID?: number }[];
        };
        return body.articles.find((a) => a.PARTNO === "MULTI-1");
      }),
    );
    expect(own).toBeDefined();
    expect(own).not.toHaveProperty("CATEGORY_ID");
    for (const other of others) expect(other?.CATEGORY_ID).toBe(groups[0]?.bbf_cat_ID_PUBLICGRPORDER);

    const canonical = `${encodeURI(`/products/articles/${groups[0]?.bbf_cat_slug}`)}/MULTI-1`;
    for (const category of groups) {
      const response = await get(`${encodeURI(`/products/articles/${category.bbf_cat_slug}`)}/MULTI-1`);
      expect(response.status, category.bbf_cat_slug).toBe(200);
      const link = (await response.text()).match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? "";
      expect(new URL(entities(link)).pathname, category.bbf_cat_slug).toBe(canonical);
      const list = await (await get(encodeURI(`/products/articles/${category.bbf_cat_slug}`))).text();
      expect(list, category.bbf_cat_slug).toContain("MULTI-1");
    }
  });

  it("links search results to pages that answer 200", async () => {
    const response = await get("/search?q=Feinsilber");
    expect(response.status).toBe(200);
    const links = productLinks(await response.text(), server.url).filter((l) => /\/products\/articles\/[^/]+\/[^/?]+/.test(l));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect((await get(link)).status, decodeURI(link)).toBe(200);
    const exact = await get("/search?q=HX-1");
    expect(exact.status).toBe(302);
    expect((await get(exact.headers.get("location") ?? "")).status).toBe(200);
  });

  it("sends an address an import changed to the new one with 301", async () => {
    const before = "/products/articles/Bremsen-Bremsen-Scheibenbremse";
    expect((await get(encodeURI(before))).status).toBe(200);
    await importTree(hostileCatalogue({ "T0-0": "Bremsen/Scheibenbremsen hydraulisch" }));
    const after = "/products/articles/Bremsen-Scheibenbremsen-hydraulisch";
    await vi.waitFor(async () => expect((await get(encodeURI(after))).status).toBe(200), { timeout: 10_000, interval: 200 });
    for (const [old, now] of [
      [before, after],
      [`${before}/HX-0`, `${after}/HX-0`],
      [before.toLowerCase(), after],
    ] as const) {
      const response = await get(`${encodeURI(old)}?page=1`);
      expect(response.status, old).toBe(301);
      expect(response.headers.get("location"), old).toBe(`${encodeURI(now)}?page=1`);
    }
    // Categories that kept their name kept their address.
    expect((await get(encodeURI("/products/articles/Licht-Öl-Fett"))).status).toBe(200);
  });
});
