/*
 * UTF-8 read as Windows-1252 and written out again as UTF-8 ("weiÃŸ" for "weiß", "MÃ¤nner" for
 * "Männer"): a PIM or an Excel round trip does it to whole columns. The text is turned back into the
 * bytes Windows-1252 gave those characters and read as UTF-8; only text that then decodes without a
 * single error is repaired, so real "Ã" or "Â" in a word (a Portuguese "São") stays as written.
 */

/** Windows-1252's characters for 0x80-0x9F (Node's own decoder may read that range as Latin-1). */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * Each character to the byte it came from: Windows-1252's for 0x80-0x9F, Latin-1's (the same code
 * point) for 0xA0-0xFF, and the C1 controls too, which a Latin-1 round trip leaves.
 */
const WINDOWS_1252_BYTES: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (let byte = 0x80; byte <= 0xff; byte++) map.set(String.fromCharCode(byte), byte);
  [...WINDOWS_1252_HIGH].forEach((char, i) => map.set(char, 0x80 + i));
  return map;
})();

/** A lead byte of a two- to four-byte UTF-8 sequence read as Windows-1252, then a continuation byte. */
const LOOKS_DOUBLE = /[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The text as it was meant, or null when it is not double-encoded. */
export function repairDoubleEncoding(text: string): string | null {
  if (!LOOKS_DOUBLE.test(text)) return null;
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else {
      const byte = WINDOWS_1252_BYTES.get(char);
      // A character Windows-1252 has no byte for: this text was never through that round trip.
      if (byte === undefined) return null;
      bytes.push(byte);
    }
  }
  try {
    const repaired = strictUtf8.decode(Uint8Array.from(bytes));
    return repaired === text ? null : repaired;
  } catch {
    return null;
  }
}
