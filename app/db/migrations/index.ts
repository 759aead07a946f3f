import type { Migration } from "kysely";
import * as initial from "./0001-initial";
import * as articleSearch from "./0002-article-search";
import * as postalCodes from "./0003-postal-codes";
import * as documentLanguages from "./0004-document-languages";
import * as imports from "./0005-imports";
import * as dealerDetails from "./0006-dealer-details";
import * as outboxClaims from "./0007-outbox-claims";
import * as contactRateHits from "./0008-contact-rate-hits";
import * as placeKeyFolding from "./0009-place-key-folding";
import * as categorySlugs from "./0010-category-slugs";
import * as productSafety from "./0011-product-safety";
import * as dealerStock from "./0012-dealer-stock";
import * as townRowsAndSankt from "./0013-town-rows-and-sankt";
import * as manufacturerAddresses from "./0014-manufacturer-addresses";
import * as dealerRegions from "./0015-dealer-regions";
import * as articlePrices from "./0016-article-prices";

/**
 * Migrations are listed here rather than read from a folder at run time, so they travel inside the
 * server bundle. Names sort in the order they must run; never rename or edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-article-search": articleSearch,
  "0003-postal-codes": postalCodes,
  "0004-document-languages": documentLanguages,
  "0005-imports": imports,
  "0006-dealer-details": dealerDetails,
  "0007-outbox-claims": outboxClaims,
  "0008-contact-rate-hits": contactRateHits,
  "0009-place-key-folding": placeKeyFolding,
  "0010-category-slugs": categorySlugs,
  "0011-product-safety": productSafety,
  "0012-dealer-stock": dealerStock,
  "0013-town-rows-and-sankt": townRowsAndSankt,
  "0014-manufacturer-addresses": manufacturerAddresses,
  "0015-dealer-regions": dealerRegions,
  "0016-article-prices": articlePrices,
};
