import { describe, expect, it } from "vitest";
import { loadPostalPlaces } from "./postal-code-files.server";
import { EXONYM_KEYS, nativePlaceKey } from "./place-exonyms";
import { placeKey } from "./postal-query";

const townKeys = new Set(loadPostalPlaces().map((place) => placeKey(place.place)));

describe("place exonyms", () => {
  it("lead every exonym to a town of the shipped files", () => {
    const missing = [...EXONYM_KEYS.values()].filter((native) => !townKeys.has(native));
    expect(missing).toEqual([]);
  });

  it("never shadow a town's own name, exactly or as the start of one", () => {
    const shadowing = [...EXONYM_KEYS.keys()].filter((exonym) => [...townKeys].some((town) => town === exonym || town.startsWith(`${exonym} `)));
    expect(shadowing).toEqual([]);
  });

  it("map the names visitors type, whatever their case and accents", () => {
    expect(nativePlaceKey(placeKey("MUNICH"))).toBe(placeKey("München"));
    expect(nativePlaceKey(placeKey("Cologne"))).toBe(placeKey("Köln"));
    expect(nativePlaceKey(placeKey("vienna"))).toBe(placeKey("Wien"));
    expect(nativePlaceKey(placeKey("Bale"))).toBe(placeKey("Basel"));
    expect(nativePlaceKey(placeKey("Genf"))).toBe(placeKey("Genève"));
    expect(nativePlaceKey(placeKey("Kassel"))).toBe(placeKey("Kassel"));
  });
});
