import { type Document, LineCounter, type Node, isAlias, isMap, isNode, isPair, isScalar, isSeq, parseDocument, visit } from "yaml";
import type { z } from "zod";
import type { ContentFile, ContentProblem } from "./content-file";
import { aliasProblem, yamlProblems } from "./yaml-problems";

/**
 * Content files are read with eemeli/yaml, which keeps every node's place in the source, so a zod
 * issue's path (`slides.0.image`) is turned into the line an editor has to change (decision 059).
 */

/** Aliases a file may expand at most: a "billion laughs" file stops here instead of filling the heap. */
export const MAX_ALIAS_COUNT = 100;

/** Where in the file a value is: 1-based line of the node a path leads to (or of its nearest parent). */
type Locate = (path: readonly PropertyKey[]) => number;

export interface ParsedContent {
  /** What the schema is given; undefined when the file could not be read as YAML at all. */
  data: unknown;
  locate: Locate;
  problems: Omit<ContentProblem, "file">[];
}

function lineAt(lineCounter: LineCounter, offset: number, lineOffset: number): number {
  return lineCounter.linePos(offset).line + lineOffset;
}

function keyOf(node: unknown): unknown {
  return isScalar(node) ? node.value : node;
}

/** The node a path leads to, following aliases, with the line of each step; stops where the path leaves the document. */
function locator(doc: Document, lineCounter: LineCounter, lineOffset: number, fallback: number): Locate {
  const lineOf = (node: Node | null | undefined): number | null => (node?.range ? lineAt(lineCounter, node.range[0], lineOffset) : null);
  return (path) => {
    let node: unknown = doc.contents;
    let line = lineOf(doc.contents) ?? fallback;
    for (const key of path) {
      if (isAlias(node)) node = node.resolve(doc);
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && String(keyOf(item.key)) === String(key));
        if (!pair) break;
        line = lineOf(isNode(pair.value) ? pair.value : null) ?? lineOf(isNode(pair.key) ? pair.key : null) ?? line;
        // A key with its value on the next lines (a list, a mapping): the key's line is the one to show.
        if (isNode(pair.key) && (isMap(pair.value) || isSeq(pair.value))) line = lineOf(pair.key) ?? line;
        node = pair.value;
      } else if (isSeq(node) && typeof key === "number") {
        const item = node.items[key];
        if (item === undefined) break;
        line = lineOf(isNode(item) ? item : null) ?? line;
        node = item;
      } else {
        break;
      }
    }
    return line;
  };
}

/** The line of a key inside the mapping a path leads to (an unknown key), or the mapping's own line. */
export function keyLine(locate: Locate, path: readonly PropertyKey[], key: string): number {
  return locate([...path, key]);
}

/**
 * Parses YAML text that starts at `lineOffset` lines into the file (front matter starts on line 2).
 * Syntax errors, duplicate keys, several documents, unknown tags and alias bombs are problems with
 * their line; the data is undefined then.
 */
export function parseYaml(text: string, lineOffset = 0): ParsedContent {
  const lineCounter = new LineCounter();
  // yaml's own uniqueKeys check compares every key with every other: 50,000 keys took 106 s.
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false, version: "1.2" });
  const locate = locator(doc, lineCounter, lineOffset, 1 + lineOffset);
  const lineOf = (offset: number) => lineAt(lineCounter, offset, lineOffset);
  const problems = yamlProblems(text, [...doc.errors, ...doc.warnings], lineOf);
  if (problems.length === 0) problems.push(...duplicateKeys(doc, lineCounter, lineOffset));
  if (problems.length > 0) return { data: undefined, locate, problems };
  try {
    return { data: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown, locate, problems: [] };
  } catch (error) {
    // yaml's ReferenceError for too many aliases ("resource exhaustion"), or an alias to nothing.
    const message = (error as Error).message;
    const alias = aliasProblem(text, message, lineOf);
    return { data: undefined, locate, problems: [alias ?? { line: 1 + lineOffset, message: `YAML: ${message}` }] };
  }
}

/** Keys written twice in one mapping (the second would silently win), in one pass with a set per mapping. */
function duplicateKeys(doc: Document, lineCounter: LineCounter, lineOffset: number): Omit<ContentProblem, "file">[] {
  const problems: Omit<ContentProblem, "file">[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Map<string, number>();
      for (const pair of map.items) {
        if (!isScalar(pair.key) || !pair.key.range) continue;
        const key = String(pair.key.value);
        const line = lineAt(lineCounter, pair.key.range[0], lineOffset);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, line);
        else problems.push({ line, message: `YAML: the key "${key}" is here a second time (first on line ${first}): the mapping may have each key once` });
      }
    },
  });
  return problems;
}

const FENCE = /^(---|\.\.\.)[ \t]*$/;

/**
 * A Markdown file: YAML front matter between a first line `---` and the next `---` (or `...`)
 * line, then the body. Without a first `---` line the whole file is the body. Split by hand (a
 * dozen lines) so every line number stays exact; `body` is the key the schema sees the text under.
 */
export function parseMarkdown(text: string): ParsedContent {
  const lines = text.split("\n");
  if (!/^---[ \t]*\r?$/.test(lines[0] ?? "")) {
    return { data: { body: text }, locate: () => 1, problems: [] };
  }
  const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line.replace(/\r$/, "")));
  if (close === -1) {
    return { data: undefined, locate: () => 1, problems: [{ line: 1, message: "front matter starts with --- on line 1 but no line --- ends it" }] };
  }
  // Windows line ends: yaml would keep the \r of the last front matter line in its value.
  const front = parseYaml(lines.slice(1, close).map((line) => line.replace(/\r$/, "")).join("\n"), 1);
  const bodyLine = close + 2;
  const body = lines.slice(close + 1).join("\n");
  const locate: Locate = (path) => (path[0] === "body" ? bodyLine : front.locate(path));
  if (front.problems.length > 0) return { data: undefined, locate, problems: front.problems };
  const matter = front.data ?? {};
  if (typeof matter !== "object" || Array.isArray(matter)) {
    return { data: undefined, locate, problems: [{ line: 2, message: "the front matter must be key: value lines" }] };
  }
  if ("body" in matter) {
    return { data: undefined, locate, problems: [{ line: front.locate(["body"]), message: "body: is the text below the front matter, not a front matter key" }] };
  }
  return { data: { ...matter, body }, locate, problems: [] };
}

export function parseContent(format: ContentFile["format"], text: string): ParsedContent {
  return format === "yaml" ? parseYaml(text) : parseMarkdown(text);
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** A zod issue in an editor's words, with its line: an unknown key on the key's own line, a missing one on its parent's. */
export function issueProblems(issue: z.core.$ZodIssue, locate: Locate): Omit<ContentProblem, "file">[] {
  const where = pathText(issue.path);
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      line: keyLine(locate, issue.path, key),
      message: `${pathText([...issue.path, key])}: unknown key (misspelt, or not one this file has)`,
    }));
  }
  const missing = issue.code === "invalid_type" && issue.input === undefined;
  const message = missing ? "is missing" : issue.message;
  return [{ line: locate(issue.path), message: where === "" ? message : `${where}: ${message}` }];
}
