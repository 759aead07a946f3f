import { useT } from "~/i18n/use-t";
import { Outlet, redirect } from "react-router";
import { AppLink } from "~/navigation/app-link";
import {
  ARTICLE_PAGE_SIZE,
  PAGING_THRESHOLD,
  gridColumns,
  pageCount,
  toArticleCard,
} from "~/catalog/article-view";
import {
  articleHref,
  asciiHref,
  articleListHref,
  categoryHref,
  categoryDescriptions,
  categoryNames,
  categoryTrail,
  hasChildren,
} from "~/catalog/catalog-view";
import { requireCategory } from "~/catalog/find-category.server";
import { ArticleCardLink } from "~/components/catalog/article-card-link";
import { Pagination } from "~/components/catalog/pagination";
import { Localized } from "~/components/localized";
import { useLang } from "~/i18n/use-lang";
import { upperCased } from "~/i18n/localized-text";
import { withSoftHyphens } from "~/i18n/soft-hyphens.server";
import { PAGE_PARAM, readPageParam, withPageParam } from "~/utils/page-param";
import { pageMeta } from "~/utils/page-meta";
import { breadcrumbList } from "~/utils/structured-data";
import type { Route } from "./+types/products.articles";
import { panelRevalidation } from "~/catalog/panel-revalidation";
import { readSortParam, SORT_PARAM, withSortParam } from "~/catalog/list-sort";
import { sortedArticles } from "~/catalog/sorted-articles.server";
import { ListSortForm } from "~/components/catalog/list-sort-form";
import { resolveLanguage } from "~/i18n/language";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { categories, category } = await requireCategory(context.catalog, params.productname, request, (c) =>
    params.partid ? articleHref(c, params.partid) : articleListHref(c),
  );
  const list = (await context.catalog.articleList(category.id)) ?? { articles: [], blocks: [] };
  const url = new URL(request.url);
  // A category whose articles all sit in its subcategories has no list of its own: show those.
  if (list.articles.length === 0 && hasChildren(categories, category.id) && !params.partid) {
    throw redirect(`${asciiHref(categoryHref(categories, category))}${url.search}`, 301);
  }
  const total = list.articles.length;
  const pages = pageCount(total);
  const sort = readSortParam(url.searchParams.get(SORT_PARAM));
  // An order no list knows is dropped: the same list in the catalogue's order.
  if (sort === "invalid") throw redirect(withSortParam(url, null, PAGE_PARAM), 302);
  const articles = sortedArticles(list.articles, sort, resolveLanguage(url, request.headers.get("Cookie")).lang);

  let page = 1;
  const wanted = readPageParam(url.searchParams.get(PAGE_PARAM), pages);
  if (wanted !== null) {
    // A page that does not exist (any more: the catalogue changes) or is not a number is not an
    // error for the visitor: send them to the nearest page that does.
    if (wanted.normalised !== url.searchParams.get(PAGE_PARAM)) throw redirect(withPageParam(url, wanted.normalised), 302);
    page = wanted.page;
  } else if (params.partid) {
    // A deep link to an article shows the page that holds it behind the panel.
    const index = articles.findIndex((a) => a.partno === params.partid);
    if (index >= 0) page = Math.floor(index / ARTICLE_PAGE_SIZE) + 1;
  }

  const trail = categoryTrail(categories, category);
  return withSoftHyphens({
    listPath: articleListHref(category),
    name: categoryNames(category),
    description: categoryDescriptions(category),
    parent: trail.length > 1 ? (trail[trail.length - 2] ?? null) : null,
    trail,
    total,
    page,
    pages,
    sort,
    cards: articles.slice((page - 1) * ARTICLE_PAGE_SIZE, page * ARTICLE_PAGE_SIZE).map(toArticleCard),
  });
}

/** The article panel's views and pictures are addresses of their own that need no data. */
export const shouldRevalidate = panelRevalidation;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t, lang, siteUrl) => {
    const data = args.loaderData;
    if (!data) return { title: t("products.title") };
    const suffix = data.page > 1 ? ` – ${t("a11y.page", { page: data.page })}` : "";
    return {
      // Another order is the same list: not indexed, and canonical is the list in the catalogue's order.
      ...(data.sort !== null ? { noindex: "variant" as const, keepParams: [] } : {}),
      title: `${data.name[lang].text}${suffix}`,
      description: data.description[lang].text,
      structuredData: [
        breadcrumbList(siteUrl, [
          { name: t("products.title"), path: "/products" },
          ...data.trail.map((crumb) => ({ name: crumb.name[lang].text, path: crumb.href })),
        ]),
      ],
    };
  });

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { listPath, name, description, parent, cards, page, pages, total, sort } = loaderData;
  const listQuery = (n: number) => {
    const params = new URLSearchParams();
    if (sort !== null) params.set(SORT_PARAM, sort);
    if (n > 1) params.set(PAGE_PARAM, String(n));
    const query = params.toString();
    return query ? `?${query}` : "";
  };
  const query = listQuery(page);

  return (
    <>
      <section className="banner">
        <div className="container">
          <nav aria-label={t("a11y.breadcrumb")} className="breadcrumb breadcrumb--light">
            <ol>
              <li>
                <AppLink to="/products">{t("products.title")}</AppLink>
              </li>
              {parent ? (
                <li>
                  <AppLink to={parent.href}>
                    <Localized text={parent.name[lang]} />
                  </AppLink>
                </li>
              ) : null}
              <li aria-current="page">
                <Localized text={name[lang]} />
              </li>
            </ol>
          </nav>
          <h1 className="banner__title">
            <Localized text={upperCased(name[lang])} />
          </h1>
          <p className="banner__intro">
            <Localized text={description[lang]} />
          </p>
        </div>
      </section>

      <section id="articles" className="container section" aria-label={t("products.articleCount", { count: total })}>
        <div className="list-toolbar">
          <p className="muted">{t("products.articleCount", { count: total })}</p>
          {total > 1 ? <ListSortForm sort={sort} action={listPath} /> : null}
        </div>
        {cards.length === 0 ? (
          <p>{t("products.noArticles")}</p>
        ) : (
          <ul className={`card-grid card-grid--${gridColumns(cards.length)}`}>
            {cards.map((card, index) => (
              <li key={card.partno}>
                <ArticleCardLink
                  card={card}
                  to={`${listPath}/${encodeURIComponent(card.partno)}${query}`}
                  index={index}
                  columns={gridColumns(cards.length)}
                />
              </li>
            ))}
          </ul>
        )}

        {total >= PAGING_THRESHOLD ? (
          <Pagination
            numbers={Array.from({ length: pages }, (_, i) => i + 1)}
            current={page}
            href={(n) => `${listPath}${listQuery(n)}#articles`}
          />
        ) : null}
        {cards.some((card) => card.price !== null) ? <p className="footnote">{t("products.priceFootnote")}</p> : null}
      </section>
      <Outlet />
    </>
  );
}
