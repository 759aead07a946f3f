import { servicesFromText } from "~/dealers/dealer-services";
import type { PostalCountry } from "~/geo/postal-query";
import type { CategoryRow, DealerRow } from "~/db/schema";
import type { ArticleRecord } from "~/models/article.server";
import type { ProviderArticle, ProviderBlock, ProviderCategory, ProviderReseller } from "./provider-schema";

/**
 * Maps our rows onto the provider's field names, so the API and the pages read one shape. An empty
 * English column means "not translated" (imports of German-only catalogues): the English part is
 * left out, or marked `LANG: "de"` where the shape needs an entry, and pages fall back to German.
 */
export function toProviderCategory(row: CategoryRow): ProviderCategory {
  return {
    bbf_cat_name: row.name_de,
    bbf_cat_ID_PUBLICGRPORDER: row.id,
    bbf_cat_ID_PUBLICGRPORDERMAIN: row.main_id,
    bbf_cat_parent_category: row.parent_id,
    bbf_cat_position: row.position,
    bbf_cat_symbol: row.symbol,
    translations: {
      german: { NAME: row.name_de, DESCRIPTION: row.description_de },
      english: { NAME: row.name_en, DESCRIPTION: row.description_en },
    },
  };
}

const euros = (cents: number | null) => (cents === null ? null : Math.round(cents) / 100);

function texts(title: string, description: string | null): { TEXT1: string; TEXT5?: string } {
  return description === null ? { TEXT1: title } : { TEXT1: title, TEXT5: description };
}

type PropertyEntry = ProviderArticle["properties"]["default"]["primary"][number];

function english(p: ArticleRecord["properties"][number]): PropertyEntry {
  if (p.attribute_en !== "" && p.value_en !== "") return { ATTRIBUTE: p.attribute_en, VALUE: p.value_en };
  return { ATTRIBUTE: p.attribute_en || p.attribute_de, VALUE: p.value_en || p.value_de, LANG: "de" };
}

export function toProviderArticle(record: ArticleRecord): ProviderArticle {
  const primary = record.properties.filter((p) => p.kind === "primary");
  const secondary = record.properties.filter((p) => p.kind === "secondary");
  const de = (list: typeof primary) => list.map((p) => ({ ATTRIBUTE: p.attribute_de, VALUE: p.value_de }));
  const en = (list: typeof primary) => list.map(english);
  const translated = record.properties.some((p) => p.attribute_en !== "" || p.value_en !== "");
  return {
    PARTNO: record.partno,
    PRODCATNAME: record.prodcatname_de,
    RESELLERPRICE: euros(record.price_cents),
    eans: record.eans.map((EAN) => ({ EAN })),
    media: record.media.map((m) => ({ TYPE: m.type, IMAGENAME: m.imagename })),
    descriptions: {
      default: texts(record.title_de, record.description_de),
      ...(record.title_en !== "" ? { english: texts(record.title_en, record.description_en) } : {}),
    },
    properties: {
      default: { primary: de(primary), secondary: de(secondary) },
      ...(translated ? { english: { primary: en(primary), secondary: en(secondary) } } : {}),
    },
    ...(record.prodcatname_en !== "" ? { translations: { english: { PRODCATNAME: record.prodcatname_en } } } : {}),
    ...(record.relations.length > 0
      ? {
          references: record.relations.map((r) => ({
            TYPE: r.kind === "accessory" ? ("accessories" as const) : ("sparepart" as const),
            PARTNO: r.target_partno,
            CATEGORY_ID: r.target_category_id,
          })),
        }
      : {}),
  };
}

export function toProviderBlock(record: ArticleRecord): ProviderBlock {
  return {
    PARTNO: record.partno,
    RESELLERPRICE: euros(record.price_cents),
    media: record.media.map((m) => ({ TYPE: m.type, IMAGENAME: m.imagename })),
    descriptions: {
      default: { TEXT1: record.title_de },
      ...(record.title_en !== "" ? { english: { TEXT1: record.title_en } } : {}),
    },
  };
}

export function toProviderReseller(row: DealerRow): ProviderReseller {
  return {
    name: row.name,
    adresse: `${row.street}, ${row.postal_code} ${row.city}`,
    tel: row.tel,
    email: row.email,
    ...(row.web ? { web: row.web } : {}),
    ort: row.city,
    tag: row.tag,
    position: [row.lat, row.lng],
    ...(row.approximate ? { approximate: true as const } : {}),
    slug: row.slug,
    country: row.country as PostalCountry,
    services: servicesFromText(row.services),
    ...(row.opening_hours ? { openingHours: row.opening_hours } : {}),
    ...(row.product_lines ? { productLines: row.product_lines.split(",").map((line) => line.trim()) } : {}),
  };
}
