import { useCallback, useEffect, useId, useState, useSyncExternalStore } from "react";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { ResponsiveImage } from "~/components/responsive-image";
import type { HomeContent } from "~/content/home-content";
import type { Localized } from "~/content/localize";
import { pictureWidths } from "~/content/media-picture";
import { useHydrated } from "~/hooks/use-hydrated";

/** Specification section 9: a new slide every 5000 ms. */
export const SLIDE_INTERVAL_MS = 5000;

/** A slide of content/home.yaml in the page's language: its two pictures, tagline and button. */
export type Slide = Localized<HomeContent["slides"][number]>;

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/**
 * The home page's image carousel, after the WAI-ARIA carousel pattern: a region with a rotation
 * control first, previous/next buttons that wrap around, slides as labelled groups, and a live region
 * that speaks only while nothing rotates. Rotation stops while the pointer is over it or focus is in
 * it, when the visitor pauses it, and never starts with reduced motion.
 *
 * The server renders slide 1 visible and the others hidden in the same box (stacked by CSS grid), so
 * nothing moves when the script arrives; the controls only appear once they work.
 */
export function Carousel({ mediaBase, slides }: { mediaBase: string; slides: readonly Slide[] }) {
  const t = useT();
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();
  const total = slides.length;
  const rotating = hydrated && playing && !hovered && !focused && !reducedMotion;

  const go = useCallback((step: number) => setIndex((current) => (current + step + total) % total), [total]);

  useEffect(() => {
    if (!rotating) return;
    // A new timer per slide: after a manual change the next one also waits the full interval.
    const timer = window.setTimeout(() => go(1), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, go]);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t("home.carouselLabel")}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {hydrated ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            onClick={() => setPlaying((value) => !value)}
            aria-label={playing && !reducedMotion ? t("home.pauseRotation") : t("home.startRotation")}
            disabled={reducedMotion}
          >
            {playing && !reducedMotion ? (
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M8 5l11 7-11 7z" fill="currentColor" />
              </svg>
            )}
          </button>
          <button type="button" className="carousel__button" onClick={() => go(-1)} aria-controls={slidesId} aria-label={t("home.previousSlide")}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <span className="carousel__counter" aria-hidden="true">
            {index + 1} / {total}
          </span>
          <button type="button" className="carousel__button" onClick={() => go(1)} aria-controls={slidesId} aria-label={t("home.nextSlide")}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
      <div id={slidesId} className="carousel__slides" aria-live={rotating ? "off" : "polite"}>
        {slides.map((slide, i) => {
          const current = i === index;
          const { desktop, mobile } = slide.image;
          return (
            <div
              // Slides have no name of their own; an editor's reordering makes them new slides.
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.slideLabel", { index: i + 1, total })}
              className="carousel__slide"
              data-current={current}
              aria-hidden={!current}
              inert={!current}
            >
              {/*
                The picture covers a band clamp(320px, 42vw, 560px) high (520px on phones), so it is often
                wider than the screen: 800px below 762px, 105vw up to 1333px, 1400px up to 1400px.
              */}
              <ResponsiveImage
                mediaBase={mediaBase}
                path={desktop.path}
                widths={pictureWidths(desktop, [800, 960, 1200, 1600])}
                sizes="(max-width: 762px) 800px, (max-width: 1333px) 105vw, (max-width: 1400px) 1400px, 100vw"
                alt=""
                width={desktop.width}
                height={desktop.height}
                className="carousel__image"
                priority={i === 0}
                mobile={{
                  path: mobile.path,
                  width: mobile.width,
                  height: mobile.height,
                  widths: pictureWidths(mobile, [400, 640, 800]),
                  sizes: "(max-width: 416px) 416px, 100vw",
                  media: "(max-width: 640px)",
                }}
              />
              <div className="carousel__caption">
                <p className="carousel__tagline">{slide.tagline}</p>
                <AppLink to={slide.link.to} className="button button--accent">
                  {slide.link.label}
                </AppLink>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
