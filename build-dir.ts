import fs from "node:fs";
import path from "node:path";

/**
 * The checkout's root: the folder of this file in the source tree, two levels up in the compiled
 * server (<build>/runtime), so both find the same build, data and resources.
 */
function findProjectRoot(from: string): string {
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

/** The compiled production server (scripts/build-server.ts). */
export const serverEntry = path.join(buildDirectory, "runtime", "main.js");

/**
 * How production runs it; `npm start` spells out the same flags (a test keeps them equal).
 * The old-generation cap keeps the heap near what the server really holds (about 60 MB live): left
 * alone, V8 sizes it from the machine's memory and lets garbage pile up to hundreds of MB before
 * collecting (issue 7 asks for under 250 MB resident, flat).
 */
export const SERVER_NODE_FLAGS = ["--enable-source-maps", "--max-old-space-size=160"] as const;
