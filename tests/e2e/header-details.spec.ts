import { expect, test, type Page } from "@playwright/test";
import { catalogue, urlName } from "./helpers";

/** Issue 12, item 10: small things a visitor notices in the header and the breadcrumb. */

test.describe("desktop header", () => {
  test.skip(({ isMobile }) => isMobile, "the desktop navigation");

  test("the header marks the section of the page: Produkte on catalogue pages, Service on its sub-pages", async ({ page, request }) => {
    const { leaves } = await catalogue(request);
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    const products = nav.getByRole("button", { name: "Produkte" });
    for (const path of ["/products", `/products/articles/${urlName(leaves[0]!.bbf_cat_name)}`]) {
      await page.goto(path);
      await expect(products).toHaveAttribute("aria-current", "page");
    }
    for (const path of ["/hinweise", "/downloads", "/service"]) {
      await page.goto(path);
      await expect(nav.getByRole("link", { name: "Service" })).toHaveAttribute("aria-current", "page");
      await expect(products).not.toHaveAttribute("aria-current");
    }
  });

  test("the header search shows its whole hint at every desktop width", async ({ page }) => {
    for (const lang of ["de", "en"]) {
      for (const width of [961, 1024, 1180, 1280]) {
        await page.setViewportSize({ width, height: 700 });
        await page.goto(`/?lang=${lang}`);
        const { hint, room } = await placeholderFit(page, ".site-header__search input");
        expect(hint, `${lang} at ${width} px`).toBeLessThanOrEqual(room);
      }
    }
  });
});

test.describe("phone header", { tag: "@phone" }, () => {
  test.skip(({ isMobile }) => !isMobile, "the phone header");

  test("the phone menu's search field spans the menu and shows its whole hint", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menü" }).click();
    const dialog = page.getByRole("dialog", { name: "Menü" });
    const input = dialog.getByRole("searchbox");
    const [field, menu] = await Promise.all([input.boundingBox(), dialog.boundingBox()]);
    // The field and its button fill the menu's width (less its padding), not a third of it.
    expect(field!.width).toBeGreaterThan(menu!.width * 0.7);
    const { hint, room } = await placeholderFit(page, ".mobile-menu input");
    expect(hint).toBeLessThanOrEqual(room);
  });
});

test.describe("phone without JavaScript", { tag: "@phone" }, () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ isMobile }) => !isMobile, "the phone header");

  test("the header offers the search, which works", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("banner").getByRole("link", { name: "Produktsuche öffnen" });
    await expect(link).toBeVisible();
    await link.click();
    await page.getByRole("searchbox").first().fill("klingel");
    await page.getByRole("searchbox").first().press("Enter");
    await expect(page).toHaveURL(/\/search\?q=klingel/);
    await expect(page.locator(".search-page__count")).toContainText("Treffer");
  });

  test("an article picture promises no zoom that cannot work", async ({ page, request }) => {
    const { leaves, articlesOf } = await catalogue(request);
    const article = (await articlesOf(leaves[0]!))[0]!;
    await page.goto(`/products/articles/${urlName(leaves[0]!.bbf_cat_name)}/${article.PARTNO}`);
    await expect(page.locator(".panel__image")).toBeVisible();
    await expect(page.getByText(/Vergrößern mit der Maus|lange berühren/)).toHaveCount(0);
  });
});

test("the breadcrumb's links sit on the same line as the current page", { tag: "@phone" }, async ({ page, request }) => {
  const { categories, leaves } = await catalogue(request);
  const parent = categories.find((c) => c.bbf_cat_parent_category !== null && !leaves.includes(c))!;
  for (const path of [`/products/${urlName(parent.bbf_cat_name)}`, `/products/articles/${urlName(leaves[0]!.bbf_cat_name)}`]) {
    await page.goto(path);
    const bottoms = await page.locator(".breadcrumb li").evaluateAll((items) =>
      items.map((li) => {
        const range = document.createRange();
        range.selectNodeContents(li.querySelector("a") ?? li);
        return range.getBoundingClientRect().bottom;
      }),
    );
    expect(bottoms.length).toBeGreaterThan(1);
    for (const bottom of bottoms) expect(Math.abs(bottom - bottoms.at(-1)!), path).toBeLessThanOrEqual(1);
  }
});

/** The width of an input's placeholder in its own font, and the room its content box has. */
function placeholderFit(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((element) => {
    const input = element as HTMLInputElement;
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      hint: context.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
}

test.describe("mega menu", () => {
  test.skip(({ isMobile }) => isMobile, "the desktop navigation");

  test("each column of categories runs on without gaps left by its neighbour", async ({ page }) => {
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/service");
      await page.getByRole("button", { name: "Produkte" }).click();
      const gaps = await page.locator(".mega-menu__column").evaluateAll((sections) =>
        sections.flatMap((section) => {
          const items = Array.from(section.querySelectorAll(":scope > ul > li")).map((li) => li.getBoundingClientRect());
          // Items one below the other in the same column: the space between them.
          return items.flatMap((item, index) => {
            const next = items.slice(index + 1).find((other) => Math.abs(other.left - item.left) < 2);
            return next ? [Math.round(next.top - item.bottom)] : [];
          });
        }),
      );
      expect(gaps.length).toBeGreaterThan(4);
      expect(Math.max(...gaps), `at ${width} px`).toBeLessThanOrEqual(12);
    }
  });
});

test.describe("mega menu from the keyboard (issue 25)", () => {
  test.skip(({ isMobile }) => isMobile, "the desktop navigation");

  test("focus does not open it: the next Tab reaches the next entry; Enter and Arrow Down do", async ({ page }) => {
    await page.goto("/service");
    const button = page.getByRole("button", { name: "Produkte" });
    await expect(button).toBeVisible();
    await button.focus();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator(".mega-menu")).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Händlersuche" })).toBeFocused();

    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(".mega-menu a").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.locator(".mega-menu a").nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
    await expect(page.locator(".mega-menu")).toBeHidden();
  });
});

test.describe("Products without JavaScript on a phone (issue 25)", { tag: "@phone" }, () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [390, 320]) {
    test(`at ${width} px a tap on Produkte opens the products page, and nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/service");
      const products = page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Produkte" });
      await products.hover();
      await products.focus();
      await expect(page.locator(".mega-menu")).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await products.click();
      await expect(page).toHaveURL(/\/products$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
