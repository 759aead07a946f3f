/**
 * Validates the configuration, opens, migrates and (on first start) seeds the database, then serves
 * the site. Started by server/main.js once NODE_ENV is settled.
 */
import type { ViteDevServer } from "vite";
import { mailConfigFromEnv } from "~/contact/contact-mail.server";
import { ContentLoadError, createContentStore } from "~/content/content-store.server";
import { readContent } from "~/content/read-content.server";
import { OutboxWorker } from "~/contact/outbox-worker.server";
import { DatabaseOpenError, migrateToLatest, openStore } from "~/db/database.server";
import { withStartUpLock } from "~/db/database-lock.server";
import { DealerStatsCounter } from "~/dealers/stats/dealer-stats.server";
import { EnvError, loadEnv, siteUrlWarning } from "~/env.server";
import { ensureDemoData } from "~/seed/seed.server";
import { ensureDocumentsUpToDate, followBrandContent } from "~/seed/document-freshness.server";
import { ensureCategorySlugs } from "~/catalog/category-slugs.server";
import { startPriceClock } from "~/catalog/price-clock.server";
import { brand } from "~/config/brand";
import { type Readiness, createServer } from "./app";
import { startPeriodicSync } from "./periodic-sync";
import { bufferedStdout, createLogger, exitWhenLogged } from "./logger";
import { warmUp } from "./warm-up";
import { prepareWritableFolder } from "./writable-folder";

function fail(message: string): never {
  console.error(`velocat cannot start: ${message}`);
  process.exit(1);
}

export interface StartOptions {
  /** Development: Vite's dev server, which serves the client modules and loads the routes on demand. */
  vite?: ViteDevServer;
}

