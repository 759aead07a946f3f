import type { Lang } from "~/i18n/language";
import { displayTitle } from "./catalog-view";
import type { ProviderArticle } from "./provider-schema";

export const ARTICLE_PAGE_SIZE = 6;
/** Paging appears from this many articles on (specification section 9). */
export const PAGING_THRESHOLD = 6;
export const MAX_THUMBNAILS = 4;
/** Attributes the detail panel leaves out: article group and brand (specification section 2). */
const HIDDEN_ATTRIBUTES = new Set(["artikelgruppe", "marke"]);

type Both<T> = Record<Lang, T>;

export interface ArticleCard {
  partno: string;
  title: Both<string>;
  /** null: the catalogue gives no retail price, and none is shown. */
  price: number | null;
  image: string | null;
}

export interface PropertyRow {
  attribute: string;
  value: string;
}

export interface ArticleDetail extends ArticleCard {
  heading: Both<string>;
  eans: string[];
  images: string[];
  description: Both<string | null>;
  properties: Both<PropertyRow[]>;
}

function pictures(article: ProviderArticle): string[] {
  return article.media.filter((m) => m.TYPE === "Bild").map((m) => m.IMAGENAME);
}

export function toArticleCard(article: ProviderArticle): ArticleCard {
  const english = article.descriptions.english?.TEXT1 ?? article.descriptions.default.TEXT1;
  return {
    partno: article.PARTNO,
    title: { de: displayTitle(article.descriptions.default.TEXT1), en: displayTitle(english) },
    price: article.RESELLERPRICE,
    image: pictures(article)[0] ?? null,
  };
}

/** localeCompare with a locale builds a collator per call; these are built once (a detail page sorts a dozen rows). */
const collators: Record<Lang, Intl.Collator> = { de: new Intl.Collator("de"), en: new Intl.Collator("en") };

/**
 * Primary properties without article group and brand, sorted by attribute, then the secondary
 * list as it comes. The German attribute names decide what is hidden, so both languages agree.
 */
function propertyRows(article: ProviderArticle, lang: Lang): PropertyRow[] {
  const german = article.properties.default;
  const lists = lang === "en" && article.properties.english ? article.properties.english : german;
  const primary = lists.primary
    .filter((_, index) => !HIDDEN_ATTRIBUTES.has((german.primary[index]?.ATTRIBUTE ?? "").trim().toLowerCase()))
    .map((p) => ({ attribute: p.ATTRIBUTE, value: p.VALUE }))
    .sort((a, b) => collators[lang].compare(a.attribute, b.attribute));
  const secondary = lists.secondary.map((p) => ({ attribute: p.ATTRIBUTE, value: p.VALUE }));
  return [...primary, ...secondary];
}

export function toArticleDetail(article: ProviderArticle): ArticleDetail {
  const images = pictures(article);
  const text5 = (t: { TEXT5?: string } | undefined) => (t?.TEXT5 && t.TEXT5.trim() !== "" ? t.TEXT5 : null);
  return {
    ...toArticleCard(article),
    heading: { de: article.PRODCATNAME, en: article.translations?.english.PRODCATNAME ?? article.PRODCATNAME },
    eans: article.eans.map((e) => e.EAN),
    images: images.slice(0, MAX_THUMBNAILS),
    description: {
      de: text5(article.descriptions.default),
      en: text5(article.descriptions.english) ?? text5(article.descriptions.default),
    },
    properties: { de: propertyRows(article, "de"), en: propertyRows(article, "en") },
  };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ARTICLE_PAGE_SIZE));
}

/** Columns of the card grid by how many cards the page holds (specification section 2). */
export function gridColumns(cardsOnPage: number): 1 | 2 | 3 {
  return cardsOnPage <= 1 ? 1 : cardsOnPage === 2 ? 2 : 3;
}
