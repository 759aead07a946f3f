import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import type { ProviderReseller } from "~/exchange/provider-schema";
import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";
import { shippedBrand } from "../support/shipped-brand";
import { sitePaths } from "../quality/site-pages";

/** Issue 14: every brand dealer has a page of its own, `/handlersuche/{slug}`. */

type Dealer = ProviderReseller & { slug: string };

async function brandDealers(request: APIRequestContext): Promise<Dealer[]> {
  const all = (await (await request.get("/api/reseller")).json()) as ProviderReseller[];
  return all.filter((d): d is Dealer => Boolean(d.slug) && hasBrandTag(d.tag, brand.dealerTag));
}

/** Placed at its address, not on its postal code's centre. */
const placed = (d: ProviderReseller) => d.position[0] !== null && d.position[1] !== null && !d.approximate;

/** Demo dealers with the most to show, and the edge cases the page must handle. */
async function examples(request: APIRequestContext) {
  const dealers = await brandDealers(request);
  const full = dealers.find((d) => placed(d) && d.openingHours && d.web && (d.services?.length ?? 0) > 0);
  const unknownHours = dealers.find((d) => placed(d) && !d.openingHours);
  // Placed on its postal code's centre: the demo seeds a few without coordinates.
  const unplaced = dealers.find((d) => d.approximate === true);
  const other = ((await (await request.get("/api/reseller")).json()) as ProviderReseller[]).find(
    (d) => d.slug && !hasBrandTag(d.tag, brand.dealerTag),
  );
  if (!full || !unknownHours || !unplaced || !other?.slug) throw new Error("the demo data lacks a dealer the tests need");
  return { dealers, full, unknownHours, unplaced, other: other as Dealer };
}

