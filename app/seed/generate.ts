import { brand } from "~/config/brand";
import type { ArticleTable, BlockTable, CategoryTable, NewDealer, PropertyKind, RelationKind } from "~/db/schema";
import { makeEan13 } from "~/utils/ean";
import { loadPostalPlaces, type PostalPlace } from "~/geo/postal-code-files.server";
import { createRandom, type Random } from "./random";
import { MAX_RELATED_PER_KIND, RELATED_KINDS } from "./related-kinds";
import {
  archetypes,
  colours,
  genericSentences,
  secondaryAttributes,
  type ArchetypeSpec,
  type AttributeSpec,
  type ColourKey,
  type DrawingKind,
  type Line,
  type Pair,
  type TradeAttributeSpec,
} from "./vocabulary-articles";
import { type DealerDetails, demoDealerDetails } from "./dealer-details";
import { ROOT_CATEGORY_ID, categoryGroups, rootCategory, type CategorySpec } from "./vocabulary-categories";
import {
  brandTags,
  otherTags,
  shopPatterns,
  streetStems,
  streetSuffixes,
  surnames,
  towns,
  trickyTag,
  type Country,
} from "./vocabulary-dealers";

/** Demo categories have no key in a brand system: they are never imported. */
export type DemoCategory = Omit<CategoryTable, "source_id" | "slug" | "slug_key">;

export interface DemoProperty {
  kind: PropertyKind;
  attribute_de: string;
  value_de: string;
  attribute_en: string;
  value_en: string;
}

export interface DemoArticle extends Omit<ArticleTable, "content_hash" | "price_cents"> {
  /** Every demo article has a price; imported ones may not. */
  price_cents: number;
  eans: string[];
  media: { type: string; imagename: string }[];
  properties: DemoProperty[];
  /** Accessories and spare parts, by part number, in the order the detail panel lists them. */
  relations: { kind: RelationKind; target_partno: string }[];
}

export type DemoDealer = Omit<NewDealer, "id"> & { web: string | null; lat: number | null; lng: number | null };

/** What the image renderer needs to draw one article picture; not stored in the database. */
export interface ArticlePicture {
  imagename: string;
  drawing: DrawingKind;
  colour: string;
  /** 0 for the main picture; later ones turn and zoom, always in the article's colour. */
  variant: number;
  /** Per-article number that varies details (proportions, accents) between articles of one kind. */
  salt: number;
}

export interface CategoryPicture {
  symbol: string;
  drawing: DrawingKind | "range";
  colour: string;
}

export interface DemoData {
  seed: number;
  categories: DemoCategory[];
  articles: DemoArticle[];
  blocks: BlockTable[];
  dealers: DemoDealer[];
  pictures: { articles: ArticlePicture[]; categories: CategoryPicture[] };
}

export interface GenerateOptions {
  /** Town centroids; read from resources/postal-codes when not given. */
  places?: readonly PostalPlace[];
}

const RANGED_MIN = 7;
const RANGED_MAX = 40;
const DEALER_COUNTS: Record<Country, number> = { DE: 105, AT: 25, CH: 20 };
const DEALERS_WITHOUT_COORDINATES = 4;
const OTHER_TAG_DEALERS = 15;
/** German GS1 company prefixes (40–44 range); the item reference fills the remaining five digits. */
const EAN_COMPANY_PREFIXES = ["4260512", "4047791"] as const;
const RELATIONS_SALT = 0x5eed_a11;

interface Leaf {
  id: number;
  spec: CategorySpec;
  size: number;
}

/** Same seed, same data: everything random comes from one seeded generator, in a fixed order. */
export function generateDemoData(seed: number, options: GenerateOptions = {}): DemoData {
  const rng = createRandom(seed);
  const { categories, leaves, categoryPictures } = buildCategories(rng);
  const { articles, articlePictures } = buildArticles(rng, leaves);
  const blocks = buildBlocks(rng, leaves, articles);
  // Its own generator: drawn from the main one, the references would change every dealer after them.
  addRelations(createRandom(seed ^ RELATIONS_SALT), leaves, articles);
  const plainDealers = buildDealers(rng, options.places ?? loadPostalPlaces());
  const details = demoDealerDetails(seed, plainDealers);
  const dealers = plainDealers.map((dealer, i): DemoDealer => ({ ...dealer, ...(details[i] as DealerDetails) }));
  return {
    seed,
    categories,
    articles,
    blocks,
    dealers,
    pictures: { articles: articlePictures, categories: categoryPictures },
  };
}

