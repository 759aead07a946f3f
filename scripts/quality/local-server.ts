/**
 * Starts the production server on a free port for a quality check (Lighthouse, HTML validity) and
 * stops it afterwards. Uses its own DATA_DIR, so it never touches ./data; the first start seeds it.
 */
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import sharp from "sharp";
import path from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS, serverEntry } from "../../build-dir";

const root = path.resolve(import.meta.dirname, "..", "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Stands in for the map tile server: quality runs have no internet, and a failing upstream would
 * put tile errors into every dealer-page measurement. Every tile is the same light square.
 */
async function startTileStub(): Promise<{ url: string; close(): void }> {
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#eef2ef" } }).png().toBuffer();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=604800" });
    res.end(png);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, close: () => server.close() };
}

export interface LocalServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startLocalServer(
  dataDir: string,
  env: Record<string, string> = {},
  /** A number is an open file's descriptor: the server's output is kept there (the HTTP bench's log). */
  stdio: "inherit" | "ignore" | number = "inherit",
): Promise<LocalServer> {
  // Measure what the sources say now: build first when they changed (a no-op otherwise).
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-if-needed.ts"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("the build failed: run `npm run build` to see why");
  const tiles = await startTileStub();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The compiled production server (as `npm start` runs it), started by node itself: the PID is the server's.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: url,
      LOG_LEVEL: "warn",
      TILE_UPSTREAM_URL: tiles.url,
      // Quality runs and benchmarks render thousands of pages from this one address.
      RENDER_RATE_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", stdio, stdio],
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet (seeding on first start).
    }
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 4 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => {
          tiles.close();
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** One article list and one article deep link, read from the API so no demo row is hard-coded. */
export async function sampleCatalogueUrls(url: string): Promise<{ list: string; article: string }> {
  type Category = { bbf_cat_name: string; bbf_cat_ID_PUBLICGRPORDER: number; bbf_cat_parent_category: number | null };
  const categories = (await (await fetch(`${url}/catalog/list/categories/37`)).json()) as Category[];
  const leaf = categories.find(
    (c) => c.bbf_cat_parent_category !== null && !categories.some((x) => x.bbf_cat_parent_category === c.bbf_cat_ID_PUBLICGRPORDER),
  );
  if (!leaf) throw new Error("the catalogue has no leaf category");
  const list = (await (await fetch(`${url}/catalog/list/categories/articles/${leaf.bbf_cat_ID_PUBLICGRPORDER}`)).json()) as {
    articles: { PARTNO: string }[];
  };
  const partno = list.articles[0]?.PARTNO;
  if (!partno) throw new Error(`category ${leaf.bbf_cat_name} has no articles`);
  const listPath = `/products/articles/${encodeURIComponent(leaf.bbf_cat_name.replace(/ /g, "-"))}`;
  return { list: listPath, article: `${listPath}/${encodeURIComponent(partno)}` };
}
