/**
 * The dealer map's first view, shared by the Leaflet map (browser only) and the server-rendered
 * preview that stands in for it until Leaflet has drawn its own tiles. No Leaflet here: this module
 * runs on the server too.
 */

/** Specification section 9: centre of Germany, zoom 5 (desktop) or 4.3 (phone), 14 on a marker. */
export const MAP_CENTRE: [lat: number, lng: number] = [51.1657, 10.4515];
export const DESKTOP_ZOOM = 5;
export const PHONE_ZOOM = 4.3;
export const MARKER_ZOOM = 14;
/** Below this width the map uses the phone zoom; dealer-locator.css gives the frame its phone height there too. */
export const PHONE_QUERY = "(max-width: 767px)";

/*
 * Room a search's markers keep from the map's edges when the map fits them, in CSS pixels. A marker
 * is a 28 × 40 pin standing on its point; the zoom buttons take the top right corner (two 36 px
 * buttons, 10 px from the edges). On the right the room covers the buttons and half a pin, so no
 * fitted marker lies under them: a marker the buttons half cover is too small a target to tap (axe
 * target-size, issue 37), and nobody can tell which dealer it is. On top, the pin's own height.
 */
const MARKER_HALF_WIDTH = 14;
const ZOOM_BUTTONS_ROOM = 10 + 36 + 2 + 8;
export const FIT_PADDING = {
  topLeft: [32, 56] as [number, number],
  bottomRight: [ZOOM_BUTTONS_ROOM + MARKER_HALF_WIDTH, 24] as [number, number],
};

const TILE_SIZE = 256;

export interface TileGrid {
  /** The zoom level of the tile images (Leaflet rounds a fractional map zoom). */
  z: number;
  /** First column and row, and how many of each. */
  x: number;
  y: number;
  columns: number;
  rows: number;
  /** How much the 256-pixel tiles are scaled for a fractional zoom (1 at a whole zoom). */
  scale: number;
  /** Top left corner of the first tile relative to the centre of the map frame, in CSS pixels. */
  left: number;
  top: number;
}

/** Web Mercator position of a point as a fraction of the world (0–1 from the top left). */
export function worldFraction([lat, lng]: [number, number]): { x: number; y: number } {
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: (lng + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

/**
 * The tiles Leaflet shows around `centre` at `zoom` in a frame of at most `maxWidth` × `height`
 * CSS pixels, and where they sit: the same arithmetic as Leaflet's grid layer, so the preview and the
 * map line up to within Leaflet's rounding of half a pixel. A dealer's page centres it on the shop.
 */
export function tileGrid(zoom: number, maxWidth: number, height: number, centrePoint: [lat: number, lng: number] = MAP_CENTRE): TileGrid {
  const z = Math.round(zoom);
  const scale = 2 ** (zoom - z);
  const size = TILE_SIZE * scale;
  const tiles = 2 ** z;
  const centre = worldFraction(centrePoint);
  const cx = centre.x * tiles;
  const cy = centre.y * tiles;
  const x = Math.max(0, Math.floor(cx - maxWidth / 2 / size));
  const y = Math.max(0, Math.floor(cy - height / 2 / size));
  const lastX = Math.min(tiles - 1, Math.floor(cx + maxWidth / 2 / size));
  const lastY = Math.min(tiles - 1, Math.floor(cy + height / 2 / size));
  return { z, x, y, columns: lastX - x + 1, rows: lastY - y + 1, scale, left: (x - cx) * size, top: (y - cy) * size };
}

/** The tile proxy's limit (server/tile-proxy.ts). */
export const MAX_ZOOM = 19;
