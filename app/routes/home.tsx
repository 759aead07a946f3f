import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { brand } from "~/config/brand";
import { Logo } from "~/components/logo";
import { ResponsiveImage } from "~/components/responsive-image";
import { useRootData } from "~/root";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${brand.name} – ${t("home.title")}`, description: t("meta.siteDescription") }));

const bullets = ["quality", "price", "dealer", "delivery"] as const;

export default function Home() {
  const { t } = useTranslation();
  const { mediaBase } = useRootData();
  return (
    <>
      <section className="hero hero--home">
        {/*
          The picture covers a band clamp(320px, 42vw, 560px) high (520px on phones), so it is often
          wider than the screen: 800px below 762px, 105vw up to 1333px, 1400px up to 1400px.
        */}
        <ResponsiveImage
          mediaBase={mediaBase}
          path="static/slide-1-desktop"
          widths={[800, 960, 1200, 1600]}
          sizes="(max-width: 762px) 800px, (max-width: 1333px) 105vw, (max-width: 1400px) 1400px, 100vw"
          alt=""
          width={1600}
          height={640}
          className="hero__image"
          priority
          mobile={{
            path: "static/slide-1-mobile",
            width: 800,
            height: 1000,
            widths: [400, 640, 800],
            sizes: "(max-width: 416px) 416px, 100vw",
            media: "(max-width: 640px)",
          }}
        />
        <div className="hero__text">
          <h1>{t("home.title")}</h1>
          <p>{t("home.heroText")}</p>
          <p className="hero__actions">
            <Link to="/products" className="button button--accent">
              {t("home.heroCta")}
            </Link>
            <Link to="/handlersuche" className="button button--ghost">
              {t("home.dealerCta")}
            </Link>
          </p>
        </div>
      </section>
      <section className="container section welcome" aria-labelledby="welcome-heading">
        <h2 id="welcome-heading">{t("home.welcomeHeading", { brand: brand.name })}</h2>
        <p className="lead">{t("home.welcomeText")}</p>
        <ul className="checklist">
          {bullets.map((key) => (
            <li key={key}>{t(`home.bullets.${key}`)}</li>
          ))}
        </ul>
        <p>{t("home.closing", { count: brand.advertisedRangeSize, year: brand.foundedYear })}</p>
      </section>
      <section className="about" aria-labelledby="about-heading">
        <div className="container about__inner">
          <Logo className="about__logo" />
          <div>
            <h2 id="about-heading">{t("home.aboutHeading", { brand: brand.name })}</h2>
            <p>{t("home.aboutText", { brand: brand.name })}</p>
          </div>
        </div>
      </section>
    </>
  );
}
