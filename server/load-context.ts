import type { Logger } from "pino";
import type { AppLoadContext } from "react-router";
import { brand } from "~/config/brand";
import { createCatalogSource, perRequest } from "~/catalog/catalog-source.server";
import { type ContentStore, createContentStore } from "~/content/content-store.server";
import { SlidingWindowLimiter } from "~/contact/rate-limit.server";
import { SharedRateLimit } from "~/contact/shared-rate-limit.server";
import { isPostgres } from "~/db/dialect";
import type { DB } from "~/db/database.server";
import { dataVersionReader } from "~/models/data-version.server";
import { stockVersionReader } from "~/models/dealer-stock.server";
import { DEALER_CLICKS_PER_MINUTE } from "~/dealers/stats/accept-dealer-click.server";
import { createDealerSource, perRequestDealers } from "~/dealers/source/dealer-source.server";
import { type DealerStatsRecorder, ignoreDealerStats } from "~/dealers/stats/dealer-stats.server";
import type { Env } from "~/env.server";
import { TokenBuckets } from "~/utils/token-bucket";
import { STOCK_AUTH_FAILURES_PER_MINUTE, STOCK_PUSHES_PER_MINUTE } from "~/import/stock-push.server";
import { contentSecurityPolicy } from "./security-headers";

export interface SiteServices {
  env: Env;
  db: DB;
  logger: Logger;
  /** Where the dealer locator counts (the caller flushes it); without one nothing is counted (benchmarks). */
  dealerStats?: DealerStatsRecorder;
  /** Told when a contact message was stored (the delivery worker's wake-up); without one nobody is told. */
  messageStored?: () => void;
  /** Epoch ms for the once-a-second version checks, page-cache expiry and stock freshness: tests move it instead of sleeping. */
  now?: () => number;
  /**
   * The content of CONTENT_DIR, kept live (decision 059). Without one (tests, benchmarks) the
   * server makes its own from `env` and closes it when it closes.
   */
  content?: ContentStore;
}

/** What the load context needs to know about one request. */
export interface RequestFacts {
  /** The client's address, after "trust proxy". */
  clientIp: string;
  logger: Logger;
  /** A HEAD request, rendered as GET: it must not count as a visit. */
  head: boolean;
}

export type LoadContextFor = (request: RequestFacts) => AppLoadContext;

/**
 * The load context of every loader and action: the site's services, made once per server (the
 * catalogue source, the rate limits), and the request's own facts. The state a route shares with
 * the server (limits, the outbox's wake-up) comes from here, never from module-level registries.
 */
export function loadContexts({ env, db, logger, dealerStats = ignoreDealerStats, messageStored = () => {}, now = Date.now, content: given }: SiteServices): {
  contextFor: LoadContextFor;
  dataVersion: () => Promise<string>;
  stockVersion: () => Promise<string>;
  /** What the page cache keys on: the data version and the content version, so either change forgets the pages. */
  pageVersion: () => Promise<string>;
  content: ContentStore;
  /** The content store this made (not given): its owner closes it. */
  ownContent: ContentStore | null;
} {
  const dataVersion = dataVersionReader(db, { now });
  // Stock changes apart from the data (decision 055): only the answers that show it follow it.
  const stockVersion = stockVersionReader(db, { now });
  const content = given ?? createContentStore({ dir: env.CONTENT_DIR_ABSOLUTE, mediaDir: env.MEDIA_DIR_ABSOLUTE, logger });
  const pageVersion = async () => `${await dataVersion()}|${content.version()}`;
  const catalog = createCatalogSource(db, {
    shopId: brand.shopId,
    catalogApiUrl: env.CATALOG_API_URL,
    dataVersion,
  });
  const dealers = createDealerSource(db, { resellerApiUrl: env.RESELLER_API_URL, dataVersion });
  const documentPolicy = contentSecurityPolicy(env);
  // Several instances share one PostgreSQL: the limit must hold in total, so they count together.
  const contactLimit = isPostgres(db) ? new SharedRateLimit(db, env.CONTACT_RATE_LIMIT) : new SlidingWindowLimiter(env.CONTACT_RATE_LIMIT);
  const dealerClickLimit = new TokenBuckets(DEALER_CLICKS_PER_MINUTE);
  const stockPushLimits = { perDealer: new TokenBuckets(STOCK_PUSHES_PER_MINUTE), failuresPerClient: new TokenBuckets(STOCK_AUTH_FAILURES_PER_MINUTE) };
  const contextFor: LoadContextFor = (request) => ({
    db,
    env,
    logger: request.logger,
    clientIp: request.clientIp,
    contentSecurityPolicy: documentPolicy,
    catalog: perRequest(catalog),
    dealers: perRequestDealers(dealers),
    dealerStats: request.head ? ignoreDealerStats : dealerStats,
    contactLimit,
    dealerClickLimit,
    stockPushLimits,
    messageStored,
    storeOutage: { seen: false },
    ownAnswer: { response: null },
    now,
    content,
  });
  return { contextFor, dataVersion, stockVersion, pageVersion, content, ownContent: given ? null : content };
}
