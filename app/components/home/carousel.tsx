import { useCallback, useEffect, useId, useState, useSyncExternalStore } from "react";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { ResponsiveImage } from "~/components/responsive-image";
import { brand } from "~/config/brand";
import { useHydrated } from "~/hooks/use-hydrated";

/** Specification section 9: three slides, a new one every 5000 ms. */
export const SLIDE_INTERVAL_MS = 5000;

const SLIDES = [
  { key: "road", image: "static/slide-1", href: "/products" },
  { key: "parts", image: "static/slide-2", href: "/downloads" },
  { key: "dusk", image: "static/slide-3", href: "/handlersuche" },
] as const;

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
export function Carousel({ mediaBase }: { mediaBase: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();
  const total = SLIDES.length;
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
        {SLIDES.map((slide, i) => {
          const current = i === index;
          return (
            <div
              key={slide.key}
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
                path={`${slide.image}-desktop`}
                widths={[800, 960, 1200, 1600]}
                sizes="(max-width: 762px) 800px, (max-width: 1333px) 105vw, (max-width: 1400px) 1400px, 100vw"
                alt=""
                width={1600}
                height={640}
                className="carousel__image"
                priority={i === 0}
                mobile={{
                  path: `${slide.image}-mobile`,
                  width: 800,
                  height: 1000,
                  widths: [400, 640, 800],
                  sizes: "(max-width: 416px) 416px, 100vw",
                  media: "(max-width: 640px)",
                }}
              />
              <div className="carousel__caption">
                <p className="carousel__tagline">
                  {t(`home.slides.${slide.key}.tagline`, { count: brand.advertisedRangeSize })}
                </p>
                <AppLink to={slide.href} className="button button--accent">
                  {t(`home.slides.${slide.key}.cta`, { edition: brand.catalogueEdition })}
                </AppLink>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
