import type { Lang } from "~/i18n/language";
import { bilingual, type Both, type LocalizedText } from "~/i18n/localized-text";
import { cleanTitle, isHiddenAttribute } from "~/utils/article-rules";
import type { ProviderArticle } from "./provider-schema";

export const ARTICLE_PAGE_SIZE = 6;
/** Paging appears from this many articles on (specification section 9). */
export const PAGING_THRESHOLD = 6;
export const MAX_THUMBNAILS = 4;

export interface ArticleCard {
  partno: string;
  title: Both<LocalizedText>;
  /** null: the catalogue gives no retail price, and none is shown. */
  price: number | null;
  image: string | null;
}

export interface PropertyRow {
  attribute: LocalizedText;
  value: LocalizedText;
}

export interface ArticleDetail extends ArticleCard {
  heading: Both<LocalizedText>;
  eans: string[];
  images: string[];
  description: Both<LocalizedText | null>;
  properties: Both<PropertyRow[]>;
}

function pictures(article: ProviderArticle): string[] {
  return article.media.filter((m) => m.TYPE === "Bild").map((m) => m.IMAGENAME);
}

/** The article's title in both languages, without the brand's words. */
export function articleTitles(descriptions: ProviderArticle["descriptions"]): Both<LocalizedText> {
  const english = descriptions.english?.TEXT1;
  return bilingual(cleanTitle(descriptions.default.TEXT1), english === undefined ? undefined : cleanTitle(english));
}

export function toArticleCard(article: ProviderArticle): ArticleCard {
  return {
    partno: article.PARTNO,
    title: articleTitles(article.descriptions),
    price: article.RESELLERPRICE,
    image: pictures(article)[0] ?? null,
  };
}

/** localeCompare with a locale builds a collator per call; these are built once (a detail page sorts a dozen rows). */
const collators: Record<Lang, Intl.Collator> = { de: new Intl.Collator("de"), en: new Intl.Collator("en") };

type PropertyEntry = ProviderArticle["properties"]["default"]["primary"][number];

/**
 * An English entry marked `LANG: "de"` lacks the attribute's or the value's translation, or both;
 * the part that repeats the German entry is the German text.
 */
function propertyRow(entry: PropertyEntry, german: PropertyEntry | undefined, listLang: Lang): PropertyRow {
  const partLang = (text: string, germanText: string | undefined): Lang =>
    listLang === "de" || (entry.LANG === "de" && text === germanText) ? "de" : "en";
  return {
    attribute: { text: entry.ATTRIBUTE, lang: partLang(entry.ATTRIBUTE, german?.ATTRIBUTE) },
    value: { text: entry.VALUE, lang: partLang(entry.VALUE, german?.VALUE) },
  };
}

/**
 * Primary properties without article group and brand, sorted by attribute, then the secondary
 * list as it comes. The German attribute names decide what is hidden, so both languages agree.
 * Without English properties an English page shows the German ones, marked German.
 */
function propertyRows(article: ProviderArticle, lang: Lang): PropertyRow[] {
  const german = article.properties.default;
  const english = lang === "en" ? article.properties.english : undefined;
  const lists = english ?? german;
  const rowLang = english ? lang : "de";
  const primary = lists.primary
    .map((p, index) => ({ entry: p, german: german.primary[index] }))
    .filter(({ german }) => !isHiddenAttribute(german?.ATTRIBUTE ?? ""))
    .map(({ entry, german }) => propertyRow(entry, german, rowLang))
    .sort((a, b) => collators[lang].compare(a.attribute.text, b.attribute.text));
  const secondary = lists.secondary.map((p, index) => propertyRow(p, german.secondary[index], rowLang));
  return [...primary, ...secondary];
}

export function toArticleDetail(article: ProviderArticle): ArticleDetail {
  const images = pictures(article);
  const text5 = (t: { TEXT5?: string } | undefined) => (t?.TEXT5 && t.TEXT5.trim() !== "" ? t.TEXT5 : null);
  const german = text5(article.descriptions.default);
  const english = text5(article.descriptions.english);
  return {
    ...toArticleCard(article),
    heading: bilingual(article.PRODCATNAME, article.translations?.english.PRODCATNAME),
    eans: article.eans.map((e) => e.EAN),
    images: images.slice(0, MAX_THUMBNAILS),
    description: {
      de: german === null ? null : { text: german, lang: "de" },
      en: english !== null ? { text: english, lang: "en" } : german === null ? null : { text: german, lang: "de" },
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