export async function start({ vite }: StartOptions = {}): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(`\n${error.message}`);
    throw error;
  }
  // A folder that cannot be written would otherwise fail deep inside the seed or the PDF build.
  for (const [name, dir] of [
    ["DATA_DIR", env.DATA_DIR_ABSOLUTE],
    ["MEDIA_DIR", env.MEDIA_DIR_ABSOLUTE],
  ] as const) {
    const problem = prepareWritableFolder(dir);
    if (problem) fail(`${name}: ${problem}. Set ${name} to a folder this user may write.`);
  }
  const logOutput = bufferedStdout();
  const logger = createLogger(env.LOG_LEVEL, logOutput);
  // Node's own handling would print the error to stderr only, not to the log, and exit at once,
  // possibly cutting off a write of buffered lines in flight. Fatal lines are written synchronously.
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception");
    exitWhenLogged(logOutput, 1);
  });

  let db;
  try {
    db = await openStore(env);
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }

  // The seed and the PDFs print the brand's content (decision 061), read before the store exists.
  let startBrand;
  try {
    startBrand = readContent("brand", { dir: env.CONTENT_DIR_ABSOLUTE, mediaDir: env.MEDIA_DIR_ABSOLUTE });
  } catch (error) {
    if (error instanceof ContentLoadError) fail(error.message);
    throw error;
  }
  // Instances starting together seed and build the catalogue one after the other: the first does the
  // work, the others then find the data and the PDF (in the shared MEDIA_DIR) up to date.
  await withStartUpLock(db, async (locked) => {
    await ensureDemoData(locked, env.MEDIA_DIR_ABSOLUTE, { seed: env.DEMO_SEED, brand: startBrand, log: (line) => console.log(line) });
    // Categories stored before migration 0010 get their address once (decision 040).
    await ensureCategorySlugs(locked, brand.shopId);
    await ensureDocumentsUpToDate(locked, env.MEDIA_DIR_ABSOLUTE, startBrand, (line) => console.log(line));
  });

  // After the seed, which draws the demo pictures content names. A broken file stops the start:
  // there is no last good content to show yet (decision 059).
  let content;
  try {
    content = createContentStore({ dir: env.CONTENT_DIR_ABSOLUTE, mediaDir: env.MEDIA_DIR_ABSOLUTE, logger });
  } catch (error) {
    if (error instanceof ContentLoadError) fail(error.message);
    throw error;
  }
  // An edited brand file reaches the PDFs in the background, one rebuild at a time.
  const documents = followBrandContent({ content, db, mediaDir: env.MEDIA_DIR_ABSOLUTE, since: startBrand, log: (line) => logger.info(line) });

  // Dealer-locator counters, written every ten seconds and once more at shutdown.
  const dealerStats = new DealerStatsCounter({ db, logger });
  // Delivers stored contact messages; started once the server listens, stopped before the database closes.
  const outbox = new OutboxWorker({
    db,
    logger,
    mail: mailConfigFromEnv(env),
    // The live content: an editor's change of the brand's name or e-mail address reaches the next mail.
    brand: () => content.get("brand"),
    retentionDays: env.CONTACT_RETENTION_DAYS,
    leaseMs: env.CONTACT_LEASE_SECONDS * 1000,
  });
  // /readyz: ready once the first pages are warm, draining from the first shutdown signal.
  let readiness: Readiness = "starting";
  const server = createServer({ env, db, logger, vite, dealerStats, content, messageStored: () => outbox.wake(), readiness: () => readiness });
  // Node's default backlog (511) overflows when a burst of connections arrives while the event loop
  // is busy: a dropped SYN costs the next visitor a 1 s or 3 s retransmit. The kernel caps it (somaxconn).
  server.listen({ port: env.PORT, host: env.HOST, backlog: 4096 });
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`port ${env.PORT} on ${env.HOST} is already in use. Stop the other server or set PORT.`);
    if (error.code === "EACCES") fail(`no permission to listen on port ${env.PORT}. Choose a port above 1024 with PORT.`);
    fail(error.message);
  });
  const sync =
    env.SYNC_INTERVAL_MINUTES > 0
      ? startPeriodicSync({ minutes: env.SYNC_INTERVAL_MINUTES, root: process.cwd(), logger, env: process.env })
      : null;
  // A price that starts or ends moves on the pages and in the printed catalogue without an import (decision 075).
  const priceClock = startPriceClock(db, {
    onChange: (count) => {
      logger.info({ articles: count }, "prices started or ended today: pages and the catalogue PDF follow");
      documents.refresh();
    },
    onError: (error) => logger.error({ err: error }, "the price clock could not read the prices: it tries again in five minutes"),
  });
  server.on("listening", () => {
    outbox.start();
    dealerStats.start();
    const shown = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
    logger.info({ port: env.PORT, host: env.HOST, mode: process.env.NODE_ENV }, "server listening");
    const siteUrlProblem = siteUrlWarning(env, process.env.SITE_URL);
    if (siteUrlProblem) logger.warn({ SITE_URL: env.SITE_URL, port: env.PORT }, siteUrlProblem);
    console.log(`velocat is ready at http://${shown}:${env.PORT}`);
    // Development renders through Vite on demand: nothing to warm there.
    void (vite ? Promise.resolve() : warmUp(server, logger)).then(() => {
      if (readiness === "starting") readiness = "ready";
    });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness = "draining";
    logger.info({ signal }, "shutting down");
    // Requests in flight may finish; idle keep-alive sockets would otherwise hold the process open.
    const outboxStopped = outbox.stop();
    sync?.stop();
    priceClock.stop();
    documents.close();
    content.close();
    server.close(() => {
      // Once the last request has answered, so its counts are in the final flush; a documents rebuild
      // under way finishes (its files are written whole either way) rather than losing its database.
      void Promise.all([outboxStopped, dealerStats.stop(), documents.idle()])
        .then(() => db.destroy())
        .finally(() => exitWhenLogged(logOutput, 0));
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn("forced exit after 10 s");
      exitWhenLogged(logOutput, 1);
    }, 10_000).unref();
    void vite?.close();
  };
  // A promise nobody awaited must not end a server that is answering others (Node's default since 15).
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
