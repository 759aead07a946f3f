import { createHash } from "node:crypto";

const OPEN = Buffer.from("<script");
const CLOSE = Buffer.from("</script");

/**
 * Types a browser does not run (data blocks such as JSON-LD): the Content-Security-Policy does not
 * govern them, so they need no hash. An absent or empty type, `module`, `importmap` and the
 * JavaScript MIME types are run, and hashed.
 */
function isDataBlock(attributes: string): boolean {
  const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attributes);
  if (!type) return false;
  const value = (type[1] ?? type[2] ?? type[3] ?? "").trim().toLowerCase();
  return !(value === "" || value === "module" || value === "importmap" || /^(text|application)\/(x-)?(java|ecma)script$/.test(value));
}

/**
 * The CSP source expressions (`'sha256-…'`) of every inline script of a rendered document, in
 * order and without repeats. A hash names exactly one script body, so unlike a nonce it is the same
 * for every visitor: the page and its header can be stored and sent again unchanged (decision 025).
 *
 * The document is React's output, so a scan is enough: a script's text runs to the first `</script`
 * (the HTML rule for raw text), and React escapes `<` elsewhere, in text and in attribute values.
 */
export function inlineScriptHashes(html: Uint8Array): string[] {
  const bytes = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const hashes = new Set<string>();
  for (let at = bytes.indexOf(OPEN); at !== -1; at = bytes.indexOf(OPEN, at + OPEN.length)) {
    const next = bytes[at + OPEN.length];
    // `<scripts…>` or `<script-x>` is another element.
    if (next !== 0x3e /* > */ && next !== 0x20 && next !== 0x09 && next !== 0x0a && next !== 0x0d && next !== 0x0c && next !== 0x2f) continue;
    const tagEnd = bytes.indexOf(0x3e, at);
    if (tagEnd === -1) break;
    const attributes = bytes.toString("latin1", at + OPEN.length, tagEnd);
    const end = bytes.indexOf(CLOSE, tagEnd + 1);
    if (end === -1) break;
    at = end;
    if (/\ssrc\s*=/i.test(attributes) || isDataBlock(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(bytes.subarray(tagEnd + 1, end)).digest("base64")}'`);
  }
  return [...hashes];
}
