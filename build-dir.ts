import path from "node:path";

/**
 * Where `react-router build` writes and the server reads the build. `BUILD_DIR` exists so that
 * several checkouts or test runs on one machine can build side by side without overwriting each
 * other's assets; normally it is `build/`.
 */
export const buildDirectory = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build");
