import fs from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/*
 * Three projects (decisions 047 and 063). `unit`: the tests beside the code that need nothing but
 * themselves, run without the global set-up, so one file takes seconds (`npm run test:fast`).
 * `integration`: tests/integration, tests/quality and the tests beside the code that use what the
 * global set-up makes (a current build, the seeded demo database, the PostgreSQL cluster). `timed`:
 * the integration tests that measure time or memory under load, run one at a time after the others,
 * on an otherwise quiet machine. `vitest run` runs all three.
 */

export const GLOBAL_SETUP = "tests/support/global-setup.ts";

const BESIDE_THE_CODE = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];
const INTEGRATION = ["tests/integration/**/*.test.ts", "tests/quality/**/*.test.ts"];
/**
 * Tests that assert a time or a memory figure of a server under load (a p95, a peak, "within 2 s"):
 * they run alone, after the rest, as a visitor's request would meet the server, not beside three
 * other test files competing for two cores.
 */
export const TIMED = [
  "tests/quality/slow-uploads.test.ts",
  "tests/quality/slow-headers.test.ts",
  "tests/integration/server-memory.test.ts",
  "tests/integration/content-live.test.ts",
  "tests/integration/brand-one-home.test.ts",
  // Its wait for the rebuilt PDF (at most 30 s) failed under two parallel coverage runs; alone the PDF showed the edit after 4 s.
  "tests/integration/documents-brand.test.ts",
  "tests/quality/page-size.test.ts",
];

/**
 * Test files at once in the unit and integration projects. Most integration tests wait on child
 * processes, sockets and disks: Vitest's default on two cores, one worker (cores less one), left
 * the second core idle. With three at a time the three projects took 5.4 min in a CI run on Node 24
 * and 7.3 min on Node 20 here; the last stop's note gave 13.7 min with one (issue 36).
 */
export const WORKERS = 3;

/** Quality checks that only read the sources: no build, no database. */
const QUALITY_WITHOUT_SETUP = ["tests/quality/docs.test.ts", "tests/quality/brand-home.test.ts", "tests/quality/file-length.test.ts", "tests/quality/phone-tags.test.ts"];

/**
 * What a test uses when it needs the global set-up: `inject()` (the template's folder, the cluster's
 * URL), the test store (copies the seeded template; on PostgreSQL the cluster) or a test server
 * (serves the build). Read from the source, so a new test lands in the right project by itself.
 */
const USES_GLOBAL_SETUP = /\binject\(|tests\/support\/(test-store|test-server|server-process|imported-server|export-catalogue|data-command|seeded-copy)\b/;

const root = path.dirname(new URL(import.meta.url).pathname);

/** The tests beside the code that use the global set-up, relative to the project root. */
function besideTheCodeWithSetup(): string[] {
  return ["app", "server", "scripts"].flatMap((folder) => {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => path.join(folder, file))
      .filter((file) => USES_GLOBAL_SETUP.test(fs.readFileSync(path.join(root, file), "utf8")));
  });
}

const withSetup = besideTheCodeWithSetup();

// A moved or renamed file would otherwise leave the timed project and run beside the others.
const missingTimed = TIMED.filter((file) => !fs.existsSync(path.join(root, file)));
if (missingTimed.length > 0) throw new Error(`vitest.config.ts names timed tests that do not exist: ${missingTimed.join(", ")}`);

// Kept apart from vite.config.ts: the React Router plugin is for app builds, not for unit tests.
export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [...BESIDE_THE_CODE, ...QUALITY_WITHOUT_SETUP],
          exclude: [...configDefaults.exclude, ...withSetup],
          // Files of a worker share its module cache: loading the modules again for each of ~140
          // files was half of `npm run test:fast` (37 s → 17 s here). They keep no state between
          // files: the project passed with its files in four shuffled orders (issue 36).
          isolate: false,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [...INTEGRATION, ...withSetup],
          exclude: [...configDefaults.exclude, ...QUALITY_WITHOUT_SETUP, ...TIMED],
          globalSetup: [GLOBAL_SETUP],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: "timed", include: TIMED, globalSetup: [GLOBAL_SETUP], maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
