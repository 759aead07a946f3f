import { expect, test } from "@playwright/test";
import sharp from "sharp";

/**
 * Issue 12: the /products hero's white headline sat on pale product pictures. axe cannot judge text
 * over an image, so this test hides the text, photographs what is behind it and computes WCAG's
 * contrast of white against the brightest pixel there.
 */
const relativeLuminance = (r: number, g: number, b: number) => {
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};

for (const lang of ["de", "en"] as const) {
  test(`the /products hero text has 4.5:1 contrast over its picture (${lang})`, { tag: "@phone" }, async ({ page }) => {
    await page.goto(`/products?lang=${lang}`);
    await page.locator(".hero__image").evaluate((image: HTMLImageElement) => image.decode());
    await page.addStyleTag({ content: ".hero__text * { color: transparent !important; text-shadow: none !important; }" });
    for (const selector of [".hero__text h1", ".hero__text p"]) {
      const box = (await page.locator(selector).boundingBox())!;
      const png = await page.screenshot({ clip: box, animations: "disabled" });
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let brightest = 0;
      for (let i = 0; i < data.length; i += info.channels) brightest = Math.max(brightest, relativeLuminance(data[i]!, data[i + 1]!, data[i + 2]!));
      const contrast = 1.05 / (brightest + 0.05);
      expect(contrast, `${selector} at ${page.viewportSize()!.width} px`).toBeGreaterThanOrEqual(4.5);
    }
  });
}

test("the /products hero shows its whole text on the narrowest phones", { tag: "@phone" }, async ({ page, isMobile }) => {
  test.skip(!isMobile, "phone widths");
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 });
    for (const lang of ["de", "en"]) {
      await page.goto(`/products?lang=${lang}`);
      const [hero, heading] = await Promise.all([page.locator(".hero").boundingBox(), page.locator(".hero__text h1").boundingBox()]);
      // The band cuts off (overflow: hidden) whatever of the text sticks out above it.
      expect(heading!.y, `${lang} at ${width} px`).toBeGreaterThanOrEqual(hero!.y);
    }
  }
});
