import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanTitle } from "~/utils/article-rules";
import { type ImportedCatalogue, makeImportedCatalogue } from "../support/imported-catalogue";
import { type TestServer, startTestServer } from "../support/test-server";
import { withoutSoftHyphens } from "../support/soft-hyphens";

/*
 * Server-rendered pages of the demo catalogue, then of the same catalogue turned into a German-only
 * import without prices and with accessories and spare parts (the browser side is
 * tests/e2e/imported-catalogue.spec.ts).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const html = async (path: string) => {
  const response = await fetch(`${server.url}${encodeURI(path)}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

function productJsonLd(page: string): Record<string, unknown> | undefined {
  for (const match of page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(match[1] ?? "null") as Record<string, unknown> | null;
    if (data?.["@type"] === "Product") return data;
  }
  return undefined;
}

const DEMO_PAGES = [
  "/?lang=en",
  "/products?lang=en",
  "/products/Schlösser?lang=en",
  "/products/articles/Kettenschlösser?lang=en",
  "/search?q=Kettenschloss&lang=en",
];

describe("the demo catalogue (fully translated, with prices)", () => {
  it("renders English pages without language marks or related sections, with price footnotes", async () => {
    for (const path of DEMO_PAGES) {
      const page = await html(path);
      // <Localized> writes exactly this for a German text on an English page.
      expect(page, path).not.toContain("<span lang=");
      expect(page, path).not.toContain('class="related"');
      if (path !== "/products?lang=en" && path !== "/products/Schlösser?lang=en") expect(page, path).toContain('class="footnote"');
    }
  });
});

describe("an imported catalogue (German only, no prices, accessories and spare parts)", () => {
  let catalogue: ImportedCatalogue;
  beforeAll(async () => {
    catalogue = await makeImportedCatalogue(server.db);
    // The server notices the new data version within a second.
    await vi.waitFor(async () => expect(await html(`${catalogue.category.href}?lang=en`)).toContain("<span lang="), { timeout: 5000, interval: 200 });
  });

  it("marks German texts on the English panel, lists the related articles and shows no price", async () => {
    const { germanOnly, accessories, spareParts } = catalogue;
    const page = await html(`${germanOnly.href}?lang=en`);
    const title = cleanTitle(germanOnly.titleDe);
    expect(withoutSoftHyphens(page)).toContain(`<p class="panel__name"><span lang="de">${title}</span></p>`);
    expect(page).not.toContain('class="panel__price"');
    for (const related of [...accessories, ...spareParts]) expect(page).toContain(`href="${related.href}"`);
    expect(page).not.toContain("XX-GONE");
    expect(page).toMatch(/<h3[^>]*>Accessories<\/h3>[\s\S]*<h3[^>]*>Spare parts<\/h3>/);
    // <title> cannot carry a language: it holds the German title as it is.
    expect(page).toContain(`<title>${title} (${germanOnly.partno})`);
  });

  it("describes the article without an offer in JSON-LD, with or without a price", async () => {
    for (const href of [catalogue.germanOnly.href, catalogue.translated.href]) {
      const product = productJsonLd(await html(`${href}?lang=en`));
      expect(product, href).toMatchObject({ "@type": "Product" });
      expect(product, href).not.toHaveProperty("offers");
    }
  });

  it("leaves out the price footnote where no price is shown", async () => {
    const { category, germanOnly, accessories } = catalogue;
    const list = await html(`${category.href}?lang=de`);
    expect(list).not.toContain("article-card__price");
    expect(list).not.toContain('class="footnote"');
    // A German-only accessory without price and without references of its own.
    const panel = await html(`${accessories[0]?.href ?? ""}?lang=de`);
    expect(panel).not.toContain('class="footnote"');
    // The related articles' prices carry the asterisk: here the footnote explains it.
    expect(await html(`${germanOnly.href}?lang=de`)).toContain('class="footnote"');
  });

  it("marks German titles among English search hits", async () => {
    const title = cleanTitle(catalogue.germanOnly.titleDe);
    const page = await html(`/search?q=${title}&lang=en`);
    expect(withoutSoftHyphens(page)).toContain(`<span class="article-card__title"><span lang="de">${title}</span></span>`);
  });

  it("renders German pages exactly without marks", async () => {
    for (const path of [`${catalogue.germanOnly.href}?lang=de`, `${catalogue.category.href}?lang=de`]) {
      expect(await html(path), path).not.toContain("<span lang=");
    }
  });
});
