import L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useMap } from "react-leaflet";
import type { Lang } from "~/i18n/language";
import { MAX_ZOOM } from "~/components/dealers/map-view";

/* The dealer map's tiles and Leaflet's credit (dealer-map.tsx). */
/**
 * OpenStreetMap's tiles exist at 256 px only. On a phone they are drawn at two or three device pixels
 * per tile pixel, a little soft; the alternative, `detectRetina` (four tiles of the next zoom level
 * at half size), is sharp but halves every label to a size nobody can read on a phone. `srcset … 1x`
 * states what the image is, a one-density-only picture, so Lighthouse does not ask for a sharper one
 * that does not exist (decision 014).
 */
class OneDensityTileLayer extends L.TileLayer {
  override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const tile = super.createTile(coords, done) as HTMLImageElement;
    tile.srcset = `${tile.src} 1x`;
    return tile;
  }
}

/**
 * The tooltip of Leaflet's own credit, which Leaflet writes in English only. Here rather than in the
 * locale modules, whose texts are in every page's initial JavaScript: only the map shows it.
 */
export const LEAFLET_TITLE: Record<Lang, string> = {
  de: "Eine JavaScript-Bibliothek für interaktive Karten",
  en: "A JavaScript library for interactive maps",
};

/** Anything that moves the view away from the preview's: a pan, a zoom, a new frame size. */
export const LEAVES_PREVIEW = "movestart zoomstart move resize";

/**
 * The map's tiles. Over the page's preview the first view needs none: the preview shows exactly the
 * tiles Leaflet would load, already there with the HTML. Leaflet's own tile layer starts at the
 * first change of view, so its start-up draws nothing that is already on screen.
 */
export function Tiles({
  attribution,
  leafletTitle,
  onPreview,
  onLeavePreview,
}: {
  attribution: string;
  leafletTitle: string;
  onPreview: boolean;
  onLeavePreview: () => void;
}) {
  const map = useMap();
  // Only the state at mount counts: a remount (new language) after the preview is gone draws at once.
  const [startsOnPreview] = useState(onPreview);
  const leave = useRef(onLeavePreview);
  leave.current = onLeavePreview;
  useEffect(() => {
    const credits = map.attributionControl;
    const prefix = credits?.options.prefix;
    // Leaflet's prefix is its link with the flag; only its title changes. The title is our own
    // locale text, which holds no quotes.
    if (credits && typeof prefix === "string") credits.setPrefix(prefix.replace(/title="[^"]*"/, `title="${leafletTitle}"`));
    credits?.addAttribution(attribution);
    let layer: L.TileLayer | null = null;
    const draw = () => {
      map.off(LEAVES_PREVIEW, draw);
      layer = new OneDensityTileLayer("/tiles/{z}/{x}/{y}.png", { maxZoom: MAX_ZOOM }).addTo(map);
      leave.current();
    };
    if (startsOnPreview) map.on(LEAVES_PREVIEW, draw);
    else draw();
    return () => {
      map.off(LEAVES_PREVIEW, draw);
      layer?.remove();
      credits?.removeAttribution(attribution);
    };
  }, [map, attribution, leafletTitle, startsOnPreview]);
  return null;
}

