import { type ProviderReseller, resellerSchema } from "~/exchange/provider-schema";
import type { ListedDealer } from "~/dealers/dealer/dealer";

/*
 * A provider's dealer (a remote reseller list, or our own provider-compatible API) in our own
 * names, the dealers' half of app/catalog/provider-adapter.ts. The dealer map loads it in the
 * browser.
 */

/** Without the keys a provider left out: dealers travel to the browser in the page's data, where an undefined would travel too. */
function present<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

export function fromProviderReseller(reseller: ProviderReseller): ListedDealer {
  const { name, adresse, ort, tel, email, web, tag, position, approximate, slug, country, timeZone, services, openingHours, productLines } = reseller;
  return present({
    name,
    address: adresse,
    city: ort,
    phone: tel,
    email,
    website: web,
    tags: tag,
    position,
    approximate,
    slug,
    country,
    timeZone,
    services,
    openingHours,
    productLines,
  });
}

/** One entry of a dealer list as JSON, checked against the provider's shape (throws when it does not fit). */
export function parseProviderReseller(json: unknown): ListedDealer {
  return fromProviderReseller(resellerSchema.parse(json));
}
