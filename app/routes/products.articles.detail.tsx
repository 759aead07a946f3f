import { useEffect, useRef } from "react";
import { useT } from "~/i18n/use-t";
import { redirect, useLocation, useNavigate } from "react-router";
import { AppLink } from "~/navigation/app-link";
import { ARTICLE_PAGE_SIZE, type ArticleDetail, toArticleDetail } from "~/catalog/article-view";
import { type PanelShape, panelSearch, readPanelState } from "~/catalog/article-panel-view";
import { panelRevalidation, withoutPanelParams } from "~/catalog/panel-revalidation";
import { resolveRelatedArticles } from "~/catalog/related-articles";
import { ArticleQrCodes } from "~/components/catalog/article-qr-codes";
import { RelatedArticlesSections } from "~/components/catalog/related-articles";
import { RecallNotice } from "~/components/catalog/recall-notice";
import { recallNotices } from "~/catalog/recall-view.server";
import { stockRecallHref } from "~/catalog/recall-view";
import { ProductSafetySections } from "~/components/catalog/product-safety";
import { toProductSafety } from "~/catalog/product-safety-view";
import { articleFacts } from "~/catalog/article-facts.server";
import { ZoomableImage } from "~/components/catalog/zoomable-image";
import { WhereToBuy } from "~/components/dealers/where-to-buy";
import { Localized } from "~/components/localized";
import { ArticleImage } from "~/components/responsive-image";
import { useFocusTrap } from "~/hooks/use-focus-trap";
import { useScrollLock } from "~/hooks/use-scroll-lock";
import { articleHref, articleImageUrl, asciiHref, articleListHref, categoryTrail } from "~/catalog/catalog-view";
import { markedPrice } from "~/utils/price";
import { requireCategory } from "~/catalog/find-category.server";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/hooks/use-root-data";
import { notFound } from "~/utils/http.server";
import { pageMeta } from "~/utils/page-meta";
import { breadcrumbList, productData } from "~/utils/structured-data";
import { makerCompany, manufacturerData } from "~/utils/manufacturer-data";
import type { Route } from "./+types/products.articles.detail";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { categories, category } = await requireCategory(context.catalog, params.productname, request, (c) => articleHref(c, params.partid));
  const list = await context.catalog.articleList(category.id);
  const index = list?.articles.findIndex((a) => a.partno === params.partid) ?? -1;
  const article = list?.articles[index];
  if (!article) notFound();
  const detail = toArticleDetail(article);
  const url = new URL(request.url);
  // Only the views and pictures the panel links: anything else goes to the canonical address.
  const asked = readPanelState(url.searchParams, panelShape(detail));
  if (!asked.canonical) throw redirect(`${url.pathname}${panelSearch(url.search, asked.state)}`, 302);
  const facts = articleFacts(article);
  const related = await resolveRelatedArticles(article, categories, (id) => context.catalog.articleList(id));
  const { SITE_URL, MEDIA_BASE_URL } = context.env;
  const absolute = (url: string) => (url.startsWith("http") ? url : `${SITE_URL}${url}`);
  // Listed here as a further group: the article's own category holds its canonical address.
  const home = article.homeCategoryId === undefined ? undefined : categories.find((c) => c.id === article.homeCategoryId);
  return {
    listPath: articleListHref(category),
    canonicalPath: asciiHref(articleHref(home ?? category, article.partno)),
    /** The list page that holds the article: closing a deep link returns there, not to page 1. */
    listPage: Math.floor(index / ARTICLE_PAGE_SIZE) + 1,
    trail: categoryTrail(categories, category),
    imageUrls: detail.images.map((image) => absolute(articleImageUrl(MEDIA_BASE_URL, image))),
    article: detail,
    related,
    recalls: await recallNotices(context.db, article.partno),
    productSafety: toProductSafety(article),
    // Only when the article has any, so a page without stays byte for byte as it was.
    ...(facts ? { facts } : {}),
    responsiblePerson: context.env.EU_RESPONSIBLE_PERSON,
    // The company behind the brand, as the manufacturer block and the JSON-LD name it (content/brand.yaml).
    company: makerCompany(context.content.get("brand").company),
  };
}

function panelShape(article: ArticleDetail): PanelShape {
  return { hasDescription: (article.description.de ?? article.description.en) !== null, imageCount: article.images.length };
}

/** Another view or picture of the same panel needs no data: the panel has it all. */
export const shouldRevalidate = panelRevalidation;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t, lang, siteUrl, brandName) => {
    const data = args.loaderData;
    if (!data) return { title: "" };
    const { article, trail, imageUrls, listPath, canonicalPath, productSafety, company } = data;
    const path = `${listPath}/${encodeURIComponent(article.partno)}`;
    // <title>, meta and JSON-LD cannot mark a language: they carry the fallback text as it is.
    const description = article.description[lang]?.text ?? null;
    const title = article.title[lang].text;
    const heading = article.heading[lang].text;
    return {
      title: `${title} (${article.partno})`,
      description: (description ?? `${heading}: ${title}`).slice(0, 160),
      keepParams: [],
      pathname: canonicalPath,
      image: imageUrls[0],
      structuredData: [
        productData({
          name: title,
          category: heading,
          partno: article.partno,
          eans: article.eans,
          images: imageUrls,
          description,
          url: `${siteUrl}${canonicalPath}${lang === "en" ? "?lang=en" : ""}`,
          brandName,
          manufacturer: manufacturerData(productSafety.manufacturer, company),
        }),
        breadcrumbList(siteUrl, [
          { name: t("products.title"), path: "/products" },
          ...trail.map((crumb) => ({ name: crumb.name[lang].text, path: crumb.href })),
          { name: title, path },
        ]),
      ],
    };
  });

