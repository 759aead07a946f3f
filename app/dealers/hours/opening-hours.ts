/*
 * Opening hours of dealers: parsing and canonical text ("open now?" in the dealer's own time zone is
 * open-status.ts).
 * Runs on the server and in the dealer page's bundle, hence no libraries and no Intl data beyond
 * Intl.DateTimeFormat with a timeZone.
 *
 * Grammar: a human-writable subset of OpenStreetMap's opening_hours.
 *
 *   hours    = rule { ";" rule }                   empty or blank: no hours known
 *   rule     = selector times
 *   selector = dayitem { "," dayitem }             e.g. Mo-Fr | Mo,We,Fr | Mo-Mi,Fr | Fr-Mo | Sa,PH
 *            | dateitem { "," dateitem }           e.g. 2026-12-24 | 24.12.2026 | 2026-12-27-2027-01-01
 *   dayitem  = day [ "-" day ] | "PH"
 *   day      = Mo Tu We Th Fr Sa Su | Mo Di Mi Do Fr Sa So   (any case; a range may wrap, Fr-Mo)
 *   dateitem = date [ "-" date ]                   ISO or German day.month.year; ranges are inclusive
 *   times    = "off" | "closed" | "geschlossen" | range { [","] range }
 *   range    = time "-" time                       9:00, 09:00 or 09.00; "-" or an en dash; 24:00 only as an end
 *
 * "PH" (also "Feiertag", "Feiertage") is a nationwide public holiday of the dealer's country.
 * An end at or before the start runs past midnight: "Fr 22:00-02:00" is open until Saturday 02:00,
 * and that night belongs to Friday's rule even if Saturday is a holiday or an exception.
 * Precedence follows OSM: a date beats PH, PH beats the weekday, and among rules of one kind the later
 * one replaces the earlier for the days they share ("Mo-Sa 09:00-18:00; Sa 09:00-13:00" shortens
 * Saturday; to add hours, list the ranges in one rule). Days no rule mentions are closed.
 */
import { formatMinutes } from "./format-minutes";
import type { HoursProblem, OpeningHours, ParsedHours, TimeRange, Weekday } from "./hours-types";

export const DAY_MINUTES = 1440;
export const WEEKDAY_CODES = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;


// A Map, not an object literal: "constructor" must not look like a day.
const DAY_NAMES = new Map<string, Weekday>([
  ["mo", 0], ["tu", 1], ["di", 1], ["we", 2], ["mi", 2], ["th", 3], ["do", 3], ["fr", 4], ["sa", 5], ["su", 6], ["so", 6],
]);
const HOLIDAY_WORDS = new Set(["ph", "feiertag", "feiertage"]);
const CLOSED_WORDS = new Set(["off", "closed", "geschlossen"]);

// ---------------------------------------------------------------------------------------------
// Parsing

type TokenKind = "word" | "number" | "isoDate" | "dash" | "comma" | "semicolon" | "other";
interface Token {
  kind: TokenKind;
  text: string;
  at: number;
}

const WORD = /\p{L}+/uy;
// Claims "2026-12-27" before the dash can be read as a range separator; validated later.
const ISO_DATE = /\d{4}-\d+-\d+/y;
const NUMBER = /\d[\d:.]*/y;

function lex(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    let kind: TokenKind = "other";
    let end = i + 1;
    if (c === ";") kind = "semicolon";
    else if (c === ",") kind = "comma";
    else if (c === "-" || c === "–" || c === "—") kind = "dash";
    else if (c >= "0" && c <= "9") {
      ISO_DATE.lastIndex = i;
      const re = ISO_DATE.test(input) ? ISO_DATE : NUMBER;
      kind = re === ISO_DATE ? "isoDate" : "number";
      re.lastIndex = i;
      re.test(input);
      end = re.lastIndex;
    } else {
      WORD.lastIndex = i;
      if (WORD.test(input)) {
        kind = "word";
        end = WORD.lastIndex;
      } else if ((input.codePointAt(i) ?? 0) > 0xffff) end = i + 2;
    }
    tokens.push({ kind, text: input.slice(i, end), at: i });
    i = end;
  }
  return tokens;
}

