import { useEffect, useRef, useState } from "react";
import { ZOOM } from "./zoom-timing";
import { useT } from "~/i18n/use-t";

interface Point {
  x: number;
  y: number;
}

/**
 * Magnifies the picture under the pointer: with a mouse after hovering 250 ms (ends 150 ms after
 * leaving), on touch after a 500 ms long press that does not move more than 5 px (a moving finger is
 * scrolling). The magnified layer fades in and out over 300 ms. The hint tells mouse and touch users
 * what to do; it appears only once the browser has said which it is, because without JavaScript
 * nothing zooms and the server cannot know the device. The picture stays fully usable without zoom.
 */
export function ZoomableImage({ zoomSrc, children }: { zoomSrc: string; children: React.ReactNode }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(false);
  const [origin, setOrigin] = useState<Point>({ x: 50, y: 50 });
  const [pointer, setPointer] = useState<"hover" | "touch" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touchStart = useRef<Point | null>(null);

  useEffect(() => {
    setPointer(window.matchMedia("(hover: none)").matches ? "touch" : "hover");
    return () => clearTimeout(timer.current);
  }, []);

  const moveTo = (clientX: number, clientY: number) => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setOrigin({
      x: Math.min(100, Math.max(0, ((clientX - box.left) / box.width) * 100)),
      y: Math.min(100, Math.max(0, ((clientY - box.top) / box.height) * 100)),
    });
  };
  const later = (fn: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  };

  return (
    <div
      ref={ref}
      className="zoomable"
      data-zoom={active ? "on" : "off"}
      onPointerEnter={(e) => {
        if (e.pointerType !== "mouse") return;
        moveTo(e.clientX, e.clientY);
        later(() => setActive(true), ZOOM.hoverDelayMs);
      }}
      onPointerMove={(e) => {
        if (e.pointerType === "mouse") {
          moveTo(e.clientX, e.clientY);
          return;
        }
        const start = touchStart.current;
        if (!active && start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > ZOOM.moveThresholdPx) {
          clearTimeout(timer.current);
          touchStart.current = null;
        }
        if (active) moveTo(e.clientX, e.clientY);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== "mouse") return;
        later(() => setActive(false), ZOOM.hoverOffMs);
      }}
      onPointerDown={(e) => {
        if (e.pointerType === "mouse") return;
        touchStart.current = { x: e.clientX, y: e.clientY };
        moveTo(e.clientX, e.clientY);
        later(() => setActive(true), ZOOM.longPressMs);
      }}
      onPointerUp={(e) => {
        if (e.pointerType === "mouse") return;
        touchStart.current = null;
        clearTimeout(timer.current);
        setActive(false);
      }}
      onPointerCancel={() => {
        touchStart.current = null;
        clearTimeout(timer.current);
        setActive(false);
      }}
      onContextMenu={(e) => {
        // A long press would otherwise open the browser's image menu over the zoom.
        if (active) e.preventDefault();
      }}
      style={{ touchAction: active ? "none" : "pan-y" }}
    >
      {children}
      <div
        className="zoomable__lens"
        aria-hidden="true"
        style={{
          backgroundImage: active ? `url("${zoomSrc}")` : undefined,
          backgroundSize: `${ZOOM.scale * 100}%`,
          backgroundPosition: `${origin.x}% ${origin.y}%`,
          transitionDuration: `${ZOOM.fadeMs}ms`,
        }}
      />
      {pointer ? (
        <p className="zoomable__hint" aria-hidden="true">
          {pointer === "touch" ? t("products.zoomHintTouch") : t("products.zoomHintHover")}
        </p>
      ) : null}
    </div>
  );
}
