import { useEffect, useRef } from "react";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { productCardView, type FeaturedProduct } from "~/catalog/featured";
import { Localized } from "~/components/localized";
import { ArticleImage } from "~/components/responsive-image";
import { useScrollLock } from "~/hooks/use-scroll-lock";
import { useLang } from "~/i18n/use-lang";

/**
 * The featured products: each a link to the article's deep link (so it works without JavaScript);
 * with JavaScript a click hands the whole product block to `onSelect`, which opens the product card.
 */
export function FeaturedProducts({
  products,
  onSelect,
}: {
  products: readonly FeaturedProduct[];
  onSelect: (product: FeaturedProduct) => void;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <ul className="product-grid">
      {products.map((product) => {
        const view = productCardView(product, lang);
        return (
          <li key={product.partno}>
            <a
              href={product.href}
              className="product-tile"
              data-partno={product.partno}
              aria-haspopup="dialog"
              aria-label={t("home.featuredShow", { name: view.title.text })}
              onClick={(event) => {
                // Modified clicks keep their meaning (new tab, new window).
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onSelect(product);
              }}
            >
              {/* The grid of app/styles/product-card.css: four columns, two below 900 px. */}
              <ArticleImage
                image={view.imageName}
                size={800}
                sizes="(max-width: 900px) calc(50vw - 26px), (max-width: 1232px) calc(25vw - 28px), 285px"
                alt=""
                className="product-tile__image"
              />
              <span className="product-tile__title">
                <Localized text={view.title} />
              </span>
              {view.price !== null && <span className="product-tile__price">{view.price}</span>}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The product card for a clicked block: a modal `<dialog>`, which gives focus containment, Escape
 * and focus return for free. It shows the first picture, the title without the brand's noise words
 * and the price, and links to the article's page.
 */
export function ProductCard({
  product,
  onClose,
}: {
  product: FeaturedProduct;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const ref = useRef<HTMLDialogElement>(null);
  const view = productCardView(product, lang);
  useScrollLock(true);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const opener = document.querySelector<HTMLElement>(`[data-partno="${CSS.escape(product.partno)}"]`);
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, [product.partno]);

  return (
    <dialog
      ref={ref}
      className="product-card"
      aria-labelledby="product-card-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="product-card__inner">
        <button type="button" className="product-card__close" onClick={onClose} aria-label={t("products.close")}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        <ArticleImage
          image={view.imageName}
          size={800}
          sizes="(max-width: 480px) calc(100vw - 48px), 400px"
          alt={t("products.imageOf", { index: 1, name: view.title.text })}
          className="product-card__image"
          eager
        />
        <div className="product-card__body">
          <h2 id="product-card-title" className="product-card__title">
            <Localized text={view.title} />
          </h2>
          {view.price !== null && (
            <>
              <p className="product-card__price">
                <span className="visually-hidden">{t("home.productCardPrice")}: </span>
                {view.price}
              </p>
              <p className="product-card__footnote">{t("products.priceFootnote")}</p>
            </>
          )}
          <p className="product-card__actions">
            <AppLink to={product.href} className="button">
              {t("home.productCardLink")}
            </AppLink>
            <AppLink to="/handlersuche" className="button button--outline-dark">
              {t("products.findDealer")}
            </AppLink>
          </p>
        </div>
      </div>
    </dialog>
  );
}
