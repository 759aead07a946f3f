import type { DB } from "~/db/database.server";
import { isPostalCountry } from "~/geo/postal-query";
import { findPlace, findPostalCode } from "~/models/postal-code.server";
import { type Gazetteer, loadGazetteer } from "./dealer-gazetteer.server";

/** dealers.approximate: 1 = the postal code's centre, 2 = the town's (schema.ts). */
export const APPROXIMATE = { "postal-code": 1, town: 2 } as const;

export interface Placed {
  kind: keyof typeof APPROXIMATE;
  name: string;
  lat: number;
  lng: number;
}

/**
 * Where a dealer without coordinates goes: in Germany, Austria and Switzerland the postal code's
 * centre, else the town in the shipped postal-code towns; elsewhere the town in the GeoNames
 * gazetteer, loaded only when such a dealer needs it. Each answer is looked up once: many dealers share a town.
 */
export function placer(db: DB) {
  const known = new Map<string, Promise<Placed | null>>();
  let gazetteer: Gazetteer | null = null;
  const lookUp = async (country: string, code: string, city: string, region: string): Promise<Placed | null> => {
    if (isPostalCountry(country)) {
      if (code !== "") {
        const match = await findPostalCode(db, code, [country]);
        if (match) return { kind: "postal-code", name: match.best.place, lat: match.best.lat, lng: match.best.lng };
      }
      const match = await findPlace(db, city);
      const town = match ? [match.best, ...match.alternatives].find((candidate) => candidate.country === country) : undefined;
      if (town) return { kind: "town", name: town.place, lat: town.lat, lng: town.lng };
      // The shipped postal-code towns cover these countries better than the gazetteer's bigger towns.
      return null;
    }
    gazetteer ??= loadGazetteer();
    const town = gazetteer.find(city, country, region);
    return town ? { kind: "town", ...town } : null;
  };
  return (country: string, code: string, city: string, region: string) => {
    const key = `${country}|${code}|${city}|${region}`;
    let found = known.get(key);
    if (!found) {
      found = lookUp(country, code, city, region);
      known.set(key, found);
    }
    return found;
  };
}
