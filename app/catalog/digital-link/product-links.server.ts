import { articleHref, asciiHref } from "~/catalog/catalog-view";
import type { Category } from "~/catalog/category";
import { SAFETY_ANCHOR } from "~/catalog/product-safety-view";
import { recallPath } from "~/catalog/recall-view";
import type { DB } from "~/db/database.server";
import type { ArticleRow } from "~/db/schema";
import { DEFAULT_LANG, LANGUAGES, type Lang, isLang } from "~/i18n/language";
import { listArticleDocuments } from "~/models/article-document.server";
import { findArticleByGtin } from "~/models/article.server";
import { listRecallsForArticle } from "~/models/recall.server";
import { storedGtinForms } from "~/utils/ean";
import type { ProductLink } from "./link-types";

export interface ProductLinks {
  article: ArticleRow;
  links: ProductLink[];
  /** The German product page: where a request without a better match goes. */
  defaultLink: ProductLink;
}

export interface LinkContext {
  db: DB;
  categories: readonly Category[];
  siteUrl: string;
  /** MEDIA_BASE_URL: where the article documents are served (absolute, or a path on this site). */
  mediaBase: string;
  /** "Safety information" in each language: the title of the page's safety section as a link. */
  safetyTitle: Record<Lang, string>;
}

/** A page of ours in a language: German is the address without `lang`, as the pages' canonical links say. */
function pageIn(siteUrl: string, path: string, lang: Lang, fragment = ""): string {
  return `${siteUrl}${path}${lang === "de" ? "" : `?lang=${lang}`}${fragment ? `#${fragment}` : ""}`;
}

function mediaUrl(siteUrl: string, mediaBase: string, fileName: string): string {
  const base = /^https?:\/\//.test(mediaBase) ? mediaBase : `${siteUrl}${mediaBase}`;
  return `${base}/${fileName.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * Everything the resolver links for the article behind a GTIN-14, in the order it lists them;
 * undefined when no article carries the GTIN or its category is not on the site.
 */
export async function productLinks(context: LinkContext, gtin14: string): Promise<ProductLinks | undefined> {
  const { db, siteUrl } = context;
  const article = await findArticleByGtin(db, storedGtinForms(gtin14));
  const category = article && context.categories.find((c) => c.id === article.category_id);
  if (!article || !category) return undefined;
  const [documents, recalls] = await Promise.all([listArticleDocuments(db, article.partno), listRecallsForArticle(db, article.partno)]);
  const path = asciiHref(articleHref(category, article.partno));
  const title: Record<Lang, string> = { de: article.title_de, en: article.title_en || article.title_de };
  const pip = (lang: Lang): ProductLink => ({ rel: "pip", href: pageIn(siteUrl, path, lang), title: title[lang], hreflang: [lang], type: "text/html" });
  const defaultLink = pip(DEFAULT_LANG);
  const links: ProductLink[] = LANGUAGES.map(pip);

  const documentLinks = (purpose: "manual" | "declaration", rel: ProductLink["rel"]) => {
    for (const doc of documents.filter((d) => d.purpose === purpose)) {
      const hreflang = isLang(doc.language) ? [doc.language] : [...LANGUAGES];
      const docTitle = doc.language === "en" ? doc.name_en || doc.name_de : doc.name_de || doc.name_en;
      links.push({ rel, href: mediaUrl(siteUrl, context.mediaBase, doc.file_name), title: docTitle, hreflang, type: "application/pdf" });
    }
  };
  documentLinks("manual", "instructions");

  // A recall outranks the standing safety information: the notice is what a scan must show first.
  const recall = recalls[0];
  for (const lang of LANGUAGES) {
    links.push(
      recall
        ? { rel: "safetyInfo", href: pageIn(siteUrl, recallPath(recall.id), lang), title: lang === "en" ? recall.title_en || recall.title_de : recall.title_de, hreflang: [lang], type: "text/html" }
        : { rel: "safetyInfo", href: pageIn(siteUrl, path, lang, SAFETY_ANCHOR), title: `${context.safetyTitle[lang]}: ${title[lang]}`, hreflang: [lang], type: "text/html" },
    );
  }
  for (const each of recalls) {
    for (const lang of LANGUAGES) {
      const recallTitle = lang === "en" ? each.title_en || each.title_de : each.title_de;
      links.push({ rel: "recallStatus", href: pageIn(siteUrl, recallPath(each.id), lang), title: recallTitle, hreflang: [lang], type: "text/html" });
    }
  }
  documentLinks("declaration", "certificationInfo");
  return { article, links, defaultLink };
}
