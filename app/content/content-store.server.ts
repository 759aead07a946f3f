import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { z } from "zod";
import { type ContentFile, type ContentProblem, formatProblem } from "./content-file";
import { CONTENT_FILES } from "./content-files";
import { type ContentFolders, type Evaluation, PictureSizes, evaluateContentFile, shownPath } from "./content-source.server";

/**
 * The content of CONTENT_DIR in memory, kept live (decision 059):
 *
 * - `get(name)` is synchronous and gives the last good content of a file: what a loader reads.
 * - A change shows within 2 s without a build or restart. fs.watch reports changes on this machine
 *   at once; a poll of every file's size and times (and of the pictures it names) every 500 ms
 *   finds what fs.watch never sees: a change made by another machine on a shared folder, a folder
 *   replaced by a deploy. Several instances on one folder each find the change on their own.
 * - A changed file is read, parsed and validated again. Valid: it replaces the old content and
 *   `version()` changes (the page cache keys on it). Invalid, missing or unreadable: the last good
 *   content stays and ONE warning names file:line, once per state of the file, not once per poll.
 * - At start there is no last good content: a broken file stops the start (ContentLoadError).
 */

export type ContentLogger = Pick<Logger, "info" | "warn">;

export interface ContentStoreOptions<F extends readonly ContentFile[]> {
  /** CONTENT_DIR. */
  dir: string;
  /** MEDIA_DIR: where the pictures content names are. */
  mediaDir: string;
  logger: ContentLogger;
  /** The registry; tests give their own. */
  files?: F;
  /** Milliseconds between two looks at the files' sizes and times. */
  pollMs?: number;
  /** fs.watch as well as the poll (tests of the poll alone turn it off). */
  watch?: boolean;
  /** The clock (epoch ms), for the "written a moment ago" rule. */
  now?: () => number;
}

type NameOf<F extends readonly ContentFile[]> = F[number]["name"];
type OutputOf<F extends readonly ContentFile[], N extends NameOf<F>> = z.output<Extract<F[number], { name: N }>["schema"]>;

export interface ContentStore<F extends readonly ContentFile[] = typeof CONTENT_FILES> {
  /** The last good content of a registered file. */
  get<N extends NameOf<F>>(name: N): OutputOf<F, N>;
  /** Changes whenever any file's live content does; the same files give the same version on every instance. */
  version(): string;
  /** What is wrong now: the files whose last change was refused (their last good content is live). */
  check(): ContentProblem[];
  /** Looks at the files now instead of at the next poll; resolves once changes are taken in. */
  refresh(): Promise<void>;
  /**
   * Calls `listener` with a file's name each time its live content changes (not for a refused
   * change): for what is made from content outside a request, such as the generated PDFs.
   * Returns the function that stops the calls.
   */
  onChange(listener: (name: NameOf<F>) => void): () => void;
  close(): void;
}

/** What a loader sees of the store (`context.content`). */
export type ContentReader = Pick<ContentStore, "get" | "version">;

export class ContentLoadError extends Error {
  override name = "ContentLoadError";
  constructor(readonly problems: ContentProblem[]) {
    super(`content is not valid:\n${problems.map(formatProblem).join("\n")}\nFix these (npm run content -- check lists them) and start again.`);
  }
}

export const CONTENT_POLL_MS = 500;
/** A file written this recently may still be being written, or its times may be too coarse (a network share's whole seconds) to show the next change. */
const SETTLING_MS = 2000;
/** A file written less than this ago is looked at again a moment later: its writer may not be done (a half file would log a false problem). */
const WRITING_MS = 100;

interface FileState {
  entry: ContentFile;
  absolute: string;
  value: unknown;
  /** The key of the live (last good) content, and of the last state judged, good or not. */
  goodKey: string;
  judgedKey: string;
  /** Size and times of the file and its pictures when last looked at. */
  stamp: string;
  pictures: string[];
  problems: ContentProblem[];
}

function stampOf(file: string): Promise<string> {
  return fs.promises.stat(file).then(
    (stats) => `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`,
    (error: NodeJS.ErrnoException) => `gone:${error.code}`,
  );
}

function mtimeOf(stamp: string): number {
  return Number(stamp.split(":")[1]);
}

