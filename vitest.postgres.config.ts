import fs from "node:fs";
import { defineConfig, mergeConfig } from "vitest/config";
import base, { GLOBAL_SETUP, WORKERS } from "./vitest.config.ts";

/*
 * `npm run test:postgres`: the tests that reach the database through tests/support/test-store.ts,
 * run again against a throwaway PostgreSQL cluster (decision 027). Set here rather than in the npm
 * script, so `npx vitest --config vitest.postgres.config.ts` does the same; global-setup and the
 * test workers both read it.
 */
process.env.VELOCAT_TEST_STORE = "postgres";

/**
 * What depends on the store: queries, transactions, locks, the outbox, migrations and the seed, the
 * imports' writes, several instances over one database, an outage. Pages whose answer does not
 * depend on the store (the privacy page without analytics, image variants from the media folder,
 * the catalogue PDF's layout over rows that the document builder's own test reads from PostgreSQL)
 * run on SQLite only (issue 36).
 */
export const POSTGRES_TESTS = [
  "app/db/database.server.test.ts",
  "app/db/database-lock.server.test.ts",
  "app/seed/seed.server.test.ts",
  "app/models/postal-code.server.test.ts",
  "app/models/search.server.test.ts",
  "app/dealers/stats/dealer-stats.server.test.ts",
  "app/import/dealer-import.server.test.ts",
  "app/import/stock-import.server.test.ts",
  "app/import/recall-import.server.test.ts",
  "app/contact/shared-rate-limit.server.test.ts",
  "tests/integration/api.test.ts",
  "tests/integration/contact-delivery.test.ts",
  "tests/integration/contact-requests.test.ts",
  "tests/integration/instances.test.ts",
  "tests/integration/dealer-stats.test.ts",
  "tests/integration/pages.test.ts",
  "tests/integration/search.test.ts",
  "tests/integration/paging.test.ts",
  "tests/integration/catalogue-import.test.ts",
  "tests/integration/dealer-import.test.ts",
  "tests/integration/stock-push.test.ts",
  "tests/integration/stock-push-concurrency.test.ts",
  "tests/integration/stock-visitors.test.ts",
  "tests/integration/imported-catalogue.test.ts",
  "tests/integration/provider-sync.test.ts",
  "tests/integration/scale-out.test.ts",
  "tests/integration/postgres-outage.test.ts",
  "app/dealers/lines/article-lines.server.test.ts",
  "app/documents/build-documents.server.test.ts",
  "app/export/catalogue-export.server.test.ts",
];

// A moved test would otherwise drop out of the PostgreSQL run without a word.
const missing = POSTGRES_TESTS.filter((file) => !fs.existsSync(new URL(file, import.meta.url)));
if (missing.length > 0) throw new Error(`vitest.postgres.config.ts names tests that do not exist: ${missing.join(", ")}`);

const config = mergeConfig(base, defineConfig({}));
// One project of only these files, all with the global set-up (it starts the cluster); mergeConfig
// would append to the base lists instead.
config.test = { ...config.test, projects: undefined, include: POSTGRES_TESTS, globalSetup: [GLOBAL_SETUP], maxWorkers: WORKERS };
export default config;
