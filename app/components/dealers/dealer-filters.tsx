import type { MouseEvent } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { DealerService } from "~/dealers/dealer/dealer-services";
import { FILTER_KEYS, type FilterKey, TOGGLE_PARAM, applyToggles, withoutFilters } from "~/dealers/search/filter-toggles";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";

interface DealerFiltersProps {
  /** The filters the shown list was made with. */
  services: readonly DealerService[];
  openNow: boolean;
}

/**
 * The filter chips inside the dealer search form: toggle buttons (`aria-pressed`). Each is a submit
 * button sending `toggle=<key>` with the form, which the server turns into the filtered address,
 * so they work without JavaScript. With JavaScript a press goes to that address at once, from the
 * page's own address (a half-typed query is not searched by a chip); the button stays where it
 * is, keeping the keyboard focus, and the list's live region announces the new count.
 */
export function DealerFilters({ services, openNow }: DealerFiltersProps) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  // While the next list loads the chips already show what was pressed, and a second press builds on it.
  const next = navigation.location?.pathname === location.pathname ? navigation.location.search : null;
  const pending = next === null ? null : new URLSearchParams(next);
  const pressed = (key: FilterKey): boolean => {
    if (pending) return key === "open" ? pending.get("open") === "1" : pending.getAll("service").includes(key);
    return key === "open" ? openNow : services.includes(key);
  };

  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const params = new URLSearchParams(next ?? location.search);
    params.append(TOGGLE_PARAM, event.currentTarget.value);
    const search = applyToggles(params).toString();
    void navigate({ search: search ? `?${search}` : "" }, { preventScrollReset: true });
  };

  const cleared = withoutFilters(new URLSearchParams(location.search)).toString();
  return (
    <fieldset className="dealer-filters">
      <legend className="dealer-filters__legend">{t("dealers.filters.legend")}</legend>
      {/* What the search button sends along, so a new place keeps the chosen filters. */}
      {services.map((service) => (
        <input key={service} type="hidden" name="service" value={service} />
      ))}
      {openNow ? <input type="hidden" name="open" value="1" /> : null}
      <div className="dealer-filters__chips">
        {FILTER_KEYS.map((key) => (
          <button
            key={key}
            type="submit"
            name={TOGGLE_PARAM}
            value={key}
            className={key === "open" ? "chip chip--open" : "chip"}
            aria-pressed={pressed(key)}
            onClick={toggle}
          >
            {key === "open" ? t("dealers.filters.openNow") : t(`dealers.service.${key}`)}
          </button>
        ))}
      </div>
      {services.length > 0 || openNow ? (
        <AppLink to={`${location.pathname}${cleared ? `?${cleared}` : ""}`} className="dealer-filters__reset" preventScrollReset>
          {t("dealers.filters.reset")}
        </AppLink>
      ) : null}
    </fieldset>
  );
}
