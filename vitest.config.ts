import fs from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/*
 * Two projects (decision 047). `unit`: the tests beside the code that need nothing but themselves,
 * run without the global set-up, so one file takes seconds (`npm run test:fast`). `integration`:
 * tests/integration, tests/quality and the tests beside the code that use what the global set-up
 * makes (a current build, the seeded demo database, the PostgreSQL cluster). `vitest run` runs both.
 */

export const GLOBAL_SETUP = "tests/support/global-setup.ts";

const BESIDE_THE_CODE = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];
const INTEGRATION = ["tests/integration/**/*.test.ts", "tests/quality/**/*.test.ts"];
/** Quality checks that only read the sources: no build, no database. */
const QUALITY_WITHOUT_SETUP = ["tests/quality/docs.test.ts", "tests/quality/brand-home.test.ts", "tests/quality/file-length.test.ts"];

/**
 * What a test uses when it needs the global set-up: `inject()` (the template's folder, the cluster's
 * URL), the test store (copies the seeded template; on PostgreSQL the cluster) or a test server
 * (serves the build). Read from the source, so a new test lands in the right project by itself.
 */
const USES_GLOBAL_SETUP = /\binject\(|tests\/support\/(test-store|test-server|server-process|imported-server|export-catalogue)\b/;

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
      { extends: true, test: { name: "unit", include: [...BESIDE_THE_CODE, ...QUALITY_WITHOUT_SETUP], exclude: [...configDefaults.exclude, ...withSetup] } },
      {
        extends: true,
        test: { name: "integration", include: [...INTEGRATION, ...withSetup], exclude: [...configDefaults.exclude, ...QUALITY_WITHOUT_SETUP], globalSetup: [GLOBAL_SETUP] },
      },
    ],
  },
});
