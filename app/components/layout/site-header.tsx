import { useRouteLoaderData } from "react-router";
import { AppLink, AppNavLink } from "~/navigation/app-link";
import type { MenuColumn } from "~/catalog/menu";
import { Logo } from "~/components/logo";
import { LanguageSwitch } from "./language-switch";
import { MobileMenu } from "./mobile-menu";
import { ProductsMenu } from "./products-menu";
import { SEARCH_PATH, SearchField } from "./search-field";
import { SERVICE_PAGES } from "./nav-sections";
import { useT } from "~/i18n/use-t";

export function SiteHeader() {
  const t = useT();
  // The layout's data is missing when its own loader failed; the header then goes without categories.
  const layout = useRouteLoaderData<{ menu: MenuColumn[] }>("routes/site-layout");
  const menu = layout?.menu ?? [];
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <AppLink to="/" className="site-header__logo" aria-label={t("nav.home")}>
          <Logo />
        </AppLink>
        <nav className="site-nav" aria-label={t("a11y.mainNavigation")}>
          <ul>
            {menu.length > 0 ? (
              <ProductsMenu columns={menu} />
            ) : (
              <li>
                <AppNavLink to="/products">{t("nav.products")}</AppNavLink>
              </li>
            )}
            <li>
              <AppNavLink to="/handlersuche">{t("nav.dealers")}</AppNavLink>
            </li>
            <li>
              <AppNavLink to="/service" also={SERVICE_PAGES}>{t("nav.service")}</AppNavLink>
            </li>
            <li>
              <AppNavLink to="/contact">{t("nav.contact")}</AppNavLink>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <div className="site-header__search">
            <SearchField />
          </div>
          {/* Phones: the search form is in the menu, which needs JavaScript; this link works without. */}
          <AppLink to={SEARCH_PATH} className="search-link" aria-label={t("search.open")}>
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="M15.5 15.5 21 21" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </AppLink>
          <LanguageSwitch />
          <MobileMenu search={<SearchField placeholder="full" />} />
        </div>
      </div>
    </header>
  );
}
