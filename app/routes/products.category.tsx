import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import {
  articleListHref,
  categoryDescription,
  categoryImageUrl,
  categoryName,
  childCategories,
  categoryPathName,
} from "~/catalog/catalog-view";
import { requireCategory } from "~/catalog/find-category.server";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/root";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/products.category";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { categories, category } = await requireCategory(context.catalog, params.productname);
  const children = childCategories(categories, category.bbf_cat_ID_PUBLICGRPORDER);
  // A category with nothing below it is only a list of articles: send visitors there directly.
  if (children.length === 0) throw redirect(`${articleListHref(category)}${new URL(request.url).search}`, 301);
  const both = (c: typeof category) => ({ de: categoryName(c, "de"), en: categoryName(c, "en") });
  return {
    pathName: categoryPathName(category.bbf_cat_name),
    name: both(category),
    description: { de: categoryDescription(category, "de"), en: categoryDescription(category, "en") },
    children: children.map((child) => ({
      id: child.bbf_cat_ID_PUBLICGRPORDER,
      symbol: child.bbf_cat_symbol,
      name: both(child),
      href: articleListHref(child),
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (_t, lang) => ({
    title: args.loaderData?.name[lang] ?? "",
    description: args.loaderData?.description[lang],
  }));

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { mediaBase } = useRootData();
  const { name, description, children } = loaderData;
  return (
    <div className="container section">
      <nav aria-label={t("a11y.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link to="/products">{t("products.title")}</Link>
          </li>
          <li aria-current="page">{name[lang]}</li>
        </ol>
      </nav>
      <h1>{name[lang]}</h1>
      <p className="lead">{description[lang]}</p>
      <h2 className="visually-hidden">{t("products.subcategoriesHeading")}</h2>
      <ul className={`tile-grid${children.length <= 2 ? " tile-grid--two" : ""}`}>
        {children.map((child) => (
          <li key={child.id}>
            <Link to={child.href} className="tile">
              <picture>
                <source media="(max-width: 640px)" srcSet={categoryImageUrl(mediaBase, child.symbol, "Mobile")} width={150} height={150} />
                <img src={categoryImageUrl(mediaBase, child.symbol, "Desktop")} alt="" width={220} height={220} />
              </picture>
              <span className="tile__name">{child.name[lang]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
