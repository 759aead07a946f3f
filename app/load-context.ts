import type { Logger } from "pino";
import type { CatalogSource } from "~/catalog/catalog-source.server";
import type { RateLimit } from "~/contact/rate-limit.server";
import type { ContentReader } from "~/content/content-store.server";
import type { DB } from "~/db/database.server";
import type { DealerSource } from "~/dealers/source/dealer-source.server";
import type { DealerStatsRecorder } from "~/dealers/stats/dealer-stats.server";
import type { Env } from "~/env.server";
import type { TokenBuckets } from "~/utils/token-bucket";

/** What the Node server hands every loader and action (see server/app.ts). */
declare module "react-router" {
  interface AppLoadContext {
    db: DB;
    env: Env;
    /** The catalogue (catalog-source.server.ts). */
    catalog: CatalogSource;
    /** The dealers (dealer-source.server.ts). */
    dealers: DealerSource;
    logger: Logger;
    /** The visitor's address, for in-memory rate limiting only: never store or log it. */
    clientIp: string;
    /**
     * The Content-Security-Policy of a document whose inline scripts have these hashes (CSP hash
     * sources, `'sha256-…'`): it lets exactly these run. entry.server.tsx puts it on the document's
     * answer, which replaces the policy for other answers (server/security-headers.ts).
     */
    contentSecurityPolicy(scriptHashes: readonly string[]): string;
    /** The dealer locator's anonymous counters; counts nothing for HEAD requests. */
    dealerStats: DealerStatsRecorder;
    /** Contact messages per client address (CONTACT_RATE_LIMIT in ten minutes), for the API and the form action alike. */
    contactLimit: RateLimit;
    /** Dealer-link clicks per client address and minute (the click beacon). */
    dealerClickLimit: TokenBuckets;
    /** Stock pushes per dealer and minute, and failed push authorisations per client address (decision 055). */
    stockPushLimits: { perDealer: TokenBuckets; failuresPerClient: TokenBuckets };
    /** A contact message was stored: the delivery worker sends it without waiting for its next look at the queue. */
    messageStored(): void;
    /**
     * Set by handleError (app/entry.server.tsx) when a loader or action failed because the store is
     * unavailable: the page then answers 503 with `Retry-After`, an API route the JSON 503
     * (server/react-router-handler.ts).
     */
    storeOutage: { seen: boolean };
    /**
     * An answer that is no page, from the loader of a page's route (the Digital Link's link set and
     * JSON errors, decision 064): entry.server.tsx sends it instead of rendering the document.
     */
    ownAnswer: { response: Response | null };
    /** The server's clock (epoch ms): whether stock is fresh (decision 056); tests move it. */
    now(): number;
    /**
     * What editors wrote in CONTENT_DIR (app/content, decision 059): `content.get("home")` is the
     * file's last good content, typed by its schema; the page cache forgets pages when it changes.
     */
    content: ContentReader;
  }
}

export {};
