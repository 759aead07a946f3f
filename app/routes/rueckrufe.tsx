import { recallOverview } from "~/catalog/recall-view.server";
import { type RecallSummary, RECALLS_PATH, recallPath } from "~/catalog/recall-view";
import { Localized } from "~/components/localized";
import { useRootData } from "~/hooks/use-root-data";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { formatIsoDate } from "~/utils/iso-date";
import { pageMeta } from "~/utils/page-meta";
import { breadcrumbList } from "~/utils/structured-data";
import type { Route } from "./+types/rueckrufe";

export async function loader({ context }: Route.LoaderArgs) {
  return { recalls: await recallOverview(context.db) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t, _lang, siteUrl, brandName) => ({
    title: t("recalls.title"),
    description: t("recalls.description", { brand: brandName }),
    structuredData: [breadcrumbList(siteUrl, [{ name: t("recalls.title"), path: RECALLS_PATH }])],
  }));

function RecallItem({ recall }: { recall: RecallSummary }) {
  const t = useT();
  const lang = useLang();
  return (
    <li className="recall-list__item">
      <p className="recall-list__kind">{t("recalls.heading")}</p>
      <h2 className="recall-list__title">
        <AppLink to={recallPath(recall.id)}>
          <Localized text={recall.title[lang]} />
        </AppLink>
      </h2>
      <p className="recall-list__facts">
        <time dateTime={recall.published}>{t("recalls.published", { date: formatIsoDate(recall.published, lang) })}</time>
        {" · "}
        {t("recalls.partNumber")} {recall.partno}
      </p>
    </li>
  );
}

export default function Recalls({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { brand } = useRootData();
  const { recalls } = loaderData;
  return (
    <div className="container section narrow">
      <h1>{t("recalls.title")}</h1>
      <p className="lead">{t("recalls.intro", { brand: brand.name })}</p>
      {recalls.length === 0 ? (
        <p className="recall-list__none">{t("recalls.none", { brand: brand.name })}</p>
      ) : (
        <ul className="recall-list">
          {recalls.map((recall) => (
            <RecallItem key={recall.id} recall={recall} />
          ))}
        </ul>
      )}
    </div>
  );
}
