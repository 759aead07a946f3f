import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { categoryHref, categoryNames, topLevelCategories } from "~/catalog/catalog-view";
import { Localized } from "~/components/localized";
import { ResponsiveImage, categoryTileImage } from "~/components/responsive-image";
import { brand } from "~/config/brand";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/hooks/use-root-data";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/products";

export async function loader({ context }: Route.LoaderArgs) {
  const categories = await context.catalog.categories();
  const tiles = topLevelCategories(categories).map((category) => ({
    id: category.id,
    group: category.mainId,
    symbol: category.symbol,
    name: categoryNames(category),
    href: categoryHref(categories, category),
  }));
  return { tiles };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("products.title"), description: t("products.heroText") }));

export default function Products({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { mediaBase } = useRootData();
  const { tiles } = loaderData;
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
        <ul className={`tile-grid${tiles.length <= 2 ? " tile-grid--two" : ""}`}>
          {tiles.map((tile, index) => (
            <li key={tile.id}>
              <AppLink to={tile.href} className="tile">
                {/* The first row (three across) is in view under the hero; the rest loads on scrolling. */}
                <ResponsiveImage mediaBase={mediaBase} {...categoryTileImage(tile.symbol, mediaBase)} alt="" eager={index < 3} />
                <span className="tile__name">
                  <Localized text={tile.name[lang]} />
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