interface SourcedRange {
  range: TimeRange;
  at: number;
  length: number;
}
type Selector = { kind: "days"; days: Weekday[]; holidays: boolean } | { kind: "dates"; spans: { from: string; to: string }[] };
interface Rule {
  selector: Selector;
  ranges: SourcedRange[];
}

const RANGE_NEEDS_BOTH = "a range needs a start and an end, e.g. 09:00-18:00";
const SEPARATE_RULES = 'separate rules with ";"';

function problemAt(from: Token, to: Token, message: string): HoursProblem {
  return { offset: from.at, length: to.at + to.text.length - from.at, message };
}

function unknownDay(token: Token): HoursProblem {
  return problemAt(token, token, `unknown day "${token.text}" (use Mo Tu We Th Fr Sa Su)`);
}

function unexpected(token: Token, hint?: string): HoursProblem {
  return problemAt(token, token, `unexpected "${token.text}"${hint ? ` (${hint})` : ""}`);
}

const isDayWord = (t: Token) => t.kind === "word" && (DAY_NAMES.has(t.text.toLowerCase()) || HOLIDAY_WORDS.has(t.text.toLowerCase()));
// Two dots make a German date (24.12.2026, or a broken one like 24.12.); one dot is a time (09.00).
const isDateToken = (t: Token) => t.kind === "isoDate" || (t.kind === "number" && /^\d+\.\d+\./.test(t.text));

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Canonical ISO date, or null. */
export function dateOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const german = iso ? null : /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : german ? [german[3], german[2], german[1]] : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

function timeOf(token: Token, isEnd: boolean): number | HoursProblem {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec(token.text);
  const [hours, minutes] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(hours <= 24 && minutes <= 59) || (hours === 24 && minutes > 0)) return problemAt(token, token, `"${token.text}" is not a time`);
  if (hours === 24 && !isEnd) return problemAt(token, token, "a range cannot start at 24:00");
  return hours * 60 + minutes;
}

