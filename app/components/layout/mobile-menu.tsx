import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { AppNavLink } from "~/navigation/app-link";
import { useFocusTrap } from "~/hooks/use-focus-trap";
import { useMenuOpen } from "~/hooks/use-menu-open";
import { useScrollLock } from "~/hooks/use-scroll-lock";
import { LanguageSwitch } from "./language-switch";
import { SERVICE_PAGES } from "./nav-sections";
import { useT } from "~/i18n/use-t";

const links = [
  { to: "/products", key: "nav.products", also: [] },
  { to: "/handlersuche", key: "nav.dealers", also: [] },
  { to: "/service", key: "nav.service", also: SERVICE_PAGES },
  { to: "/contact", key: "nav.contact", also: [] },
  { to: "/datenschutz", key: "nav.privacy", also: [] },
  { to: "/impressum", key: "nav.imprint", also: [] },
] as const;

/**
 * The phone menu: a full-screen dialog that locks page scrolling, keeps focus inside, and closes on
 * any selection, on Escape and on navigation, handing focus back to the hamburger button.
 */
export function MobileMenu({ search }: { search?: React.ReactNode }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useMenuOpen();
  const dialogRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useScrollLock(open);
  useFocusTrap(dialogRef, open, { returnTo: () => buttonRef.current });
  useEffect(() => {
    if (!open) return;
    dialogRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, setOpen]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t("nav.menu")}</span>
      </button>
      {/* Portalled to <body>: the header's backdrop filter would otherwise confine a fixed overlay. */}
      {open
        ? createPortal(
        <div id={id} ref={dialogRef} className="mobile-menu" role="dialog" aria-modal="true" aria-label={t("nav.menu")}>
          <div className="mobile-menu__top">
            <LanguageSwitch />
            <button type="button" className="mobile-menu__close" onClick={() => setOpen(false)}>
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
              <span className="visually-hidden">{t("nav.closeMenu")}</span>
            </button>
          </div>
          {search ? <div className="mobile-menu__search">{search}</div> : null}
          <nav aria-label={t("a11y.mainNavigation")}>
            <ul className="mobile-menu__links">
              {links.map((link) => (
                <li key={link.to}>
                  {/* Selecting the current page changes no location, so close explicitly too. */}
                  <AppNavLink to={link.to} also={link.also} onClick={() => setOpen(false)}>
                    {t(link.key)}
                  </AppNavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>,
            document.body,
          )
        : null}
    </>
  );
}
