import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { WhereToBuyDealers } from "~/components/dealers/where-to-buy-dealers";
import { fetchWhereToBuy } from "~/dealers/where-to-buy/fetch-where-to-buy";
import {
  WHERE_TO_BUY_RADIUS_KM,
  type WhereToBuyAnswer,
  type WhereToBuyInput,
  lookupOutcome,
  whereToBuyHref,
  whereToBuyLookupHref,
} from "~/dealers/where-to-buy/where-to-buy";
import { HydratedButton } from "~/components/hydrated-button";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { onceUntilFailure } from "~/utils/once-until-failure";

/** A phone on a bad line gives up here and is offered the full search instead of a spinner. */
const LOOKUP_TIMEOUT_MS = 15_000;

type Problem = "empty" | "location" | "failed";
type DealerList = typeof WhereToBuyDealers;

/*
 * The list (opening hours, distances) is fetched with the first search, beside the dealers' data:
 * most visitors of an article never search, and the article page's first script stays small. A
 * failed download is forgotten, so the next search tries again.
 */
const loadDealerList: () => Promise<DealerList> = onceUntilFailure(() =>
  import("~/components/dealers/where-to-buy-dealers").then((module) => module.WhereToBuyDealers),
);

interface Answer {
  data: WhereToBuyAnswer;
  List: DealerList;
}

/**
 * "Händler finden" on an article. Without JavaScript it is a GET form to the dealer search for
 * this article. With JavaScript the same search's loader answers in place with the nearest
 * three; "near me" asks for the position only on a click.
 */
export function WhereToBuy({ partno, recall = null }: { partno: string; recall?: string | null }) {
  const t = useT();
  const lang = useLang();
  const [input, setInput] = useState<WhereToBuyInput | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [locating, setLocating] = useState(false);
  const request = useRef<AbortController | null>(null);
  const id = useId();

  // Closing the panel (or leaving the article) drops a search still under way.
  useEffect(() => () => request.current?.abort(), []);

  const lookUp = (next: WhereToBuyInput) => {
    setInput(next);
    setProblem(null);
    setLoading(true);
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    const timer = setTimeout(() => controller.abort(), LOOKUP_TIMEOUT_MS);
    // Only the latest search may change what the block shows; an earlier, slower one is dropped.
    const latest = () => request.current === controller;
    Promise.all([fetchWhereToBuy(whereToBuyLookupHref(next, partno), controller.signal), loadDealerList()])
      .then(
        ([data, List]) => {
          if (latest()) setAnswer({ data, List });
        },
        () => {
          if (latest()) setProblem("failed");
        },
      )
      .finally(() => {
        clearTimeout(timer);
        if (latest()) setLoading(false);
      });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (query === "") setProblem("empty");
    else lookUp({ kind: "query", query });
  };

  const nearMe = () => {
    if (!("geolocation" in navigator)) {
      setProblem("location");
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        lookUp({ kind: "position", lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => {
        setLocating(false);
        setProblem("location");
      },
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  const shown = problem === null ? answer : null;
  const outcome = shown ? lookupOutcome(shown.data) : null;
  let status = "";
  if (locating) status = t("dealers.locating");
  else if (loading) status = t("whereToBuy.loading");
  else if (problem === "empty") status = t("whereToBuy.emptyQuery");
  else if (problem === "location") status = t("dealers.locationError");
  else if (problem === "failed") status = t("whereToBuy.failed");
  else if (outcome?.kind === "unknownPostalCode") status = `${t("dealers.unknownPostalCode", { code: outcome.code })} ${t("whereToBuy.checkPostalCode")}`;
  else if (outcome?.kind === "none") status = t("whereToBuy.none", { query: outcome.query });
  else if (outcome?.kind === "nearestFallback") status = t("whereToBuy.nearestFallback", { radius: outcome.radiusKm });
  else if (outcome?.kind === "near") status = outcome.place ? t("whereToBuy.nearPlace", { place: outcome.place }) : t("whereToBuy.nearYou");
  else if (outcome?.kind === "text") status = t("whereToBuy.text", { query: outcome.query });

  const showHits = outcome !== null && outcome.kind !== "unknownPostalCode" && outcome.kind !== "none";
  const fullSearch = input && (showHits || problem === "failed") ? whereToBuyHref(input, partno) : null;
  const headingId = `${id}-heading`;
  const statusId = `${id}-status`;

  return (
    <section className="where-to-buy" aria-labelledby={headingId} aria-busy={loading || locating}>
      <h3 id={headingId} className="where-to-buy__heading">
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
          <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="10" r="2.6" fill="currentColor" />
        </svg>
        {t("whereToBuy.heading")}
      </h3>
      <p className="where-to-buy__intro">{t("whereToBuy.intro")}</p>
      <form method="get" action="/handlersuche" className="where-to-buy__form" onSubmit={onSubmit}>
        <label htmlFor={`${id}-q`} className="where-to-buy__label">
          {t("whereToBuy.label")}
        </label>
        <div className="where-to-buy__row">
          <input
            id={`${id}-q`}
            name="q"
            type="text"
            maxLength={100}
            autoComplete="postal-code"
            enterKeyHint="search"
            aria-invalid={problem === "empty" ? true : undefined}
            aria-describedby={problem === "empty" ? statusId : undefined}
          />
          <input type="hidden" name="article" value={partno} />
          <input type="hidden" name="r" value={WHERE_TO_BUY_RADIUS_KM} />
          <button type="submit" className="button">
            {t("whereToBuy.submit")}
          </button>
        </div>
        {/* Without JavaScript (scripting: none) it takes no room. */}
        <HydratedButton className="where-to-buy__near-me" onClick={nearMe} busy={locating}>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
            <circle cx="12" cy="12" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="12" cy="12" r="2.5" fill="currentColor" />
            <path d="M12 1v4M12 19v4M1 12h4M19 12h4" stroke="currentColor" strokeWidth="2" />
          </svg>
          {t("dealers.nearMe")}
        </HydratedButton>
      </form>
      <p id={statusId} className="where-to-buy__status" role="status">
        {status}
      </p>
      {shown && showHits ? <shown.List t={t} lang={lang} hits={shown.data.hits} now={shown.data.now} recall={recall} /> : null}
      {fullSearch ? (
        <AppLink to={fullSearch} className="where-to-buy__all">
          {problem === "failed" ? t("whereToBuy.openSearch") : t("whereToBuy.showAll")}
        </AppLink>
      ) : null}
    </section>
  );
}
