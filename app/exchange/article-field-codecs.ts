import { written } from "~/i18n/localized-text";
import { ARTICLE_FIELD_LIST, type ArticleFieldColumns, type BrandNames, type ArticleFieldValues, type CatalogArticleFields, withoutUnattached } from "./article-fields";
import type { ProviderArticleFields } from "./provider-schema";

/*
 * The table's fields (article-fields.ts) from one shape to the next, each by its kind: the rows to
 * our pages' names, those to the provider's JSON and back, and the provider's JSON to an import's
 * article. A field the source lacks is left out (pages, JSON) or null (rows, imports).
 */

/** Loose records: the callers' types say what they hold. */
type Loose = Record<string, unknown>;
type ProviderTexts = { default?: string; english?: string };

/** Our rows in our own names: a text that is blank is missing (trimmed for `text`, as written for `texts`). */
export function catalogFieldsFromColumns(row: ArticleFieldColumns): CatalogArticleFields {
  const columns = row as Loose;
  const fields: Loose = {};
  for (const field of ARTICLE_FIELD_LIST) {
    if (field.kind === "texts") {
      const de = columns[`${field.name}_de`] as string | null;
      const en = columns[`${field.name}_en`] as string | null;
      const texts = { ...(written(de) ? { de } : {}), ...(written(en) ? { en } : {}) };
      if (texts.de !== undefined || texts.en !== undefined) fields[field.name] = texts;
    } else if (field.kind === "text") {
      const value = columns[field.name] as string | null;
      if (written(value)) fields[field.name] = value.trim();
    } else if (columns[field.name] !== null) fields[field.name] = columns[field.name];
  }
  return fields as CatalogArticleFields;
}

/** Our names in the provider's, for our provider-compatible API: each only where the article has it. */
export function providerFieldsFromCatalog(article: CatalogArticleFields): ProviderArticleFields {
  const source = article as Loose;
  const json: Loose = {};
  for (const field of ARTICLE_FIELD_LIST) {
    const value = source[field.name];
    if (field.kind === "texts") {
      const texts = value as { de?: string; en?: string } | undefined;
      const entry: ProviderTexts = { ...(texts?.de !== undefined ? { default: texts.de } : {}), ...(texts?.en !== undefined ? { english: texts.en } : {}) };
      if (entry.default !== undefined || entry.english !== undefined) json[field.provider] = entry;
    } else if (value !== undefined) json[field.provider] = value;
  }
  return json as ProviderArticleFields;
}

/** The provider's JSON in our names (the remote catalogue source): an empty string is missing. */
export function catalogFieldsFromProvider(article: ProviderArticleFields): CatalogArticleFields {
  const source = article as Loose;
  const fields: Loose = {};
  for (const field of ARTICLE_FIELD_LIST) {
    const value = source[field.provider];
    if (field.kind === "texts") {
      const entry = value as ProviderTexts | undefined;
      const texts = { ...(entry?.default !== undefined ? { de: entry.default } : {}), ...(entry?.english !== undefined ? { en: entry.english } : {}) };
      if (texts.de !== undefined || texts.en !== undefined) fields[field.name] = texts;
    } else if (value !== undefined && value !== "") fields[field.name] = value;
  }
  return fields as CatalogArticleFields;
}

/** The provider's JSON as an import reads it (the provider sync): empty or ignored values are null. */
export function importedFieldsFromProvider(article: ProviderArticleFields, brand: BrandNames): ArticleFieldValues {
  const source = article as Loose;
  const values: Loose = {};
  for (const field of ARTICLE_FIELD_LIST) {
    const value = source[field.provider];
    if (field.kind === "texts") {
      const entry = value as ProviderTexts | undefined;
      values[field.name] = { de: entry?.default || null, en: entry?.english || null };
    } else if (field.kind === "text") {
      const text = value as string | undefined;
      values[field.name] = text && !field.ignore?.(text, brand) ? text : null;
    } else values[field.name] = value ?? null;
  }
  return withoutUnattached(values as ArticleFieldValues);
}
