import type { Dealer } from "./dealer";
import { addressLines } from "./postal-address.server";
import { type ShownAddress, splitAddress } from "./split-address";

/**
 * The dealer page's address: its parts as our table holds them (a provider's list only has the
 * line, which splitAddress takes apart), and the lines as the dealer's country writes them.
 */
export function shownAddress(dealer: Pick<Dealer, "address" | "city" | "country" | "postal">): ShownAddress {
  const parts = dealer.postal
    ? { street: dealer.postal.street, postalCode: dealer.postal.postalCode, locality: dealer.city, region: dealer.postal.region }
    : { ...splitAddress(dealer.address, dealer.city), region: "" };
  return { ...parts, lines: addressLines({ ...parts, country: dealer.country }) };
}
