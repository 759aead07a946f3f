import type { ParseKeys } from "i18next";
import type { Lang } from "~/i18n/language";
import { bilingual, textIn, type Both, type LocalizedText } from "~/i18n/localized-text";
import { cleanTitle, isHiddenAttribute } from "~/utils/article-rules";
import { MAX_THUMBNAILS } from "./article-panel-view";
import type { ArticleProperty, CatalogArticle, CatalogMedia, Translatable } from "./catalog-article";

export const ARTICLE_PAGE_SIZE = 6;
/** Paging appears from this many articles on (specification section 9). */
export const PAGING_THRESHOLD = 6;

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

/** A field of the table (app/exchange/article-fields.ts) that has a label, beside the part number (article-facts.server.ts). */
export interface ArticleFact {
  label: ParseKeys;
  value: LocalizedText;
}

export interface ArticleDetail extends ArticleCard {
  heading: Both<LocalizedText>;
  eans: string[];
  images: string[];
  description: Both<LocalizedText | null>;
  properties: Both<PropertyRow[]>;
}

function pictures(media: readonly CatalogMedia[]): string[] {
  return media.filter((m) => m.type === "Bild").map((m) => m.name);
}

/** The article's title in both languages, without the brand's words. */
export function articleTitles(titles: Translatable<string>): Both<LocalizedText> {
  return bilingual(cleanTitle(titles.de), titles.en === undefined ? undefined : cleanTitle(titles.en));
}

export function toArticleCard(article: CatalogArticle): ArticleCard {
  return {
    partno: article.partno,
    title: articleTitles(article.titles),
    price: article.price,
    image: pictures(article.media)[0] ?? null,
  };
}

/** localeCompare with a locale builds a collator per call; these are built once (a detail page sorts a dozen rows). */
const collators: Record<Lang, Intl.Collator> = { de: new Intl.Collator("de"), en: new Intl.Collator("en") };

/**
 * An entry marked as a fallback lacks the attribute's or the value's translation, or both; the part
 * that repeats the other list's entry is in the other language (an English list's fallback is
 * German, a German list's English, for catalogues written only in English).
 */
function propertyRow(entry: ArticleProperty, other: ArticleProperty | undefined, listLang: Lang): PropertyRow {
  const otherLang: Lang = listLang === "de" ? "en" : "de";
  const fallback = listLang === "de" ? entry.englishFallback : entry.germanFallback;
  const partLang = (text: string, otherText: string | undefined): Lang => (fallback === true && text === otherText ? otherLang : listLang);
  return {
    attribute: { text: entry.attribute, lang: partLang(entry.attribute, other?.attribute) },
    value: { text: entry.value, lang: partLang(entry.value, other?.value) },
  };
}

/**
 * Primary properties without article group and brand, sorted by attribute, then the secondary
 * list as it comes. The German attribute names decide what is hidden, so both languages agree.
 * Without English properties an English page shows the German ones, marked German.
 */
function propertyRows(article: CatalogArticle, lang: Lang): PropertyRow[] {
  const german = article.properties.de;
  const english = article.properties.en;
  const ownEnglish = lang === "en" ? english : undefined;
  const lists = ownEnglish ?? german;
  const rowLang = ownEnglish ? lang : "de";
  const others = rowLang === "de" ? english : german;
  const primary = lists.primary
    .map((p, index) => ({ entry: p, german: german.primary[index], other: others?.primary[index] }))
    .filter(({ german }) => !isHiddenAttribute(german?.attribute ?? ""))
    .map(({ entry, other }) => propertyRow(entry, other, rowLang))
    .sort((a, b) => collators[lang].compare(a.attribute.text, b.attribute.text));
  const secondary = lists.secondary.map((p, index) => propertyRow(p, others?.secondary[index], rowLang));
  return [...primary, ...secondary];
}

export function toArticleDetail(article: CatalogArticle): ArticleDetail {
  const images = pictures(article.media);
  const description = (lang: Lang): LocalizedText | null => {
    const text = textIn(lang, article.descriptions.de, article.descriptions.en);
    return text.text === "" ? null : text;
  };
  return {
    ...toArticleCard(article),
    heading: bilingual(article.heading.de, article.heading.en),
    eans: article.eans,
    images: images.slice(0, MAX_THUMBNAILS),
    description: { de: description("de"), en: description("en") },
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
