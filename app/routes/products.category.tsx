import { useT } from "~/i18n/use-t";
import { redirect } from "react-router";
import { AppLink } from "~/navigation/app-link";
import {
  articleListHref,
  asciiHref,
  categoryDescriptions,
  categoryNames,
  childCategories,
  categoryHref,
  categoryPathName,
} from "~/catalog/catalog-view";
import { categoryTiles } from "~/catalog/category-tiles";
import { requireCategory } from "~/catalog/find-category.server";
import { CategoryTileGrid } from "~/components/catalog/category-tiles";
import { Localized } from "~/components/localized";
import { useLang } from "~/i18n/use-lang";
import { withSoftHyphens } from "~/i18n/soft-hyphens.server";
import { pageMeta } from "~/utils/page-meta";
import { breadcrumbList } from "~/utils/structured-data";
import type { Route } from "./+types/products.category";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { categories, category } = await requireCategory(context.catalog, params.productname, request, (c, all) => categoryHref(all, c));
  const children = childCategories(categories, category.id);
  // A category with nothing below it is only a list of articles: send visitors there directly.
  if (children.length === 0) throw redirect(`${asciiHref(articleListHref(category))}${new URL(request.url).search}`, 301);
  return withSoftHyphens({
    pathName: categoryPathName(category),
    name: categoryNames(category),
    description: categoryDescriptions(category),
    // A subcategory with its own subcategories links to its page, not to a list that redirects there.
    ...categoryTiles(categories, children),
  });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t, lang, siteUrl) => ({
    title: args.loaderData?.name[lang].text ?? "",
    description: args.loaderData?.description[lang].text,
    structuredData: args.loaderData
      ? [
          breadcrumbList(siteUrl, [
            { name: t("products.title"), path: "/products" },
            { name: args.loaderData.name[lang].text, path: `/products/${args.loaderData.pathName}` },
          ]),
        ]
      : [],
  }));

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { name, description } = loaderData;
  return (
    <div className="container section">
      <nav aria-label={t("a11y.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <AppLink to="/products">{t("products.title")}</AppLink>
          </li>
          <li aria-current="page">
            <Localized text={name[lang]} />
          </li>
        </ol>
      </nav>
      <h1>
        <Localized text={name[lang]} />
      </h1>
      <p className="lead">
        <Localized text={description[lang]} />
      </p>
      <h2 className="visually-hidden">{t("products.subcategoriesHeading")}</h2>
      <CategoryTileGrid tiles={loaderData.tiles} more={loaderData.more} />
    </div>
  );
}
