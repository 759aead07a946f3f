import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { Logo } from "~/components/logo";
import { LanguageSwitch } from "./language-switch";

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={t("nav.home")}>
          <Logo />
        </Link>
        <nav className="site-nav" aria-label={t("a11y.mainNavigation")}>
          <ul>
            <li>
              <NavLink to="/products">{t("nav.products")}</NavLink>
            </li>
            <li>
              <NavLink to="/handlersuche">{t("nav.dealers")}</NavLink>
            </li>
            <li>
              <NavLink to="/service">{t("nav.service")}</NavLink>
            </li>
            <li>
              <NavLink to="/contact">{t("nav.contact")}</NavLink>
            </li>
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
