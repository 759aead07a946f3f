/**
 * The one rule for every CSV the project writes (issue 25): a spreadsheet must show each cell as
 * the text it is, never run it. OWASP's rule: what starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`. A quoted cell is not enough on its own: a German spreadsheet
 * splits on `;`, others on `,`, some on tabs, and a reader set to the other delimiter cuts a quoted
 * cell apart (`"Radhaus;=1+1"` becomes `"Radhaus` and `=1+1"`). So the `'` also goes where such a
 * piece would start: after every `,`, `;`, tab or line break inside the text (spaces and quotes
 * between them count as the start too). Then the cell is quoted when it holds a delimiter, a quote
 * or a line break (RFC 4180).
 */

/** Characters a spreadsheet reads as the start of a formula. */
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r"]);
/** Where some reader starts a new cell or row. */
const PIECE_BREAK = new Set([",", ";", "\t", "\r", "\n"]);

/** `'` before each formula character that starts the text or a piece of it (after spaces or quotes). */
function inert(text: string): string {
  let out = "";
  let atStart = true;
  for (const char of text) {
    if (atStart && FORMULA_START.has(char)) out += "'";
    out += char;
    atStart = PIECE_BREAK.has(char) || (atStart && (char === " " || char === '"'));
  }
  return out;
}

/** A cell holding one of these is quoted: both delimiters, tab, the quote and line breaks. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One cell: numbers as they are (a number carries no formula), text made inert and quoted where needed. */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = inert(value);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells joined with `delimiter` (`,` by default). */
export function csvLine(values: readonly (string | number)[], delimiter: "," | ";" = ","): string {
  return values.map(csvCell).join(delimiter);
}
