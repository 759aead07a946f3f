/**
 * `npm start` builds only when the sources changed since the last build: a content hash of every
 * input of the build is kept in build/.fingerprint. `--stamp` just records the current hash (used
 * after `npm run build`).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildDirectory } from "../build-dir";
import { buildServer, runtimeDirectory } from "./build-server";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(buildDirectory, ".fingerprint");
const inputs = ["app", "public", "server", "build-dir.ts", "scripts/build-server.ts", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "package-lock.json"];

function* files(entry: string): Generator<string> {
  const full = path.join(root, entry);
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
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(root, file)));
    }
  }
  return hash.digest("hex");
}

const current = fingerprint();

if (process.argv.includes("--stamp")) {
  fs.writeFileSync(stampFile, current);
} else {
  const built = fs.existsSync(path.join(buildDirectory, "server", "index.js")) && fs.existsSync(path.join(runtimeDirectory, "main.js"));
  const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8") : "";
  if (built && previous === current) {
    console.log("Build is up to date.");
  } else {
    console.log(built ? "Sources changed since the last build: building…" : "No build yet: building the site (about half a minute)…");
    const started = Date.now();
    const result = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
      cwd: root,
      stdio: "inherit",
      // Test runners set NODE_ENV=test, which would bundle React's development build into the site.
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) {
      console.error("The build failed; see the messages above. `npm run build` repeats it.");
      process.exit(result.status ?? 1);
    }
    await buildServer();
    fs.writeFileSync(stampFile, current);
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}
