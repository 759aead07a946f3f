import type { Problems } from "~/exchange/import-report";
import { xmlSafe } from "./xml-writer";

/**
 * What the official BMEcat 2005 schema (schemas/bmecat_2005.xsd) demands of the values our export
 * writes, and the one rule for a value that does not fit (decision 042). bmecat-schema.test.ts
 * reads the lengths back out of the schema file, so a typo here fails a test.
 */
export const BMECAT_NAMESPACE = "http://www.bmecat.org/bmecat/2005fd";

/** maxLength of each element we write, in characters (Unicode code points, as XML Schema counts). */
export const MAX_LENGTH = {
  // Texts a reader shows: a longer one is shortened.
  GENERATOR_INFO: 250,
  CATALOG_NAME: 100,
  SUPPLIER_NAME: 50,
  GROUP_NAME: 50,
  GROUP_DESCRIPTION: 250,
  DESCRIPTION_SHORT: 150,
  DESCRIPTION_LONG: 64000,
  REFERENCE_FEATURE_GROUP_NAME: 60,
  FNAME: 60,
  FVALUE: 60,
  MANUFACTURER_NAME: 50,
  REMARKS: 64000,
  MIME_DESCR: 250,
  // Identifiers and paths other elements refer to: never shortened.
  CATALOG_ID: 20,
  GROUP_SYSTEM_ID: 50,
  MIME_ROOT: 250,
  GROUP_ID: 50,
  PARENT_ID: 50,
  MIME_SOURCE: 255,
  SUPPLIER_PID: 32,
  INTERNATIONAL_PID: 100,
  PROD_ID_TO: 80,
  PROD_ID: 32,
  CATALOG_GROUP_ID: 50,
} as const;

export type TextElement =
  | "GENERATOR_INFO"
  | "CATALOG_NAME"
  | "SUPPLIER_NAME"
  | "GROUP_NAME"
  | "GROUP_DESCRIPTION"
  | "DESCRIPTION_SHORT"
  | "DESCRIPTION_LONG"
  | "REFERENCE_FEATURE_GROUP_NAME"
  | "FNAME"
  | "FVALUE"
  | "MANUFACTURER_NAME"
  | "REMARKS"
  | "MIME_DESCR";
export type IdElement = Exclude<keyof typeof MAX_LENGTH, TextElement>;

/** Length as XML Schema counts it: characters, not UTF-16 units, of what is actually written. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of xmlSafe(text)) count++;
  return count;
}

const ELLIPSIS = "…";
/** Cut at the last space only if that keeps at least this share of the allowed length, else mid-word. */
const MIN_KEPT_SHARE = 0.5;

/**
 * The rule for a text longer than the schema allows: cut at the last word boundary (whitespace)
 * that leaves room for "…", drop punctuation the cut leaves dangling, and end with "…" so a reader
 * sees the text goes on. A single word longer than half the limit is cut inside the word.
 */
export function shorten(text: string, max: number): string {
  const characters = [...xmlSafe(text)];
  if (characters.length <= max) return text;
  const head = characters.slice(0, max - ELLIPSIS.length).join("");
  // A head followed by whitespace ends with a whole word; else the cut goes back to the last space.
  const boundary = /\s/u.test(characters[max - ELLIPSIS.length] ?? "") ? head.length : head.search(/\s\S*$/u);
  const atWord = boundary >= 0 && [...head.slice(0, boundary)].length >= max * MIN_KEPT_SHARE ? head.slice(0, boundary) : head;
  const trimmed = atWord.replace(/[\s,;:(\-–—/]+$/u, "");
  return `${trimmed === "" ? head : trimmed}${ELLIPSIS}`;
}

/**
 * Fits values into the schema as they are written and reports each one that did not fit, with the
 * line of the written file it landed on.
 */
export class SchemaFit {
  private readonly reportedIds = new Set<string>();

  constructor(
    private readonly problems: Problems,
    /** The line the next element will be written on. */
    private readonly line: () => number,
  ) {}

  /** A text: shortened by `shorten` when too long, with a warning naming what and whose. */
  text(element: TextElement, text: string, owner: string): string {
    const max = MAX_LENGTH[element];
    const length = characterCount(text);
    if (length <= max) return text;
    this.problems.warn(this.line(), element, `${owner}: ${length} characters, the BMEcat schema allows ${max}: shortened at a word boundary, "${ELLIPSIS}" marks the cut`);
    return shorten(text, max);
  }

  /** A required value the catalogue does not have: what stands in (or that it is left out) is the message. */
  missing(element: keyof typeof MAX_LENGTH, message: string): void {
    this.problems.warn(this.line(), element, message);
  }

  /**
   * An identifier or path: written as it is, since records refer to it and the import must find it
   * again; the warning says the file will not validate (once per value).
   */
  id(element: IdElement, value: string): string {
    const max = MAX_LENGTH[element];
    const length = characterCount(value);
    if (length > max && !this.reportedIds.has(value)) {
      this.reportedIds.add(value);
      this.problems.warn(
        this.line(),
        element,
        `"${value}" has ${length} characters, the BMEcat schema allows ${max}: written unchanged because other records refer to it, so the file does not validate against the schema`,
      );
    }
    return value;
  }
}
