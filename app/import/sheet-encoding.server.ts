import jschardet from "jschardet";

/*
 * Which character encoding a CSV is in (issue 38): a byte-order mark says so; text that is valid
 * UTF-8 is UTF-8; anything else is what jschardet finds in its first bytes, among the encodings
 * spreadsheets and ERPs write (decision 071). `--encoding` names it instead. Decoding is the
 * platform's TextDecoder (WHATWG labels), so a name the decoder does not know is a usage error.
 */

export interface DecodedText {
  text: string;
  /** The WHATWG name of what was used ("utf-8", "windows-1251"), for the report. */
  encoding: string;
  /** How it was chosen, for the report: "byte-order mark", "detected", "named". */
  how: "byte-order mark" | "valid UTF-8" | "detected" | "named";
}

export type Decoding = DecodedText | { problem: string };

/** The WHATWG name of an encoding people name (`cp1251`, `latin1`, `UTF-16`), or null when there is none. */
export function encodingName(label: string): string | null {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

/** What the detector may answer: the encodings office software and ERPs write, by their WHATWG names. */
const DETECTABLE = new Set([
  "windows-1250",
  "windows-1251",
  "windows-1252",
  "windows-1253",
  "windows-1254",
  "windows-1255",
  "windows-1256",
  "windows-1257",
  "iso-8859-2",
  "iso-8859-5",
  "iso-8859-7",
  "iso-8859-8",
  "koi8-r",
  "ibm866",
]);

/** The detector reads this much: a sheet's first rows tell its encoding, and a 16 MB file would take seconds. */
const SAMPLE_BYTES = 64 * 1024;

const BOMS: readonly { bytes: readonly number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
];

/** Text has next to no control characters; a binary file is full of them. Tab, CR and LF are text. */
// eslint-disable-next-line no-control-regex -- control characters are what this counts
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function looksBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE_BYTES);
  return (sample.match(CONTROL)?.length ?? 0) > Math.max(2, sample.length / 100);
}

/**
 * UTF-16 without a byte-order mark, which jschardet does not look for: Latin text then has a zero
 * byte beside nearly every character, on the odd bytes (little-endian) or the even ones.
 */
function bomlessUtf16(bytes: Uint8Array): string | null {
  const length = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (length < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

/** The detector's best guess among DETECTABLE; Windows-1252 when it reads the sample the same (äöüß are alike in most Latin sets). */
function detect(bytes: Uint8Array): string | null {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  // jschardet reads a "binary" string: one character per byte.
  const candidates = jschardet
    .detectAll(Buffer.from(sample).toString("latin1"), { minimumThreshold: 0 })
    .map((match) => (match.encoding ? encodingName(match.encoding) : null))
    .filter((name): name is string => name !== null && DETECTABLE.has(name));
  const [best] = candidates;
  if (!best) return null;
  if (best !== "windows-1252" && candidates.includes("windows-1252")) {
    const same = new TextDecoder(best).decode(sample) === new TextDecoder("windows-1252").decode(sample);
    if (same) return "windows-1252";
  }
  return best;
}

/**
 * The file's text. `named`: the encoding given with `--encoding` (a WHATWG label), used as it is;
 * a byte-order mark wins over detection but not over a name. The answer names what was used.
 */
export function decodeSheet(bytes: Uint8Array, named?: string): Decoding {
  const decoded = (encoding: string, how: DecodedText["how"], from = 0): Decoding => {
    const text = new TextDecoder(encoding).decode(bytes.subarray(from));
    if (looksBinary(text)) {
      return { problem: `not a text file: read as ${encoding}, it is full of control characters (a binary file, or another encoding: name it with --encoding)` };
    }
    return { text, encoding: new TextDecoder(encoding).encoding, how };
  };
  if (named !== undefined) {
    const encoding = encodingName(named);
    if (!encoding) return { problem: `unknown encoding "${named}" (e.g. utf-8, utf-16le, windows-1251, iso-8859-2)` };
    const bom = BOMS.find((b) => b.encoding === encoding && b.bytes.every((byte, i) => bytes[i] === byte));
    return decoded(encoding, "named", bom ? bom.bytes.length : 0);
  }
  const bom = BOMS.find((b) => b.bytes.every((byte, i) => bytes[i] === byte));
  if (bom) return decoded(bom.encoding, "byte-order mark", bom.bytes.length);
  const utf16 = bomlessUtf16(bytes);
  if (utf16) return decoded(utf16, "detected");
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return looksBinary(text) ? decoded("utf-8", "valid UTF-8") : { text, encoding: "utf-8", how: "valid UTF-8" };
  } catch {
    // Not UTF-8: one of the single-byte sets.
  }
  const found = detect(bytes);
  if (!found) return { problem: "not a text file in any encoding the import knows (a binary file? name the encoding with --encoding)" };
  return decoded(found, "detected");
}
