/**
 * What every import (BMEcat catalogue, dealer list, provider sync, recall list) reports: changes per kind,
 * problems with the file's line number, and whether anything was written (decision 023).
 */
export type ImportCommand = "catalogue" | "dealers" | "provider" | "recalls" | "stock";
/** `stock`: dealers whose stock snapshot an import replaced (counted as changed). */
export type ChangeKind = "categories" | "articles" | "images" | "documents" | "dealers" | "recalls" | "stock";

export interface ChangeCounts {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

export interface Problem {
  /** 1-based line of the file; null when the problem is not tied to one line (a missing file). */
  line: number | null;
  /** The element path (`PRODUCT/SUPPLIER_PID`) or column (`email`) the problem sits in. */
  where?: string;
  message: string;
}

export interface ImportSummary {
  command: ImportCommand;
  source: string;
  dryRun: boolean;
  /** True when the database now holds the new data (false on errors and in a dry run). */
  applied: boolean;
  /** The data version after the import; unchanged when nothing changed. */
  dataVersion: string | null;
  counts: Partial<Record<ChangeKind, ChangeCounts>>;
  /** Texts that exist in German only (English pages show them marked as German). */
  untranslated: number;
  warnings: Problem[];
  errors: Problem[];
  /** Problems beyond the listed ones: a broken file should not print a million lines. */
  moreWarnings: number;
  moreErrors: number;
  durationMs: number;
  /** Milliseconds per step (reading, pictures, comparing, writing), to see where time goes. */
  timings: Record<string, number>;
  /** What the command line got wrong about this file (a dealer list's `--map` to a column it lacks): exit 2. */
  usage?: string[];
}

/* eslint-disable no-control-regex -- control characters are what these two find */
/**
 * Controls a terminal acts on (C0 but the tab, DEL, C1: `ESC]0;title BEL`, `ESC[2J`, a CSI as
 * U+009B) and the bidirectional overrides that show text in another order than it is. A line
 * break in a file's text is one too here: printed as is, it would start a line of its own that
 * reads like another problem.
 */
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

/**
 * Text from a file (or a file's name) as a report may print it (issue 37): each control written
 * as an escape people can read (`\x1b`, `\x0a`, `\u{202e}`), everything else as it is. Every
 * problem goes through it (Problems), the summary's source, and the import command's notes.
 */
export function printable(text: string): string {
  return text.replace(CONTROLS, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
  });
}

/** A summary before any work: nothing applied, the data version as it is. */
export function startSummary(problems: Problems, fields: Pick<ImportSummary, "command" | "source" | "dryRun" | "dataVersion">): ImportSummary {
  return {
    ...fields,
    source: printable(fields.source),
    applied: false,
    counts: {},
    untranslated: 0,
    warnings: problems.warnings,
    errors: problems.errors,
    moreWarnings: 0,
    moreErrors: 0,
    durationMs: 0,
    timings: {},
  };
}

/** Times one step of an import into `summary.timings`. */
export async function timed<T>(summary: Pick<ImportSummary, "timings">, step: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    summary.timings[step] = Math.round((summary.timings[step] ?? 0) + performance.now() - started);
  }
}

export const MAX_LISTED_PROBLEMS = 200;
/** Examples a grouped warning lists (Problems.warnEach). */
export const GROUP_EXAMPLES = 10;

const exampleAt = (example: string, line: number | null) => (line === null ? example : `${example} on line ${line}`);

export function emptyCounts(): ChangeCounts {
  return { added: 0, changed: 0, removed: 0, unchanged: 0 };
}

export function totalChanges(counts: Partial<Record<ChangeKind, ChangeCounts>>): number {
  return Object.values(counts).reduce((sum, c) => sum + c.added + c.changed + c.removed, 0);
}

/**
 * Collects errors and warnings as a file is read; keeps the first MAX_LISTED_PROBLEMS of each.
 * `strict` (the import's --strict): every warning is recorded as an error, so the file is refused.
 */
export class Problems {
  readonly errors: Problem[] = [];
  readonly warnings: Problem[] = [];
  moreErrors = 0;
  moreWarnings = 0;
  private readonly strict: boolean;

  constructor(options: { strict?: boolean } = {}) {
    this.strict = options.strict ?? false;
  }

  error(line: number | null, where: string | undefined, message: string): void {
    this.record(this.errors, line, where, message);
  }

  warn(line: number | null, where: string | undefined, message: string): void {
    this.record(this.strict ? this.errors : this.warnings, line, where, this.strict ? `${message} (--strict)` : message);
  }

  /** The problem as listed, or undefined when it only went to the count. */
  private record(list: Problem[], line: number | null, where: string | undefined, message: string): Problem | undefined {
    if (list.length >= MAX_LISTED_PROBLEMS) {
      if (list === this.errors) this.moreErrors++;
      else this.moreWarnings++;
      return undefined;
    }
    const problem = { line, ...(where ? { where: printable(where) } : {}), message: printable(message) };
    list.push(problem);
    return problem;
  }

