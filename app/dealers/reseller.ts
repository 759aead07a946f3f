import type { ProviderReseller } from "~/catalog/provider-schema";
import { type DealerService, isDealerService } from "./dealer-services";
import { assignSlugs } from "./dealer-slug";
import type { PostalCountry } from "~/geo/postal-query";

/**
 * A dealer as pages and the map use it: the provider's shape with our extensions always present.
 * Our own API sends them; a provider's list lacks them, and gets them here the same way on the
 * server and in the browser, so a dealer page address found by one is found by the other.
 */
export type Reseller = ProviderReseller & {
  slug: string;
  country: PostalCountry;
  services: DealerService[];
};

/** "Hauptstraße 1, 80331 München" → "80331". */
function postalCodeOf(adresse: string): string {
  return /,\s*(?:[A-Z]{1,2}-)?(\d{4,5})\b/.exec(adresse)?.[1] ?? "";
}

/**
 * Five digits are German; four are Austrian or Swiss, told apart by longitude (the border runs
 * near 9.6° E where the two countries meet). All three share one time zone offset; the country
 * only decides which public holidays apply.
 */
function countryOf(dealer: ProviderReseller): PostalCountry {
  if (dealer.country) return dealer.country;
  const code = postalCodeOf(dealer.adresse);
  if (code.length !== 4) return "DE";
  const [lat, lng] = dealer.position;
  return lat !== null && lng !== null && lng < 9.6 ? "CH" : "AT";
}

export function completeResellers(list: readonly ProviderReseller[]): Reseller[] {
  const missing = list.filter((dealer) => !dealer.slug);
  const taken = list.flatMap((dealer) => (dealer.slug ? [dealer.slug] : []));
  const made = assignSlugs(
    missing.map((dealer) => ({ name: dealer.name, city: dealer.ort })),
    taken,
  );
  const slugOf = new Map(missing.map((dealer, i) => [dealer, made[i] ?? ""]));
  return list.map((dealer) => ({
    ...dealer,
    slug: dealer.slug || (slugOf.get(dealer) ?? ""),
    country: countryOf(dealer),
    services: (dealer.services ?? []).filter(isDealerService),
  }));
}
