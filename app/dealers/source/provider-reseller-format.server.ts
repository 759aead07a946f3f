import type { ProviderReseller } from "~/exchange/provider-schema";
import type { Dealer } from "~/dealers/dealer/dealer";

/** A dealer in the provider's field names, for our provider-compatible API: the inverse of provider-reseller.ts. */
export function toProviderReseller(dealer: Dealer): ProviderReseller {
  return {
    name: dealer.name,
    adresse: dealer.address,
    tel: dealer.phone,
    email: dealer.email,
    ...(dealer.website !== undefined ? { web: dealer.website } : {}),
    ort: dealer.city,
    tag: dealer.tags,
    position: dealer.position,
    ...(dealer.approximate ? { approximate: dealer.approximate } : {}),
    slug: dealer.slug,
    country: dealer.country,
    ...(dealer.timeZone !== undefined ? { timeZone: dealer.timeZone } : {}),
    services: dealer.services,
    ...(dealer.openingHours !== undefined ? { openingHours: dealer.openingHours } : {}),
    ...(dealer.productLines !== undefined ? { productLines: dealer.productLines } : {}),
  };
}
