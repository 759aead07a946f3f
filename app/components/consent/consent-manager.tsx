import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useT } from "~/i18n/use-t";
import { useLocation } from "react-router";
import { AppLink } from "~/navigation/app-link";
import { useRootData } from "~/hooks/use-root-data";
import { disableAnalytics, enableAnalytics, trackPageView } from "./analytics";
import { CONSENT_STORAGE_KEY, browserStorage, readConsent, writeConsent, type ConsentStatus } from "./consent-storage";

type View = "banner" | "settings";

/**
 * The cookie banner, its settings view and the cookie button that reopens it (specification section
 * 4, cookie consent). Rendered only in the browser, after localStorage was read: a returning visitor
 * never sees the banner flash, and without JavaScript nothing is loaded that would need consent.
 *
 * Rendered only when an analytics id is configured (routes/site-layout.tsx): nothing else needs consent.
 *
 * The banner is a non-modal bottom sheet, not a dialog: it takes focus when it first appears but does
 * not trap it, and the page (with the footer's privacy and imprint links) stays usable above it.
 */
export function ConsentManager() {
  const t = useT();
  const { analyticsId, analyticsScriptUrl } = useRootData();
  const location = useLocation();
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<ConsentStatus | null>(null);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>("banner");
  const [analyticsChoice, setAnalyticsChoice] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes when the banner closes: the cookie button when it opened the banner. */
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bannerId = useId();

  useEffect(() => {
    const stored = readConsent(browserStorage());
    setStatus(stored);
    setReady(true);
    if (!stored) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    }
    // Another tab may decide: follow it, so a Reject there also stops analytics here.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CONSENT_STORAGE_KEY) setStatus(readConsent(browserStorage()));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // Applies the decision: on every page load too, so cookies left from an earlier consent are cleared.
  useEffect(() => {
    if (!ready) return;
    if (status === "accepted" && analyticsId) enableAnalytics(analyticsId, analyticsScriptUrl);
    else if (status === "rejected") disableAnalytics(analyticsId, analyticsScriptUrl);
  }, [ready, status, analyticsId, analyticsScriptUrl]);

  // One page view per page, also after client-side navigation (gtag alone only sees the first load).
  useEffect(() => {
    if (status === "accepted" && analyticsId) trackPageView(analyticsId);
  }, [status, analyticsId, location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    // Focusing forces the browser to bring style and layout up to date. Right after hydration that is
    // the whole page, so do it in the next frame, where that work happens anyway, instead of adding
    // it to the hydration task.
    const frame = requestAnimationFrame(() => headingRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [open]);

  // The page gets room below the footer as tall as the banner, so nothing stays hidden behind it.
  // The observer reports the first size after the browser's own layout (no forced layout), and only
  // body's padding changes: a custom property on <html> would restyle every element of the page.
  useEffect(() => {
    const banner = bannerRef.current;
    if (!open || !banner) return;
    const body = document.body;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? banner.getBoundingClientRect().height;
      body.style.paddingBottom = `${Math.ceil(height)}px`;
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      body.style.removeProperty("padding-bottom");
    };
  }, [open]);

  const focusAfterClose = useRef(false);
  const close = useCallback(() => {
    focusAfterClose.current = true;
    setOpen(false);
    setView("banner");
  }, []);

  // After the banner is gone (and the cookie button is back), focus returns to where it came from.
  useEffect(() => {
    if (open || !focusAfterClose.current) return;
    focusAfterClose.current = false;
    const target = returnFocus.current;
    returnFocus.current = null;
    const fallback = document.getElementById("main");
    (target && target.isConnected && target !== document.body ? target : fallback)?.focus({ preventScroll: true });
  }, [open]);

  const decide = useCallback(
    (decision: ConsentStatus) => {
      writeConsent(browserStorage(), decision);
      setStatus(decision);
      close();
    },
    [close],
  );

  useEffect(() => {
    // Escape closes the banner only once there is a decision; before that it would just come back.
    if (!open || status === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, status, close]);

  if (!ready) return null;

  const openBanner = () => {
    returnFocus.current = buttonRef.current;
    setAnalyticsChoice(status === "accepted");
    setView("banner");
    setOpen(true);
  };

  return (
    <>
      {open ? (
        <section ref={bannerRef} id={bannerId} className="consent" aria-labelledby={titleId} data-view={view}>
          <div className="consent__inner">
            <h2 id={titleId} ref={headingRef} tabIndex={-1} className="consent__title">
              {t("consent.title")}
            </h2>
            {status !== null ? (
              <button type="button" className="consent__close" onClick={close} aria-label={t("consent.close")}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                </svg>
              </button>
            ) : null}
            <p className="consent__text">{t("consent.text")}</p>
            <p className="consent__links">
              {t("consent.more")} <AppLink to="/datenschutz">{t("consent.privacy")}</AppLink> · <AppLink to="/impressum">{t("consent.imprint")}</AppLink>
            </p>
            {view === "settings" ? (
              <form
                className="consent__settings"
                onSubmit={(event) => {
                  event.preventDefault();
                  decide(analyticsChoice ? "accepted" : "rejected");
                }}
              >
                <fieldset>
                  <legend className="visually-hidden">{t("consent.settings")}</legend>
                  <div className="consent__option">
                    <input type="checkbox" id={`${bannerId}-necessary`} checked disabled aria-describedby={`${bannerId}-necessary-text`} />
                    <label htmlFor={`${bannerId}-necessary`}>
                      {t("consent.necessary")} <span className="consent__badge">{t("consent.alwaysOn")}</span>
                    </label>
                    <p id={`${bannerId}-necessary-text`}>{t("consent.necessaryText")}</p>
                  </div>
                  <div className="consent__option">
                    <input
                      type="checkbox"
                      role="switch"
                      id={`${bannerId}-analytics`}
                      checked={analyticsChoice}
                      onChange={(event) => setAnalyticsChoice(event.target.checked)}
                      aria-describedby={`${bannerId}-analytics-text`}
                    />
                    <label htmlFor={`${bannerId}-analytics`}>{t("consent.analytics")}</label>
                    <p id={`${bannerId}-analytics-text`}>{t("consent.analyticsText")}</p>
                  </div>
                </fieldset>
                <div className="consent__actions">
                  <button type="submit" className="button button--outline-dark">
                    {t("consent.save")}
                  </button>
                  <button type="button" className="button" onClick={() => decide("accepted")}>
                    {t("consent.accept")}
                  </button>
                </div>
              </form>
            ) : (
              <div className="consent__actions">
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => {
                    setAnalyticsChoice(status === "accepted");
                    setView("settings");
                  }}
                >
                  {t("consent.settings")}
                </button>
                {/* Rejecting is as easy and as prominent as accepting. */}
                <button type="button" className="button" onClick={() => decide("rejected")}>
                  {t("consent.reject")}
                </button>
                <button type="button" className="button" onClick={() => decide("accepted")}>
                  {t("consent.accept")}
                </button>
              </div>
            )}
          </div>
        </section>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className="consent-button"
        aria-label={t("consent.button")}
        // Covered by the open banner, so out of reach until the banner closes.
        hidden={open}
        onClick={() => openBanner()}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path
            d="M12 3a9 9 0 1 0 9 9 3 3 0 0 1-3.6-3A3 3 0 0 1 14 5.4 3 3 0 0 1 12 3z"
            fill="currentColor"
            fillOpacity="0.18"
            stroke="currentColor"
            strokeWidth="1.7"
            strokeLinejoin="round"
          />
          <circle cx="8.5" cy="10" r="1.3" fill="currentColor" />
          <circle cx="11" cy="15.5" r="1.3" fill="currentColor" />
          <circle cx="16" cy="14" r="1.1" fill="currentColor" />
        </svg>
      </button>
    </>
  );
}
