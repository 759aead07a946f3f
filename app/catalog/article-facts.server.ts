import { ARTICLE_FIELD_LIST } from "~/exchange/article-fields";
import type { Lang } from "~/i18n/language";
import { textIn, type Both } from "~/i18n/localized-text";
import type { ArticleFact } from "./article-view";
import type { CatalogArticle } from "./catalog-article";

/*
 * The table's labelled fields for the article panel (decision 058). Worked out on the server: the
 * table stays out of the pages' scripts, which only render the list.
 */

function factsIn(article: CatalogArticle, lang: Lang): ArticleFact[] {
  const found: ArticleFact[] = [];
  for (const field of ARTICLE_FIELD_LIST) {
    const value = article[field.name];
    if (field.label === undefined || value === undefined) continue;
    if (field.kind === "texts") {
      const texts = typeof value === "object" ? value : {};
      found.push({ label: field.label, value: textIn(lang, texts.de, texts.en) });
    } else found.push({ label: field.label, value: { text: field.kind === "integer" ? Number(value).toLocaleString(lang) : String(value), lang } });
  }
  return found;
}

/** The labelled fields the article has, in the table's order (a number or a name in the page's language); undefined when none. */
export function articleFacts(article: CatalogArticle): Both<ArticleFact[]> | undefined {
  const facts = { de: factsIn(article, "de"), en: factsIn(article, "en") };
  return facts.de.length > 0 ? facts : undefined;
}