function parseRule(input: string, tokens: Token[]): Rule | HoursProblem {
  let p = 0;
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  if (first === undefined || last === undefined) throw new Error("empty rule");

  let selector: Selector;
  if (first.kind === "word") {
    const days: Weekday[] = [];
    let holidays = false;
    for (;;) {
      const token = tokens[p];
      if (token?.kind !== "word") {
        const separator = tokens[p - 1] ?? first;
        return problemAt(separator, separator, `expected a day after "${separator.text}"`);
      }
      p++;
      const name = token.text.toLowerCase();
      if (HOLIDAY_WORDS.has(name)) {
        holidays = true;
        if (tokens[p]?.kind === "dash") return unexpected(tokens[p] ?? token);
      } else {
        const start = DAY_NAMES.get(name);
        if (start === undefined) return unknownDay(token);
        let end = start;
        const dash = tokens[p];
        if (dash?.kind === "dash") {
          const endToken = tokens[p + 1];
          if (endToken?.kind !== "word") return problemAt(dash, dash, `expected a day after "${dash.text}"`);
          const found = DAY_NAMES.get(endToken.text.toLowerCase());
          if (found === undefined) return unknownDay(endToken);
          end = found;
          p += 2;
        }
        for (let d = start; ; d = ((d + 1) % 7) as Weekday) {
          days.push(d);
          if (d === end) break;
        }
      }
      if (tokens[p]?.kind !== "comma") break;
      p++;
    }
    selector = { kind: "days", days, holidays };
  } else if (isDateToken(first)) {
    const spans: { from: string; to: string }[] = [];
    for (;;) {
      const token = tokens[p];
      if (token === undefined || !isDateToken(token)) {
        const separator = tokens[p - 1] ?? first;
        return problemAt(separator, separator, `expected a date after "${separator.text}"`);
      }
      const from = dateOf(token.text);
      if (from === null) return problemAt(token, token, `"${token.text}" is not a date`);
      p++;
      let to = from;
      const dash = tokens[p];
      if (dash?.kind === "dash") {
        const endToken = tokens[p + 1];
        if (endToken === undefined || !isDateToken(endToken)) return problemAt(dash, dash, `expected a date after "${dash.text}"`);
        const end = dateOf(endToken.text);
        if (end === null) return problemAt(endToken, endToken, `"${endToken.text}" is not a date`);
        if (end < from) return problemAt(token, endToken, "the date range ends before it starts");
        to = end;
        p += 2;
      }
      spans.push({ from, to });
      if (tokens[p]?.kind !== "comma") break;
      p++;
    }
    selector = { kind: "dates", spans };
  } else if (first.kind === "number") {
    return problemAt(first, first, 'a rule starts with days, PH or a date, e.g. "Mo-Fr 09:00-18:00"');
  } else {
    return unexpected(first);
  }

  const ranges: SourcedRange[] = [];
  const head = tokens[p];
  if (head === undefined) return problemAt(first, last, 'rule has no times (write "off" for closed)');
  if (head.kind === "word") {
    if (isDayWord(head)) return unexpected(head, 'separate days with "," or "-"');
    if (!CLOSED_WORDS.has(head.text.toLowerCase())) return unexpected(head, 'write times like 09:00-18:00, or "off"');
    p++;
  } else if (head.kind === "isoDate" || head.kind === "other" || isDateToken(head)) {
    return unexpected(head, head.kind === "other" ? undefined : SEPARATE_RULES);
  } else {
    for (;;) {
      const start = tokens[p];
      if (start?.kind !== "number") {
        const at = start ?? tokens[p - 1] ?? head;
        return problemAt(at, at, RANGE_NEEDS_BOTH);
      }
      const from = timeOf(start, false);
      if (typeof from !== "number") return from;
      const dash = tokens[p + 1];
      if (dash?.kind !== "dash") return problemAt(start, start, RANGE_NEEDS_BOTH);
      const endToken = tokens[p + 2];
      if (endToken?.kind !== "number") return problemAt(start, dash, RANGE_NEEDS_BOTH);
      const end = timeOf(endToken, true);
      if (typeof end !== "number") return end;
      const source = input.slice(start.at, endToken.at + endToken.text.length);
      if (end === from) return problemAt(start, endToken, `"${source}" is empty (for all day write 00:00-24:00)`);
      ranges.push({ range: { from, to: end < from ? end + DAY_MINUTES : end }, at: start.at, length: source.length });
      p += 3;
      const next = tokens[p];
      if (next?.kind === "number") continue; // a forgotten comma is harmless
      if (next?.kind !== "comma") break;
      const after = tokens[p + 1];
      if (after !== undefined && (isDayWord(after) || isDateToken(after))) return unexpected(after, SEPARATE_RULES);
      p++;
    }
  }
  const extra = tokens[p];
  if (extra !== undefined) return unexpected(extra, isDayWord(extra) || isDateToken(extra) ? SEPARATE_RULES : undefined);
  return { selector, ranges };
}


/** Overlaps within one day's ranges (sorted by start), reported at the later range. */
function overlaps(ranges: SourcedRange[], label: string, problems: HoursProblem[], reported: Set<number>) {
  for (let i = 1; i < ranges.length; i++) {
    const [a, b] = [ranges[i - 1], ranges[i]];
    if (a && b && b.range.from < a.range.to && !reported.has(b.at)) {
      reported.add(b.at);
      problems.push({ offset: b.at, length: b.length, message: `times overlap on ${label}: ${rangeText(a.range)} and ${rangeText(b.range)}` });
    }
  }
}

const byStart = (a: SourcedRange, b: SourcedRange) => a.range.from - b.range.from;
const plain = (ranges: SourcedRange[]): TimeRange[] => ranges.map(({ range }) => ({ from: range.from, to: range.to }));

