import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { isDatabaseHealthy } from "~/db/database.server";
import { STORE_UNAVAILABLE_ANSWER, isStoreUnavailable, storeErrorSummary } from "~/db/store-unavailable.server";
import { isPostgres } from "~/db/dialect";
import { createImageVariantsRouter } from "./image-variants";
import { buildDirectory } from "../build-dir.js";
import { limitConnections } from "./connection-limit";
import { type SiteServices, loadContexts } from "./load-context";
import { levelFor, logCompleted, logSerializers, loggedUrl, requestErrorFields } from "./logger";
import { mediaRouter } from "./media";
import { isCacheable, showsStock } from "./page-cache-policy";
import { reactRouterHandler } from "./react-router-handler";
import { renderBudget } from "./render-budget";
import { requestGuard } from "./request-guard";
import { responseCache } from "./response-cache";
import { securityHeaders, securityHeadersTemplate } from "./security-headers";
import { isStoredAnswer } from "./stored-answer";
import { tileProxyFromEnv } from "./tile-proxy";

/**
 * Whether an instance may take traffic (`/readyz`): not while it starts (migrations, demo data, its
 * first pages), nor once it drains for shutdown, so a load balancer sends visitors elsewhere.
 */
export type Readiness = "starting" | "ready" | "draining";

export interface AppOptions extends SiteServices {
  /** Development: Vite's dev server, which serves the client modules; none in production. */
  vite?: ViteDevServer;
  /** Ready unless told otherwise (tests and development create a server that is ready at once). */
  readiness?: () => Readiness;
}

/**
 * The routes, built with this module (production) or loaded through Vite on each request
 * (development), where a changed route is evaluated again, so an edit shows without a restart.
 */
export const serverBuild = (): Promise<ServerBuild> => import("virtual:react-router/server-build");

/**
 * A request must arrive whole, headers and body, within seconds: a client that trickles a body
 * byte by byte would otherwise hold its socket and buffers for Node's default of five minutes
 * (issue 12: a few thousand such sockets exhausted the heap). 15 s covers the largest contact post
 * (243 KB, 5,000 long words) three times over at 50 KB/s, a slow phone connection's upload; the
 * check runs every second instead of Node's default 30 s.
 */
export const SERVER_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 15_000,
  connectionsCheckingInterval: 1_000,
} satisfies http.ServerOptions;

/**
 * The site's HTTP server: a page or API answer the page cache holds is written as stored, before
 * anything else runs (decision 025); every other request goes through one Express chain.
 */
export function createServer(options: AppOptions): http.Server {
  const { app, cache, guard, ownContent } = createApp(options);
  const server = http.createServer(SERVER_LIMITS, (req, res) => {
    // Whatever throws here (before Express's own error handling) is answered, not the end of the process.
    try {
      if (cache?.serve(req, res)) return;
      app(req, res);
    } catch (error) {
      guard.failed(req, res, error);
    }
  });
  // Beyond this many sockets new ones are closed at once: each costs memory even when idle.
  server.maxConnections = options.env.MAX_CONNECTIONS;
  // CONNECT comes as this event, not as a request: without a listener Node closes the socket unanswered.
  server.on("connect", guard.refuseTunnel);
  // Express compiled TRUST_PROXY into this; a proxy it trusts speaks for many visitors.
  const trusted = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  limitConnections(server, {
    perClient: options.env.MAX_CONNECTIONS_PER_CLIENT,
    exempt: (address) => trusted(address, 0),
    firstRequestMs: SERVER_LIMITS.headersTimeout,
  });
  // A content store the server made for itself watches the folder until the server closes.
  if (ownContent) server.once("close", () => ownContent.close());
  return server;
}

/**
 * The one chain every request that is not a cache hit goes through: security headers, the request
 * guard, compression, the request log, the health check, media, tiles, built and public files, the
 * page cache (its validators and what it stores), React Router, and the error handler.
 */
