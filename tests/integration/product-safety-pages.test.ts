import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedBrand } from "../support/shipped-brand";
import { setMeta } from "~/models/app-meta.server";
import { OTHER_MAKERS } from "~/seed/product-safety";
import { formatFileSize } from "~/utils/file-size";
import { SAFETY_ANCHOR } from "~/catalog/product-safety-view";
import { type TestServer, startTestServer } from "../support/test-server";
import { jsonLdProduct } from "../support/json-ld";
import { withoutSoftHyphens } from "../support/soft-hyphens";

/** The company behind the brand, as the shipped content names it (content/brand.yaml). */
const { name: brandName, company } = shippedBrand();

/*
 * Issue 28 on the article page of the seeded demo: documents with name, language and size linked
 * under /media, safety information in the visitor's language (marked where it falls back), the
 * manufacturer with the brand's addresses and the EU responsible person, and the same in JSON-LD.
 */

const RESPONSIBLE = "EU-Rep Service GmbH; Hafenstraße 1; 20457 Hamburg; Deutschland; eu-rep@example.com";

let server: TestServer;
let plain: TestServer;

beforeAll(async () => {
  [server, plain] = await Promise.all([startTestServer({ EU_RESPONSIBLE_PERSON: RESPONSIBLE }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), plain?.close()]);
});

/** The address of an article of a category, found by a condition on the article's rows. */
async function articlePath(where: "battery front light" | "other maker" | "pump" | "bell"): Promise<{ path: string; partno: string }> {
  let query = server.db
    .selectFrom("articles as a")
    .innerJoin("categories as c", "c.id", "a.category_id")
    .select(["a.partno", "c.slug"])
    .orderBy("a.partno");
  if (where === "battery front light") {
    query = query.where("c.slug", "=", "Frontlichter").where("a.partno", "in", (eb) => eb.selectFrom("article_documents").select("partno").where("file_name", "=", "shop/documents/batteriehinweis.pdf"));
  } else if (where === "other maker") {
    query = query.where("a.manufacturer", "=", OTHER_MAKERS.tube?.name ?? "");
  } else if (where === "pump") {
    query = query.where("a.manufacturer", "=", OTHER_MAKERS.pump?.name ?? "");
  } else {
    query = query.where("c.slug", "=", "Klingeln");
  }
  const row = await query.executeTakeFirstOrThrow();
  return { path: `/products/articles/${encodeURIComponent(row.slug ?? "")}/${encodeURIComponent(row.partno)}`, partno: row.partno };
}

async function page(base: TestServer, path: string): Promise<string> {
  const response = await fetch(`${base.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("an article's documents", () => {
  it("are listed with name, language and size and served as PDFs under /media", async () => {
    const { path, partno } = await articlePath("battery front light");
    const documents = await server.db.selectFrom("article_documents").selectAll().where("partno", "=", partno).orderBy("position").execute();
    expect(documents.map((d) => d.purpose)).toEqual(["others", "declaration"]);
    const de = await page(server, path);
    expect(de).toContain(">Dokumente</h3>");
    const en = await page(server, `${path}?lang=en`);
    expect(en).toContain(">Documents</h3>");
    for (const document of documents) {
      expect(de).toContain(`href="/media/${document.file_name}" type="application/pdf"`);
      expect(withoutSoftHyphens(de)).toContain(`>${document.name_de}</span>`);
      expect(withoutSoftHyphens(en)).toContain(`>${document.name_en}</span>`);
      expect(de).toContain(`PDF, ${formatFileSize(document.size_bytes, "de")} · Deutsch und Englisch`);
      expect(en).toContain(`PDF, ${formatFileSize(document.size_bytes, "en")} · German and English`);
      const file = await fetch(`${server.url}/media/${document.file_name}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toMatch(/^application\/pdf/);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.length).toBe(document.size_bytes);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  });
});

