import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "~/env.server";
import { root } from "./source-imports";

/*
 * The docs name files so a reader can open them (issue 27). Files move; a name nobody checks goes
 * stale (decisions 010 and 017 named moved files for weeks). So every backticked path below one of
 * the repository's own folders, and every relative link, must point at something that exists; the
 * configuration table must list what the env schema reads; every decision record carries its
 * status and date and is in the index.
 */

/** Only these folders: `build/…`, `DATA_DIR/…` and a visitor's `/media/…` are not files of the repository. */
const REPOSITORY_PATH = /^(?:app|server|scripts|tests|docs|resources|schemas|deploy)\/[\w.\-/*+[\]$]*$/;

/** README.md and every Markdown file below docs/, relative to the repository. */
export function documents(): string[] {
  const below = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return below(rel);
      return entry.name.endsWith(".md") ? [rel] : [];
    });
  return ["README.md", ...below("docs")];
}

/** Fenced blocks hold trees, commands and sample output, not references. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** The repository paths a Markdown text names in backticks (a word of a command counts too). */
export function backtickedPaths(markdown: string): string[] {
  const spans = [...withoutFences(markdown).matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? "");
  return spans
    .flatMap((span) => span.split(/[\s,;()]+/))
    .map((word) => word.replace(/[:.]+\d*$/, "").replace(/:\d+(?:-\d+)?$/, ""))
    .filter((word) => REPOSITORY_PATH.test(word));
}

/** The relative link targets of a Markdown text, anchors and outside addresses left out. */
export function relativeLinks(markdown: string): string[] {
  return [...withoutFences(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? "")
    .filter((target) => !/^(?:[a-z]+:|#)/i.test(target));
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");
  return new RegExp(`^${escaped}$`);
}

/** Whether `rel` (relative to the repository; `*` stands for any part of one name) exists. */
export function exists(rel: string): boolean {
  const clean = rel.replace(/\/+$/, "");
  if (!clean.includes("*")) return fs.existsSync(path.join(root, clean));
  const parts = clean.split("/");
  const firstGlob = parts.findIndex((part) => part.includes("*"));
  const fixed = parts.slice(0, firstGlob).join("/");
  const matcher = globToRegExp(clean);
  const walk = (dir: string, depth: number): boolean => {
    const full = path.join(root, dir);
    if (!fs.existsSync(full) || !fs.statSync(full).isDirectory()) return false;
    return fs.readdirSync(full, { withFileTypes: true }).some((entry) => {
      const rel = path.join(dir, entry.name);
      if (matcher.test(rel)) return true;
      return entry.isDirectory() && depth > 0 && walk(rel, depth - 1);
    });
  };
  return walk(fixed, parts.length - firstGlob - 1);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsIn(markdown: string): Set<string> {
  const headings = [...withoutFences(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1] ?? ""));
  return new Set(headings);
}

function brokenLinks(file: string, markdown: string): string[] {
  const ownAnchors = anchorsIn(markdown);
  const inPage = [...withoutFences(markdown).matchAll(/\]\(#([^)\s]+)\)/g)]
    .map((m) => m[1] ?? "")
    .filter((anchor) => !ownAnchors.has(anchor))
    .map((anchor) => `${file}: #${anchor}`);
  const elsewhere = relativeLinks(markdown).flatMap((target) => {
    const [targetPath = "", anchor] = target.split("#");
    const rel = path.normalize(path.join(path.dirname(file), decodeURI(targetPath)));
    if (!exists(rel)) return [`${file}: ${target}`];
    if (anchor && rel.endsWith(".md") && !anchorsIn(fs.readFileSync(path.join(root, rel), "utf8")).has(anchor)) {
      return [`${file}: ${target}`];
    }
    return [];
  });
  return [...inPage, ...elsewhere];
}

describe("the README and docs/", () => {
  const files = documents();
  const text = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

  it("name only files and folders that exist", () => {
    // A superseded decision is history: it may name the files it was about, since removed.
    const current = files.filter((file) => !/^Status: superseded/m.test(text(file)));
    const named = current.flatMap((file) => backtickedPaths(text(file)).map((rel) => ({ file, rel })));
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter(({ rel }) => !exists(rel)).map(({ file, rel }) => `${file}: ${rel}`)).toEqual([]);
  });

  it("link only to files and headings that exist", () => {
    expect(files.flatMap((file) => brokenLinks(file, text(file)))).toEqual([]);
  });

  it("would notice a missing file, a broken link and a missing heading", () => {
    const sample = [
      "See `app/config/brand.ts`, `server/no-such-file.ts` and `npm run x -- scripts/gone.ts:12`.",
      "`build/server/index.js` and `MEDIA_DIR/.variants` are not the repository's; `app/routes/api/*` is a pattern.",
      "[ok](docs/decisions/README.md), [gone](docs/nothing.md), [here](#a-heading), [not here](#nowhere).",
      "## A heading",
      "```",
      "`server/inside-a-fence.ts`",
      "```",
    ].join("\n");
    expect(backtickedPaths(sample)).toEqual(["app/config/brand.ts", "server/no-such-file.ts", "scripts/gone.ts", "app/routes/api/*"]);
    expect(backtickedPaths(sample).filter((rel) => !exists(rel))).toEqual(["server/no-such-file.ts", "scripts/gone.ts"]);
    expect(brokenLinks("README.md", sample)).toEqual(["README.md: #nowhere", "README.md: docs/nothing.md"]);
    expect(anchorOf("Catalogue: BMEcat 1.01, 1.2, 2005")).toBe("catalogue-bmecat-101-12-2005");
    expect(anchorOf("Delta updates: `T_UPDATE_PRODUCTS`")).toBe("delta-updates-t_update_products");
  });
});

describe("docs/configuration.md", () => {
  it("has a row for every variable of the environment schema, and none it does not read", () => {
    const table = fs.readFileSync(path.join(root, "docs/configuration.md"), "utf8");
    const documented = new Set(
      [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => [...(row[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1] ?? "")),
    );
    const schema = Object.keys(envSchema.shape);
    expect(schema.filter((name) => !documented.has(name))).toEqual([]);
    // glibc's, not ours: the one documented variable the schema does not read.
    expect([...documented].filter((name) => !schema.includes(name))).toEqual(["MALLOC_ARENA_MAX"]);
  });
});

describe("the decision records", () => {
  const dir = path.join(root, "docs/decisions");
  const records = fs.readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
  const index = fs.readFileSync(path.join(dir, "README.md"), "utf8");

  it("each start with a Status and a Date line, and a superseded one names a record that exists", () => {
    const problems = records.flatMap((name) => {
      const head = fs.readFileSync(path.join(dir, name), "utf8").split("\n").slice(0, 6).join("\n");
      const status = /^Status: (accepted|superseded by (\d{3}))\b/m.exec(head);
      if (!status) return [`${name}: no "Status: accepted" or "Status: superseded by NNN" line`];
      if (!/^Date: \d{4}-\d{2}-\d{2}$/m.test(head)) return [`${name}: no "Date: YYYY-MM-DD" line`];
      const successor = status[2];
      return successor && !records.some((other) => other.startsWith(`${successor}-`)) ? [`${name}: successor ${successor} is missing`] : [];
    });
    expect(records.length).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it("are all listed in the index, docs/decisions/README.md", () => {
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });
});
