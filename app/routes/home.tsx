import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import type { FeaturedProduct } from "~/catalog/featured";
import { featuredProducts } from "~/catalog/featured.server";
import { brand } from "~/config/brand";
import { Carousel } from "~/components/home/carousel";
import { FeaturedProducts, ProductCard } from "~/components/home/product-card";
import { Logo } from "~/components/logo";
import { useRootData } from "~/hooks/use-root-data";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { featured: await featuredProducts({ db: context.db, catalog: context.catalog, catalogApiUrl: context.env.CATALOG_API_URL }) };
  } catch (error) {
    // The home page stays useful without its product teaser (specification section 8: load failures are logged only).
    context.logger.error({ err: error }, "featured products could not be loaded");
    return { featured: [] };
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${brand.name} – ${t("home.title")}`, description: t("meta.siteDescription") }));

const bullets = ["quality", "price", "dealer", "delivery"] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { mediaBase } = useRootData();
  const [selected, setSelected] = useState<FeaturedProduct | null>(null);
  return (
    <>
      <Carousel mediaBase={mediaBase} />
      <section className="container section welcome" aria-labelledby="welcome-heading">
        <p className="eyebrow">{t("home.welcomeHeading", { brand: brand.name })}</p>
        <h1 id="welcome-heading">{t("home.title")}</h1>
        <p className="lead">{t("home.welcomeText")}</p>
        <ul className="checklist">
          {bullets.map((key) => (
            <li key={key}>{t(`home.bullets.${key}`)}</li>
          ))}
        </ul>
        <p>{t("home.closing", { count: brand.advertisedRangeSize, year: brand.foundedYear })}</p>
        <p className="welcome__actions">
          <AppLink to="/products" className="button">
            {t("home.heroCta")}
          </AppLink>
          <AppLink to="/handlersuche" className="button button--outline-dark">
            {t("home.dealerCta")}
          </AppLink>
        </p>
      </section>
      {loaderData.featured.length > 0 ? (
        <section className="featured" aria-labelledby="featured-heading">
          <div className="container">
            <h2 id="featured-heading">{t("home.featuredHeading")}</h2>
            <p className="lead">{t("home.featuredIntro")}</p>
            <FeaturedProducts products={loaderData.featured} mediaBase={mediaBase} onSelect={setSelected} />
            {loaderData.featured.some((product) => product.price !== null) ? (
              <p className="footnote">{t("products.priceFootnote")}</p>
            ) : null}
          </div>
        </section>
      ) : null}
      <section className="about" aria-labelledby="about-heading">
        <div className="container about__inner">
          <Logo className="about__logo" />
          <div>
            <h2 id="about-heading">{t("home.aboutHeading", { brand: brand.name })}</h2>
            <p>{t("home.aboutText", { brand: brand.name })}</p>
          </div>
        </div>
      </section>
      {selected ? (
        <ProductCard product={selected} mediaBase={mediaBase} onClose={() => setSelected(null)} />
      ) : null}
    </>
  );
}
