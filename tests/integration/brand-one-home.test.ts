import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brand as settings } from "~/config/brand";
import { databasePath, openDatabase } from "~/db/database.server";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import type { ProviderReseller } from "~/exchange/provider-schema";
import { projectRoot } from "../../build-dir.js";
import { type RunningServer, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { copyTemplateDataDir } from "../support/test-server";
import { jsonLdProduct } from "../support/json-ld";

/*
 * Issue 30's last gap: content/brand.yaml is the one home of the brand's name and company. A server
 * started as `npm start` starts it (server/start.ts, so the outbox's wiring too), on a content folder
 * whose brand is another company, shows that company wherever the site names the brand: an article's
 * manufacturer block and its JSON-LD, a dealer page, the imprint, the GS1 resolver's description,
 * and the contact mail. A saved edit reaches the article page within 2 s (issue 30, scope 3).
 */

const OTHER = {
  name: "RADWERK",
  legalName: "Radwerk Nord GmbH",
  street: "Kettenweg 7",
  postalCode: "20095",
  city: "Hamburg",
  email: "kontakt@radwerk.example",
};

let dataDir: string;
let contentDir: string;
let brandFile: string;
let sink: SmtpSink;
let server: RunningServer;

/** The shipped brand.yaml with another company's name, legal name, address and e-mail. */
function otherBrand(shipped: string, street = OTHER.street): string {
  const replaced = shipped
    .replace(/^name: .*$/m, `name: ${OTHER.name}`)
    .replace(/^ {2}legalName: .*$/m, `  legalName: ${OTHER.legalName}`)
    .replace(/^ {2}street: .*$/m, `  street: ${street}`)
    .replace(/^ {2}postalCode: .*$/m, `  postalCode: "${OTHER.postalCode}"`)
    .replace(/^ {2}city: .*$/m, `  city: ${OTHER.city}`)
    .replace(/^ {2}email: .*$/m, `  email: ${OTHER.email}`);
  expect(replaced).not.toContain("VIVA Bikeparts");
  return replaced;
}

beforeAll(async () => {
  dataDir = copyTemplateDataDir();
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-brand-home-"));
  fs.cpSync(path.join(projectRoot, "content"), contentDir, { recursive: true });
  brandFile = path.join(contentDir, "brand.yaml");
  fs.writeFileSync(brandFile, otherBrand(fs.readFileSync(brandFile, "utf8")));
  sink = await startSmtpSink();
  // No MAIL_FROM or MAIL_TO: the mail goes from and to the brand's e-mail address.
  server = await startServer(dataDir, undefined, { CONTENT_DIR: contentDir, SMTP_URL: sink.url, MAIL_FROM: "", MAIL_TO: "" });
}, 120_000);

afterAll(async () => {
  server?.signal("SIGTERM");
  await server?.exited;
  await sink?.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function page(pathname: string): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** A bell: the brand is its maker, so its page names the brand's company. */
async function bellPath(): Promise<string> {
  const db = openDatabase(databasePath(dataDir));
  try {
    const row = await db
      .selectFrom("articles as a")
      .innerJoin("categories as c", "c.id", "a.category_id")
      .select(["a.partno", "c.slug"])
      .where("c.slug", "=", "Klingeln")
      .where("a.manufacturer", "is", null)
      .orderBy("a.partno")
      .executeTakeFirstOrThrow();
    return `/products/articles/${encodeURIComponent(row.slug ?? "")}/${encodeURIComponent(row.partno)}`;
  } finally {
    await db.destroy();
  }
}

/** The page without its scripts (the loader data repeats what it shows) and React's text separators. */
const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

describe("content/brand.yaml is the one home of the brand's name and company", () => {
  it("names the company on an article's manufacturer block and in its JSON-LD, in both languages", async () => {
    const bell = await bellPath();
    for (const lang of ["de", "en"]) {
      const html = await page(`${bell}?lang=${lang}`);
      const shown = visible(html);
      for (const part of [OTHER.legalName, OTHER.street, `${OTHER.postalCode} ${OTHER.city}`, `href="mailto:${OTHER.email}"`]) expect(shown, part).toContain(part);
      expect(html).not.toMatch(/VIVA Bikeparts|Speichenweg|info@example\.de/);
      expect(jsonLdProduct(html)).toMatchObject({
        brand: { "@type": "Brand", name: OTHER.name },
        manufacturer: {
          "@type": "Organization",
          name: OTHER.legalName,
          address: { streetAddress: OTHER.street, postalCode: OTHER.postalCode, addressLocality: OTHER.city },
          email: OTHER.email,
        },
      });
    }
  });

  it("names the brand on a dealer page and on the dealer search", async () => {
    const dealers = (await (await fetch(`${server.url}/api/reseller`)).json()) as ProviderReseller[];
    const dealer = dealers.find((d) => d.slug && hasBrandTag(d.tag, settings.dealerTag));
    if (!dealer?.slug) throw new Error("the demo has no brand dealer with a page");
    const html = await page(`/handlersuche/${dealer.slug}`);
    expect(html).toMatch(new RegExp(`<title>[^<]*\\| ${OTHER.name}</title>`));
    expect(visible(html)).toMatch(new RegExp(`class="dealer-profile__kicker">${OTHER.name}`));
    expect(visible(html)).not.toContain("VIVA");
    expect(visible(await page("/handlersuche"))).toContain(`${OTHER.name}`);
  });

  it("names the company on the imprint and the brand in the GS1 resolver's description", async () => {
    const imprint = visible(await page("/impressum"));
    for (const part of [OTHER.legalName, OTHER.street, `${OTHER.postalCode} ${OTHER.city}`, OTHER.email]) expect(imprint, part).toContain(part);
    // The country by its name, as every other page writes it, not its code (issue 37).
    expect(imprint).toContain(`${OTHER.postalCode} ${OTHER.city}<br/>Deutschland</address>`);
    expect(JSON.stringify(await (await fetch(`${server.url}/.well-known/gs1resolver`)).json())).toContain(OTHER.name);
  });

  it("names the brand in the contact mail and sends it from and to the company's address", async () => {
    const response = await fetch(`${server.url}/api/mailer/${settings.slug}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Anna Beispiel", email: "anna@example.com", telephone: "+49 561 123456", nachricht: "Hallo,\nich suche eine Klingel.", subject: "Kontaktformular" }),
    });
    expect(response.status).toBe(202);
    const [mail] = await sink.waitFor(1, 20_000);
    expect(mail?.text).toContain(`Kontaktformular der ${OTHER.name} Website`);
    expect(mail?.headers.get("subject")?.[0]).toContain(`(${OTHER.name} Website)`);
    expect(mail?.headers.get("from")?.[0]).toContain(OTHER.email);
    expect(mail?.envelopeTo).toEqual([OTHER.email]);
    expect(mail?.raw).not.toMatch(/VIVA|info@example\.de/);
  });

  it("shows a saved edit of the company on the article page within 2 s", async () => {
    const bell = await bellPath();
    expect(await page(bell)).toContain(OTHER.street);
    fs.writeFileSync(brandFile, otherBrand(fs.readFileSync(brandFile, "utf8"), "Nabenallee 21"));
    const started = Date.now();
    while (!(await page(bell)).includes("Nabenallee 21")) {
      if (Date.now() - started > 2000) throw new Error("the edit did not show within 2 s");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const html = await page(bell);
    expect(html).not.toContain(OTHER.street);
    expect(jsonLdProduct(html)).toMatchObject({ manufacturer: { address: { streetAddress: "Nabenallee 21" } } });
  });
});
