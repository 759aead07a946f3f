/**
 * `npm test`: every check, one npm script after another, stopping at the first that fails, then a
 * table of how long each took, so that a CI log says where its minutes went (issue 36; the budget is
 * in docs/quality-and-benchmarks.md#ci-time).
 */
import { spawnSync } from "node:child_process";
import { projectRoot } from "../build-dir.js";

/** In this order: the cheap checks first; Lighthouse before the tests, on a quiet machine (decision 014). */
const STAGES = ["typecheck", "lint", "build", "lighthouse", "test:unit", "test:postgres", "test:e2e"] as const;

const times: string[] = [];
let failed: string | undefined;
const started = Date.now();
for (const stage of STAGES) {
  const stageStarted = Date.now();
  const result = spawnSync("npm", ["run", stage], { cwd: projectRoot, stdio: "inherit" });
  times.push(`${stage.padEnd(14)}${((Date.now() - stageStarted) / 1000).toFixed(0).padStart(6)} s`);
  if (result.status !== 0) {
    failed = stage;
    break;
  }
}
console.log(`\nnpm test, seconds per stage:\n${times.join("\n")}\n${"in all".padEnd(14)}${((Date.now() - started) / 1000).toFixed(0).padStart(6)} s`);
if (failed) {
  console.error(`npm run ${failed} failed; the stages after it did not run.`);
  process.exit(1);
}
