import path from "node:path";

/**
 * Pictures, documents and the catalogue PDF live here unless MEDIA_DIR names another folder (env.server.ts
 * gives MEDIA_DIR_ABSOLUTE); the server serves it as /media.
 */
export const MEDIA_SUBDIR = "media";

export function mediaDirectory(dataDir: string): string {
  return path.join(dataDir, MEDIA_SUBDIR);
}
