import fs from "node:fs/promises";
import path from "node:path";
import type sharp from "sharp";
import { loadSharp } from "~/media/load-sharp.server";
import { bicycle, drawings } from "./drawings";
import { makePaint, mix, type Paint } from "./paint";
import type { ArticlePicture, CategoryPicture, SeedBrand } from "./demo-data";
import type { DrawingKind } from "./vocabulary-articles";
import { firstStartSize } from "~/content/first-start-pictures";

/** The brand's colours the demo pictures are painted in (content/brand.yaml, decision 061). */
type Colors = SeedBrand["colors"];

const ARTICLE_SIZE = 800;
/**
 * Full mozjpeg (trellis quantisation, scan optimisation) for the pictures visitors load as they are:
 * slides, hero and category tiles. Article pictures, a thousand of them, keep mozjpeg's quantisation
 * tables and optimised coding but skip the two costly passes: 2.4 times faster for about a quarter more
 * bytes, which keeps first-start seeding near 15 s instead of 35 s on two cores. The site serves them
 * through its own resized WebP/AVIF variants anyway.
 */
const JPEG_OPTIONS = {
  mozjpeg: { quality: 80, mozjpeg: true },
  fast: { quality: 80, quantisationTable: 3, optimiseCoding: true, progressive: true },
} as const satisfies Record<string, sharp.JpegOptions>;

export type JpegEncoding = keyof typeof JPEG_OPTIONS;

function pick<T>(items: readonly T[], n: number): T {
  return items[((n % items.length) + items.length) % items.length] as T;
}

function drawKind(kind: DrawingKind | "range", paint: Paint): string {
  return kind === "range" ? bicycle(paint) : drawings[kind](paint);
}

/** A light studio background: soft tint, vignette and a floor shadow, as on a product photo. */
function studio(tint: string, size: number, body: string): string {
  const top = mix(tint, "#ffffff", 0.93);
  const bottom = mix(tint, "#ffffff", 0.8);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <ellipse cx="400" cy="712" rx="300" ry="38" fill="url(#shadow)"/>
  ${body}
</svg>`;
}

/**
 * The main picture shows the product straight on; later ones turn, mirror or zoom in on a detail, so
 * the thumbnails of one article differ. Every picture keeps the article's colour: an article is one colour
 * variant, and a picture in another colour would show a product the visitor cannot buy under this number.
 */
export function articleSvg(picture: ArticlePicture, colors: Colors, size = ARTICLE_SIZE): string {
  const { variant, salt } = picture;
  const paint = makePaint(picture.colour, colors.primary, colors.accent, salt);
  const tilt = ((salt % 7) - 3) * 1.5;
  const transforms = [
    `rotate(${tilt} 400 400)`,
    `rotate(${tilt - 24} 400 400) translate(400 400) scale(0.86) translate(-400 -400)`,
    // Mirrored: the other side of the product, so the third picture differs from the first by more than a turn.
    `rotate(${tilt + 12} 400 400) translate(400 400) scale(-0.92 0.92) translate(-400 -400)`,
    `translate(400 400) scale(1.5) translate(${-400 + ((salt % 5) - 2) * 40} -380)`,
    `rotate(${tilt + 28} 400 400) translate(400 400) scale(0.8) translate(-400 -400)`,
  ];
  const tint = variant % 2 === 0 ? colors.primary : colors.accent;
  return studio(tint, size, `<g transform="${pick(transforms, variant)}">${drawKind(picture.drawing, paint)}</g>`);
}

export function categoryTileSvg(picture: CategoryPicture, colors: Colors, size: number): string {
  const paint = makePaint(
    picture.drawing === "range" ? colors.primary : mix(picture.colour, colors.ink, 0.15),
    colors.primary,
    colors.accent,
    picture.symbol.length,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
  <defs><radialGradient id="bg" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${mix(picture.colour, "#ffffff", 0.72)}"/></radialGradient></defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="400" cy="400" r="330" fill="#ffffff" opacity="0.7"/>
  <g transform="translate(400 400) scale(0.84) translate(-400 -400)">${drawKind(picture.drawing, paint)}</g>
</svg>`;
}

/** Places an 800 x 800 drawing at (x, y) with the given scale and rotation. */
function place(svg: string, x: number, y: number, scale: number, rotate = 0): string {
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale}) translate(-400 -400)">${svg}</g>`;
}

function hills(width: number, height: number, horizon: number, near: string, far: string): string {
  const w = width;
  return `<path d="M0 ${horizon} Q${w * 0.2} ${horizon - height * 0.12} ${w * 0.42} ${horizon - height * 0.02} T${w} ${horizon - height * 0.08} V${height} H0 Z" fill="${far}"/>
    <path d="M0 ${horizon + height * 0.08} Q${w * 0.3} ${horizon - height * 0.02} ${w * 0.6} ${horizon + height * 0.06} T${w} ${horizon + height * 0.04} V${height} H0 Z" fill="${near}"/>`;
}

