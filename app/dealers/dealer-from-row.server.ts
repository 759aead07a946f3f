import type { DealerRow } from "~/db/schema";
import type { PostalCountry } from "~/geo/postal-query";
import type { ListedDealer } from "./dealer";
import { servicesFromText } from "./dealer-services";

/** Empty columns mean "none" or "unknown": the dealer then lacks the field, as a provider's would. */
export function dealerFromRow(row: DealerRow): ListedDealer {
  return {
    name: row.name,
    address: `${row.street}, ${row.postal_code} ${row.city}`,
    city: row.city,
    phone: row.tel,
    email: row.email,
    ...(row.web ? { website: row.web } : {}),
    tags: row.tag,
    position: [row.lat, row.lng],
    ...(row.approximate ? { approximate: true as const } : {}),
    slug: row.slug,
    country: row.country as PostalCountry,
    services: servicesFromText(row.services),
    ...(row.opening_hours ? { openingHours: row.opening_hours } : {}),
    ...(row.product_lines ? { productLines: row.product_lines.split(",").map((line) => line.trim()) } : {}),
  };
}
