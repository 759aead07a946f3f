/**
 * A content hash of every input of the build, kept next to the build: `npm start` builds only when
 * it differs (scripts/build-if-needed.ts), and the build records it when it ends (react-router.config.ts).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildDirectory, projectRoot } from "../build-dir.js";

const stampFile = path.join(buildDirectory, ".fingerprint");
const INPUTS = ["app", "public", "server", "build-dir.js", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "package-lock.json"];

function* files(entry: string): Generator<string> {
  const full = path.join(projectRoot, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
    yield* files(path.join(entry, name));
  }
}

export function fingerprint(): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(projectRoot, file)));
    }
  }
  return hash.digest("hex");
}

export function recordedFingerprint(): string {
  return fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8") : "";
}

export function recordFingerprint(value: string = fingerprint()): void {
  fs.writeFileSync(stampFile, value);
}
