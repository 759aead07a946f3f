import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { brand } from "~/config/brand";
import { useRootData } from "~/root";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/service";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("service.title"), description: t("service.intro", { brand: brand.name }) }));

export default function Service() {
  const { t } = useTranslation();
  const { mediaBase } = useRootData();
  return (
    <div className="container section">
      <h1>{t("service.title")}</h1>
      <p className="lead">{t("service.intro", { brand: brand.name })}</p>
      <ul className="service-grid">
        <li className="service-card">
          <img src={`${mediaBase}/static/slide-2-desktop.jpg`} alt="" width={1600} height={640} className="service-card__image" />
          <div className="service-card__body">
            <h2>{t("service.cardName")}</h2>
            <p>{t("service.cardDescription")}</p>
            <Link to="/hinweise" className="button">
              {t("service.cardLink")}
            </Link>
          </div>
        </li>
      </ul>
    </div>
  );
}
