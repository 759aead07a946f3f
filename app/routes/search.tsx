import { useT } from "~/i18n/use-t";
import { redirect } from "react-router";
import { AppLink } from "~/navigation/app-link";
import { articleHref } from "~/catalog/catalog-view";
import type { Category } from "~/catalog/category";
import { ArticleCardLink } from "~/components/catalog/article-card-link";
import { Pagination } from "~/components/catalog/pagination";
import { SearchField } from "~/components/layout/search-field";
import { LANGUAGE_PARAM, parseLang, resolveLanguage } from "~/i18n/language";
import { MAX_QUERY_LENGTH, findExactArticle, searchArticles } from "~/models/search.server";
import { SEARCH_PAGE_PARAMS } from "~/models/search-text";
import { readPageParam, withPageParam } from "~/utils/page-param";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/search";

const PAGE_SIZE = 12;

/** The article's deep link: its own category's list with the detail panel open; null if that category is unknown. */
function hitHref(categories: readonly Category[], categoryId: number, partno: string): string | null {
  const category = categories.find((c) => c.id === categoryId);
  return category ? articleHref(category, partno) : null;
}

/** Page numbers to link: first, last and two either side of the current one; null marks a gap. */
function pageWindow(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

function searchHref(query: string, page: number): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `/search?${params.toString()}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get(SEARCH_PAGE_PARAMS.query) ?? "").slice(0, MAX_QUERY_LENGTH).trim();
  if (query === "") return { query, result: null };

  // The number of pages is known only after searching; anything that is not a page number is page 1.
  const pageParam = url.searchParams.get(SEARCH_PAGE_PARAMS.page);
  const page = readPageParam(pageParam, Number.MAX_SAFE_INTEGER)?.page ?? 1;
  if (pageParam !== null && String(page) !== pageParam) throw redirect(withPageParam(url, String(page)), 302);

  // A part number or EAN names one article: open it instead of listing it alone.
  const exact = await findExactArticle(context.db, query);
  const categories = await context.catalog.categories();
  const target = exact && hitHref(categories, exact.categoryId, exact.partno);
  if (target) {
    const lang = parseLang(url.searchParams.get(LANGUAGE_PARAM));
    // Location must be ASCII; slugs carry umlauts.
    throw redirect(encodeURI(lang ? `${target}?lang=${lang}` : target), 302);
  }

  const result = await searchArticles(context.db, {
    query,
    // The visitor's language decides which titles rank first.
    lang: resolveLanguage(url, request.headers.get("Cookie")).lang,
    page,
    pageSize: PAGE_SIZE,
  });
  if (page > Math.max(result.pages, 1)) throw redirect(withPageParam(url, String(Math.max(result.pages, 1))), 302);
  return {
    query,
    result: {
      total: result.total,
      page: result.page,
      pages: result.pages,
      hits: result.hits.map(({ partno, categoryId, title, price, image }) => ({
        partno,
        href: hitHref(categories, categoryId, partno) ?? `/search?${new URLSearchParams({ q: partno }).toString()}`,
        title,
        price,
        image,
      })),
    },
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => {
    const data = args.loaderData;
    if (!data?.result) return { title: t("search.title"), description: t("search.intro") };
    const suffix = data.result.page > 1 ? ` – ${t("a11y.page", { page: data.result.page })}` : "";
    // Result lists are endless variations of the catalogue: only the catalogue itself is indexed.
    return { title: `${t("search.resultsTitle", { query: data.query })}${suffix}`, noindex: true };
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { query, result } = loaderData;

  return (
    <div className="container section search-page">
      <h1>{t("search.title")}</h1>
      <p className="lead">{t("search.intro")}</p>
      <SearchField variant="page" label={t("search.title")} />

      <p className="muted search-page__count" role="status" aria-live="polite">
        {result ? t("search.resultCount", { count: result.total, query }) : ""}
      </p>

      {result && result.total === 0 ? (
        <div className="search-page__empty">
          <p>{t("search.noResults", { query })}</p>
          <p>{t("search.noResultsHint")}</p>
          <p>
            <AppLink to="/products" className="button">
              {t("search.browseProducts")}
            </AppLink>
          </p>
        </div>
      ) : null}

      {result && result.hits.length > 0 ? (
        <section id="results" aria-label={t("search.resultsLabel")}>
          <ul className="card-grid card-grid--3">
            {result.hits.map((card, index) => (
              <li key={card.partno}>
                <ArticleCardLink card={card} to={card.href} index={index} columns={3} />
              </li>
            ))}
          </ul>

          {result.pages > 1 ? (
            <Pagination
              numbers={pageWindow(result.page, result.pages)}
              current={result.page}
              href={(n) => `${searchHref(query, n)}#results`}
            />
          ) : null}
          {result.hits.some((hit) => hit.price !== null) ? <p className="footnote">{t("products.priceFootnote")}</p> : null}
        </section>
      ) : null}
    </div>
  );
}
