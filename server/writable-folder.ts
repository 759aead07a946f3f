import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Makes `dir` (and any missing parents) and proves a file can be written in it, or says in one line
 * why not. Parents are made one at a time: Node's recursive mkdir never returns for some paths it
 * cannot create (under /proc, for one), which would hang the start instead of failing it.
 */
export function prepareWritableFolder(dir: string): string | null {
  const absolute = path.resolve(dir);
  const missing: string[] = [];
  for (let current = absolute; !fs.existsSync(current); current = path.dirname(current)) {
    if (path.dirname(current) === current) break;
    missing.unshift(current);
  }
  const probe = path.join(absolute, `.write-test-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    for (const folder of missing) fs.mkdirSync(folder);
    if (!fs.statSync(absolute).isDirectory()) return `${absolute} is not a folder`;
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
    return null;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return code ? `${absolute} cannot be used (${code}: ${message.replace(/^[A-Z]+: /, "")})` : `${absolute} cannot be used (${message})`;
  }
}
