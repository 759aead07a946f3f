import { type Page, expect, test } from "@playwright/test";
import { cleanTitle } from "~/utils/article-rules";
import { formatPrice } from "~/utils/price";
import type { ProviderBlock } from "~/exchange/provider-schema";
import { catalogue } from "./helpers";

const slide = (page: Page, n: number, lang: "de" | "en" = "de") =>
  page.getByRole("group", { name: lang === "de" ? `${n} von 3` : `${n} of 3`, includeHidden: true });

async function expectCurrent(page: Page, n: number, lang: "de" | "en" = "de") {
  for (const i of [1, 2, 3]) {
    await expect(slide(page, i, lang)).toHaveAttribute("data-current", String(i === n));
  }
}

/** The controls appear once the page is hydrated; before that the buttons would do nothing. */
async function openHome(page: Page, path = "/") {
  // Time stands still until a test moves it, so page loading cannot eat into the 5 s.
  await page.clock.install({ time: new Date("2025-05-01T10:00:00Z") });
  await page.clock.pauseAt(new Date("2025-05-01T10:00:01Z"));
  await page.goto(path);
  await expect(page.getByRole("button", { name: /Nächstes Bild|Next slide/ })).toBeVisible();
  // Away from the carousel, so hovering does not pause it.
  await page.mouse.move(5, 5);
}

test.describe("carousel", () => {
  test("is server-rendered with slide 1 visible and only its picture eager", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toMatch(/aria-label="1 von 3"[^>]*data-current="true"/);
    expect(html).toMatch(/aria-label="2 von 3"[^>]*data-current="false"/);
    const carousel = html.slice(html.indexOf('aria-roledescription="carousel"'), html.indexOf('class="container section welcome"'));
    expect(carousel.match(/fetchPriority="high"|fetchpriority="high"/g)).toHaveLength(1);
    expect(carousel.match(/loading="lazy"/g)).toHaveLength(2);
    // Each slide has a desktop and a mobile picture.
    for (const n of [1, 2, 3]) {
      expect(carousel).toContain(`slide-${n}-desktop`);
      expect(carousel).toContain(`slide-${n}-mobile`);
    }
  });

  for (const lang of ["de", "en"] as const) {
    test(`advances every 5 s and wraps from last to first (${lang})`, async ({ page }) => {
      await openHome(page, `/?lang=${lang}`);
      await expectCurrent(page, 1, lang);
      await expect(page.locator(".carousel__slides")).toHaveAttribute("aria-live", "off");
      await page.clock.runFor(4900);
      await expectCurrent(page, 1, lang);
      await page.clock.runFor(200);
      await expectCurrent(page, 2, lang);
      await page.clock.runFor(5000);
      await expectCurrent(page, 3, lang);
      await page.clock.runFor(5000);
      await expectCurrent(page, 1, lang);
      await expect(slide(page, 1, lang)).toContainText(lang === "de" ? "Unterwegs mit Teilen" : "On the road with parts");
    });
  }

  test("previous and next wrap around both ways", { tag: "@phone" }, async ({ page }) => {
    await openHome(page);
    const next = page.getByRole("button", { name: "Nächstes Bild" });
    const previous = page.getByRole("button", { name: "Vorheriges Bild" });
    await previous.click();
    await expectCurrent(page, 3);
    await next.click();
    await expectCurrent(page, 1);
    await next.click();
    await next.click();
    await expectCurrent(page, 3);
    await next.click();
    await expectCurrent(page, 1);
    // Hidden slides are out of the tab order and the accessibility tree.
    await expect(slide(page, 2)).toHaveAttribute("aria-hidden", "true");
    expect(await slide(page, 2).evaluate((el) => (el as HTMLElement).inert)).toBe(true);
  });

  test("pauses with the rotation control, on hover and with focus inside", { tag: "@phone" }, async ({ page }) => {
    await openHome(page);
    const pause = page.getByRole("button", { name: "Automatischen Bildwechsel anhalten" });
    await pause.click();
    const play = page.getByRole("button", { name: "Automatischen Bildwechsel starten" });
    await expect(play).toBeVisible();
    await expect(page.locator(".carousel__slides")).toHaveAttribute("aria-live", "polite");
    await page.mouse.move(5, 5);
    await page.clock.runFor(15_000);
    await expectCurrent(page, 1);

    await play.click();
    // Focus is still on the control inside the carousel: it keeps waiting.
    await page.mouse.move(5, 5);
    await page.clock.runFor(6000);
    await expectCurrent(page, 1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(5000);
    await expectCurrent(page, 2);

    // Hovering stops it; leaving starts it again.
    await page.locator(".carousel").hover();
    await page.clock.runFor(12_000);
    await expectCurrent(page, 2);
    await page.mouse.move(5, 5);
    await page.clock.runFor(5000);
    await expectCurrent(page, 3);
  });

  test("does not move by itself with reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openHome(page);
    await page.clock.runFor(20_000);
    await expectCurrent(page, 1);
    await expect(page.locator(".carousel__slides")).toHaveAttribute("aria-live", "polite");
    await page.getByRole("button", { name: "Nächstes Bild" }).click();
    await expectCurrent(page, 2);
  });
});

