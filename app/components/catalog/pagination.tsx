import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";

/** The numbered page links under a list of article cards; a null among the numbers marks a gap. */
export function Pagination({
  numbers,
  current,
  href,
}: {
  numbers: readonly (number | null)[];
  current: number;
  href: (page: number) => string;
}) {
  const t = useT();
  return (
    <nav className="pagination" aria-label={t("a11y.pagination")}>
      <ul>
        {numbers.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
            <li key={n}>
              <AppLink
                to={href(n)}
                aria-current={n === current ? "page" : undefined}
                aria-label={n === current ? t("a11y.currentPage", { page: n }) : t("a11y.page", { page: n })}
                className={n === current ? "is-current" : undefined}
              >
                {n}
              </AppLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
