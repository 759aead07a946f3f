import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { ResponsiveImage } from "~/components/responsive-image";
import { brand } from "~/config/brand";
import { useRootData } from "~/hooks/use-root-data";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/service";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("service.title"), description: t("service.intro", { brand: brand.name }) }));

export default function Service() {
  const t = useT();
  const { mediaBase } = useRootData();
  return (
    <div className="container section">
      <h1>{t("service.title")}</h1>
      <p className="lead">{t("service.intro", { brand: brand.name })}</p>
      <ul className="service-grid">
        <li className="service-card">
          {/* The page's only picture, in view under the heading: loaded at once, not lazily. */}
          <ResponsiveImage
            mediaBase={mediaBase}
            path="static/slide-2-desktop"
            widths={[320, 640, 960, 1200]}
            sizes="(max-width: 592px) calc(100vw - 32px), 560px"
            alt=""
            width={1600}
            height={640}
            className="service-card__image"
            priority
          />
          <div className="service-card__body">
            <h2>{t("service.cardName")}</h2>
            <p>{t("service.cardDescription")}</p>
            <AppLink to="/hinweise" className="button">
              {t("service.cardLink")}
            </AppLink>
          </div>
        </li>
      </ul>
    </div>
  );
}