function buildCategories(rng: Random): {
  categories: DemoCategory[];
  leaves: Leaf[];
  categoryPictures: CategoryPicture[];
} {
  const categories: DemoCategory[] = [
    {
      id: ROOT_CATEGORY_ID,
      shop_id: brand.shopId,
      main_id: ROOT_CATEGORY_ID,
      parent_id: null,
      position: 1,
      symbol: rootCategory.symbol,
      name_de: rootCategory.name.de,
      description_de: rootCategory.description.de,
      name_en: rootCategory.name.en,
      description_en: rootCategory.description.en,
    },
  ];
  const categoryPictures: CategoryPicture[] = [
    { symbol: rootCategory.symbol, drawing: "range", colour: brand.colors.primary },
  ];
  const leaves: Leaf[] = [];
  let topId = ROOT_CATEGORY_ID;
  let subId = ROOT_CATEGORY_ID + 100;
  let topPosition = 0;

  const add = (spec: CategorySpec, id: number, parentId: number, mainId: number, position: number): void => {
    categories.push({
      id,
      shop_id: brand.shopId,
      main_id: mainId,
      parent_id: parentId,
      position,
      symbol: spec.symbol,
      name_de: spec.name.de,
      description_de: spec.description.de,
      name_en: spec.name.en,
      description_en: spec.description.en,
    });
    const colour = mainId === brand.groups.parts ? brand.colors.primary : brand.colors.accent;
    categoryPictures.push({ symbol: spec.symbol, drawing: spec.drawing, colour });
    if (!spec.children || spec.children.length === 0) {
      leaves.push({ id, spec, size: spec.size ?? 0 });
    }
  };

  for (const group of categoryGroups) {
    for (const spec of group.categories) {
      topId += 1;
      topPosition += 1;
      const parentId = topId;
      add(spec, parentId, ROOT_CATEGORY_ID, group.mainId, topPosition);
      (spec.children ?? []).forEach((child, index) => {
        subId += 1;
        add(child, subId, parentId, group.mainId, index + 1);
      });
    }
  }

  assignSizes(rng, leaves);
  return { categories, leaves, categoryPictures };
}

/**
 * Fixed sizes stay as written (the small categories and the 5/6 paging boundary); the others get
 * 7–40 articles, nudged until the whole catalogue holds about 400.
 */
function assignSizes(rng: Random, leaves: Leaf[]): void {
  const ranged = leaves.filter((leaf) => leaf.spec.size === undefined);
  for (const leaf of ranged) {
    // Squaring skews towards smaller categories, with a few big ones, as in real catalogues.
    leaf.size = RANGED_MIN + Math.round(rng.next() ** 1.6 * (RANGED_MAX - RANGED_MIN));
  }
  const target = rng.int(396, 404);
  let total = leaves.reduce((sum, leaf) => sum + leaf.size, 0);
  let guard = 0;
  while (total !== target && guard++ < 100_000) {
    const leaf = rng.pick(ranged);
    if (total < target && leaf.size < RANGED_MAX) {
      leaf.size += 1;
      total += 1;
    } else if (total > target && leaf.size > RANGED_MIN) {
      leaf.size -= 1;
      total -= 1;
    }
  }
}

function formatNumber(value: number, decimals: number, language: "de" | "en"): string {
  const text = value.toFixed(decimals);
  return language === "de" ? text.replace(".", ",") : text;
}

function attributeValue(rng: Random, spec: AttributeSpec): Pair {
  if ("values" in spec) return rng.pick(spec.values);
  const [min, max, step] = spec.range;
  const value = min + step * rng.int(0, Math.floor((max - min) / step));
  const decimals = spec.decimals ?? 0;
  const unit = spec.unit === "" ? "" : ` ${spec.unit}`;
  return [`${formatNumber(value, decimals, "de")}${unit}`, `${formatNumber(value, decimals, "en")}${unit}`];
}

/**
 * The packaging unit or customs code of an article, fixed by its kind and name. It still draws once, as
 * a random value would, so the articles generated after it keep their part numbers and prices.
 */
function tradeValue(rng: Random, arch: ArchetypeSpec, name: Pair, spec: TradeAttributeSpec): Pair {
  rng.next();
  const trade = { ...arch.trade, ...arch.tradeByName?.[name[0]] };
  return spec.trade === "packaging" ? trade.packaging : [trade.customs, trade.customs];
}

