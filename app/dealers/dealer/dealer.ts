import { type DealerService, isDealerService } from "./dealer-services";
import { assignSlugs } from "./dealer-slug";

/**
 * A dealer as a list gives it, in our own names: the provider adapter (provider-reseller.ts)
 * and our table (dealer-from-row.server.ts) produce it. A provider's list may lack our extensions
 * (slug, country, services); `completeDealers` fills them in.
 */
export interface ListedDealer {
  name: string;
  /**
   * One line as the dealer's country writes it: "Hauptstraße 1, 80331 München", "12 Main St, Shiloh,
   * NJ 08353" (postal-address.server.ts); a provider's list as it comes (sometimes "A-1010 Wien").
   */
  address: string;
  /** The town on its own, for the search and when the address line does not parse. */
  city: string;
  /** The address's other parts where the list has them apart (our table; a provider's list has the line only). */
  postal?: { street: string; postalCode: string; region: string };
  /** As written; may be empty. */
  phone: string;
  email: string;
  website?: string;
  /** The brands the dealer sells, as the list writes them ("viva, e-bike"); see `hasBrandTag`. */
  tags: string;
  /** [latitude, longitude]; both null when the dealer could not be placed. */
  position: [number | null, number | null];
  /** The position is the postal code's centre (true) or the town's ("town"), not the address. */
  approximate?: true | "town";
  /** The dealer page's address (`/handlersuche/{slug}`). */
  slug?: string;
  /** ISO 3166-1 alpha-2 ("DE", "FR", "HK"). */
  country?: string;
  /** IANA zone of the hours outside Germany, Austria and Switzerland, where the server knows one. */
  timeZone?: string;
  /** Service keys (dealer-services.ts); a list may name ones we do not know. */
  services?: string[];
  /** The week in opening-hours text (opening-hours.ts); absent when unknown. */
  openingHours?: string;
  /** Category names or keys the dealer stocks; absent for the whole range. */
  productLines?: string[];
}

/**
 * A dealer as pages, the map and the statistics use it: our extensions always present, made the
 * same way on the server and in the browser, so a dealer page address found by one is found by
 * the other.
 */
export interface Dealer extends Omit<ListedDealer, "slug" | "country" | "services"> {
  slug: string;
  country: string;
  services: DealerService[];
}

/** "Hauptstraße 1, 80331 München" → "80331"; "" when the address has none. */
export function postalCodeOf(address: string): string {
  return /,\s*(?:[A-Z]{1,2}-)?(\d{4,5})\b/.exec(address)?.[1] ?? "";
}

/**
 * Five digits are German; four are Austrian or Swiss, told apart by longitude (the border runs
 * near 9.6° E where the two countries meet). All three share one time zone offset; the country
 * only decides which public holidays apply.
 */
function countryOf(dealer: ListedDealer): string {
  if (dealer.country) return dealer.country;
  const code = postalCodeOf(dealer.address);
  if (code.length !== 4) return "DE";
  const [lat, lng] = dealer.position;
  return lat !== null && lng !== null && lng < 9.6 ? "CH" : "AT";
}

/** The whole list at once: a missing slug must be unique against the slugs the others have. */
export function completeDealers(list: readonly ListedDealer[]): Dealer[] {
  const missing = list.filter((dealer) => !dealer.slug);
  const taken = list.flatMap((dealer) => (dealer.slug ? [dealer.slug] : []));
  const made = assignSlugs(
    missing.map((dealer) => ({ name: dealer.name, city: dealer.city })),
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
