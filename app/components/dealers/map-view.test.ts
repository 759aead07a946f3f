import { describe, expect, it } from "vitest";
import { DESKTOP_ZOOM, PHONE_ZOOM, tileGrid, worldFraction } from "./map-view";

const tiles = (grid: ReturnType<typeof tileGrid>) =>
  Array.from({ length: grid.columns * grid.rows }, (_, i) => `${grid.z}/${grid.x + (i % grid.columns)}/${grid.y + Math.floor(i / grid.columns)}`);

describe("worldFraction", () => {
  it("is Web Mercator: the equator and meridian in the middle, the projection's edge at the top", () => {
    expect(worldFraction([0, 0])).toEqual({ x: 0.5, y: 0.5 });
    expect(worldFraction([85.0511287798, 180]).x).toBe(1);
    expect(worldFraction([85.0511287798, 180]).y).toBeCloseTo(0, 9);
    expect(worldFraction([-85.0511287798, -180]).y).toBeCloseTo(1, 9);
  });
});

describe("tileGrid", () => {
  it("names the tiles Leaflet loads for the phone view (zoom 4.3 shows zoom-4 tiles, scaled)", () => {
    const grid = tileGrid(PHONE_ZOOM, 767, 340);
    expect(tiles(grid)).toEqual(["4/7/4", "4/8/4", "4/9/4", "4/7/5", "4/8/5", "4/9/5"]);
    expect(grid.scale).toBeCloseTo(2 ** 0.3, 12);
  });

  it("covers the widest desktop frame at zoom 5 with unscaled tiles", () => {
    const grid = tileGrid(DESKTOP_ZOOM, 1200, 460);
    expect(grid).toMatchObject({ z: 5, x: 14, y: 9, columns: 6, rows: 3, scale: 1 });
  });

  it("puts the map centre in the middle of the frame", () => {
    for (const grid of [tileGrid(PHONE_ZOOM, 767, 340), tileGrid(DESKTOP_ZOOM, 1200, 460)]) {
      const size = 256 * grid.scale;
      // The centre lies inside the grid, left/top of it by less than the grid's extent.
      expect(grid.left).toBeLessThan(0);
      expect(grid.top).toBeLessThan(0);
      expect(-grid.left).toBeLessThan(grid.columns * size);
      expect(-grid.top).toBeLessThan(grid.rows * size);
      // Exactly where Web Mercator puts it: the fraction of the first tile's corner.
      const centre = worldFraction([51.1657, 10.4515]);
      expect(grid.x - grid.left / size).toBeCloseTo(centre.x * 2 ** grid.z, 9);
      expect(grid.y - grid.top / size).toBeCloseTo(centre.y * 2 ** grid.z, 9);
    }
  });

  it("stays inside the world at the edges", () => {
    const grid = tileGrid(0, 2000, 2000);
    expect(grid).toMatchObject({ z: 0, x: 0, y: 0, columns: 1, rows: 1 });
  });
});
