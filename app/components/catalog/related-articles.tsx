import { useId } from "react";
import type { RelatedArticle, RelatedArticles } from "~/catalog/related-articles";
import { Localized } from "~/components/localized";
import { ArticleImage } from "~/components/responsive-image";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { markedPrice } from "~/utils/price";

function RelatedList({ heading, items, listPath }: { heading: string; items: readonly RelatedArticle[]; listPath: string }) {
  const t = useT();
  const lang = useLang();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className="related" aria-labelledby={headingId}>
      <h3 id={headingId} className="related__heading">
        {heading}
      </h3>
      <ul className="related__list">
        {items.map((item) => (
          <li key={item.partno}>
            {/* Within the same list the page behind the panel stays where it is, as for a card. */}
            <AppLink to={item.href} className="related__link" preventScrollReset={item.href.startsWith(`${listPath}/`)}>
              <ArticleImage
                image={item.image}
                size={56}
                widths={[96, 160]}
                sizes="56px"
                alt=""
                className="related__image"
                fallback={<span className="related__image" />}
              />
              <span className="related__body">
                <span className="related__title">
                  <Localized text={item.title[lang]} />
                </span>
                <span className="related__meta">
                  <span>{t("products.partNo", { partno: item.partno })}</span>
                  {item.price !== null ? (
                    <span className="related__price">{markedPrice(item.price, lang)}</span>
                  ) : null}
                </span>
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The article's accessories and spare parts (BMEcat PRODUCT_REFERENCE), each a plain link to its own panel. */
export function RelatedArticlesSections({ related, listPath }: { related: RelatedArticles; listPath: string }) {
  const t = useT();
  return (
    <>
      <RelatedList heading={t("products.accessories")} items={related.accessories} listPath={listPath} />
      <RelatedList heading={t("products.spareParts")} items={related.spareParts} listPath={listPath} />
    </>
  );
}
