import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { brand } from "~/config/brand";
import { createCatalogSource, perRequest } from "~/catalog/catalog-source.server";
import { type DB, isDatabaseHealthy } from "~/db/database.server";
import { type DealerStatsRecorder, ignoreDealerStats } from "~/dealers/dealer-stats.server";
import type { Env } from "~/env.server";
import { dataVersionReader } from "~/models/data-version.server";
import { createImageVariantsRouter } from "./image-variants";
import { buildDirectory } from "../build-dir";
import { levelFor, logCompleted, loggedUrl } from "./logger";
import { mediaRouter } from "./media";
import { type ResponseCache, responseCache } from "./response-cache";
import { isCacheable } from "./page-cache-policy";
import { clientIpOf, pagePath } from "./page-path";
import { requestGuard } from "./request-guard";
import { cspNonce, newNonce, securityHeaders, securityHeadersTemplate } from "./security-headers";
import { tileProxyFromEnv } from "./tile-proxy";

export interface AppOptions {
  env: Env;
  db: DB;
  logger: Logger;
  /** Production: the server build. Development: Vite's dev server, which builds on demand. */
  build: ServerBuild | ViteDevServer;
  /** Where the dealer locator counts (the caller flushes it); without one nothing is counted (benchmarks). */
  dealerStats?: DealerStatsRecorder;
  /** Epoch ms for the once-a-second data-version checks: tests move it instead of sleeping. */
  now?: () => number;
}

function isVite(build: ServerBuild | ViteDevServer): build is ViteDevServer {
  return "ssrLoadModule" in build;
}

/**
 * The site's HTTP server. Answers the page cache holds are served straight from the Node request
 * (the cache replays the headers the full stack gave them, decision 015); other pages and GET API
 * answers are rendered without Express (decision 020); files, media, tiles and form posts go
 * through Express. In development (Vite) everything goes through Express.
 */
export function createServer(options: AppOptions): http.Server {
  const { app, cache, loadContext } = createApp(options);
  const pages = isVite(options.build)
    ? null
    : pagePath({
        build: options.build,
        cache,
        securityHeaders: securityHeadersTemplate(options.env),
        newNonce,
        logger: options.logger,
        trustProxy: app.get("trust proxy fn") as (address: string, hop: number) => boolean,
        loadContext: (nonce, clientIp, head) => loadContext(nonce, clientIp, options.logger, head),
      });
  const trustProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const pageHeaders = securityHeadersTemplate(options.env);
  const guard = requestGuard({
    logger: options.logger,
    securityHeaders: () => pageHeaders("/", newNonce()),
    clientIp: (req) => clientIpOf(req, trustProxy),
  });
  const server = http.createServer(SERVER_LIMITS, (req, res) => {
    try {
      if (guard.refuse(req, res)) return;
      if (cache.serve(req, res)) return;
      if (pages?.(req, res)) return;
      app(req, res);
    } catch (error) {
      guard.failed(req, res, error);
    }
  });
  // Beyond this many sockets new ones are closed at once: each costs memory even when idle.
  server.maxConnections = options.env.MAX_CONNECTIONS;
  return server;
}

/**
 * A request must arrive whole, headers and body, within seconds: a client that trickles a body
 * byte by byte would otherwise hold its socket and buffers for Node's default of five minutes
 * (issue 12: a few thousand such sockets exhausted the heap). 15 s covers a 64 KB form post on a
 * slow phone connection; the check runs every second instead of Node's default 30 s.
 */
export const SERVER_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 15_000,
  connectionsCheckingInterval: 1_000,
} satisfies http.ServerOptions;

export function createApp({ env, db, logger, build, dealerStats = ignoreDealerStats, now = Date.now }: AppOptions): {
  app: express.Express;
  cache: ResponseCache;
  loadContext: (nonce: string, clientIp: string, logger: Logger, head: boolean) => AppLoadContext;
} {
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy req.ip must come from X-Forwarded-For, or every visitor shares one rate limit.
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(cspNonce(), ...securityHeaders(env));
  app.use(compression());
  app.use(
    pinoHttp({
      logger,
      autoLogging: {
        ignore: (req) => Boolean(req.url?.startsWith("/assets/")),
      },
      customLogLevel: (_req, res, error) => levelFor(res.statusCode, error),
      serializers: {
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          url: loggedUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.get("/healthz", async (_req, res) => {
    const ok = await isDatabaseHealthy(db);
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "unavailable" });
  });

  app.use(
    "/media/w",
    createImageVariantsRouter(path.join(env.DATA_DIR_ABSOLUTE, "media"), path.join(env.DATA_DIR_ABSOLUTE, "cache", "images")),
  );
  app.use("/media", mediaRouter(path.join(env.DATA_DIR_ABSOLUTE, "media")));
  app.use("/tiles", tileProxyFromEnv(env));

  if (isVite(build)) {
    app.use(build.middlewares);
  } else {
    const client = path.join(buildDirectory, "client");
    // Hashed file names change with their content, so they may be cached for good.
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
      }),
    );
    // Only names with an extension can be files here (favicon.svg, …): pages skip the disk lookup.
    const publicFiles = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith(".data") ? publicFiles(req, res, next) : next()));
  }

  const dataVersion = dataVersionReader(db, { now });
  const catalog = createCatalogSource(db, {
    shopId: brand.shopId,
    catalogApiUrl: env.CATALOG_API_URL,
    resellerApiUrl: env.RESELLER_API_URL,
    dataVersion,
  });

  // Rendered pages and API answers, kept until the data changes; assets and media have their own caching.
  const cache = responseCache({
    cacheable: isCacheable,
    version: dataVersion,
    newNonce,
    cacheControl: "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    onServed: (req, status, startedAt) => logCompleted(logger, req, status, startedAt),
    now,
  });
  app.use(cache.middleware);

  // HEAD is rendered as GET (below and on the page path): only the context can tell it apart.
  const loadContext = (nonce: string, clientIp: string, requestLogger: Logger, head: boolean): AppLoadContext => ({
    db,
    env,
    logger: requestLogger,
    clientIp,
    cspNonce: nonce,
    catalog: perRequest(catalog),
    dealerStats: head ? ignoreDealerStats : dealerStats,
  });
  const handler = createRequestHandler({
    build: isVite(build) ? () => build.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> : build,
    mode: isVite(build) ? "development" : "production",
    getLoadContext: (req, res) => loadContext(res.locals.cspNonce, req.ip ?? req.socket.remoteAddress ?? "", req.log, res.locals.head === true),
  });
  app.all("*splat", (req, res, next) => {
    // As on the page path: HEAD renders the GET's answer (Node sends no body for HEAD), so its
    // length, type and validator are the GET's, not those of an empty body.
    if (req.method === "HEAD") {
      req.method = "GET";
      res.locals.head = true;
    }
    return handler(req, res, next);
  });

  const onError: ErrorRequestHandler = (error: Error & { status?: number; type?: string; code?: string }, req, res, _next) => {
    // The visitor left before a file was sent (a closed tab, a browser dropping a preload): nothing failed here.
    if (error.code === "ECONNABORTED" || req.destroyed) {
      req.log.debug({ url: loggedUrl(req.url) }, "request aborted by the client");
      return;
    }
    const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
    req.log.error({ err: error }, "request failed");
    if (res.headersSent) return;
    res.status(status).json({
      error: {
        code: status === 500 ? "internal" : "bad_request",
        message: status === 500 ? "Internal server error." : error.message,
      },
    });
  };
  app.use(onError);
  return { app, cache, loadContext };
}
