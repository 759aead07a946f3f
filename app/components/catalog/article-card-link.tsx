import { AppLink } from "~/navigation/app-link";
import type { ArticleCard } from "~/catalog/article-view";
import { markedPrice } from "~/utils/price";
import { ARTICLE_CARD_SIZES, ArticleImage } from "~/components/responsive-image";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { Localized } from "~/components/localized";

/**
 * One article card (picture, name, part number, price with € and *), as the article lists and the
 * search results show it. `index` decides loading: the first row is in view, so the first card is
 * the likely main picture and the next two load at once too.
 */
export function ArticleCardLink({
  card,
  to,
  index,
  columns,
}: {
  card: Pick<ArticleCard, "partno" | "title" | "price" | "image">;
  to: string;
  index: number;
  columns: 1 | 2 | 3;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <AppLink
      to={to}
      className="article-card"
      data-partno={card.partno}
      preventScrollReset
      aria-label={t("products.showDetails", { name: card.title[lang].text })}
    >
      <ArticleImage
        image={card.image}
        size={400}
        sizes={ARTICLE_CARD_SIZES[columns]}
        alt=""
        priority={index === 0}
        eager={index < 3}
        className="article-card__image"
        fallback={<span className="article-card__image article-card__image--empty" />}
      />
      <span className="article-card__body">
        <span className="article-card__title">
          <Localized text={card.title[lang]} />
        </span>
        <span className="article-card__partno">{t("products.partNo", { partno: card.partno })}</span>
        {card.price !== null && (
          <span className="article-card__price">{markedPrice(card.price, lang)}</span>
        )}
      </span>
    </AppLink>
  );
}