  /**
   * A warning that repeats per product (issue 38): one line for the kind, with its first
   * GROUP_EXAMPLES examples and the count, where a line each would bury the rest. One example
   * reads as a plain warning ("4711: no title …"); the line is the first example's.
   */
  warnEach(kind: string, line: number | null, where: string, example: string, message: string): void {
    const group = this.groups.get(kind);
    if (!group) {
      const suffix = this.strict ? " (--strict)" : "";
      const problem = this.record(this.strict ? this.errors : this.warnings, line, where, `${example}: ${message}${suffix}`);
      // Past the listed problems the first one went to the count: later ones only count too.
      this.groups.set(kind, { problem, message, examples: [exampleAt(example, line)], count: 1 });
      return;
    }
    group.count++;
    if (group.examples.length < GROUP_EXAMPLES) group.examples.push(exampleAt(example, line));
    if (!group.problem) return;
    const more = group.count > group.examples.length ? `, and ${(group.count - group.examples.length).toLocaleString("en")} more` : "";
    group.problem.message = printable(`${group.message} (${group.count.toLocaleString("en")} times: ${group.examples.join(", ")}${more})${this.strict ? " (--strict)" : ""}`);
  }

  private readonly groups = new Map<string, { problem: Problem | undefined; message: string; examples: string[]; count: number }>();

  get hasErrors(): boolean {
    return this.errors.length > 0;
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function formatProblem(source: string, level: "error" | "warning", p: Problem): string {
  const place = p.line === null ? source : `${source}:${p.line}`;
  return `${place}: ${level}: ${p.where ? `${p.where}: ` : ""}${p.message}`;
}

const KIND_LABELS: Record<ChangeKind, string> = {
  categories: "categories",
  articles: "articles",
  images: "images",
  documents: "documents",
  dealers: "dealers",
  stock: "stock",
  recalls: "recalls",
};

/** The summary for people: problems first (like a compiler), then one line per kind. */
export function formatSummary(summary: ImportSummary): string[] {
  const lines: string[] = [];
  // Already printable when the summary comes from startSummary; a summary built elsewhere is made so here.
  const source = printable(summary.source);
  for (const p of summary.errors) lines.push(formatProblem(source, "error", p));
  if (summary.moreErrors > 0) lines.push(`… and ${summary.moreErrors} more errors`);
  for (const p of summary.warnings) lines.push(formatProblem(source, "warning", p));
  if (summary.moreWarnings > 0) lines.push(`… and ${summary.moreWarnings} more warnings`);
  for (const [kind, c] of Object.entries(summary.counts) as [ChangeKind, ChangeCounts][]) {
    lines.push(
      `${KIND_LABELS[kind].padEnd(11)} ${c.added} added, ${c.changed} changed, ${c.removed} removed, ${c.unchanged} unchanged`,
    );
  }
  const steps = Object.entries(summary.timings);
  if (steps.length > 0) lines.push(`Time: ${steps.map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`).join(", ")}`);
  if (summary.untranslated > 0) {
    lines.push(`${summary.untranslated} texts have no English translation: English pages show them in German`);
  }
  const errorCount = summary.errors.length + summary.moreErrors;
  const warningCount = summary.warnings.length + summary.moreWarnings;
  const seconds = (summary.durationMs / 1000).toFixed(1);
  const errors = plural(errorCount, "error", "errors");
  const warnings = plural(warningCount, "warning", "warnings");
  if (errorCount > 0) {
    lines.push(`${errors}, ${warnings}: nothing was changed (${seconds} s)`);
  } else if (summary.dryRun) {
    lines.push(`Dry run: ${warnings}, nothing was written (${seconds} s)`);
  } else if (totalChanges(summary.counts) === 0) {
    lines.push(`No changes: the site already shows this data (${warnings}, ${seconds} s)`);
  } else {
    lines.push(`Imported with ${warnings} in ${seconds} s: data version ${summary.dataVersion ?? "?"} is live`);
  }
  return lines;
}

/** Exit codes of `npm run import` / `npm run export`. */
export const EXIT = { done: 0, errors: 1, usage: 2 } as const;

/** What every import run is told by its caller (the CLI, the server's periodic sync, a test). */
export interface ImportRunOptions {
  dryRun: boolean;
  /** DATA_DIR: the import lock and the staging database live below it. */
  dataDir: string;
  /** MEDIA_DIR: the site's pictures, where imported ones go. */
  siteMediaDir: string;
  /** Human-readable progress notes (stderr on the CLI). */
  log: (line: string) => void;
  /** No progress bar or lines (JSON output, tests, the server). */
  quiet: boolean;
}
