import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { ProviderArticle, ProviderCategory } from "~/exchange/provider-schema";
import { catalogue, urlName } from "./helpers";

/** Every article with its leaf category, from the live API. */
async function allArticles(request: APIRequestContext): Promise<{ leaf: ProviderCategory; article: ProviderArticle }[]> {
  const { leaves, articlesOf } = await catalogue(request);
  const lists = await Promise.all(leaves.map(async (leaf) => (await articlesOf(leaf)).map((article) => ({ leaf, article }))));
  return lists.flat();
}

const secondary = (article: ProviderArticle, attribute: string) =>
  article.properties.default.secondary.find((p) => p.ATTRIBUTE === attribute)?.VALUE;

async function openEnglishPanel(page: Page, leaf: ProviderCategory, article: ProviderArticle) {
  await page.goto(`/products/articles/${urlName(leaf.bbf_cat_name)}/${article.PARTNO}?lang=en`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

async function englishProperties(page: Page, leaf: ProviderCategory, article: ProviderArticle): Promise<Map<string, string>> {
  const dialog = await openEnglishPanel(page, leaf, article);
  const toggle = dialog.getByRole("link", { name: "Properties" });
  if (await toggle.count()) await toggle.click();
  const rows = dialog.locator(".properties tr");
  await expect(rows.first()).toBeVisible();
  const shown = new Map<string, string>();
  for (const row of await rows.all()) shown.set((await row.locator("th").textContent()) ?? "", (await row.locator("td").textContent()) ?? "");
  return shown;
}

test("English article pages name chains in English: 8-speed, not 8-fach", async ({ page, request }) => {
  const chain = (await allArticles(request)).find(({ article }) => /\d+-fach/.test(article.descriptions.default.TEXT1));
  if (!chain) throw new Error("no chain with a speed count in the demo catalogue");
  const dialog = await openEnglishPanel(page, chain.leaf, chain.article);
  const name = dialog.locator(".panel__name");
  await expect(name).toHaveText(/\d+-speed/);
  await expect(name).not.toHaveText(/fach/);
  await page.goto(`/products/articles/${urlName(chain.leaf.bbf_cat_name)}?lang=en`);
  await expect(page.locator("main")).not.toContainText("-fach");
});

test("English pages show the product kind's packaging unit and customs code", async ({ page, request }) => {
  const saddles = (await allArticles(request)).filter(({ article }) => article.PRODCATNAME === "Fahrradsattel");
  const packed = saddles.find(({ article }) => secondary(article, "Verpackungseinheit"));
  const declared = saddles.find(({ article }) => secondary(article, "Zolltarifnummer"));
  if (!packed || !declared) throw new Error("no saddle with a packaging unit and one with a customs code");
  expect((await englishProperties(page, packed.leaf, packed.article)).get("Packaging unit")).toBe("1 piece");
  expect((await englishProperties(page, declared.leaf, declared.article)).get("Customs tariff number")).toBe("87149500");
});

for (const [lang, amount] of [
  ["de", /^\d{1,3}(\.\d{3})*,\d{2}\u00a0€\*$/],
  ["en", /^\d{1,3}(,\d{3})*\.\d{2}\u00a0€\*$/],
] as const) {
  test(`prices read amount, then euro sign, on article lists and the panel (${lang})`, async ({ page, request }) => {
    const { leaf, article } = (await allArticles(request))[0]!;
    await page.goto(`/products/articles/${urlName(leaf.bbf_cat_name)}?lang=${lang}`);
    const prices = await page.locator(".article-card__price").allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(amount);
    await page.goto(`/products/articles/${urlName(leaf.bbf_cat_name)}/${article.PARTNO}?lang=${lang}`);
    await expect(page.getByRole("dialog").locator(".panel__price")).toHaveText(amount);
  });
}
