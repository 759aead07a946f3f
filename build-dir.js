// @ts-check
/**
 * Where the checkout, its build and the server's files are. Plain JavaScript, so that the launcher
 * (server/main.js), which runs under `node` alone before anything is compiled, reads the same
 * answers as the TypeScript that imports it.
 */
import fs from "node:fs";
import path from "node:path";

/**
 * The checkout's root: the folder of this file in the source tree, found by package.json from
 * wherever a bundle that includes this module lives (the server build), so both find the same
 * build, data and resources.
 * @param {string} from
 * @returns {string}
 */
function findProjectRoot(from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);

/**
 * Where `react-router build` writes and the server reads the build. `BUILD_DIR` exists so that
 * several checkouts or test runs on one machine can build side by side without overwriting each
 * other's assets; normally it is `build/`.
 */
export const buildDirectory = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");

/** Vite's server build: the HTTP server and the routes in one module graph (server/entry.ts). */
export const serverBuildFile = path.join(buildDirectory, "server", "index.js");

/** What `node` runs: the launcher, which imports the server build (or, with `--dev`, the sources through Vite). */
export const serverEntry = path.join(projectRoot, "server", "main.js");

/**
 * How production runs it; `npm start` spells out the same flags (a test keeps them equal).
 * The old-generation cap keeps the heap near what the server really holds (about 60 MB live): left
 * alone, V8 sizes it from the machine's memory and lets garbage pile up to hundreds of MB before
 * collecting (issue 7 asks for under 250 MB resident, flat).
 * The young generation is pinned at 16 MB per semi-space, Node 20's default: Node 24's V8 grows it
 * to 64 MB, which under uncached rendering made the server 338 MB resident instead of 249 MB and
 * 25 % slower, not faster (median of five rounds: 3.89 against 2.90 ms of CPU per render, issue 15).
 */
export const SERVER_NODE_FLAGS = /** @type {const} */ (["--enable-source-maps", "--max-old-space-size=160", "--max-semi-space-size=16"]);

/**
 * The environment the server process starts with, beside its flags; `npm start` spells it out too.
 * MALLOC_ARENA_MAX is glibc's, read before the first allocation, so it cannot be set from inside:
 * resizing pictures runs in libuv's and libvips' threads, each of which gets a malloc arena of its
 * own (up to eight per core), and each keeps what an AVIF encode freed. With two arenas a flood of
 * variant requests peaked at 272 MB resident instead of 375 MB and gave memory back afterwards
 * (issue 25). Other C libraries ignore it. `npm start` keeps a value already set.
 */
export const SERVER_ENV = /** @type {const} */ ({ MALLOC_ARENA_MAX: "2" });