function linePair(line: Line): Pair {
  return typeof line === "string" ? [line, line] : line;
}

function property(kind: PropertyKind, name: Pair, value: Pair): DemoProperty {
  return { kind, attribute_de: name[0], value_de: value[0], attribute_en: name[1], value_en: value[1] };
}

function priceCents(rng: Random, [min, max]: readonly [number, number]): number {
  const euros = rng.int(min, max);
  const cents = rng.chance(0.88) ? rng.pick([95, 99]) : rng.pick([0, 49, 90]);
  return euros * 100 + cents;
}

/** The catalogue decorates some titles with words the site strips again (brand.blockTitleNoiseWords). */
function noisyTitle(rng: Random, title: Pair): Pair {
  const [brandWord, original, bikeparts, quality] = brand.blockTitleNoiseWords;
  const roll = rng.next();
  if (roll < 0.16) return [`${brandWord} ${title[0]}`, `${brandWord} ${title[1]}`];
  if (roll < 0.24) return [`${brandWord} ${original} ${title[0]}`, `${brandWord} ${original} ${title[1]}`];
  if (roll < 0.28) return [`${brandWord} ${bikeparts} ${title[0]}`, `${brandWord} ${bikeparts} ${title[1]}`];
  if (roll < 0.32) return [`${title[0]} ${quality}`, `${title[1]} ${quality}`];
  return title;
}

function mediaCount(rng: Random): number {
  const roll = rng.next();
  if (roll < 0.2) return 1;
  if (roll < 0.5) return 2;
  if (roll < 0.75) return 3;
  if (roll < 0.9) return 4;
  return 5;
}

function buildArticles(rng: Random, leaves: Leaf[]): { articles: DemoArticle[]; articlePictures: ArticlePicture[] } {
  const articles: DemoArticle[] = [];
  const articlePictures: ArticlePicture[] = [];
  const partnos = new Set<string>();
  const eans = new Set<string>();

  const nextPartno = (): string => {
    for (;;) {
      const partno = `VB-${rng.int(10000, 99999)}`;
      if (!partnos.has(partno)) {
        partnos.add(partno);
        return partno;
      }
    }
  };
  const nextEan = (): string => {
    for (;;) {
      const prefix = rng.pick(EAN_COMPANY_PREFIXES);
      const ean = makeEan13(`${prefix}${String(rng.int(0, 99999)).padStart(5, "0")}`);
      if (!eans.has(ean)) {
        eans.add(ean);
        return ean;
      }
    }
  };

  for (const leaf of leaves) {
    const arch = archetypes[leaf.spec.drawing];
    const titles = new Set<string>();
    for (let position = 1; position <= leaf.size; position++) {
      const partno = nextPartno();
      const colourKey: ColourKey = rng.pick(arch.palette);
      const colour = colours[colourKey];

      let title: Pair = ["", ""];
      let name: Pair = ["", ""];
      for (let attempt = 0; attempt < 12; attempt++) {
        name = rng.pick(arch.names);
        const line = linePair(rng.pick(arch.lines));
        const withColour = arch.palette.length > 1;
        title = [
          `${name[0]} ${line[0]}${withColour ? ` ${colour.name[0].toLowerCase()}` : ""}`,
          `${name[1]} ${line[1]}${withColour ? ` ${colour.name[1].toLowerCase()}` : ""}`,
        ];
        if (!titles.has(title[0])) break;
        if (attempt === 11) title = [`${title[0]} ${position}`, `${title[1]} ${position}`];
      }
      titles.add(title[0]);
      const [title_de, title_en] = noisyTitle(rng, title);

      let description_de: string | null = null;
      let description_en: string | null = null;
      if (rng.chance(0.75)) {
        const count = rng.int(2, 5);
        const own = rng.sample(arch.sentences, Math.min(count, arch.sentences.length));
        const extra = rng.sample(genericSentences, count - own.length + (rng.chance(0.3) ? 1 : 0));
        const sentences = [...own, ...extra].slice(0, 5);
        description_de = sentences.map((s) => s[0]).join(" ");
        description_en = sentences.map((s) => s[1]).join(" ");
      }

      const specific = rng.sample(arch.attributes, Math.min(arch.attributes.length, rng.int(3, 6)));
      let primary: DemoProperty[] = [
        property("primary", ["Artikelgruppe", "Item group"], [leaf.spec.name.de, leaf.spec.name.en]),
        property("primary", ["Marke", "Brand"], [brand.name, brand.name]),
        property("primary", ["Farbe", "Colour"], colour.name),
        ...specific.map((spec) => property("primary", spec.name, attributeValue(rng, spec))),
      ];
      primary = rng.shuffle(primary);
      // The detail panel sorts the list itself; data that arrives sorted would hide a missing sort.
      const sorted = [...primary].sort((a, b) => a.attribute_de.localeCompare(b.attribute_de, "de"));
      if (sorted.every((p, i) => p === primary[i])) primary.reverse();
      const secondary = rng
        .sample(secondaryAttributes, rng.int(0, 3))
        .map((spec) =>
          property("secondary", spec.name, "trade" in spec ? tradeValue(rng, arch, name, spec) : attributeValue(rng, spec)),
        );

      const eanList = [nextEan()];
      if (rng.chance(0.3)) eanList.push(nextEan());

      const salt = rng.int(0, 9999);
      const media: DemoArticle["media"] = [];
      const count = mediaCount(rng);
      for (let i = 0; i < count; i++) {
        const imagename = `${partno}_${i + 1}`;
        media.push({ type: "Bild", imagename });
        articlePictures.push({ imagename, drawing: leaf.spec.drawing, colour: colour.hex, variant: i, salt });
      }

      articles.push({
        partno,
        category_id: leaf.id,
        position,
        prodcatname_de: arch.prodcat[0],
        prodcatname_en: arch.prodcat[1],
        title_de,
        title_en,
        description_de,
        description_en,
        price_cents: priceCents(rng, arch.price),
        eans: eanList,
        media,
        properties: [...primary, ...secondary],
        relations: [],
      });
    }
  }
  return { articles, articlePictures };
}