const pathOf = (d: { slug: string }) => `/handlersuche/${d.slug}`;

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const lang of ["de", "en"] as const) {
  test(`a dealer's page shows name, address, hours, map and structured data in ${lang}`, async ({ page, request }) => {
    const { full } = await examples(request);
    const response = await page.goto(`${pathOf(full)}?lang=${lang}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(full.name);
    const place = full.name.includes(full.ort) ? "" : `, ${full.ort}`;
    expect(await page.title()).toBe(`${full.name}${place} – ${lang === "de" ? "Händler" : "dealer"} | ${shippedBrand().name}`);
    const street = full.adresse.slice(0, full.adresse.lastIndexOf(","));
    await expect(page.locator("address")).toContainText(street);
    await expect(page.locator("address")).toContainText(full.ort);

    const table = page.locator("table.dealer-hours--week");
    await expect(table.locator("tbody tr")).toHaveCount(7);
    const days = lang === "de" ? ["Montag", "Sonntag"] : ["Monday", "Sunday"];
    await expect(table.locator("tbody tr").first().locator("th")).toContainText(days[0]!);
    await expect(table.locator("tbody tr").last().locator("th")).toContainText(days[1]!);
    // Today is marked, by the shop's clock (all three countries share Central European time).
    const weekday = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "Europe/Berlin" }).format(new Date());
    const todayIndex = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].indexOf(weekday);
    await expect(table.locator('tr[aria-current="date"]')).toHaveCount(1);
    await expect(table.locator("tbody tr").nth(todayIndex)).toHaveAttribute("aria-current", "date");
    await expect(page.locator(".dealer-profile__header .open-status")).toHaveText(lang === "de" ? /^(Geöffnet|Geschlossen)/ : /^(Open|Closed)/);

    await expect(page.getByRole("img", { name: lang === "de" ? `Karte: Lage von ${full.name}` : `Map: location of ${full.name}` })).toBeVisible();
    await expect(page.locator(".dealer-profile__tiles img").first()).toHaveAttribute("src", /^\/tiles\/\d+\/\d+\/\d+\.png$/);

    const tracked = page.locator(`[data-dealer="${full.slug}"]`);
    expect(await tracked.evaluateAll((links) => links.map((a) => a.getAttribute("data-dealer-click")))).toEqual(
      expect.arrayContaining(["phone", "email", "web", "directions"]),
    );
    for (const service of full.services ?? []) expect(service).toMatch(/^[a-z-]+$/);
    await expect(page.locator(".dealer-profile__services li")).toHaveCount(full.services?.length ?? 0);

    const data = await jsonLd(page);
    const store = data.find((d) => d["@type"] === "BikeStore");
    expect(store).toMatchObject({
      "@context": "https://schema.org",
      name: full.name,
      address: { "@type": "PostalAddress", addressLocality: full.ort },
      geo: { "@type": "GeoCoordinates", latitude: full.position[0], longitude: full.position[1] },
      telephone: full.tel,
    });
    const spec = store?.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
    expect(spec.length).toBeGreaterThan(0);
    for (const entry of spec) {
      expect(entry.opens).toMatch(/^\d\d:\d\d$/);
      expect(entry.closes).toMatch(/^\d\d:\d\d$/);
    }
    expect(data.find((d) => d["@type"] === "BreadcrumbList")).toBeTruthy();

    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(new RegExp(`${pathOf(full)}${lang === "en" ? "\\?lang=en" : ""}$`));
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`${pathOf(full)}\\?lang=en$`));
  });
}

test("the page is kept by caches only until a shown dealer opens or closes", async ({ request }) => {
  const { full } = await examples(request);
  const response = await request.get(pathOf(full));
  const seconds = Number(/s-maxage=(\d+)/.exec(response.headers()["cache-control"] ?? "")?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(300);
});

test("unknown hours and a position from the postal code each read sensibly", async ({ page, request }) => {
  const { unknownHours, unplaced } = await examples(request);
  await page.goto(pathOf(unknownHours));
  await expect(page.locator(".dealer-profile__header .open-status")).toHaveText("Öffnungszeiten unbekannt");
  await expect(page.locator(".dealer-profile__hours")).toContainText("keine Öffnungszeiten genannt");
  await expect(page.locator("table.dealer-hours--week")).toHaveCount(0);
  const store = (await jsonLd(page)).find((d) => d["@type"] === "BikeStore");
  expect(store).not.toHaveProperty("openingHoursSpecification");

  await page.goto(pathOf(unplaced));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(unplaced.name);
  await expect(page.locator(".dealer-profile__no-map")).toHaveCount(0);
  await expect(page.locator(".dealer-profile__figure figcaption")).toHaveText(/Die Karte zeigt die Mitte des Postleitzahlgebiets\./);
});

test("an unknown slug and another brand's dealer answer 404 with the error screen", async ({ page, request }) => {
  const { other } = await examples(request);
  for (const path of ["/handlersuche/gibt-es-nicht", pathOf(other)]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unexpected Application Error!");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  }
});

test("malformed slugs answer 404, never 500", async ({ request }) => {
  const { full } = await examples(request);
  for (const path of [
    "/handlersuche/..%2F",
    "/handlersuche/..%2F..%2Fetc%2Fpasswd",
    `/handlersuche/${full.slug.toUpperCase()}`,
    `/handlersuche/${"a".repeat(5000)}`,
    "/handlersuche/a--b",
    "/handlersuche/-a",
    "/handlersuche/%00",
    "/handlersuche/%E2%82%AC",
    `/handlersuche/${full.slug}%20`,
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toMatch(/at .*\(.*:\d+:\d+\)/);
  }
});

test("axe finds no violations on dealer pages, in German and English", async ({ page, request, baseURL }) => {
  // axe over whole pages, several of them: minutes on a busy machine, not a sign of a problem.
  test.setTimeout(150_000);
  const { full, unknownHours, unplaced } = await examples(request);
  // accessibility.spec.ts already checks the dealer page every route list holds.
  const everyRoute = await sitePaths(baseURL!);
  const found: string[] = [];
  for (const dealer of [full, unknownHours, unplaced].filter((d) => !everyRoute.includes(pathOf(d)))) {
    for (const lang of ["de", "en"] as const) {
      await page.goto(`${pathOf(dealer)}?lang=${lang}`);
      for (const v of await axeViolations(page)) found.push(`${pathOf(dealer)}?lang=${lang}: ${v}`);
    }
  }
  expect(found).toEqual([]);
});

test("the sitemap lists every brand dealer's page in both languages, and no other dealer's", async ({ request, baseURL }) => {
  const { dealers, other } = await examples(request);
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const dealer of dealers) {
    expect(xml).toContain(`<loc>${baseURL}${pathOf(dealer)}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}${pathOf(dealer)}?lang=en</loc>`);
  }
  expect(xml).not.toContain(`${pathOf(other)}<`);
});

test("the nearest dealers are listed with distances and lead to their own pages", async ({ page, request }) => {
  const { full } = await examples(request);
  await page.goto(pathOf(full));
  const neighbours = page.locator(".dealer-profile__neighbour");
  expect(await neighbours.count()).toBeGreaterThanOrEqual(3);
  const distances = await page.locator(".dealer-profile__distance").allTextContents();
  const km = distances.map((text) => Number(/([\d.,]+) km/.exec(text)?.[1]?.replace(".", "").replace(",", ".")));
  expect(km).toEqual([...km].sort((a, b) => a - b));
  const first = neighbours.first().getByRole("link");
  const name = (await first.textContent()) ?? "";
  const href = (await first.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/handlersuche\/[a-z0-9-]+$/);
  expect(href).not.toBe(pathOf(full));
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  // And the breadcrumb leads back to the search.
  await page.locator(".breadcrumb").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/handlersuche$/);
});

test("a click on a contact link is counted for the dealer, on our own server", async ({ page, request }) => {
  const { full } = await examples(request);
  const counted: string[] = [];
  await page.route("**/api/stats/dealer-click", async (route) => {
    counted.push(route.request().postData() ?? "");
    await route.fulfill({ status: 204 });
  });
  await page.goto(pathOf(full));
  // A mailto link opens nothing in a headless browser; the count goes out all the same.
  await page.locator('.dealer-profile__details [data-dealer-click="email"]').click();
  await expect.poll(() => counted.map((body) => JSON.parse(body) as unknown)).toEqual([{ dealer: full.slug, kind: "email" }]);
});

test("the page asks no third party for anything", async ({ page, request, baseURL }) => {
  const { full } = await examples(request);
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith("data:")) foreign.push(r.url());
  });
  await page.goto(pathOf(full));
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page, its map and its links work", async ({ page, request }) => {
    const { full } = await examples(request);
    await page.goto(`${pathOf(full)}?lang=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(full.name);
    await expect(page.locator("table.dealer-hours--week tbody tr")).toHaveCount(7);
    await expect(page.locator(".dealer-profile__tiles img").first()).toBeVisible();
    const next = page.locator(".dealer-profile__neighbour a").first();
    const href = (await next.getAttribute("href")) ?? "";
    await next.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator("table.dealer-hours--week, .dealer-profile__hours")).not.toHaveCount(0);
  });
});
