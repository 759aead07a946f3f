import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { projectRoot as root } from "../../build-dir.js";

/**
 * The data commands (`npm run import|export|content`) exactly as npm starts them: the bundle that
 * scripts/build-commands.ts writes, under node with the flags package.json gives. Global-setup builds
 * the bundles once per run; starting them through tsx instead cost about two seconds a call
 * (tsx transforms every app module again), over fifty calls a run (issue 36).
 */
export type DataCommand = "import" | "export" | "content";

const BUILD = "tsx scripts/build-commands.ts";

let scripts: Record<string, string> | undefined;
function npmScript(name: DataCommand): string {
  scripts ??= (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  return scripts[name] ?? "";
}

/** node's arguments for the command: its flags, the bundle, then `args`. */
export function dataCommandArgs(name: DataCommand, ...args: string[]): string[] {
  const [build, command] = npmScript(name).split(" && node ");
  // A script that no longer builds the bundle first would leave these tests running a stale one.
  if (build !== BUILD || !command) throw new Error(`package.json's "${name}" script no longer reads "${BUILD} && node …"`);
  return [...command.split(" "), ...args];
}

/** Writes the bundles from the current sources (global-setup, once per run). */
export function buildDataCommands(): void {
  execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/build-commands.ts"], { cwd: root, stdio: "inherit" });
}
