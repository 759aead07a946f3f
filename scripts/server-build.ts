import { pathToFileURL } from "node:url";
import { serverBuildFile } from "../build-dir.js";
import type * as Entry from "../server/entry";

export type ServerEntry = typeof Entry;

/**
 * The server as production runs it: Vite's server build, in which the HTTP server and the routes
 * are one module graph. Tests and benchmarks serve this, not server/*.ts from source, which would
 * be a second copy of every app module beside the build's.
 */
export async function importServerBuild(): Promise<ServerEntry> {
  return (await import(pathToFileURL(serverBuildFile).href)) as ServerEntry;
}
