import type { DealerRow } from "~/db/schema";
import { countryTimeZone } from "~/geo/time-zone.server";
import type { ListedDealer } from "./dealer";
import { servicesFromText } from "./dealer-services";
import { addressLine } from "./postal-address.server";

/** dealers.approximate as the API says it: 1 the postal code's centre, 2 the town's. */
function approximateOf(row: DealerRow): ListedDealer["approximate"] {
  if (row.approximate === 2) return "town";
  return row.approximate ? true : undefined;
}

/** Empty columns mean "none" or "unknown": the dealer then lacks the field, as a provider's would. */
export function dealerFromRow(row: DealerRow): ListedDealer {
  const approximate = approximateOf(row);
  const timeZone = countryTimeZone(row.country);
  return {
    name: row.name,
    address: addressLine({ street: row.street, postalCode: row.postal_code, locality: row.city, region: row.region, country: row.country }),
    city: row.city,
    postal: { street: row.street, postalCode: row.postal_code, region: row.region },
    phone: row.tel,
    email: row.email,
    ...(row.web ? { website: row.web } : {}),
    tags: row.tag,
    position: [row.lat, row.lng],
    ...(approximate ? { approximate } : {}),
    slug: row.slug,
    country: row.country,
    ...(timeZone ? { timeZone } : {}),
    services: servicesFromText(row.services),
    ...(row.opening_hours ? { openingHours: row.opening_hours } : {}),
    ...(row.product_lines ? { productLines: row.product_lines.split(",").map((line) => line.trim()) } : {}),
  };
}
