import type { DB } from "~/db/database.server";
import { resellerListSchema } from "~/exchange/provider-schema";
import { listDealers } from "~/models/dealer.server";
import { fetchJson } from "~/utils/fetch-json.server";
import { versionMemo } from "~/utils/version-memo";
import { type Dealer, completeDealers } from "~/dealers/dealer/dealer";
import { dealerFromRow } from "~/dealers/dealer/dealer-from-row.server";
import { fromProviderReseller } from "./provider-reseller";
import { placeByPostalCode } from "./place-by-postal-code.server";

/**
 * Where pages get their dealers, in our own names: by default our own database; with
 * RESELLER_API_URL set, the provider's host (provider-reseller.ts reads its JSON). The catalogue's
 * twin is app/catalog/catalog-source.server.ts.
 */
export interface DealerSource {
  /** Every dealer, with our extensions filled in where a provider's list lacks them. */
  dealers(): Promise<Dealer[]>;
}

export function localDealers(db: DB): DealerSource {
  return {
    async dealers() {
      return placeByPostalCode(db, completeDealers((await listDealers(db)).map(dealerFromRow)));
    },
  };
}

/** `db` places the host's dealers without coordinates on our postal-code centres. */
export function remoteDealers(baseUrl: string, db?: DB): DealerSource {
  return {
    async dealers() {
      const list = (await fetchJson(`${baseUrl}/api/reseller`, resellerListSchema)) ?? [];
      const dealers = completeDealers(list.map(fromProviderReseller));
      return db ? placeByPostalCode(db, dealers) : dealers;
    },
  };
}

/**
 * With `dataVersion`, our own dealers are kept in memory until the version changes
 * (app/utils/version-memo.ts); a provider's host is always asked afresh.
 */
export function createDealerSource(db: DB, options: { resellerApiUrl: string; dataVersion?: () => Promise<string> }): DealerSource {
  // A relative base URL points at ourselves, which is the local database without the HTTP hop.
  if (options.resellerApiUrl.startsWith("http")) return remoteDealers(options.resellerApiUrl, db);
  const local = localDealers(db);
  return options.dataVersion ? { dealers: versionMemo(options.dataVersion).value(() => local.dealers()) } : local;
}

/** Remembers the dealers for the life of one request (pages and their parent routes ask alike). */
export function perRequestDealers(source: DealerSource): DealerSource {
  let dealers: Promise<Dealer[]> | undefined;
  return { dealers: () => (dealers ??= source.dealers()) };
}
