import type { MouseEvent } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { type DealerFilterValues, FILTER_CHIPS, appendFilterParams, filterValuesOf, isFiltered } from "~/dealers/search/dealer-filters";
import { TOGGLE_PARAM, applyToggles, withoutFilters } from "~/dealers/search/filter-toggles";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";

interface DealerFiltersProps {
  /** The filters the shown list was made with. */
  filters: DealerFilterValues;
  /** The list is one article's dealers: the chips that need one ("in stock only") are shown. */
  article: boolean;
}

/**
 * The filter chips inside the dealer search form: toggle buttons (`aria-pressed`). Each is a submit
 * button sending `toggle=<key>` with the form, which the server turns into the filtered address,
 * so they work without JavaScript. With JavaScript a press goes to that address at once, from the
 * page's own address (a half-typed query is not searched by a chip); the button stays where it
 * is, keeping the keyboard focus, and the list's live region announces the new count.
 */
export function DealerFilters({ filters, article }: DealerFiltersProps) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  // While the next list loads the chips already show what was pressed, and a second press builds on it.
  const next = navigation.location?.pathname === location.pathname ? navigation.location.search : null;
  const shown = next === null ? filters : filterValuesOf(new URLSearchParams(next));

  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const params = new URLSearchParams(next ?? location.search);
    params.append(TOGGLE_PARAM, event.currentTarget.value);
    const search = applyToggles(params).toString();
    void navigate({ search: search ? `?${search}` : "" }, { preventScrollReset: true });
  };

  // What the search button sends along, so a new place keeps the chosen filters.
  const kept = new URLSearchParams();
  appendFilterParams(kept, filters);
  const cleared = withoutFilters(new URLSearchParams(location.search)).toString();
  return (
    <fieldset className="dealer-filters">
      <legend className="dealer-filters__legend">{t("dealers.filters.legend")}</legend>
      {[...kept].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="dealer-filters__chips">
        {FILTER_CHIPS.filter((chip) => article || !chip.needsArticle).map((chip) => (
          <button
            key={chip.key}
            type="submit"
            name={TOGGLE_PARAM}
            value={chip.key}
            className={chip.className}
            aria-pressed={chip.pressed(shown)}
            onClick={toggle}
          >
            {t(chip.label)}
          </button>
        ))}
      </div>
      {isFiltered(filters) ? (
        <AppLink to={`${location.pathname}${cleared ? `?${cleared}` : ""}`} className="dealer-filters__reset" preventScrollReset>
          {t("dealers.filters.reset")}
        </AppLink>
      ) : null}
    </fieldset>
  );
}
