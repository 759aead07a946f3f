import type { DB } from "~/db/database.server";
import { isPostalCountry } from "~/geo/postal-query";
import { findPostalCode } from "~/models/postal-code.server";
import { type Dealer, postalCodeOf } from "~/dealers/dealer/dealer";

/*
 * A dealer without coordinates (seeded so, or listed so by a provider's host) stands at its postal
 * code's centre, marked approximate, as an import places it (dealer-import.server.ts): the search
 * measures from there, the map pins it there and its page shows the area. Done where the dealers are
 * read, so search, distance, map and page cannot disagree.
 */
export async function placeByPostalCode(db: DB, dealers: Dealer[]): Promise<Dealer[]> {
  const centres = new Map<string, Promise<{ lat: number; lng: number } | null>>();
  const centreOf = (country: string, code: string) => {
    const key = `${country}|${code}`;
    let found = centres.get(key);
    if (!found) {
      found = isPostalCountry(country)
        ? findPostalCode(db, code, [country]).then((match) => (match ? { lat: match.best.lat, lng: match.best.lng } : null))
        : Promise.resolve(null);
      centres.set(key, found);
    }
    return found;
  };
  return Promise.all(
    dealers.map(async (dealer) => {
      const [lat, lng] = dealer.position;
      const code = postalCodeOf(dealer.address);
      if ((lat !== null && lng !== null) || code === "") return dealer;
      const centre = await centreOf(dealer.country, code);
      return centre ? { ...dealer, position: [centre.lat, centre.lng], approximate: true } : dealer;
    }),
  );
}
