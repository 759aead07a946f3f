/**
 * A small streaming XML writer: elements are appended to a buffer that is handed to a sink once it
 * is large enough, and the sink's promise is awaited, so a slow disk slows the writer down instead
 * of the document piling up in memory (a catalogue may have 50,000 products).
 */

/**
 * Everything XML 1.0 does not allow in a document, even as a character reference: control
 * characters other than tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF.
 */
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text without the characters XML 1.0 forbids (a database may hold them; a parser would stop). */
export function xmlSafe(text: string): string {
  return text.replace(FORBIDDEN, "");
}

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;" };
// Line breaks and tabs in attributes would be read back as spaces (attribute-value normalisation).
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': "&quot;", "\n": "&#10;", "\t": "&#9;" };

/** Element content: `>` too, so `]]>` can never appear; a carriage return survives line-end normalisation. */
export function escapeText(text: string): string {
  return xmlSafe(text).replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

/** A value for a double-quoted attribute. */
export function escapeAttribute(text: string): string {
  return xmlSafe(text).replace(/[&<>"\r\n\t]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

export interface XmlSink {
  write(chunk: string): Promise<void> | void;
}

export type XmlAttributes = Record<string, string | number | undefined>;

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function checkName(name: string): string {
  // Names come from our code, never from data: a bad one is a bug, not something to escape.
  if (!NAME.test(name)) throw new Error(`not an XML name: "${name}"`);
  return name;
}

function attributeText(attributes: XmlAttributes | undefined): string {
  if (!attributes) return "";
  let text = "";
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) text += ` ${checkName(name)}="${escapeAttribute(String(value))}"`;
  }
  return text;
}

export class XmlWriter {
  private buffer = "";
  private readonly open: string[] = [];
  private lines = 1;

  constructor(
    private readonly sink: XmlSink,
    private readonly chunkSize = 64 * 1024,
  ) {}

  /** The 1-based line of the document the next element starts on (for reports about it). */
  get line(): number {
    return this.lines;
  }

  private append(text: string): void {
    this.buffer += text;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.lines++;
  }

  declaration(): void {
    this.append(`<?xml version="1.0" encoding="UTF-8"?>\n`);
  }

  private indent(): string {
    return "  ".repeat(this.open.length);
  }

  start(name: string, attributes?: XmlAttributes): void {
    this.append(`${this.indent()}<${checkName(name)}${attributeText(attributes)}>\n`);
    this.open.push(name);
  }

  end(): void {
    const name = this.open.pop();
    if (name === undefined) throw new Error("end() without an open element");
    this.append(`${this.indent()}</${name}>\n`);
  }

  /** `<NAME …>text</NAME>` on one line. */
  element(name: string, text: string | number, attributes?: XmlAttributes): void {
    this.append(`${this.indent()}<${checkName(name)}${attributeText(attributes)}>${escapeText(String(text))}</${name}>\n`);
  }

  /** Hands the buffer on once it is large, waiting for the sink: call between records. */
  async drain(): Promise<void> {
    if (this.buffer.length >= this.chunkSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer === "") return;
    const chunk = this.buffer;
    this.buffer = "";
    await this.sink.write(chunk);
  }

  /** Hands on the rest; the document must be complete. */
  async finish(): Promise<void> {
    if (this.open.length > 0) throw new Error(`unclosed elements: ${this.open.join(" > ")}`);
    await this.flush();
  }
}