describe("safety information", () => {
  it("is shown in the visitor's language, paragraph by paragraph", async () => {
    const { path } = await articlePath("battery front light");
    const de = await page(server, path);
    expect(de).toContain("Sicherheitshinweise</h3>");
    // Where the GS1 Digital Link's gs1:safetyInfo lands (decision 053).
    expect(de).toMatch(new RegExp(`<section id="${SAFETY_ANCHOR}"[^>]*>`));
    expect(de).toContain("(§ 67 StVZO)");
    expect(de).toContain("(UN 3481).</p>");
    const en = await page(server, `${path}?lang=en`);
    expect(en).toContain("Safety information</h3>");
    expect(en).toContain("Aim the headlight so that the centre of the beam");
    // The page's data carries both languages for the switch; what it shows is English only.
    expect(en.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("Den Scheinwerfer so einstellen");
    // A bell can hurt nobody: no section, but the manufacturer all the same.
    const bell = await page(server, (await articlePath("bell")).path);
    expect(bell).not.toContain("Sicherheitshinweise</h3>");
    expect(bell).toContain(">Hersteller</h3>");
  });

  it("falls back to the other language, marked with lang", async () => {
    const { path, partno } = await articlePath("other maker");
    await server.db.updateTable("articles").set({ safety_en: null }).where("partno", "=", partno).execute();
    // A new data version drops the catalogue the server keeps in memory.
    await setMeta(server.db, "data_version", "safety-fallback");
    server.advanceClock(5_000);
    const en = await page(server, `${path}?lang=en`);
    expect(en).toContain("Safety information</h3>");
    expect(en).toMatch(/<p class="product-safety__paragraph"><span lang="de">Den Schlauch nie außerhalb des Reifens/);
    const de = await page(server, path);
    expect(de).toMatch(/<p class="product-safety__paragraph">Den Schlauch nie außerhalb des Reifens/);
  });
});

describe("the manufacturer", () => {
  it("is the company behind the brand with its postal and e-mail address, and the EU responsible person when configured", async () => {
    const { path } = await articlePath("battery front light");
    const html = await page(server, path);
    expect(html).toContain(">Hersteller</h3>");
    for (const part of [company.legalName, company.street, `${company.postalCode} ${company.city}`, "Deutschland", `href="mailto:${company.email}"`]) {
      expect(html, part).toContain(part);
    }
    expect(html).toContain("Verantwortliche Person in der EU</h4>");
    expect(html).toContain("<span>EU-Rep Service GmbH</span><span>Hafenstraße 1</span><span>20457 Hamburg</span>");
    expect(html).toContain('href="mailto:eu-rep@example.com"');
    const without = await page(plain, path);
    expect(without).toContain(">Hersteller</h3>");
    expect(without).not.toContain("Verantwortliche Person");
    expect(jsonLdProduct(html)).toMatchObject({
      brand: { "@type": "Brand", name: brandName },
      manufacturer: {
        "@type": "Organization",
        name: company.legalName,
        address: { "@type": "PostalAddress", streetAddress: company.street, postalCode: company.postalCode, addressLocality: company.city, addressCountry: company.country },
        email: company.email,
      },
    });
  });

  it("names another maker and the brand as the contact in the EU", async () => {
    const { path, partno } = await articlePath("other maker");
    const maker = (await server.db.selectFrom("articles").select("manufacturer").where("partno", "=", partno).executeTakeFirstOrThrow()).manufacturer;
    const en = await page(server, `${path}?lang=en`);
    expect(en).toContain(`<span class="product-safety__maker">${maker}</span>`);
    expect(en).toContain("Your contact in the EU for this product and its safety:");
    expect(en).toContain(`href="mailto:${company.email}"`);
    expect(jsonLdProduct(en)).toMatchObject({ brand: { name: brandName }, manufacturer: { "@type": "Organization", name: maker } });
  });

  it("gives another maker's postal address and e-mail in both languages and in the page's data (issue 37, GPSR Art. 19)", async () => {
    const { path, partno } = await articlePath("pump");
    const pump = OTHER_MAKERS.pump;
    expect(pump).toBeDefined();
    if (!pump) return;
    const row = await server.db.selectFrom("articles").select(["manufacturer_address", "manufacturer_email"]).where("partno", "=", partno).executeTakeFirstOrThrow();
    expect(row).toEqual({ manufacturer_address: pump.address, manufacturer_email: pump.email });
    const address = pump.address.replace(/'/g, "&#x27;");
    for (const [query, email, contact] of [
      ["", "E-Mail", "Ansprechpartner in der EU"],
      ["?lang=en", "E-mail", "Your contact in the EU"],
    ] as const) {
      const html = await page(server, `${path}${query}`);
      expect(html, query).toMatch(new RegExp(`<address class="product-safety__address"><span class="product-safety__maker">${pump.name.replace(/\./g, "\\.")}</span><span>${address.replace(/[.()]/g, "\\$&")}</span><span>${email}(<!-- -->)?: <a href="mailto:${pump.email}">${pump.email}</a></span></address>`));
      expect(html, query).toContain(contact);
      expect(jsonLdProduct(html)).toMatchObject({ brand: { name: brandName }, manufacturer: { "@type": "Organization", name: pump.name, address: pump.address, email: pump.email } });
    }
  });
});