/** Accessories and spare parts by kind (RELATED_KINDS): a few articles of each related kind. */
function addRelations(rng: Random, leaves: Leaf[], articles: DemoArticle[]): void {
  const kindOf = new Map(leaves.map((leaf) => [leaf.id, leaf.spec.drawing]));
  const byKind = new Map<string, DemoArticle[]>();
  for (const article of articles) {
    const kind = kindOf.get(article.category_id);
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), article]);
  }
  for (const article of articles) {
    const own = kindOf.get(article.category_id);
    const related = own ? RELATED_KINDS[own] : undefined;
    if (!related || rng.chance(0.25)) continue;
    for (const kind of ["accessory", "sparepart"] as const) {
      const pool = (related[kind] ?? []).flatMap((k) => byKind.get(k) ?? []).filter((a) => a !== article);
      for (const target of rng.sample(pool, rng.int(1, MAX_RELATED_PER_KIND))) {
        article.relations.push({ kind, target_partno: target.partno });
      }
    }
  }
}

function buildBlocks(rng: Random, leaves: Leaf[], articles: DemoArticle[]): BlockTable[] {
  const blocks: BlockTable[] = [];
  for (const leaf of leaves) {
    const inCategory = articles.filter((a) => a.category_id === leaf.id);
    const chosen = rng.sample(inCategory, Math.min(inCategory.length, rng.int(1, 3)));
    chosen.forEach((article, index) => {
      blocks.push({ id: blocks.length + 1, category_id: leaf.id, partno: article.partno, position: index + 1 });
    });
  }
  return blocks;
}

