// @ts-check
/**
 * The one way the server starts. React, React Router and Express choose their development or
 * production code from NODE_ENV when they are first imported, so it is settled here, before any of
 * them loads. Plain JavaScript, so that plain `node` runs it: production imports Vite's server build,
 * in which the server and the routes are one module graph (decision 025); `--dev` loads the same
 * modules from source through Vite's dev server, with hot reload.
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

const { projectRoot, serverBuildFile } = await import("../build-dir.js");

/** @typedef {typeof import("./entry.ts")} ServerEntry */

/** @returns {Promise<{ entry: ServerEntry, vite?: import("vite").ViteDevServer }>} */
async function load() {
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ root: projectRoot, server: { middlewareMode: true }, appType: "custom" });
    return { entry: /** @type {ServerEntry} */ (await vite.ssrLoadModule("/server/entry.ts")), vite };
  }
  if (!fs.existsSync(serverBuildFile)) {
    console.error("velocat cannot start: there is no build. Run `npm run build` (or `npm start`, which builds when needed).");
    process.exit(1);
  }
  return { entry: /** @type {ServerEntry} */ (await import(pathToFileURL(serverBuildFile).href)) };
}

const { entry, vite } = await load();
await entry.start({ vite }).catch((/** @type {unknown} */ error) => {
  console.error(error);
  process.exit(1);
});
