import type { YAMLError } from "yaml";

/**
 * The YAML parser's errors in an editor's words, on the line to change. The parser's own wording
 * ("Nested mappings are not allowed in compact mappings") names its grammar, not the mistake, and
 * places an unclosed bracket or quote where it gave up looking for the end: the next line, or after
 * the last line. Those are moved back to the line that opened them.
 */

const CLOSERS: Record<string, string> = { "]": "[", "}": "{", '"': '"', "'": "'" };

/** The bracket or quote a message says is not closed, if it says so. */
function unclosed(error: YAMLError): string | undefined {
  if (error.code === "MISSING_CHAR") return /closing (["'])quote/.exec(error.message)?.[1];
  if (error.code === "BAD_INDENT") return /end with an? ([\]}])/.exec(error.message)?.[1];
  return undefined;
}

function plainMessage(error: YAMLError, closer: string | undefined): string {
  if (closer === '"' || closer === "'") return `a text starts with ${closer} on this line but no ${closer} ends it: add the closing ${closer}, or remove the opening one`;
  if (closer === "]") return "a list in [ ] starts on this line but no ] ends it: add the ]";
  if (closer === "}") return "a group in { } starts on this line but no } ends it: add the }";
  switch (error.code) {
    case "BLOCK_AS_IMPLICIT_KEY":
      return 'this line has a second ": " after its key: put the value in quotes ("…"), or write the nested keys on their own, indented lines';
    case "MULTILINE_IMPLICIT_KEY":
    case "UNEXPECTED_TOKEN":
      return "this line does not fit where it is: check its indentation against the lines above (same depth, spaces only), and the \"- \" of list items";
    case "MISSING_CHAR":
      return 'this line is neither "key: value" nor a list item "- …": a colon and a space after the key are missing, or it belongs to the line above';
    case "TAB_AS_INDENT":
      return "this line is indented with a tab: YAML indents with spaces only";
    case "BAD_DQ_ESCAPE":
      return 'a backslash in this "…" text starts an escape YAML does not know: write \\\\ for a backslash, or use single quotes';
    case "TAG_RESOLVE_FAILED":
      return 'a value here starts with "!", which YAML reads as a type: put the value in quotes';
    case "MULTIPLE_DOCS":
      return 'a line "---" here starts a second document, and a content file is one: remove it, or put the text in quotes';
    case "DUPLICATE_KEY":
      return "this key is written twice in one mapping: keep one";
    case "BAD_ALIAS":
    case "ALIAS_PROPS":
      return 'a value here starts with "*" or "&", which YAML reads as a reference: put the value in quotes';
    default:
      return `this line cannot be read as YAML (${error.message.split("\n")[0] ?? error.code})`;
  }
}

/** The offset the problem is on: for an unclosed bracket or quote, where it opened. */
function problemOffset(text: string, error: YAMLError, closer: string | undefined): number {
  const at = Math.min(error.pos[0], text.length);
  const opener = closer === undefined ? undefined : CLOSERS[closer];
  if (opener === undefined) return at;
  const opened = text.lastIndexOf(opener, at - 1);
  return opened === -1 ? at : opened;
}

/** One problem per line (the parser often reports one mistake three ways), in the editor's words. */
export function yamlProblems(text: string, errors: readonly YAMLError[], lineOf: (offset: number) => number): { line: number; message: string }[] {
  const byLine = new Map<number, string>();
  // An unclosed bracket or quote swallows the lines after it, and the parser complains about each:
  // the opening is the one mistake to show.
  const unclosedOnes = errors.filter((error) => unclosed(error) !== undefined);
  for (const error of unclosedOnes.length > 0 ? unclosedOnes : errors) {
    const closer = unclosed(error);
    const line = lineOf(problemOffset(text, error, closer));
    if (!byLine.has(line)) byLine.set(line, `YAML: ${plainMessage(error, closer)}`);
  }
  return [...byLine].map(([line, message]) => ({ line, message }));
}

/** The alias error of yaml's toJS ("Unresolved alias … : name"), on the alias's line. */
export function aliasProblem(text: string, message: string, lineOf: (offset: number) => number): { line: number; message: string } | null {
  const name = /Unresolved alias[^:]*:\s*(\S+)/.exec(message)?.[1];
  if (name === undefined) return null;
  const offset = text.search(new RegExp(`\\*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`));
  return {
    line: lineOf(Math.max(0, offset)),
    message: `YAML: "*${name}" refers to an anchor "&${name}" that no line above sets: write the value itself, or put it in quotes`,
  };
}