/** The list behind the panel: the page the visitor came from, else the one that holds the article. */
function listHrefFor(listPath: string, search: string, listPage: number): string {
  const params = new URLSearchParams(withoutPanelParams(search));
  if (!params.has("page") && listPage > 1) params.set("page", String(listPage));
  const query = params.toString();
  return `${listPath}${query ? `?${query}` : ""}`;
}

export default function ArticlePanel({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { mediaBase } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const { article, related, listPath, listPage } = loaderData;
  const closeHref = listHrefFor(listPath, location.search, listPage);
  // The loader has sent any other address to the canonical one; a link of ours only makes those.
  const { view, image: imageIndex } = readPanelState(new URLSearchParams(location.search), panelShape(article)).state;
  const panelHref = (state: Parameters<typeof panelSearch>[1]) => `${location.pathname}${panelSearch(location.search, { view, image: imageIndex, ...state })}`;
  const closeRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useScrollLock(true);
  // On close, focus goes back to the card that opened the panel (or stays sensible on a deep link).
  useFocusTrap(dialogRef, true, {
    returnTo: () => document.querySelector<HTMLElement>(`[data-partno="${CSS.escape(article.partno)}"]`),
  });
  const description = article.description[lang];

  useEffect(() => {
    closeRef.current?.focus();
  }, [article.partno]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") void navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, closeHref]);

  const mainImage = article.images[imageIndex] ?? article.images[0];
  const showProperties = !description || view === "properties";
  // The footnote explains the asterisk: only where a price carries one.
  const showsPrice = [article, ...related.accessories, ...related.spareParts].some((a) => a.price !== null);

  return (
    <div className="panel-backdrop">
      <div ref={dialogRef} className={mainImage ? "panel" : "panel panel--no-media"} role="dialog" aria-modal="true" aria-labelledby="panel-title">
        <AppLink ref={closeRef} to={closeHref} className="panel__close" preventScrollReset aria-label={t("products.close")}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </AppLink>
        {mainImage ? (
          <div className="panel__media">
            <ZoomableImage zoomSrc={articleImageUrl(mediaBase, mainImage)}>
              {/* Half the panel (min(1100px, 100%) less padding) beside the text; full width on phones. */}
              <ArticleImage
                image={mainImage}
                size={800}
                sizes="(max-width: 760px) calc(100vw - 32px), (max-width: 1132px) calc(50vw - 64px), 502px"
                alt={t("products.imageOf", { index: imageIndex + 1, name: article.title[lang].text })}
                className="panel__image"
                priority
              />
            </ZoomableImage>
            {article.images.length > 1 ? (
              <ul className="panel__thumbs">
                {article.images.map((image, index) => (
                  <li key={image}>
                    <AppLink
                      to={panelHref({ image: index })}
                      preventScrollReset
                      aria-current={index === imageIndex ? "true" : undefined}
                      aria-label={t("products.showImage", { index: index + 1 })}
                    >
                      <ArticleImage image={image} size={80} widths={[96, 160]} sizes="80px" alt="" />
                    </AppLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div className="panel__info">
          <h2 id="panel-title" className="panel__title">
            <Localized text={article.heading[lang]} />
          </h2>
          <p className="panel__name">
            <Localized text={article.title[lang]} />
          </p>
          <RecallNotice recalls={loaderData.recalls} />
          <dl className="panel__codes">
            <div>
              <dt>{t("products.partNoLabel")}</dt>
              <dd>{article.partno}</dd>
            </div>
            {article.eans.length > 0 && (
              <div>
                <dt>{t("products.ean")}</dt>
                <dd>{article.eans.join(", ")}</dd>
              </div>
            )}
            {(loaderData.facts?.[lang] ?? []).map((fact) => (
              <div key={fact.label}>
                <dt>{t(fact.label)}</dt>
                <dd>
                  <Localized text={fact.value} />
                </dd>
              </div>
            ))}
          </dl>
          {article.price !== null && (
            <p className="panel__price">{markedPrice(article.price, lang)}</p>
          )}
          {description ? (
            <div className="toggle" role="group" aria-label={t("products.views")}>
              <AppLink to={panelHref({ view: "description" })} preventScrollReset aria-current={view === "description" ? "true" : undefined}>
                {t("products.description")}
              </AppLink>
              <AppLink to={panelHref({ view: "properties" })} preventScrollReset aria-current={view === "properties" ? "true" : undefined}>
                {t("products.properties")}
              </AppLink>
            </div>
          ) : null}
          {showProperties ? (
            <table className="properties">
              <caption className="visually-hidden">{t("products.properties")}</caption>
              <tbody>
                {article.properties[lang].map((row, index) => (
                  <tr key={`${row.attribute.text}-${index}`}>
                    <th scope="row">
                      <Localized text={row.attribute} />
                    </th>
                    <td>
                      <Localized text={row.value} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="panel__description">
              <Localized text={description} />
            </p>
          )}
          <ProductSafetySections view={loaderData.productSafety} company={loaderData.company} responsiblePerson={loaderData.responsiblePerson} />
          {/* Keyed by the article: a related article's panel starts with an empty search. */}
          <WhereToBuy key={article.partno} partno={article.partno} recall={stockRecallHref(loaderData.recalls)} />
          <RelatedArticlesSections related={related} listPath={listPath} />
          <ArticleQrCodes eans={article.eans} />
          {showsPrice ? <p className="footnote">{t("products.priceFootnote")}</p> : null}
        </div>
      </div>
    </div>
  );
}
