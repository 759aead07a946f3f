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
