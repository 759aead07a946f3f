import { readGtin } from "~/utils/ean";

/**
 * The rules a stock row follows, for the file import and the push API alike (decision 055): what a
 * GTIN, a part number, a quantity and an as-of time may be.
 */

/** More than this in one shop is a typing error (or a unit mix-up), not stock. */
export const MAX_QUANTITY = 1_000_000;
/** A clock this far ahead is tolerated; an as-of time beyond it is taken as the time of receipt. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** The longest part number we keep (ours are far shorter). */
export const MAX_PART_NUMBER_LENGTH = 64;

export type Reading<T> = { ok: true; value: T; note?: string } | { ok: false; problem: string };

/**
 * A quantity: a whole number from 0 to MAX_QUANTITY ("3", "3.0", " 3 "). A negative one (sold
 * more than was booked in) is 0 with a note: the dealer does not have it.
 */
export function readQuantity(raw: string | number): Reading<number> {
  const text = typeof raw === "number" ? String(raw) : raw.trim();
  if (text === "") return { ok: false, problem: "no quantity" };
  if (!/^-?\d+(\.0+)?$/.test(text)) return { ok: false, problem: `quantity "${clip(text)}" is not a whole number` };
  const value = Number(text);
  if (value < 0) return { ok: true, value: 0, note: `quantity ${value} is below 0: taken as 0 (not in stock)` };
  if (value > MAX_QUANTITY) return { ok: false, problem: `quantity ${clip(text)} is more than ${MAX_QUANTITY.toLocaleString("en-US")}` };
  return { ok: true, value };
}

/** A GTIN as readGtin stores it; the problem names what is wrong with it. */
export function readStockGtin(raw: string): Reading<string> {
  const text = raw.trim();
  if (text === "") return { ok: false, problem: "no GTIN" };
  const reading = readGtin(text);
  if ("gtin" in reading) return { ok: true, value: reading.gtin };
  return {
    ok: false,
    problem:
      reading.problem === "trade-unit"
        ? `GTIN ${clip(text)} names a carton (GTIN-14 with indicator 1-8), not the article`
        : `GTIN "${clip(text)}" is not a valid GTIN-8, -12, -13 or -14 (digits or check digit)`,
  };
}

export function readPartNumber(raw: string): Reading<string> {
  const text = raw.trim();
  if (text === "") return { ok: false, problem: "no part number" };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a part number must not hold
  if (text.length > MAX_PART_NUMBER_LENGTH || /[\u0000-\u001f]/.test(text)) return { ok: false, problem: `part number "${clip(text)}" is not one of ours` };
  return { ok: true, value: text };
}

/**
 * An as-of time: ISO 8601 with a time zone (`2026-11-27T10:00:00Z`, `…+01:00`) or a plain date
 * (midnight UTC). A time past `received` (plus CLOCK_SKEW_MS) is the dealer's clock running ahead:
 * stock "as of tomorrow" would look fresh for a day too long, so it becomes `received`, with a note.
 */
export function readAsOf(raw: string, received: Date): Reading<string> {
  const text = raw.trim();
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/i.test(text);
  const time = iso ? Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) : Number.NaN;
  if (!Number.isFinite(time)) return { ok: false, problem: `"${clip(text)}" is not a time: write it as ISO 8601 with a zone, e.g. 2026-11-27T10:00:00Z` };
  if (time > received.getTime() + CLOCK_SKEW_MS) {
    return { ok: true, value: received.toISOString(), note: `${clip(text)} is in the future: the time of receipt is used` };
  }
  return { ok: true, value: new Date(time).toISOString() };
}

/**
 * One row per article in a dealer's stock, however the rows name it: the same GTIN twice, two GTINs
 * of one article, or a GTIN and the article's part number. A merchandise system sends one line per
 * article (veloconnect keys the line by its GTIN); two lines that land on one article of ours are a
 * mapping mistake in that system, and neither their sum (unbounded: 50,000 lines of 1,000,000 added
 * up to 5·10¹⁰, past PostgreSQL's integer) nor either line is known to be what is on the shelf.
 * The push refuses such rows (422 naming them), the file leaves them out with a warning (decision
 * 037); both name the row that counts. `first` is that row ("row 2", "line 7").
 */
export function repeatedArticle(partno: string, first: string): string {
  return `the same article (${clip(partno)}) as ${first}`;
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