type Format = "desktop" | "mobile";

/** Carousel slide 1: a bicycle on a country road at morning. */
function slideCountry(width: number, height: number, format: Format, colors: Colors): string {
  const bike = makePaint(colors.primary, colors.primary, colors.accent, 1);
  const horizon = height * 0.62;
  const bikeScale = format === "desktop" ? 0.95 : 0.85;
  const bikeX = format === "desktop" ? width * 0.62 : width * 0.5;
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bfe3f2"/><stop offset="1" stop-color="#f7f3e3"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${width * 0.2}" cy="${height * 0.22}" r="${Math.min(width, height) * 0.1}" fill="${colors.accent}" opacity="0.85"/>
    ${hills(width, height, horizon, "#6fa36b", "#9cc493")}
    <path d="M${width * 0.35} ${height} L${width * 0.5} ${horizon + height * 0.05} L${width * 0.56} ${horizon + height * 0.05} L${width * 0.85} ${height} Z" fill="#c9c2b0"/>
    <rect x="0" y="${height * 0.9}" width="${width}" height="${height * 0.1}" fill="#5d8f5a"/>
    ${place(bicycle(bike), bikeX, height * 0.62, bikeScale * (height / 800))}`;
}

/** Slide 2: a still life of parts on the brand's accent colour. */
function slideParts(width: number, height: number, format: Format, colors: Colors): string {
  const paint = (colour: string, salt: number): Paint => makePaint(colour, colors.primary, colors.accent, salt);
  const s = Math.min(width, height) / 800;
  const items =
    format === "desktop"
      ? [
          place(drawings.tyre(paint("#24282b", 1)), width * 0.22, height * 0.55, s * 1.05),
          place(drawings.saddle(paint("#24282b", 3)), width * 0.55, height * 0.42, s * 0.8),
          place(drawings.bell(paint(colors.primary, 2)), width * 0.8, height * 0.62, s * 0.6),
          place(drawings.grip(paint("#7a4a2a", 4)), width * 0.4, height * 0.86, s * 0.5),
        ]
      : [
          place(drawings.tyre(paint("#24282b", 1)), width * 0.5, height * 0.32, s * 0.9),
          place(drawings.saddle(paint("#24282b", 3)), width * 0.42, height * 0.7, s * 0.7),
          place(drawings.bell(paint(colors.primary, 2)), width * 0.78, height * 0.86, s * 0.45),
        ];
  return `<rect width="${width}" height="${height}" fill="${mix(colors.accent, "#ffffff", 0.25)}"/>
    <circle cx="${width * 0.85}" cy="${height * 0.15}" r="${Math.min(width, height) * 0.35}" fill="#ffffff" opacity="0.25"/>
    <rect x="0" y="${height * 0.82}" width="${width}" height="${height * 0.18}" fill="${mix(colors.accent, "#000000", 0.12)}"/>
    ${items.join("")}`;
}

/** Slide 3: commuting at dusk, headlight on. */
function slideDusk(width: number, height: number, format: Format, colors: Colors): string {
  const bike = makePaint("#c0392b", colors.primary, colors.accent, 5);
  const light = makePaint("#24282b", colors.primary, colors.accent, 5);
  const ground = height * 0.8;
  const buildings = Array.from({ length: 14 }, (_, i) => {
    const w = width / 14;
    const h = height * (0.25 + ((i * 37) % 23) / 60);
    const windows = Array.from({ length: 6 }, (_, j) =>
      (i + j) % 3 === 0
        ? `<rect x="${i * w + w * 0.25}" y="${ground - h + 20 + j * (h / 7)}" width="${w * 0.18}" height="${h / 14}" fill="#ffd66b" opacity="0.9"/>`
        : "",
    ).join("");
    return `<rect x="${i * w}" y="${ground - h}" width="${w - 6}" height="${h}" fill="${i % 2 ? "#263350" : "#2e3d5e"}"/>${windows}`;
  }).join("");
  const bikeScale = (format === "desktop" ? 0.8 : 0.78) * (Math.min(width, height * 1.6) / 800);
  const bikeX = format === "desktop" ? width * 0.4 : width * 0.5;
  // The wheels touch the road: their lowest point is 250 units below the drawing's centre.
  const bikeY = ground + height * 0.03 - 250 * bikeScale;
  return `<defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2a4a"/><stop offset="0.7" stop-color="#7a4e7e"/><stop offset="1" stop-color="#f0a35e"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#dusk)"/>
    ${buildings}
    <rect x="0" y="${ground}" width="${width}" height="${height - ground}" fill="#20242c"/>
    <path d="M0 ${ground + (height - ground) * 0.45} H${width}" stroke="#f2f2f2" stroke-width="8" stroke-dasharray="60 40" opacity="0.6"/>
    <path d="M${bikeX + 230 * bikeScale} ${bikeY - 160 * bikeScale} L${width} ${bikeY - 320 * bikeScale} L${width} ${bikeY + 60 * bikeScale} Z" fill="#fff3b0" opacity="0.35"/>
    ${place(bicycle(bike), bikeX, bikeY, bikeScale)}
    ${place(drawings.frontlight(light), bikeX + 215 * bikeScale, bikeY - 170 * bikeScale, bikeScale * 0.22)}`;
}

