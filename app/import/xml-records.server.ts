import fs from "node:fs";
import { decodeHTMLStrict } from "entities";
import { SaxesParser } from "saxes";
import { formatLimit, IMPORT_LIMITS } from "./import-limits";

/**
 * A streamed XML file cut into records: the caller names the elements that make one record
 * (PRODUCT, CATALOG_STRUCTURE, …) and gets each as a small tree when it closes, so only one record
 * is ever in memory however large the file (decision 023). saxes resolves no external entities, so
 * a hostile DOCTYPE cannot read files or the network.
 */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
  /** 1-based line where the element starts. */
  line: number;
}

export class XmlSyntaxError extends Error {
  override name = "XmlSyntaxError";
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/**
 * The file goes past one of IMPORT_LIMITS (too deep, a text too long, a record too large): reading
 * stops there, as for malformed XML, because what follows cannot be read within the memory budget.
 */
export class XmlLimitError extends Error {
  override name = "XmlLimitError";
  constructor(
    message: string,
    readonly line: number,
    /** The element the limit was passed in. */
    readonly element: string | undefined,
  ) {
    super(message);
  }
}

/**
 * What saxes holds while it reads one token (a text, an attribute value, a comment, a name, an
 * entity): it hands a text over only when the next tag starts, so a 150 MB text without a tag sits
 * in its buffer, out of reach of our handlers. These fields are private in its types but plain
 * properties at run time (saxes 6); bmecat-reader.server.test.ts fails if they go away.
 */
interface SaxesBuffers {
  text: string;
  name: string;
  entity: string;
  piTarget: string;
  attribList: unknown[];
}

/** Characters handed to saxes at a time, so its buffers are checked before they grow far past a limit. */
const SLICE = 64 * 1024;

export interface RecordHandlers {
  /** Record elements by name, and where they may sit: the name of their parent. */
  records: ReadonlySet<string>;
  onRecord: (node: XmlNode, path: readonly string[]) => void | Promise<void>;
  /** Bytes read so far, for progress. */
  onBytes?: (bytes: number) => void;
  /** The root element's attributes (BMECAT version, namespaces) and its line. */
  onRoot?: (name: string, attributes: Record<string, string>, line: number) => void;
  /** An element that opens outside any record (T_NEW_CATALOG, CATALOG_GROUP_SYSTEM), with its depth (the root is 1). */
  onOpen?: (name: string, depth: number, line: number) => void;
  /**
   * Elements whose content is text with markup in it (DESCRIPTION_LONG with `<b>`, `<br/>`): their
   * children are not kept as nodes; their text joins the element's, a `<br>`, `<p>` or `<li>` as a
   * line break.
   */
  mixed?: ReadonlySet<string>;
}

/** `bmecat:PRODUCT` and `PRODUCT` are the same element to us. */
function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

const LATIN1 = new Set(["iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso-8859-15", "windows-1252", "cp1252"]);

/**
 * The encoding the XML declaration names (UTF-8 when it names none), from the file's first bytes;
 * a byte-order mark wins. Throws for encodings we cannot read, naming them.
 */
export function detectEncoding(head: Buffer): "utf-8" | "windows-1252" | "utf-16le" | "utf-16be" {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const declaration = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.toString("latin1"));
  const declared = declaration?.[1]?.toLowerCase();
  if (!declared || declared === "utf-8" || declared === "utf8") return "utf-8";
  // TextDecoder reads ISO-8859-1 as windows-1252, its superset: the same letters, plus € and quotes.
  if (LATIN1.has(declared)) return "windows-1252";
  throw new XmlSyntaxError(`the file declares encoding "${declaration?.[1]}"; use UTF-8 or ISO-8859-1`, 1, 1);
}

/**
 * PIMs write HTML's named entities (`&sup2;`, `&auml;`) straight into XML, where only five are
 * defined: saxes would call that malformed. Every name HTML defines is read as HTML reads it (the
 * `entities` package's table); a name HTML does not know stays an error. `ENTITIES` is public at
 * run time but missing from saxes' types.
 */
function htmlEntities(parser: SaxesParser): void {
  const withEntities = parser as unknown as { ENTITIES: Record<string, string> };
  const xml = withEntities.ENTITIES;
  withEntities.ENTITIES = new Proxy(xml, {
    get(target, name) {
      if (typeof name !== "string") return undefined;
      const own = target[name];
      if (own !== undefined) return own;
      const decoded = decodeHTMLStrict(`&${name};`);
      return decoded === `&${name};` ? undefined : decoded;
    },
  });
}

const textTooLong = `text longer than ${formatLimit(IMPORT_LIMITS.textLength)} characters (BMEcat's limit for one text)`;