function createApp(options: AppOptions) {
  const { env, db, logger, vite } = options;
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy req.ip must come from X-Forwarded-For, or every visitor shares one rate limit.
  app.set("trust proxy", env.TRUST_PROXY);

  const guard = requestGuard({
    logger,
    securityHeaders: securityHeadersTemplate(env),
    clientIp: (req) => (req as express.Request).ip ?? req.socket.remoteAddress ?? "",
  });
  app.use(...securityHeaders(env));
  app.use((req, res, next) => {
    if (!guard.refuse(req, res)) next();
  });
  // A stored answer carries its own encodings, made once (server/response-cache.ts).
  app.use(compression({ filter: (req, res) => !isStoredAnswer(res) && compression.filter(req, res) }));
  app.use(
    pinoHttp({
      logger,
      autoLogging: {
        // A load balancer asks /readyz every few seconds, and its 503s while starting or draining
        // are expected: the log says when the server is ready ("warmed up") and when it drains.
        ignore: (req) => Boolean(req.url?.startsWith("/assets/") || req.url === "/readyz"),
      },
      customLogLevel: (_req, res, error) => levelFor(res.statusCode, error),
      customErrorObject: (_req, res, _error, fields: Record<string, unknown>) => requestErrorFields(res.statusCode, fields),
      serializers: logSerializers,
    }),
  );

  const { contextFor, pageVersion, stockVersion, content, ownContent } = loadContexts(options);
  // Alive and its store answering: which store, so several instances can be checked at a glance.
  const store = isPostgres(db) ? "postgresql" : "sqlite";
  app.get("/healthz", async (_req, res) => {
    const ok = await isDatabaseHealthy(db);
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      // The content version too: instances sharing a CONTENT_DIR show the same one once each took in a
      // change; contentProblems counts refused changes (their files show the last good content).
      .json({ status: ok ? "ok" : "unavailable", store, content: content.version(), contentProblems: content.check().length });
  });
  const readiness = options.readiness ?? (() => "ready");
  app.get("/readyz", async (_req, res) => {
    const state = readiness();
    const ok = state === "ready" && (await isDatabaseHealthy(db));
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ready" : state === "ready" ? "unavailable" : state, store });
  });

  app.use(
    "/media/w",
    // Variants live in the media folder too (hidden: /media never serves dot folders), so instances
    // sharing MEDIA_DIR make each variant once.
    createImageVariantsRouter(env.MEDIA_DIR_ABSOLUTE, path.join(env.MEDIA_DIR_ABSOLUTE, ".variants"), {
      maxCacheBytes: env.VARIANT_CACHE_MAX_MB * 1024 * 1024,
      logger,
    }),
  );
  app.use("/media", mediaRouter(env.MEDIA_DIR_ABSOLUTE, logger));
  app.use("/tiles", tileProxyFromEnv(env, () => content.get("brand")));

  if (vite) {
    app.use(vite.middlewares);
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

  // Rendered pages and API answers, kept until the data changes (production only: in development an
  // edited route must show at once); assets and media have their own caching.
  const cache = vite
    ? null
    : responseCache({
        cacheable: isCacheable,
        version: pageVersion,
        stock: { shows: showsStock, version: stockVersion },
        cacheControl: "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
        maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
        onServed: (req, status, startedAt) => logCompleted(logger, req, status, startedAt),
        now: options.now,
      });
  if (cache) app.use(cache.middleware);

  // Past the page cache only what is to be rendered: each client's share of the renderer.
  app.use(renderBudget({ perMinute: env.RENDER_RATE_LIMIT, now: options.now }));

  // `*splat`, not app.use: Express decodes the path for its parameter and answers a malformed
  // escape 400 (through the error handler) before React Router would render it as a 404 page.
  app.all("*splat", reactRouterHandler({ build: serverBuild, mode: vite ? "development" : "production", contextFor, cache }));

  const onError: ErrorRequestHandler = (error: Error & { status?: number; type?: string; code?: string }, req, res, _next) => {
    // The visitor left before a file was sent (a closed tab, a browser dropping a preload): nothing failed here.
    if (error.code === "ECONNABORTED" || req.destroyed) {
      req.log.debug({ url: loggedUrl(req.url) }, "request aborted by the client");
      return;
    }
    if (isStoreUnavailable(error)) {
      req.log.warn({ store: storeErrorSummary(error) }, "store unavailable");
      if (res.headersSent) return;
      const { status, code, message, headers } = STORE_UNAVAILABLE_ANSWER;
      res.status(status).set(headers).json({ error: { code, message } });
      return;
    }
    const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
    // A client's mistake (a malformed escape, a body that is not JSON) is in the request's own log line.
    if (status >= 500) req.log.error({ err: error }, "request failed");
    if (res.headersSent) return;
    res.status(status).json({
      error: {
        code: status === 500 ? "internal" : "bad_request",
        message: status === 500 ? "Internal server error." : error.message,
      },
    });
  };
  app.use(onError);
  return { app, cache, guard, ownContent };
}
