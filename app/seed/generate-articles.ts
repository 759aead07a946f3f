import { brand } from "~/config/brand";
import type { BlockTable, PropertyKind } from "~/db/schema";
import { emptyFieldColumns } from "~/exchange/article-fields";
import { makeEan13 } from "~/utils/ean";
import type { ArticlePicture, DemoArticle, DemoProperty, Leaf } from "./demo-data";
import type { Random } from "./random";
import { MAX_RELATED_PER_KIND, RELATED_KINDS } from "./related-kinds";
import {
  archetypes,
  colours,
  genericSentences,
  secondaryAttributes,
  type ArchetypeSpec,
  type AttributeSpec,
  type ColourKey,
  type Line,
  type Pair,
  type TradeAttributeSpec,
} from "./vocabulary-articles";

/** German GS1 company prefixes (40–44 range); the item reference fills the remaining five digits. */
const EAN_COMPANY_PREFIXES = ["4260512", "4047791"] as const;

function formatNumber(value: number, decimals: number, language: "de" | "en"): string {
  const text = value.toFixed(decimals);
  return language === "de" ? text.replace(".", ",") : text;
}

/** `fit`: the category's narrower range for this attribute, if it has one (CategorySpec.fits); one draw either way. */
function attributeValue(rng: Random, spec: AttributeSpec, fit?: readonly [number, number, number]): Pair {
  if ("values" in spec) return rng.pick(spec.values);
  const [min, max, step] = fit ?? spec.range;
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

export function buildArticles(rng: Random, leaves: Leaf[], brandName: string): { articles: DemoArticle[]; articlePictures: ArticlePicture[] } {
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
        property("primary", ["Marke", "Brand"], [brandName, brandName]),
        property("primary", ["Farbe", "Colour"], colour.name),
        ...specific.map((spec) => property("primary", spec.name, attributeValue(rng, spec, leaf.spec.fits?.ranges[spec.name[0]]))),
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
        // The table's fields (decision 058): filled by product-safety.ts.
        ...emptyFieldColumns(),
        eans: eanList,
        media,
        properties: [...primary, ...secondary],
        relations: [],
        documents: [],
      });
    }
  }
  return { articles, articlePictures };
}

/** Accessories and spare parts by kind (RELATED_KINDS): a few articles of each related kind. */
export function addRelations(rng: Random, leaves: Leaf[], articles: DemoArticle[]): void {
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

export function buildBlocks(rng: Random, leaves: Leaf[], articles: DemoArticle[]): BlockTable[] {
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
