import { useId } from "react";
import { type RecallSummary, recallPath } from "~/catalog/recall-view";
import { Localized } from "~/components/localized";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { formatIsoDate } from "~/utils/iso-date";

/**
 * On an affected article's page, above everything it offers: a consumer who lands there from a
 * search or a dealer's shop must see the recall before the product (GPSR Art. 36).
 */
export function RecallNotice({ recalls }: { recalls: readonly RecallSummary[] }) {
  const t = useT();
  const lang = useLang();
  const headingId = useId();
  if (recalls.length === 0) return null;
  return (
    <section className="recall-notice" aria-labelledby={headingId}>
      <h3 id={headingId} className="recall-notice__heading">
        <span className="recall-notice__icon" aria-hidden="true">
          !
        </span>
        {t("recalls.noticeHeading")}
      </h3>
      <p>{t("recalls.noticeText")}</p>
      <ul className="recall-notice__links">
        {recalls.map((recall) => (
          <li key={recall.id}>
            <AppLink to={recallPath(recall.id)}>
              {t("recalls.noticeLink", { date: formatIsoDate(recall.published, lang) })}{" "}
              <Localized text={recall.title[lang]} />
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
