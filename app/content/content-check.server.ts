import fs from "node:fs";
import path from "node:path";
import type { ContentFile, ContentProblem } from "./content-file";
import { CONTENT_FILES } from "./content-files";
import { PAGE_PATHS } from "~/navigation/site-paths";
import { brokenLinks } from "./content-links";
import { parseContent } from "./content-parse.server";
import { MAX_CONTENT_FILE_BYTES, PictureSizes, evaluateContentFile, shownPath } from "./content-source.server";

/** Files an editor may keep beside the content without the site reading them. */
const NOT_CONTENT = /(^|\/)(README(\.md)?|\.[^/]*)$/i;
const CONTENT_LIKE = /\.(ya?ml|md|markdown)$/i;

function filesUnder(dir: string, prefix = ""): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.name.startsWith(".")) return [];
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/**
 * Links to pages the site does not have (`/haendlersuche`), which it would answer with a 404. Only the
 * check reports them: the server keeps serving a file with one, as a visitor still reaches the rest.
 */
function linkProblems(entry: ContentFile, root: string): ContentProblem[] {
  const file = path.join(root, entry.path);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return []; // evaluateContentFile has said why.
  }
  if (text.length > MAX_CONTENT_FILE_BYTES) return [];
  const parsed = parseContent(entry.format, text.replace(/^\uFEFF/, ""));
  if (parsed.data === undefined) return [];
  return brokenLinks(parsed.data).map(({ path: at, lineInValue, link }) => ({
    file: shownPath(file),
    line: parsed.locate(at) + lineInValue,
    message: `${at.map(String).join(".")}: the link ${link} leads to no page of the site (a visitor would get "page not found"); the pages: ${SITE_PAGES}`,
  }));
}

/** The pages an editor may link to, for the message. */
const SITE_PAGES = ["/", ...Object.values(PAGE_PATHS).filter((p) => !p.includes(":")).map((p) => `/${p}`)].join(", ");

export interface ContentCheck {
  problems: ContentProblem[];
  /** How many registered files were read. */
  files: number;
}

/**
 * Everything `npm run content -- check` reports: every registered file judged as the server would
 * (syntax, schema, pictures), and files in the folder the site does not read (a misspelt name
 * would otherwise be ignored without a word).
 */
export function checkContent({ dir, mediaDir, files = CONTENT_FILES }: { dir: string; mediaDir: string; files?: readonly ContentFile[] }): ContentCheck {
  const root = path.resolve(dir);
  if (!fs.existsSync(root)) {
    return { problems: [{ file: shownPath(root), line: 1, message: "the content folder does not exist (CONTENT_DIR)" }], files: 0 };
  }
  const sizes = new PictureSizes(path.resolve(mediaDir));
  const problems = files.flatMap((entry) => {
    const evaluation = evaluateContentFile(entry, { dir: root, mediaDir: path.resolve(mediaDir) }, sizes);
    const found = evaluation === "unchanged" || evaluation.ok ? [] : evaluation.problems;
    return [...found, ...linkProblems(entry, root)].sort((a, b) => a.line - b.line);
  });
  const known = new Set(files.map((entry) => entry.path));
  for (const relative of filesUnder(root)) {
    if (known.has(relative) || NOT_CONTENT.test(relative) || !CONTENT_LIKE.test(relative)) continue;
    problems.push({
      file: shownPath(path.join(root, relative)),
      line: 1,
      message: `the site does not read this file (misspelt? the files it reads: ${[...known].join(", ")})`,
    });
  }
  return { problems, files: files.length };
}
