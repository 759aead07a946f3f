import { AppLink } from "~/navigation/app-link";
import { useRootData } from "~/hooks/use-root-data";
import { Logo } from "~/components/logo";
import { useT } from "~/i18n/use-t";

export function SiteFooter() {
  const t = useT();
  const { brand } = useRootData();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo className="site-footer__logo" />
          {/* Both taglines, as the specification's footer shows them side by side. */}
          <p lang="de">{brand.tagline.de}</p>
          <p lang="en">{brand.tagline.en}</p>
        </div>
        <nav aria-label={t("a11y.footerNavigation")}>
          <ul className="site-footer__links">
            <li>
              <AppLink to="/datenschutz">{t("nav.privacy")}</AppLink>
            </li>
            <li>
              <AppLink to="/contact">{t("nav.contact")}</AppLink>
            </li>
            <li>
              <AppLink to="/impressum">{t("nav.imprint")}</AppLink>
            </li>
            <li>
              <AppLink to="/rueckrufe">{t("recalls.footerLink")}</AppLink>
            </li>
            <li>
              <a href={brand.social.url} target="_blank" rel="noopener noreferrer">
                {t("footer.social", { network: brand.social.label })}
              </a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">{t("footer.copyright", { year, company: brand.legalName })}</p>
      </div>
    </footer>
  );
}
