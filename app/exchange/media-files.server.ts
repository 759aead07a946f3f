import { randomBytes } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

/*
 * Careful file writing that the catalogue import and the export share (issue 27): many files at a
 * bounded pace, never half a file in place, no copy made twice.
 */

/** Runs `task` over `items`, `limit` at a time: a hundred thousand opens at once would run out of file handles. */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let index = 0;
  const worker = async () => {
    while (index < items.length) {
      const item = items[index++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Writes into a temporary file and renames it, so the running site never serves half a picture. */
export async function writeAtomically(target: string, write: (temporary: string) => Promise<void>, mtime: Date): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await write(temporary);
    // A link shares the source's times already; touching it would touch the source too.
    if (fsSync.statSync(temporary).nlink === 1) await fs.utimes(temporary, mtime, mtime);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/** Whether `target` is a copy of `source` made by us: the same file (a link), or the same modification time (and size, for copies). */
export function isCurrent(
  source: { size: number; mtimeMs: number; ino: number; dev: number },
  target: { size: number; mtimeMs: number; ino: number; dev: number } | null,
  copied: boolean,
): boolean {
  if (target === null) return false;
  if (target.ino === source.ino && target.dev === source.dev) return true;
  return Math.abs(target.mtimeMs - source.mtimeMs) < 1 && (!copied || target.size === source.size);
}
