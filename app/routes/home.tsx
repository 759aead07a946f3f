import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import type { FeaturedProduct } from "~/catalog/featured";
import { featuredProducts } from "~/catalog/featured.server";
import { localize } from "~/content/localize";
import { resolveLanguage } from "~/i18n/language";
import { withSoftHyphens } from "~/i18n/soft-hyphens.server";
import { Carousel } from "~/components/home/carousel";
import { FeaturedProducts, ProductCard } from "~/components/home/product-card";
import { Logo } from "~/components/logo";
import { useRootData } from "~/hooks/use-root-data";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's texts and slides from content/home.yaml, in the visitor's language (decision 060).
  const { lang } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  const content = localize(context.content.get("home"), lang);
  try {
    return { content, featured: withSoftHyphens(await featuredProducts({ db: context.db, catalog: context.catalog, catalogApiUrl: context.env.CATALOG_API_URL })) };
  } catch (error) {
    // The home page stays useful without its product teaser (specification section 8: load failures are logged only).
    context.logger.error({ err: error }, "featured products could not be loaded");
    return { content, featured: [] };
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (_t, _lang, _siteUrl, brandName) => ({ title: `${brandName} – ${args.loaderData?.content.title ?? ""}` }));

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { mediaBase } = useRootData();
  const [selected, setSelected] = useState<FeaturedProduct | null>(null);
  const { content } = loaderData;
  return (
    <>
      <Carousel mediaBase={mediaBase} slides={content.slides} />
      <section className="container section welcome" aria-labelledby="welcome-heading">
        <p className="eyebrow">{content.welcome.eyebrow}</p>
        <h1 id="welcome-heading">{content.title}</h1>
        <p className="lead">{content.welcome.text}</p>
        {content.welcome.bullets.length > 0 ? (
          <ul className="checklist">
            {content.welcome.bullets.map((bullet, index) => (
              // The texts are the editor's and may repeat; their order is the list's.
              <li key={index}>{bullet}</li>
            ))}
          </ul>
        ) : null}
        <p>{content.welcome.closing}</p>
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
            <h2 id="featured-heading">{content.featured.heading}</h2>
            <p className="lead">{content.featured.intro}</p>
            <FeaturedProducts products={loaderData.featured} onSelect={setSelected} />
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
            <h2 id="about-heading">{content.about.heading}</h2>
            <p>{content.about.text}</p>
          </div>
        </div>
      </section>
      {selected ? (
        <ProductCard product={selected} onClose={() => setSelected(null)} />
      ) : null}
    </>
  );
}
