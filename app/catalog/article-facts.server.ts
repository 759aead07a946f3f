import { ARTICLE_FIELD_LIST } from "~/exchange/article-fields";
import type { Lang } from "~/i18n/language";
import { textIn, type Both } from "~/i18n/localized-text";
import type { ArticleFact } from "./article-view";
import type { CatalogArticle } from "./catalog-article";

/*
 * The table's labelled fields for the article panel (decision 058). Worked out on the server: the
 * table stays out of the pages' scripts, which only render the list.
 */

type FieldList = typeof ARTICLE_FIELD_LIST;

function factsIn(article: CatalogArticle, lang: Lang, fields: FieldList): ArticleFact[] {
  const found: ArticleFact[] = [];
  for (const field of fields) {
    const value = article[field.name];
    // A field the article leaves absent or blank gets no line rather than an empty one.
    if (field.label === undefined || value === undefined || value === null) continue;
    const shown =
      field.kind === "texts"
        ? textIn(lang, (value as { de?: string | null }).de, (value as { en?: string | null }).en)
        : { text: field.kind === "integer" ? Number(value).toLocaleString(lang) : String(value), lang };
    if (shown.text.trim() !== "") found.push({ label: field.label, value: shown });
  }
  return found;
}

/**
 * The labelled fields the article has, in the table's order (a number or a name in the page's
 * language); undefined when none. `fields` is the table, or a test's own rows.
 */
export function articleFacts(article: CatalogArticle, fields: FieldList = ARTICLE_FIELD_LIST): Both<ArticleFact[]> | undefined {
  const facts = { de: factsIn(article, "de", fields), en: factsIn(article, "en", fields) };
  return facts.de.length > 0 ? facts : undefined;
}
