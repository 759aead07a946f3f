import { useRouteLoaderData } from "react-router";
import { AppLink, AppNavLink } from "~/navigation/app-link";
import type { MenuColumn } from "~/catalog/menu";
import { Logo } from "~/components/logo";
import { LanguageSwitch } from "./language-switch";
import { MobileMenu } from "./mobile-menu";
import { ProductsMenu } from "./products-menu";
import { SearchField } from "./search-field";
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
              <AppNavLink to="/service">{t("nav.service")}</AppNavLink>
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
          <LanguageSwitch />
          <MobileMenu search={<SearchField />} />
        </div>
      </div>
    </header>
  );
}
