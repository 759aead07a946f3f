import type { TFunction } from "i18next";
import { Localized } from "~/components/localized";
import type { ArticleAtDealer } from "~/dealers/where-to-buy/where-to-buy";
import { stockTime } from "~/dealers/where-to-buy/stock-time";
import type { Lang } from "~/i18n/language";
import { AppLink } from "~/navigation/app-link";
import { LineBadge, StockBadge } from "./stock-badge";

/**
 * A dealer's page opened for an article (`?article=`, as where to buy links it): the article, and
 * what is known of it here (issue 37): the stock badge, the line label, or that the dealer neither
 * reports it nor lists its line. Never a quantity.
 */
export function DealerArticleStock({ t, lang, article, now }: { t: TFunction; lang: Lang; article: ArticleAtDealer; now: number }) {
  const words = article.inStockAsOf ? stockTime(article.inStockAsOf, now, lang) : null;
  return (
    <div className="dealer-profile__article">
      <p className="dealer-profile__article-name">
        <AppLink to={article.href}>
          <Localized text={article.title[lang]} />
        </AppLink>{" "}
        <span className="muted">{article.partno}</span>
      </p>
      {words ? (
        <StockBadge
          label={t("dealers.stock.badge")}
          time={t(words.key, words.values)}
          recall={article.recall === null ? null : { href: article.recall, label: t("dealers.stock.recalled") }}
        />
      ) : article.carriesLine ? (
        <LineBadge label={t("dealers.stock.lineOnly")} />
      ) : (
        <p className="dealer-profile__article-none">{t("dealers.stock.notListed")}</p>
      )}
    </div>
  );
}
