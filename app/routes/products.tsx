import { useT } from "~/i18n/use-t";
import { topLevelCategories } from "~/catalog/catalog-view";
import { categoryTiles } from "~/catalog/category-tiles";
import { CategoryTileGrid } from "~/components/catalog/category-tiles";
import { ContentImage } from "~/components/responsive-image";
import { localize } from "~/content/localize";
import { resolveLanguage } from "~/i18n/language";
import { withSoftHyphens } from "~/i18n/soft-hyphens.server";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  // The hero's picture and texts from content/products.yaml (decision 060).
  const { hero } = localize(context.content.get("products"), lang);
  const categories = await context.catalog.categories();
  return { hero, tiles: withSoftHyphens(categoryTiles(categories, topLevelCategories(categories))) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("products.title"), description: args.loaderData?.hero.text }));

export default function Products({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { hero } = loaderData;
  return (
    <>
      <section className="hero hero--products">
        {/* The picture covers a band clamp(220px, 30vw, 420px) high: below 733 px it is wider than the screen. */}
        <ContentImage picture={hero.image} widths={[640, 960, 1200, 1600]} sizes="(max-width: 733px) 587px, 100vw" alt="" className="hero__image" priority />
        <div className="hero__text">
          <h1>{hero.heading}</h1>
          <p>{hero.text}</p>
        </div>
      </section>
      <section className="section container" aria-labelledby="categories-heading">
        <h2 id="categories-heading">{t("products.categoriesHeading")}</h2>
        <CategoryTileGrid {...loaderData.tiles} />
      </section>
    </>
  );
}
