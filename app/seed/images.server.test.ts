import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mix } from "./paint";
import { generateDemoData, type ArticlePicture } from "./generate";
import { articleSvg, categoryTileSvg, imageJobs, productsHeroSvg, renderImages, slideSvg, svgToJpeg } from "./images.server";
import { archetypes, colours, type DrawingKind } from "./vocabulary-articles";
import { shippedBrand } from "~/../tests/support/shipped-brand";

const colors = shippedBrand().colors;

const kinds = Object.keys(archetypes) as DrawingKind[];
const picture = (drawing: DrawingKind, variant = 0): ArticlePicture => ({
  imagename: `VB-1${kinds.indexOf(drawing)}_${variant + 1}`,
  drawing,
  colour: "#c0392b",
  variant,
  salt: 17,
});

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "velocat-images-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("product drawings", () => {
  it("draws every kind as well-formed SVG without text", () => {
    for (const kind of kinds) {
      for (let variant = 0; variant < 5; variant++) {
        const svg = articleSvg(picture(kind, variant), colors);
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).not.toMatch(/<text|NaN|undefined/);
      }
    }
    for (const svg of [
      productsHeroSvg(colors),
      slideSvg(1, "desktop", colors),
      slideSvg(2, "mobile", colors),
      slideSvg(3, "desktop", colors),
      categoryTileSvg({ symbol: "cat_range", drawing: "range", colour: "#0b5d3b" }, colors, 220),
    ]) {
      expect(svg).not.toMatch(/<text|NaN|undefined/);
    }
  });

  it("varies later pictures of an article", () => {
    const first = articleSvg(picture("bell", 0), colors);
    for (let variant = 1; variant < 5; variant++) expect(articleSvg(picture("bell", variant), colors)).not.toBe(first);
  });

  it("paints every picture of every generated article in the article's own colour", () => {
    const data = generateDemoData(1962, { brand: shippedBrand() });
    const byName = new Map(data.pictures.articles.map((p) => [p.imagename, p]));
    // The drawings shade the article colour darker for outlines; another colour's shade betrays a recoloured picture.
    const shade = (hex: string): string => mix(hex, "#000000", 0.38);
    const catalogueColours = Object.values(colours);
    let checked = 0;
    for (const article of data.articles) {
      const colourName = article.properties.find((p) => p.attribute_de === "Farbe")?.value_de;
      const colour = catalogueColours.find((c) => c.name[0] === colourName);
      expect(colour, `${article.partno} has a catalogue colour`).toBeDefined();
      if (!colour) continue;
      for (const media of article.media) {
        const picture = byName.get(media.imagename);
        expect(picture, media.imagename).toBeDefined();
        if (!picture) continue;
        const svg = articleSvg(picture, colors);
        const where = `${media.imagename} (${colour.name[1]} ${picture.drawing}, picture ${picture.variant + 1})`;
        // Kinds made in one colour only (tyres, tubes, brake pads) may draw rubber and metal alone.
        if (archetypes[picture.drawing].palette.length > 1) {
          expect(svg, where).toContain(`"${colour.hex}"`);
          expect(svg, where).toContain(`"${shade(colour.hex)}"`);
        }
        for (const other of catalogueColours) {
          if (other !== colour) expect(svg, `${where} shows ${other.name[1]}`).not.toContain(`"${shade(other.hex)}"`);
        }
        checked += 1;
      }
    }
    expect(checked).toBe(data.pictures.articles.length);
    expect(data.articles.filter((a) => a.media.length >= 3).length).toBeGreaterThan(100);
  });

  it("renders the same bytes for the same input", async () => {
    for (const kind of ["grip", "ulock"] as const) {
      const a = await svgToJpeg(articleSvg(picture(kind), colors), "fast");
      const b = await svgToJpeg(articleSvg(picture(kind), colors), "fast");
      expect(a.equals(b)).toBe(true);
    }
    const slideA = await svgToJpeg(slideSvg(2, "mobile", colors));
    const slideB = await svgToJpeg(slideSvg(2, "mobile", colors));
    expect(slideA.equals(slideB)).toBe(true);
  });

  it("draws a picture, not an empty canvas", async () => {
    const { channels } = await sharp(await svgToJpeg(articleSvg(picture("saddle"), colors))).stats();
    // A plain background has almost no spread; a drawn product has dark and coloured areas.
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
  });
});

describe("renderImages", () => {
  it("writes every file at its size and reports progress", async () => {
    const jobs = imageJobs({
      articles: [picture("pump", 0), picture("pump", 1)],
      categories: [{ symbol: "cat_pumps", drawing: "pump", colour: "#f2b705" }],
    }, colors);
    const progress: number[] = [];
    const count = await renderImages(dir, jobs, { concurrency: 3, onProgress: (done) => progress.push(done) });
    expect(count).toBe(jobs.length);
    expect(progress.at(-1)).toBe(jobs.length);
    const expected: [string, number, number][] = [
      [`shop/images/${picture("pump").imagename}.jpg`, 800, 800],
      ["categories/cat_pumps_Desktop_220x220.jpg", 220, 220],
      ["categories/cat_pumps_Mobile_150x150.jpg", 150, 150],
      ["static/products-hero.jpg", 1600, 600],
      ["static/slide-1-desktop.jpg", 1600, 640],
      ["static/slide-3-mobile.jpg", 800, 1000],
    ];
    for (const [file, width, height] of expected) {
      const meta = await sharp(path.join(dir, file)).metadata();
      expect(meta.format, file).toBe("jpeg");
      expect([meta.width, meta.height], file).toEqual([width, height]);
    }
  });
});
