import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { worldFraction } from "./map-view";
import { APPROXIMATE_ZOOM, DealerLocationMap, EXACT_ZOOM, locationGrid } from "./dealer-location-map";

const KASSEL = { lat: 51.3127, lng: 9.4797 };

describe("locationGrid", () => {
  it("puts the shop in the middle of the frame and covers the largest frame around it", () => {
    const grid = locationGrid(KASSEL.lat, KASSEL.lng, false);
    expect(grid.z).toBe(EXACT_ZOOM);
    const world = worldFraction([KASSEL.lat, KASSEL.lng]);
    // The shop's pixel, measured from the grid's top left corner, is where the frame's centre is.
    expect(world.x * 2 ** grid.z * 256 - grid.x * 256).toBeCloseTo(-grid.left, 6);
    expect(world.y * 2 ** grid.z * 256 - grid.y * 256).toBeCloseTo(-grid.top, 6);
    expect(grid.left).toBeLessThanOrEqual(-450);
    expect(grid.left + grid.columns * 256).toBeGreaterThanOrEqual(450);
    expect(grid.top).toBeLessThanOrEqual(-200);
    expect(grid.top + grid.rows * 256).toBeGreaterThanOrEqual(200);
  });

  it("zooms out for a postal code's centre", () => {
    expect(locationGrid(KASSEL.lat, KASSEL.lng, true).z).toBe(APPROXIMATE_ZOOM);
  });
});

describe("DealerLocationMap", () => {
  it("is one labelled image of proxied tiles with the pin and the attribution", () => {
    const html = renderToStaticMarkup(
      <DealerLocationMap lat={KASSEL.lat} lng={KASSEL.lng} approximate={false} label="Karte: Lage von Radhaus" attribution="© OSM" />,
    );
    expect(html).toContain('role="img" aria-label="Karte: Lage von Radhaus"');
    const sources = [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(3);
    for (const src of sources) expect(src).toMatch(/^\/tiles\/15\/\d+\/\d+\.png$/);
    expect(html).toContain("dealer-profile__pin");
    expect(html).not.toContain("dealer-profile__area");
    expect(html).toContain("© OSM");
  });
});