/** Reads `file` and calls `onRecord` for every record element, in file order, awaiting each. */
export async function readXmlRecords(file: string, handlers: RecordHandlers): Promise<void> {
  const handle = await fs.promises.open(file, "r");
  const head = Buffer.alloc(200);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  await handle.close();
  const decoder = new TextDecoder(detectEncoding(head.subarray(0, bytesRead)), { fatal: false });

  const parser = new SaxesParser({ position: true });
  htmlEntities(parser);
  const stack: XmlNode[] = [];
  const path: string[] = [];
  /** Depth of the record being assembled in `stack`; -1 outside records. */
  let recordDepth = -1;
  const finished: { node: XmlNode; path: string[] }[] = [];
  let failure: XmlSyntaxError | XmlLimitError | null = null;
  /** The mixed-content element being read, and how deep inside it we are. */
  let mixedNode: XmlNode | null = null;
  let mixedDepth = 0;
  /** Elements in the record being assembled. */
  let recordElements = 0;
  const limit = (message: string, line: number, element: string | undefined) => {
    failure ??= new XmlLimitError(message, line, element);
  };
  /** The innermost open element we know of: where a limit was passed. */
  const openElement = () => mixedNode ?? stack.at(-1);

  parser.on("error", (error) => {
    failure ??= new XmlSyntaxError(error.message.replace(/^[^:]*:\d+:\d+: /, ""), parser.line, parser.column);
  });
  // After the first error saxes reads on, but its idea of the tree no longer matches the file.
  parser.on("opentag", (tag) => {
    if (failure) return;
    const name = localName(tag.name);
    if (path.length + mixedDepth >= IMPORT_LIMITS.elementDepth) {
      limit(`elements nested more than ${IMPORT_LIMITS.elementDepth} deep (BMEcat needs about 10)`, parser.line, name);
      return;
    }
    if (recordDepth !== -1 && ++recordElements > IMPORT_LIMITS.recordElements) {
      limit(`more than ${formatLimit(IMPORT_LIMITS.recordElements)} elements in one ${stack[0]?.name ?? "record"} (from line ${stack[0]?.line ?? "?"})`, parser.line, name);
      return;
    }
    if (mixedNode) {
      mixedDepth++;
      if (/^(br|p|li|div|tr)$/i.test(name)) addText("\n");
      return;
    }
    if (path.length === 0) handlers.onRoot?.(name, tag.attributes as Record<string, string>, parser.line);
    path.push(name);
    if (recordDepth === -1) handlers.onOpen?.(name, path.length, parser.line);
    if (recordDepth === -1 && handlers.records.has(name)) {
      recordDepth = path.length;
      recordElements = 1;
    }
    if (recordDepth !== -1) {
      const attributes: Record<string, string> = {};
      for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) attributes[localName(key)] = value;
      const node: XmlNode = { name, attributes, text: "", children: [], line: parser.line };
      stack.at(-1)?.children.push(node);
      stack.push(node);
      if (handlers.mixed?.has(name)) mixedNode = node;
    }
  });
  const addText = (text: string) => {
    if (failure) return;
    const node = openElement();
    if (!node) return;
    // Indentation between child elements is no text: left out, it cannot add up to a false "too long" in a large record.
    if (node !== mixedNode && node.children.length > 0 && text.trim() === "") return;
    if (node.text.length + text.length > IMPORT_LIMITS.textLength) {
      limit(textTooLong, node.line, node.name);
      return;
    }
    node.text += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    if (failure) return;
    if (mixedNode) {
      if (mixedDepth > 0) {
        mixedDepth--;
        return;
      }
      mixedNode = null;
    }
    if (recordDepth !== -1) {
      const node = stack.pop();
      if (path.length === recordDepth && node) {
        finished.push({ node, path: path.slice(0, -1) });
        recordDepth = -1;
      }
    }
    path.pop();
  });

  // Private in saxes' types, plain properties at run time (see SaxesBuffers).
  const buffers = parser as unknown as SaxesBuffers;
  const write = (text: string) => {
    for (let at = 0; at < text.length && !failure; at += SLICE) {
      parser.write(text.slice(at, at + SLICE));
      const longest = Math.max(buffers.text.length, buffers.name.length, buffers.entity.length, buffers.piTarget.length);
      const element = openElement();
      if (longest > IMPORT_LIMITS.textLength) limit(textTooLong, element?.line ?? parser.line, element?.name);
      else if (buffers.attribList.length > IMPORT_LIMITS.attributes) limit(`more than ${IMPORT_LIMITS.attributes} attributes on one element`, parser.line, undefined);
    }
  };

  let bytes = 0;
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    write(decoder.decode(chunk, { stream: true }));
    if (failure) break;
    // Records are handed on between chunks: the handler may write to a database and must not be
    // called from inside the parser's callbacks.
    for (const { node, path: at } of finished.splice(0)) await handlers.onRecord(node, at);
    handlers.onBytes?.(bytes);
  }
  stream.destroy();
  if (!failure) {
    write(decoder.decode());
    parser.close();
    for (const { node, path: at } of finished.splice(0)) await handlers.onRecord(node, at);
  }
  if (failure) throw failure;
}

/**
 * A copy of `text` that does not share memory with the chunk it was cut from. V8 keeps a substring
 * as a view of its parent: a few part numbers kept from a 130 MB file would keep most of the file's
 * 256 KB chunks alive (measured: out of memory at 192 MB for 50,000 products). For strings kept
 * past their record.
 */
export function detached(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}

/** Helpers to read a record tree without caring about element order. */
export function child(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((c) => c.name === name);
}

export function children(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((c) => c.name === name);
}

export function textOf(node: XmlNode | undefined): string {
  return node ? node.text.trim() : "";
}
