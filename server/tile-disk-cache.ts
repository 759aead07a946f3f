import fs from "node:fs/promises";
import path from "node:path";

/**
 * The size bound of the tile cache on disk (issue 12: without one, a client asking for thousands of
 * distinct tiles filled the disk). It knows every cached tile's size and keeps them in order of last
 * use, in memory; past `maxBytes` the least recently used are deleted until 90 % is left, so pruning
 * runs now and then rather than on every new tile.
 *
 * At start the folder is scanned once in the background (a few thousand `stat`s), ordered by file
 * time: the best guess of last use after a restart. Last use itself is not written to disk; a file
 * system's access time is too often switched off to rely on.
 */
export class TileDiskCache {
  /** Relative tile path → bytes of the tile and its metadata; Map order = least recently used first. */
  private readonly sizes = new Map<string, number>();
  private total = 0;
  private pruning: Promise<void> | null = null;
  readonly ready: Promise<void>;

  constructor(
    private readonly root: string,
    private readonly maxBytes: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.ready = this.scan().catch(onError);
  }

  get bytes(): number {
    return this.total;
  }

  get count(): number {
    return this.sizes.size;
  }

  fileOf(key: string): string {
    return path.join(this.root, `${key}.png`);
  }

  /** A tile was read: it becomes the most recently used. */
  touch(key: string): void {
    const size = this.sizes.get(key);
    if (size === undefined) return;
    this.sizes.delete(key);
    this.sizes.set(key, size);
  }

  /** A tile was written (or rewritten) with this many bytes, metadata included. */
  stored(key: string, bytes: number): void {
    this.total += bytes - (this.sizes.get(key) ?? 0);
    this.sizes.delete(key);
    this.sizes.set(key, bytes);
    if (this.total > this.maxBytes) void this.prune();
  }

  /** Deletes least recently used tiles until 90 % of the bound is left; one pruning at a time. */
  prune(): Promise<void> {
    this.pruning ??= (async () => {
      const goal = this.maxBytes * 0.9;
      while (this.total > goal) {
        const oldest = this.sizes.entries().next().value;
        if (!oldest) break;
        const [key, size] = oldest;
        this.sizes.delete(key);
        this.total -= size;
        const file = this.fileOf(key);
        await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.json`, { force: true })]).catch(this.onError);
      }
    })().finally(() => {
      this.pruning = null;
    });
    return this.pruning;
  }

  private async scan(): Promise<void> {
    const found: { key: string; bytes: number; mtime: number }[] = [];
    const walk = async (dir: string, prefix: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          await walk(full, `${prefix}${entry.name}/`);
        } else if (entry.name.endsWith(".tmp")) {
          // Left by a crash between write and rename.
          await fs.rm(full, { force: true }).catch(() => undefined);
        } else if (entry.name.endsWith(".png")) {
          const [tile, meta] = await Promise.all([fs.stat(full), fs.stat(`${full}.json`).catch(() => null)]);
          found.push({ key: `${prefix}${entry.name.slice(0, -4)}`, bytes: tile.size + (meta?.size ?? 0), mtime: tile.mtimeMs });
        }
      }
    };
    await walk(this.root, "");
    found.sort((a, b) => a.mtime - b.mtime);
    // Tiles stored while the scan ran are newer than anything found: they stay at the end.
    const fresh = new Map(this.sizes);
    this.sizes.clear();
    this.total = 0;
    for (const { key, bytes } of found) if (!fresh.has(key)) this.stored(key, bytes);
    for (const [key, bytes] of fresh) this.stored(key, bytes);
  }
}
