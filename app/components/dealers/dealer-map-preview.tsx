import { DESKTOP_ZOOM, PHONE_ZOOM, type TileGrid, tileGrid } from "~/components/dealers/map-view";

// The frame's largest size at each breakpoint (dealer-locator.css: `.container` and `.dealer-map-frame`).
const GRIDS = {
  phone: tileGrid(PHONE_ZOOM, 767, 340),
  desktop: tileGrid(DESKTOP_ZOOM, 1200, 460),
};

function Grid({ grid, name }: { grid: TileGrid; name: keyof typeof GRIDS }) {
  const images = [];
  for (let row = 0; row < grid.rows; row++) {
    for (let column = 0; column < grid.columns; column++) {
      const src = `/tiles/${grid.z}/${grid.x + column}/${grid.y + row}.png`;
      images.push(
        // Lazy: the browser fetches only the tiles of the grid its screen shows (the other grid is
        // display: none) that fall inside the frame. srcset 1x: see OneDensityTileLayer.
        <img key={src} src={src} srcSet={`${src} 1x`} alt="" width={256} height={256} loading="lazy" />,
      );
    }
  }
  // 256-pixel tiles scaled by the fractional part of the zoom, as Leaflet draws them.
  return (
    <div
      className={`dealer-map-preview__grid dealer-map-preview__grid--${name}`}
      style={{
        left: `calc(50% + ${grid.left.toFixed(2)}px)`,
        top: `calc(50% + ${grid.top.toFixed(2)}px)`,
        gridTemplateColumns: `repeat(${grid.columns}, 256px)`,
        transform: grid.scale === 1 ? undefined : `scale(${grid.scale.toFixed(4)})`,
      }}
    >
      {images}
    </div>
  );
}

/**
 * The map's first view as plain server-rendered tile images: the tiles Leaflet would load, through
 * the same proxy, where Leaflet would put them. The map is the largest thing on a phone's first
 * screen; this way it is there with the page rather than after hydration, Leaflet's download and
 * its start, and without JavaScript there is still a map of the area. Leaflet draws its markers over
 * it and switches to its own tiles at the first change of view (dealer-map.tsx, `Tiles`).
 */
export function DealerMapPreview() {
  return (
    <div className="dealer-map-preview" aria-hidden="true">
      <Grid grid={GRIDS.phone} name="phone" />
      <Grid grid={GRIDS.desktop} name="desktop" />
    </div>
  );
}
