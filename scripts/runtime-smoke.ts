/**
 * `npm run smoke`: a short proof that the site installs, builds, starts, serves and imports on the
 * runtime it is running under. CI runs the complete suite on Node 24 LTS, the recommended runtime,
 * and this on Node 20, which `engines` still allows (decision 063): `npm start` on an empty data
 * folder (build, migrate, seed), the main pages in both languages and the JSON API, then one dealer
 * import through `npm run import`, which the running server must show. Exits 1 with the step that
 * failed; stops the server either way.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../build-dir.js";
import { freePort, sampleCatalogueUrls } from "./quality/local-server";

const DEALER_FILE = "tests/fixtures/dealers/semicolon-bom.csv";
/** A dealer of that file that the demo does not have, in the words the dealer search shows. */
const IMPORTED_DEALER = "Zweirad Elbflorenz";

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-smoke-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SITE_URL: url, LOG_LEVEL: "warn" };

function npm(args: string[], options: { detached?: boolean } = {}) {
  return spawn("npm", args, { cwd: projectRoot, env, stdio: ["ignore", "inherit", "inherit"], detached: options.detached });
}

function exitCode(child: ReturnType<typeof npm>): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function waitFor(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function expectPage(pagePath: string, lang: "de" | "en"): Promise<void> {
  const response = await fetch(`${url}${pagePath}${pagePath.includes("?") ? "&" : "?"}lang=${lang}`);
  const body = await response.text();
  if (response.status !== 200 || !body.includes(`<html lang="${lang}"`)) throw new Error(`${pagePath} [${lang}]: ${response.status}, ${body.slice(0, 200)}`);
}

// npm start runs the launcher in a shell of its own: a process group, so that the whole of it stops.
const server = npm(["start"], { detached: true });
const serverExit = exitCode(server);
const stopServer = async () => {
  if (server.exitCode !== null || server.pid === undefined) return;
  process.kill(-server.pid, "SIGTERM");
  await serverExit;
};

try {
  console.log(`Smoke test on Node ${process.version}: npm start on an empty ${dataDir}`);
  await waitFor("npm start answering /healthz", 300_000, async () => {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    return (await fetch(`${url}/healthz`)).ok;
  });
  console.log(`Serving after ${seconds()}.`);

  const { list, article } = await sampleCatalogueUrls(url);
  const pages = ["/", "/products", list, article, "/search?q=klingel", "/handlersuche", "/service", "/downloads", "/contact", "/impressum"];
  for (const pagePath of pages) for (const lang of ["de", "en"] as const) await expectPage(pagePath, lang);
  const dealers = (await (await fetch(`${url}/api/reseller`)).json()) as unknown[];
  if (!Array.isArray(dealers) || dealers.length === 0) throw new Error("/api/reseller: no dealers");
  console.log(`${pages.length * 2} pages and /api/reseller (${dealers.length} dealers) answered after ${seconds()}.`);

  const imported = await exitCode(npm(["run", "-s", "import", "--", "dealers", DEALER_FILE]));
  if (imported !== 0) throw new Error(`npm run import -- dealers ${DEALER_FILE} exited with ${imported}`);
  await waitFor(`the imported dealer "${IMPORTED_DEALER}" on /handlersuche`, 30_000, async () =>
    (await (await fetch(`${url}/handlersuche?q=Dresden`)).text()).includes(IMPORTED_DEALER),
  );
  console.log(`Imported ${DEALER_FILE}; the running server shows it. Smoke test passed in ${seconds()}.`);
} catch (error) {
  console.error(`Smoke test failed after ${seconds()}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