export function parseOpeningHours(input: string): ParsedHours {
  const tokens = lex(input);
  const problems: HoursProblem[] = [];
  const week: SourcedRange[][] = [[], [], [], [], [], [], []];
  let holidays: SourcedRange[] | null = null;
  const exceptions: { from: string; to: string; ranges: SourcedRange[] }[] = [];
  let anyRule = false;

  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i < tokens.length && tokens[i]?.kind !== "semicolon") continue;
    // Empty rules (";;", a trailing ";") are harmless and skipped.
    if (i > start) {
      anyRule = true;
      const rule = parseRule(input, tokens.slice(start, i));
      if ("message" in rule) problems.push(rule);
      else if (rule.selector.kind === "days") {
        for (const d of rule.selector.days) week[d] = rule.ranges.slice().sort(byStart);
        if (rule.selector.holidays) holidays = rule.ranges.slice().sort(byStart);
      } else {
        for (const span of rule.selector.spans) exceptions.push({ ...span, ranges: rule.ranges.slice().sort(byStart) });
      }
    }
    start = i + 1;
  }
  if (!anyRule) return { ok: true, hours: null, text: "" };

  // Checked after the later-rule-replaces pass: "Mo-Fr 09:00-18:00; Fr 08:00-12:00" is no overlap.
  const reported = new Set<number>();
  week.forEach((ranges, d) => {
    overlaps(ranges, WEEKDAY_CODES[d] ?? "", problems, reported);
    const next = week[(d + 1) % 7] ?? [];
    for (const late of ranges) {
      for (const early of next) {
        if (late.range.to > DAY_MINUTES && early.range.from < late.range.to - DAY_MINUTES && !reported.has(early.at)) {
          reported.add(early.at);
          const days = `${WEEKDAY_CODES[d]} and ${WEEKDAY_CODES[(d + 1) % 7]}`;
          problems.push({ offset: early.at, length: early.length, message: `times overlap on ${days}: ${rangeText(late.range)} and ${rangeText(early.range)}` });
        }
      }
    }
  });
  if (holidays) overlaps(holidays, "PH", problems, reported);
  for (const e of exceptions) overlaps(e.ranges, e.from === e.to ? e.from : `${e.from}-${e.to}`, problems, reported);

  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.offset - b.offset) };
  const hours: OpeningHours = {
    week: week.map(plain),
    holidays: holidays ? plain(holidays) : null,
    exceptions: exceptions.map((e) => ({ from: e.from, to: e.to, ranges: plain(e.ranges) })),
  };
  return { ok: true, hours, text: formatOpeningHours(hours) };
}

// ---------------------------------------------------------------------------------------------
// Canonical text

const rangeText = (r: TimeRange) => `${formatMinutes(r.from)}-${formatMinutes(r.to)}`;
const rangesText = (ranges: TimeRange[]) => (ranges.length === 0 ? "off" : ranges.map(rangeText).join(","));

/** Ascending days as runs: three or more consecutive days become "Mo-We", two stay "Sa,Su". */
function daysText(days: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === (days[j] ?? 0) + 1) j++;
    const [a, b] = [WEEKDAY_CODES[days[i] ?? 0] ?? "", WEEKDAY_CODES[days[j] ?? 0] ?? ""];
    parts.push(j === i ? a : j === i + 1 ? `${a},${b}` : `${a}-${b}`);
    i = j + 1;
  }
  return parts.join(",");
}

/** Canonical text: English days, HH:MM, ISO dates. parseOpeningHours(format(h)).hours deep-equals h for parsed h. */
export function formatOpeningHours(hours: OpeningHours): string {
  const rules: string[] = [];
  const groups = new Map<string, number[]>();
  hours.week.forEach((ranges, d) => {
    if (ranges.length === 0) return;
    const key = rangesText(ranges);
    const days = groups.get(key);
    if (days) days.push(d);
    else groups.set(key, [d]);
  });
  for (const [text, days] of groups) rules.push(`${daysText(days)} ${text}`);
  if (hours.holidays) rules.push(`PH ${rangesText(hours.holidays)}`);
  // Only neighbours are joined: the order of exceptions decides which of two overlapping ones wins.
  let dates: string[] = [];
  hours.exceptions.forEach((e, i) => {
    dates.push(e.from === e.to ? e.from : `${e.from}-${e.to}`);
    const next = hours.exceptions[i + 1];
    const text = rangesText(e.ranges);
    if (next === undefined || rangesText(next.ranges) !== text) {
      rules.push(`${dates.join(",")} ${text}`);
      dates = [];
    }
  });
  // Closed every day is still known hours; an empty text would read back as "no hours".
  return rules.length > 0 ? rules.join("; ") : "Mo-Su off";
}
