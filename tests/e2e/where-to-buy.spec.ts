import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Locator, type Page, expect, test } from "@playwright/test";
import { catalogue, urlName } from "./helpers";

/** The first article of the first category with articles, from the live API. */
async function anArticle(request: APIRequestContext) {
  const { leaves, articlesOf } = await catalogue(request);
  for (const leaf of leaves) {
    const article = (await articlesOf(leaf))[0];
    if (article) return { listUrl: `/products/articles/${urlName(leaf.bbf_cat_name)}`, partno: article.PARTNO };
  }
  throw new Error("no article in the catalogue");
}

const block = (page: Page) => page.getByRole("dialog").getByRole("region", { name: /Händler finden|Find a dealer/ });

/** The article's deep link, once hydrated ("near me" works only then): its where-to-buy block. */
async function openArticle(page: Page, request: APIRequestContext, { lang = "de" } = {}) {
  const { listUrl, partno } = await anArticle(request);
  await page.goto(`${listUrl}/${partno}${lang === "en" ? "?lang=en" : ""}`);
  const where = block(page);
  await expect(where.getByRole("button", { name: lang === "en" ? "Near me" : "In meiner Nähe" })).toBeEnabled();
  return { where, partno };
}

async function search(where: Locator, text: string, button = "Händler finden") {
  await where.getByRole("textbox").fill(text);
  await where.getByRole("button", { name: button, exact: true }).click();
}

/** Every shown dealer has a distance and a link to its own page. */
async function expectDealers(where: Locator, count: number) {
  const dealers = where.locator(".where-to-buy__dealer");
  await expect(dealers).toHaveCount(count);
  for (const dealer of await dealers.all()) {
    await expect(dealer.locator(".where-to-buy__distance")).toHaveText(/^\d+(?:[,.]\d)? km$/);
    // The dealer's page with the article, so it shows the same badge or line label (issue 37 item 19).
    await expect(dealer.getByRole("link")).toHaveAttribute("href", /^\/handlersuche\/[^/?#]+\?article=[^&#]+$/);
  }
}

const fullSearch = (partno: string) => `/handlersuche?q=80331&article=${encodeURIComponent(partno)}&r=200`;

test.describe("where to buy", () => {
  test("an article panel finds the three nearest dealers in place", async ({ page, request }) => {
    const { listUrl, partno } = await anArticle(request);
    await page.goto(listUrl);
    await page.locator(`[data-partno="${partno}"]`).click();
    const where = block(page);
    await expect(where.getByRole("button", { name: "In meiner Nähe" })).toBeEnabled();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script" || r.resourceType() === "stylesheet") scripts.push(r.url());
    });
    await search(where, "80331");
    await expect(where.getByRole("status")).toHaveText("Die nächsten Händler bei D-80331 München:");
    await expectDealers(where, 3);
    // Light: the dealer page's map (Leaflet) stays on the dealer page.
    expect(scripts.filter((url) => /dealer-map|leaflet|handlersuche/.test(url))).toEqual([]);
    // No navigation: the panel stays on the article.
    await expect(page).toHaveURL(new RegExp(`/${partno}$`));
    await expect(where.getByRole("link", { name: "Alle Händler anzeigen" })).toHaveAttribute("href", fullSearch(partno));
    const axe = await new AxeBuilder({ page }).include(".where-to-buy").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });

  test("a place name works too, and an empty field asks for input", async ({ page, request }) => {
    const { where } = await openArticle(page, request);
    await search(where, "");
    await expect(where.getByRole("status")).toHaveText("Bitte geben Sie eine Postleitzahl oder einen Ort ein.");
    await expect(where.getByRole("textbox")).toHaveAttribute("aria-invalid", "true");
    await search(where, "München");
    await expect(where.getByRole("status")).toContainText("München");
    await expect(where.locator(".where-to-buy__dealer").first()).toBeVisible();
  });

  test("an unknown postal code says so", async ({ page, request }) => {
    const { where } = await openArticle(page, request);
    await search(where, "00000");
    await expect(where.getByRole("status")).toContainText("Die Postleitzahl 00000 kennen wir nicht.");
    await expect(where.locator(".where-to-buy__dealer")).toHaveCount(0);
  });

  test("near me asks for the position on the click, and copes with a refusal", async ({ page, context, request, baseURL }) => {
    const { where } = await openArticle(page, request);
    const nearMe = where.getByRole("button", { name: "In meiner Nähe" });
    await nearMe.click();
    await expect(where.getByRole("status")).toContainText("Ihr Standort ist nicht verfügbar");

    await context.grantPermissions(["geolocation"], { origin: baseURL });
    await context.setGeolocation({ latitude: 48.1372, longitude: 11.5756 });
    const lookup = page.waitForRequest((r) => r.url().includes("/api/where-to-buy?"));
    await nearMe.click();
    expect(new URL((await lookup).url()).searchParams.get("lat")).toBe("48.137");
    await expect(where.getByRole("status")).toHaveText("Die nächsten Händler bei Ihnen:");
    await expectDealers(where, 3);
  });

  test("offline or on a server error, it offers the full search instead", async ({ page, context, request }) => {
    const { where, partno } = await openArticle(page, request);
    const failed = async () => {
      await search(where, "80331");
      await expect(where.getByRole("status")).toHaveText("Die Händler konnten gerade nicht geladen werden.");
      await expect(where.getByRole("link", { name: "Zur Händlersuche" })).toHaveAttribute("href", fullSearch(partno));
      // The article stays: the failure is the block's, not the page's.
      await expect(page.getByRole("dialog").getByRole("heading", { level: 2 })).toBeVisible();
    };
    await context.setOffline(true);
    await failed();
    await context.setOffline(false);
    await page.route("**/api/where-to-buy?*", (route) => route.fulfill({ status: 500, body: "" }));
    await page.reload();
    await expect(where.getByRole("button", { name: "In meiner Nähe" })).toBeEnabled();
    await failed();
  });

  test("the English page works", async ({ page, request }) => {
    const { where } = await openArticle(page, request, { lang: "en" });
    await expect(where.getByRole("heading", { name: "Find a dealer" })).toBeVisible();
    await search(where, "80331", "Find a dealer");
    await expect(where.getByRole("status")).toHaveText("The nearest dealers to D-80331 München:");
    await expectDealers(where, 3);
    await expect(where.getByRole("link", { name: "Show all dealers" })).toBeVisible();
  });
});

test.describe("where to buy without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form lands on the dealer search for the article", async ({ page, request }) => {
    const { listUrl, partno } = await anArticle(request);
    await page.goto(`${listUrl}/${partno}`);
    const where = block(page);
    await expect(where.getByRole("button", { name: "In meiner Nähe" })).toBeHidden();
    await search(where, "80331");
    await expect(page).toHaveURL(new RegExp(`${fullSearch(partno).replace(/[?]/g, "\\?")}$`));
    await expect(page.locator(".dealer-results__status")).toContainText("80331 München");
  });
});
