import { useId } from "react";
import { Form, useLocation } from "react-router";
import { useT } from "~/i18n/use-t";

export const SEARCH_PATH = "/search";
/** Matches the server's cut; longer input would only be thrown away. */
const MAX_LENGTH = 200;

interface SearchFieldProps {
  /** "page" is the large form on /search; the header uses the compact default. */
  variant?: "header" | "page";
  /** Landmark name: two search landmarks on one page need different names. */
  label?: string;
  /** The header's narrow field gets the short hint; the phone menu has room for the full one. */
  placeholder?: "short" | "full";
}

/**
 * The product search form: a plain GET to /search, so it works without JavaScript; with it,
 * React Router submits it as a client navigation. On /search it shows the current query.
 */
export function SearchField({ variant = "header", label, placeholder = variant === "header" ? "short" : "full" }: SearchFieldProps) {
  const t = useT();
  const id = useId();
  const location = useLocation();
  const current = location.pathname === SEARCH_PATH ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      aria-label={label ?? t("search.label")}
      className={`site-search site-search--${variant}`}
    >
      <label htmlFor={id} className={variant === "header" ? "visually-hidden" : "site-search__label"}>
        {t("search.label")}
      </label>
      <div className="site-search__row">
        <input
          // A new query (back button, header search) must show, and defaultValue only applies once.
          key={current}
          id={id}
          name="q"
          type="search"
          defaultValue={current}
          placeholder={placeholder === "short" ? t("search.placeholderShort") : t("search.placeholder")}
          maxLength={MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className="site-search__input"
        />
        <button type="submit" className="site-search__button">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M15.5 15.5 21 21" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t("search.submit")}</span>
        </button>
      </div>
    </Form>
  );
}
