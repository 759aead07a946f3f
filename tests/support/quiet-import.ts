import { mediaDirectory } from "~/utils/media-directory.server";

/** The options an import run inside a test shares: applied for real into the server's folder, silent. */
export function quietImportInto(server: { dataDir: string }) {
  return { dryRun: false, dataDir: server.dataDir, siteMediaDir: mediaDirectory(server.dataDir), log: () => {}, quiet: true };
}