export function createContentStore<const F extends readonly ContentFile[] = typeof CONTENT_FILES>(options: ContentStoreOptions<F>): ContentStore<F> {
  const files = (options.files ?? CONTENT_FILES) as readonly ContentFile[];
  const folders: ContentFolders = { dir: path.resolve(options.dir), mediaDir: path.resolve(options.mediaDir) };
  const { logger } = options;
  const now = options.now ?? Date.now;
  const sizes = new PictureSizes(folders.mediaDir);
  const states = new Map<string, FileState>();
  const listeners = new Set<(name: NameOf<F>) => void>();

  if (!fs.existsSync(folders.dir)) {
    throw new ContentLoadError([{ file: shownPath(folders.dir), line: 1, message: "the content folder does not exist (CONTENT_DIR)" }]);
  }
  const problems: ContentProblem[] = [];
  // Without an earlier key there is always an evaluation.
  const first = files.map((entry) => ({ entry, evaluation: evaluateContentFile(entry, folders, sizes) as Evaluation }));
  for (const { evaluation } of first) if (!evaluation.ok) problems.push(...evaluation.problems);
  if (problems.length > 0) throw new ContentLoadError(problems);
  for (const { entry, evaluation } of first) {
    if (!evaluation.ok) continue;
    states.set(entry.name, {
      entry,
      absolute: path.join(folders.dir, entry.path),
      value: evaluation.value,
      goodKey: evaluation.key,
      judgedKey: evaluation.key,
      stamp: "",
      pictures: evaluation.pictures,
      problems: [],
    });
  }

  let version = "";
  const recompute = () => {
    const hash = createHash("sha256");
    for (const state of states.values()) hash.update(`${state.entry.name}\u0000${state.goodKey}\u0000`);
    version = hash.digest("hex").slice(0, 12);
  };
  recompute();
  logger.info({ dir: folders.dir, files: states.size, contentVersion: version }, `content read: ${states.size} ${states.size === 1 ? "file" : "files"}, live`);

  const take = (state: FileState, evaluation: Evaluation) => {
    state.pictures = evaluation.pictures;
    if (evaluation.key === state.judgedKey) return;
    state.judgedKey = evaluation.key;
    if (evaluation.ok) {
      const wasBroken = state.problems.length > 0;
      state.problems = [];
      if (evaluation.key === state.goodKey) {
        if (wasBroken) logger.info({ file: state.entry.path }, `${shownPath(state.absolute)}: the last good content is back`);
        return;
      }
      state.value = evaluation.value;
      state.goodKey = evaluation.key;
      recompute();
      logger.info({ file: state.entry.path, contentVersion: version }, `${shownPath(state.absolute)} changed${wasBroken ? " and is valid again" : ""}: live`);
      for (const listener of listeners) {
        try {
          listener(state.entry.name as NameOf<F>);
        } catch (error) {
          // A listener's failure is its own: the store and the other listeners go on.
          logger.warn({ err: error, file: state.entry.path }, "content: a listener of a change failed");
        }
      }
      return;
    }
    state.problems = evaluation.problems;
    const [firstProblem, ...more] = evaluation.problems;
    const extra = more.length > 0 ? ` (and ${more.length} more: npm run content -- check)` : "";
    logger.warn(
      { file: firstProblem?.file, line: firstProblem?.line, problems: evaluation.problems.length },
      `${firstProblem ? formatProblem(firstProblem) : state.entry.path}${extra}; the last good content stays live`,
    );
  };

  /**
   * One look at every file: one whose stamp changed is judged again; one written in the last 2 s is
   * read again too, and parsed only when its bytes changed (its times may be too coarse to show it).
   */
  const scan = async () => {
    for (const state of states.values()) {
      const stamps = await Promise.all([stampOf(state.absolute), ...state.pictures.map((picture) => stampOf(path.join(folders.mediaDir, picture)))]);
      const stamp = stamps.join("|");
      // Absolute: a shared folder's times come from another machine's clock, which may be ahead.
      const age = Math.abs(now() - mtimeOf(stamps[0] ?? ""));
      const same = stamp === state.stamp;
      if (same && age >= SETTLING_MS) continue;
      if (age < WRITING_MS) {
        setTimeout(() => void refresh(), WRITING_MS).unref();
        continue;
      }
      state.stamp = stamp;
      if (closed) return;
      const evaluation = evaluateContentFile(state.entry, folders, sizes, same ? state.judgedKey : undefined);
      if (evaluation !== "unchanged") take(state, evaluation);
    }
  };

  let closed = false;
  let running: Promise<void> | null = null;
  /** The scan asked for while one runs: one more after it, however many ask. */
  let next: Promise<void> | null = null;
  /** One scan at a time; what it resolves is a scan that began after the call. */
  const refresh = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      next ??= running.then(() => {
        next = null;
        return refresh();
      });
      return next;
    }
    running = scan()
      .catch((error: unknown) => logger.warn({ err: error }, "content: looking at the files failed"))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const poll = setInterval(() => void refresh(), options.pollMs ?? CONTENT_POLL_MS);
  poll.unref();
  let watcher: fs.FSWatcher | null = null;
  if (options.watch !== false) {
    // The whole folder, sub-folders too (legal/…); the poll covers what a watch cannot (shared
    // folders, a platform without recursive watching, no inotify watches left).
    for (const recursive of [true, false]) {
      try {
        watcher = fs.watch(folders.dir, { persistent: false, recursive }, () => void refresh());
        watcher.on("error", () => {
          watcher?.close();
          watcher = null;
        });
        break;
      } catch {
        watcher = null;
      }
    }
  }
  // The first stamps, so the first poll does not judge every file again.
  void refresh();

  return {
    get(name) {
      const state = states.get(name);
      if (!state) throw new Error(`no content file named "${name}" is registered (app/content/content-files.ts)`);
      return state.value as OutputOf<F, typeof name>;
    },
    version: () => version,
    check: () => [...states.values()].flatMap((state) => state.problems),
    refresh,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearInterval(poll);
      listeners.clear();
      watcher?.close();
    },
  };
}