const slides = [slideCountry, slideParts, slideDusk] as const;

export function slideSvg(index: 1 | 2 | 3, format: Format, colors: Colors): string {
  const { width, height } = firstStartSize(`static/slide-${index}-${format}.jpg`);
  const scene = slides[index - 1];
  if (!scene) throw new Error(`There is no slide ${index}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${scene(width, height, format, colors)}</svg>`;
}

/** Products page hero: the brand colour with a row of parts on light discs. */
export function productsHeroSvg(colors: Colors): string {
  const { width, height } = firstStartSize("static/products-hero.jpg");
  const kinds: DrawingKind[] = ["grip", "bell", "frontlight", "saddle", "chain", "ulock", "pedal"];
  const items = kinds
    .map((kind, i) => {
      const x = 160 + i * 213;
      const y = i % 2 === 0 ? 260 : 360;
      const colour = i % 3 === 0 ? colors.accent : i % 3 === 1 ? "#24282b" : "#aeb5bb";
      const paint = makePaint(colour, colors.primary, colors.accent, i);
      return `<circle cx="${x}" cy="${y}" r="125" fill="#ffffff" opacity="0.92"/>${place(drawings[kind](paint), x, y, 0.27)}`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.primary}"/><stop offset="1" stop-color="${mix(colors.primary, "#000000", 0.35)}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <path d="M0 520 Q400 440 800 500 T1600 470 V600 H0 Z" fill="${mix(colors.primary, "#ffffff", 0.15)}" opacity="0.6"/>
  ${items}
</svg>`;
}

export async function svgToJpeg(svg: string, encoding: JpegEncoding = "mozjpeg"): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).jpeg(JPEG_OPTIONS[encoding]).toBuffer();
}

export interface RenderJob {
  /** Relative to the media directory, with forward slashes. */
  file: string;
  svg: () => string;
  encoding: JpegEncoding;
}

/** Every picture of the demo state as render jobs (SVG built lazily, so memory stays small). */
export function imageJobs(pictures: { articles: ArticlePicture[]; categories: CategoryPicture[] }, colors: Colors): RenderJob[] {
  const jobs: RenderJob[] = [];
  for (const picture of pictures.categories) {
    jobs.push({ file: `categories/${picture.symbol}_Desktop_220x220.jpg`, svg: () => categoryTileSvg(picture, colors, 220), encoding: "mozjpeg" });
    jobs.push({ file: `categories/${picture.symbol}_Mobile_150x150.jpg`, svg: () => categoryTileSvg(picture, colors, 150), encoding: "mozjpeg" });
    // Beyond the provider's two sizes: a 2x original the site makes sharp variants from.
    jobs.push({ file: `categories/${picture.symbol}_440x440.jpg`, svg: () => categoryTileSvg(picture, colors, 440), encoding: "mozjpeg" });
  }
  jobs.push({ file: "static/products-hero.jpg", svg: () => productsHeroSvg(colors), encoding: "mozjpeg" });
  for (const index of [1, 2, 3] as const) {
    jobs.push({ file: `static/slide-${index}-desktop.jpg`, svg: () => slideSvg(index, "desktop", colors), encoding: "mozjpeg" });
    jobs.push({ file: `static/slide-${index}-mobile.jpg`, svg: () => slideSvg(index, "mobile", colors), encoding: "mozjpeg" });
  }
  for (const picture of pictures.articles) {
    jobs.push({ file: `shop/images/${picture.imagename}.jpg`, svg: () => articleSvg(picture, colors), encoding: "fast" });
  }
  return jobs;
}

export interface RenderOptions {
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Renders the jobs into mediaDir, a few at a time: sharp runs each render on its own threads too. */
export async function renderImages(mediaDir: string, jobs: RenderJob[], options: RenderOptions = {}): Promise<number> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const dirs = new Set(jobs.map((job) => path.dirname(path.join(mediaDir, job.file))));
  for (const dir of dirs) await fs.mkdir(dir, { recursive: true });
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const job = jobs[next++];
      if (!job) return;
      const target = path.join(mediaDir, job.file);
      try {
        await fs.writeFile(target, await svgToJpeg(job.svg(), job.encoding));
      } catch (error) {
        throw new Error(`Rendering ${job.file} failed: ${(error as Error).message}`);
      }
      done += 1;
      options.onProgress?.(done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return done;
}
