/**
 * `npm start` builds only when the sources changed since the last build: the build records a
 * content hash of its inputs (scripts/build-fingerprint.ts), compared here.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { projectRoot, serverBuildFile } from "../build-dir.js";
import { fingerprint, recordedFingerprint } from "./build-fingerprint";

const built = fs.existsSync(serverBuildFile);
if (built && recordedFingerprint() === fingerprint()) {
  console.log("Build is up to date.");
} else {
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building the site (about half a minute)…");
  const started = Date.now();
  const result = spawnSync(path.join(projectRoot, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: projectRoot,
    stdio: "inherit",
    // Test runners set NODE_ENV=test, which would bundle React's development build into the site.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above. `npm run build` repeats it.");
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
