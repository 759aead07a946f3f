import { type TileGrid, tileGrid } from "~/components/dealers/map-view";

/** Street level for an exact address; a postal code's centre is only a neighbourhood. */
export const EXACT_ZOOM = 15;
export const APPROXIMATE_ZOOM = 13;
/**
 * The frame's largest size (dealer-page-details.css, `.dealer-profile__map`): below 900 px the full width of the
 * page, 320 px high; beside the details, 400 px high and narrower.
 */
const MAX_WIDTH = 900;
const MAX_HEIGHT = 400;

/**
 * Where the tiles go so the point sits in the middle of the frame: the grid's offset from the
 * frame's centre (`tileGrid` works it out the way Leaflet does).
 */
export function locationGrid(lat: number, lng: number, approximate: boolean): TileGrid {
  return tileGrid(approximate ? APPROXIMATE_ZOOM : EXACT_ZOOM, MAX_WIDTH, MAX_HEIGHT, [lat, lng]);
}

interface Props {
  lat: number;
  lng: number;
  approximate: boolean;
  /** "Karte: Lage von Radhaus Berger" */
  label: string;
  attribution: string;
}

/**
 * A dealer's location as a few server-rendered tiles from our tile proxy with a pin in the middle:
 * a map with the page, without Leaflet's 40 KB, and without JavaScript too. Only the tiles inside
 * the frame load (lazy images clipped by the frame are not fetched).
 */
export function DealerLocationMap({ lat, lng, approximate, label, attribution }: Props) {
  const grid = locationGrid(lat, lng, approximate);
  const tiles = [];
  for (let row = 0; row < grid.rows; row++) {
    for (let column = 0; column < grid.columns; column++) {
      const src = `/tiles/${grid.z}/${grid.x + column}/${grid.y + row}.png`;
      tiles.push(<img key={src} src={src} alt="" width={256} height={256} loading="lazy" decoding="async" />);
    }
  }
  return (
    <div className="dealer-profile__map" role="img" aria-label={label}>
      <div
        className="dealer-profile__tiles"
        style={{
          left: `calc(50% + ${grid.left.toFixed(1)}px)`,
          top: `calc(50% + ${grid.top.toFixed(1)}px)`,
          gridTemplateColumns: `repeat(${grid.columns}, 256px)`,
        }}
      >
        {tiles}
      </div>
      {approximate ? <span className="dealer-profile__area" /> : null}
      <svg className="dealer-profile__pin" viewBox="0 0 28 40" width="34" height="48" aria-hidden="true" focusable="false">
        <path d="M14 1C6.8 1 1 6.7 1 13.8 1 23.5 14 39 14 39s13-15.5 13-25.2C27 6.7 21.2 1 14 1z" />
        <circle cx="14" cy="14" r="5.2" />
      </svg>
      <span className="dealer-profile__attribution">{attribution}</span>
    </div>
  );
}
