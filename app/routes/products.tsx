import { useT } from "~/i18n/use-t";
import { topLevelCategories } from "~/catalog/catalog-view";
import { categoryTiles } from "~/catalog/category-tiles";
import { CategoryTileGrid } from "~/components/catalog/category-tiles";
import { ResponsiveImage } from "~/components/responsive-image";
import { brand } from "~/config/brand";
import { useRootData } from "~/hooks/use-root-data";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/products";

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await context.catalog.categories();
  return categoryTiles(categories, topLevelCategories(categories));
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("products.title"), description: t("products.heroText") }));

export default function Products({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { mediaBase } = useRootData();
  return (
    <>
      <section className="hero hero--products">
        {/* The picture covers a band clamp(220px, 30vw, 420px) high: below 733 px it is wider than the screen. */}
        <ResponsiveImage
          mediaBase={mediaBase}
          path="static/products-hero"
          widths={[640, 960, 1200, 1600]}
          sizes="(max-width: 733px) 587px, 100vw"
          alt=""
          width={1600}
          height={600}
          className="hero__image"
          priority
        />
        <div className="hero__text">
          <h1>{t("products.heroHeading", { brand: brand.name })}</h1>
          <p>{t("products.heroText")}</p>
        </div>
      </section>
      <section className="section container" aria-labelledby="categories-heading">
        <h2 id="categories-heading">{t("products.categoriesHeading")}</h2>
        <CategoryTileGrid {...loaderData} />
      </section>
    </>
  );
}
