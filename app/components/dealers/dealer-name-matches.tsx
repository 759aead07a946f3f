import { AppLink } from "~/navigation/app-link";
import { formatDistance } from "~/dealers/search/search-spec";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";

export interface NameMatch {
  name: string;
  slug: string;
  city: string;
  distanceKm: number | null;
}

/**
 * "Händler mit „Hof“ im Namen": dealers whose name holds the typed place, but who are beyond the
 * place search's radius. Apart from the result, so "within 50 km" stays true; a link to each page.
 */
export function DealerNameMatches({ query, matches }: { query: string; matches: readonly NameMatch[] }) {
  const t = useT();
  const lang = useLang();
  if (matches.length === 0) return null;
  return (
    <section className="dealer-name-matches" aria-labelledby="dealer-name-matches-heading">
      <h3 id="dealer-name-matches-heading">{t("dealers.nameMatches", { query })}</h3>
      <ul>
        {matches.map((match) => (
          <li key={match.slug}>
            <AppLink to={`/handlersuche/${match.slug}`}>{match.name}</AppLink>
            <span className="muted">
              {" "}
              · {match.city}
              {match.distanceKm === null ? null : ` · ${t("dealers.distance", { distance: formatDistance(match.distanceKm, lang) })}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
