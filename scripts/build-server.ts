/**
 * Compiles the Node server (server/*.ts and the app modules it imports) into plain JavaScript in
 * <build>/runtime, so production runs under `node` alone: no TypeScript loader in the process,
 * which saves memory (tsx keeps a second V8 isolate for its transforms) and start-up time.
 * Packages stay external and load from node_modules as usual. See docs/decisions.
 */
import path from "node:path";
import { build } from "esbuild";
import { projectRoot, serverEntry } from "../build-dir";

export const runtimeDirectory = path.dirname(serverEntry);

export async function buildServer(): Promise<void> {
  await build({
    absWorkingDir: projectRoot,
    entryPoints: { main: "server/main.ts" },
    outdir: runtimeDirectory,
    bundle: true,
    // main.ts settles NODE_ENV before start.ts (and React with it) is imported: keep that import lazy.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
}