/** ASCII slug for e-mail and web addresses: "Radhaus Köhler & Söhne" becomes "radhaus-koehler-und-soehne". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/&/g, " und ")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function digits(rng: Random, count: number): string {
  let text = String(rng.int(1, 9));
  while (text.length < count) text += String(rng.int(0, 9));
  return text;
}

function telephone(rng: Random, country: Country, area: string): string {
  if (country === "DE") return `+49 ${area} ${digits(rng, Math.max(5, 10 - area.length))}`;
  if (country === "AT") return `+43 ${area} ${digits(rng, Math.max(5, 8 - area.length))}`;
  const local = digits(rng, 7);
  return `+41 ${area} ${local.slice(0, 3)} ${local.slice(3, 5)} ${local.slice(5)}`;
}

function randomArea(rng: Random, country: Country): string {
  if (country === "DE") return `${rng.int(2, 9)}${rng.int(10, 999)}`;
  if (country === "AT") return `${rng.int(2, 7)}${rng.int(100, 999)}`;
  return rng.pick(["31", "32", "33", "41", "52", "55", "56", "61", "62", "71", "81"]);
}

type PlainDealer = Omit<DemoDealer, keyof DealerDetails>;

function buildDealers(rng: Random, places: readonly PostalPlace[]): PlainDealer[] {
  const byCountry = new Map<Country, PostalPlace[]>();
  const byTown = new Map<string, PostalPlace[]>();
  const byCommunity = new Map<string, PostalPlace[]>();
  for (const place of places) {
    const list = byCountry.get(place.country) ?? [];
    list.push(place);
    byCountry.set(place.country, list);
    const townList = byTown.get(`${place.country}|${place.place}`) ?? [];
    townList.push(place);
    byTown.set(`${place.country}|${place.place}`, townList);
  }
  // GeoNames files a few towns only under their community ("Klagenfurt am Wörthersee"); the community
  // is a fallback because in Germany it names the district, which would put a city's dealer in a village.
  for (const place of places) {
    const key = `${place.country}|${place.community}`;
    if (byTown.has(key)) continue;
    const list = byCommunity.get(key) ?? [];
    list.push(place);
    byCommunity.set(key, list);
  }
  for (const [key, list] of byCommunity) byTown.set(key, list);

  const usedRows = new Set<PostalPlace>();
  const usedNames = new Set<string>();
  const dealers: PlainDealer[] = [];

  for (const country of ["DE", "AT", "CH"] as const) {
    const countryRows = byCountry.get(country) ?? [];
    if (countryRows.length === 0) throw new Error(`No postal-code rows for ${country}: cannot place dealers`);
    // Every curated town once before any twice, so the map covers the whole country.
    const townQueue = [...rng.shuffle(towns[country]), ...rng.shuffle(towns[country])];
    for (let i = 0; i < DEALER_COUNTS[country]; i++) {
      let row: PostalPlace | undefined;
      let city = "";
      let area = "";
      const curated = rng.chance(0.85) ? townQueue.shift() : undefined;
      if (curated) {
        const candidates = (byTown.get(`${country}|${curated[0]}`) ?? []).filter((r) => !usedRows.has(r));
        if (candidates.length > 0) {
          row = rng.pick(candidates);
          city = curated[0];
          area = curated[1];
        }
      }
      if (!row) {
        for (let attempt = 0; attempt < 50 && !row; attempt++) {
          const candidate = rng.pick(countryRows);
          if (!usedRows.has(candidate)) row = candidate;
        }
        row ??= rng.pick(countryRows);
        city = row.place;
        area = randomArea(rng, country);
      }
      usedRows.add(row);

      let name = "";
      for (let attempt = 0; attempt < 30; attempt++) {
        name = rng
          .pick(shopPatterns[country])
          .replace("{name}", rng.pick(surnames))
          .replace("{town}", city);
        if (!usedNames.has(name)) break;
      }
      if (usedNames.has(name)) name = `${name} ${i + 1}`;
      usedNames.add(name);

      const suffix = rng.pick(streetSuffixes[country]);
      const houseNumber = `${rng.int(1, 140)}${rng.chance(0.1) ? rng.pick(["a", "b", "c"]) : ""}`;
      const domain = country === "DE" ? "example.de" : "example.com";
      const slug = slugify(name);
      dealers.push({
        name,
        street: `${rng.pick(streetStems)}${suffix} ${houseNumber}`,
        postal_code: row.postalCode,
        city,
        country,
        tel: telephone(rng, country, area),
        email: `${rng.pick(["info", "service", "kontakt", "laden"])}@${slug}.${domain}`,
        web: rng.chance(0.8) ? `https://www.${slug}.${domain}` : null,
        tag: rng.pick(brandTags),
        lat: row.lat,
        lng: row.lng,
      });
    }
  }

  const order = rng.shuffle(dealers.map((_, index) => index));
  const otherIndices = order.slice(0, OTHER_TAG_DEALERS);
  otherIndices.forEach((index, n) => {
    const dealer = dealers[index];
    if (!dealer) return;
    dealer.tag = n === 0 ? trickyTag : n === 1 ? "nonbrand" : rng.pick(otherTags);
  });
  // Brand dealers without coordinates: listed on the dealer page, but with no marker on the map.
  for (const index of order.slice(OTHER_TAG_DEALERS, OTHER_TAG_DEALERS + DEALERS_WITHOUT_COORDINATES)) {
    const dealer = dealers[index];
    if (!dealer) continue;
    dealer.lat = null;
    dealer.lng = null;
  }
  return rng.shuffle(dealers);
}