async function blockOf(request: Parameters<typeof catalogue>[0], partno: string): Promise<ProviderBlock> {
  const { leaves } = await catalogue(request);
  for (const leaf of leaves) {
    const list = (await (await request.get(`/catalog/list/categories/articles/${leaf.bbf_cat_ID_PUBLICGRPORDER}`)).json()) as {
      blocks: ProviderBlock[];
    };
    const block = list.blocks.find((b) => b.PARTNO === partno);
    if (block) return block;
  }
  throw new Error(`no block ${partno}`);
}

test.describe("featured products", () => {
  for (const lang of ["de", "en"] as const) {
    test(`a click shows the product card with title and price (${lang})`, async ({ page, request }) => {
      await page.goto(`/?lang=${lang}`);
      // Hydrated: a click opens the card instead of following the link.
      await expect(page.getByRole("button", { name: lang === "de" ? "Nächstes Bild" : "Next slide" })).toBeVisible();
      const tiles = page.locator(".product-tile");
      await expect(tiles).toHaveCount(8);
      const tile = tiles.nth(2);
      const partno = (await tile.getAttribute("data-partno")) ?? "";
      const block = await blockOf(request, partno);
      const text1 = lang === "de" ? block.descriptions.default.TEXT1 : (block.descriptions.english?.TEXT1 ?? block.descriptions.default.TEXT1);
      const title = cleanTitle(text1);
      const price = `${formatPrice(block.RESELLERPRICE ?? Number.NaN, lang)}*`;
      expect(title).not.toMatch(/\b(VIVA|Original|Bikeparts|Markenqualität)\b/);
      expect(price).toMatch(lang === "de" ? /^\d{1,3}(\.\d{3})*,\d{2}\s€\*$/ : /^\d{1,3}(,\d{3})*\.\d{2}\s€\*$/);

      await tile.click();
      const card = page.getByRole("dialog", { name: title });
      await expect(card).toBeVisible();
      await expect(card.getByRole("heading", { name: title })).toBeVisible();
      await expect(card.locator(".product-card__price")).toContainText(price);
      const image = card.locator("img");
      await expect(image).toHaveAttribute("src", new RegExp(`/media/shop/images/${block.media[0]?.IMAGENAME}\\.jpg$`));
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      // Escape closes it and focus goes back to the tile.
      await page.keyboard.press("Escape");
      await expect(card).toHaveCount(0);
      await expect(tile).toBeFocused();

      // The card links to the article's own page.
      await tile.click();
      await card.getByRole("link", { name: lang === "de" ? "Zum Artikel" : "View article" }).click();
      await expect(page).toHaveURL(new RegExp(`/products/articles/[^/]+/${partno}$`));
      await expect(page.getByRole("dialog")).toBeVisible();
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("each product is a link to the article's deep link", async ({ page }) => {
      await page.goto("/");
      const tile = page.locator(".product-tile").first();
      const partno = await tile.getAttribute("data-partno");
      await tile.click();
      await expect(page).toHaveURL(new RegExp(`/products/articles/[^/]+/${partno}$`));
      await expect(page.locator(".panel")).toBeVisible();
    });
  });
});
