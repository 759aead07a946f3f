import { useLocation } from "react-router";
import { AppLink } from "~/navigation/app-link";
import { LANGUAGES, withLang } from "~/i18n/language";
import { useT } from "~/i18n/use-t";
import { useLang } from "~/i18n/use-lang";

/** DE / EN links: plain links with ?lang, so switching works without JavaScript too. */
export function LanguageSwitch() {
  const t = useT();
  const current = useLang();
  const location = useLocation();
  return (
    <ul className="language-switch" aria-label={t("a11y.languageSwitch")}>
      {LANGUAGES.map((lang) => {
        const active = current === lang;
        return (
          <li key={lang}>
            <AppLink
              to={withLang(location.pathname, location.search, lang)}
              hrefLang={lang}
              lang={lang}
              aria-current={active ? "true" : undefined}
              className={active ? "is-active" : undefined}
              preventScrollReset
              title={t(`language.${lang}`)}
            >
              {lang.toUpperCase()}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
