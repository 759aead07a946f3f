import { memo, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { AppLink, isWithin } from "~/navigation/app-link";
import type { MenuColumn } from "~/catalog/menu";
import { Localized } from "~/components/localized";
import { useHydrated } from "~/hooks/use-hydrated";
import { useMenuOpen } from "~/hooks/use-menu-open";
import { useT } from "~/i18n/use-t";
import { PRODUCT_PAGES } from "./nav-sections";

const HOVER_CLOSE_DELAY_MS = 150;

/** A click right after the pointer opened the menu is the same intent, not a request to close it. */
const HOVER_CLICK_GRACE_MS = 400;

const chevron = (
  <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="products-menu__chevron">
    <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

/**
 * "Products" with its mega menu, a disclosure: opens on hover, on click or tap, and from the keyboard
 * on Enter, Space or Arrow Down (which also moves into it); closes on Escape, when pointer or focus
 * leave, and on navigation. Focus alone does not open it, or Tab would walk through every category
 * to reach the next entry. Before hydration (or without JavaScript) the entry is a link to the
 * products page, which lists the same categories; CSS opens the menu on a mouse's hover there.
 */
export function ProductsMenu({ columns }: { columns: MenuColumn[] }) {
  const t = useT();
  const hydrated = useHydrated();
  const location = useLocation();
  const panelId = useId();
  const [open, setOpen] = useMenuOpen();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHoverAt = useRef(0);

  // The entry opens the menu, but on a catalogue page it is the current section all the same.
  const current = isWithin(location.pathname, PRODUCT_PAGES);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };

  return (
    <li
      ref={rootRef}
      className="products-menu"
      data-enhanced={hydrated ? "true" : "false"}
      data-open={open ? "true" : "false"}
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        if (!open) openedByHoverAt.current = Date.now();
        show();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== "mouse") return;
        closeTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          const links = [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>(".mega-menu a") ?? [])];
          if (links.length === 0) return;
          event.preventDefault();
          show();
          const at = links.indexOf(document.activeElement as HTMLAnchorElement);
          const step = event.key === "ArrowDown" ? 1 : -1;
          // From the button, down goes to the first category and up to the last; in the menu, one on.
          const next = at < 0 ? (step > 0 ? 0 : links.length - 1) : (at + step + links.length) % links.length;
          // The panel shows once React has rendered `open`; focus waits for that frame.
          requestAnimationFrame(() => links[next]?.focus());
        }
      }}
    >
      {hydrated ? (
        <button
          ref={buttonRef}
          type="button"
          className="products-menu__button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-current={current ? "page" : undefined}
          onClick={() => {
            // The hover that came with this click may not have rendered yet, so ask the clock, not `open`.
            if (Date.now() - openedByHoverAt.current < HOVER_CLICK_GRACE_MS) {
              setOpen(true);
              return;
            }
            setOpen((value) => !value);
          }}
        >
          {t("nav.products")}
          {chevron}
        </button>
      ) : (
        <AppLink to="/products" className="products-menu__button" aria-current={current ? "page" : undefined}>
          {t("nav.products")}
          {chevron}
        </AppLink>
      )}
      <MegaMenuPanel id={panelId} columns={columns} />
    </li>
  );
}

/**
 * The panel's links, memoised: opening and closing the menu, and hydration's switch of
 * `data-enhanced`, re-render the button and not the fifty links.
 */
const MegaMenuPanel = memo(function MegaMenuPanel({ id, columns }: { id: string; columns: MenuColumn[] }) {
  const t = useT();
  return (
    <div id={id} className="mega-menu">
      <div className="mega-menu__inner">
        {columns.map((column) => (
          <section key={column.group} className="mega-menu__column" aria-labelledby={`${id}-${column.group}`}>
            <h2 id={`${id}-${column.group}`} className="mega-menu__heading">
              {t(`products.groups.${column.group}`)}
            </h2>
            <ul>
              {column.links.map((item) => (
                <li key={item.href}>
                  <AppLink to={item.href}>
                    <Localized text={item.name} />
                  </AppLink>
                  {item.children ? (
                    <ul>
                      {item.children.map((child) => (
                        <li key={child.href}>
                          <AppLink to={child.href}>
                            <Localized text={child.name} />
                          </AppLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <p className="mega-menu__all">
          <AppLink to="/products">{t("nav.allProducts")}</AppLink>
        </p>
      </div>
    </div>
  );
});
