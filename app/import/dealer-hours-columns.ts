import { WEEKDAY_CODES, parseOpeningHours } from "~/dealers/hours/opening-hours";

/*
 * Opening hours as other tools write them, turned into the one text app/dealers/hours/opening-hours.ts
 * reads: Google Business Profile's seven day columns ("Monday hours" 09:00-17:00, "x" closed, a
 * range past midnight 22:00-02:00) with its "Special hours" (2025-12-31: 05:00-23:00, 2026-01-01: x),
 * and the free text of store-locator exports ("Monday to Thursday 8:00 - 18:30\nFriday …").
 * Pure: the caller reports what comes back in `problem`.
 */

/** The day columns in our week order (Monday first), as the header check names them. */
export const DAY_COLUMNS = ["monday_hours", "tuesday_hours", "wednesday_hours", "thursday_hours", "friday_hours", "saturday_hours", "sunday_hours"] as const;
export type DayColumn = (typeof DAY_COLUMNS)[number];

export type HoursResult = { text: string; problem: null } | { text: ""; problem: string };

/** GBP writes "x" for a closed day; people write "closed", "geschlossen", "-". */
const CLOSED = /^(?:x|-|–|closed|off|geschlossen|zu|ruhetag)$/i;
const TIME = String.raw`\d{1,2}[:.]\d{2}`;
/** "09:00-12:00, 13:00-17:00" or "09:00-17:00": one or more ranges, as GBP allows. */
const RANGES = new RegExp(String.raw`^${TIME}\s*[-–]\s*${TIME}(?:\s*,\s*${TIME}\s*[-–]\s*${TIME})*$`);

function dayTimes(cell: string): string | null {
  const value = cell.trim();
  if (CLOSED.test(value)) return "off";
  return RANGES.test(value) ? value.replace(/\s+/g, "") : null;
}

/** "2025-12-31: 05:00-23:00, 2026-01-01: x" → ["2025-12-31 05:00-23:00", "2026-01-01 off"]; a bare range adds to the date before it. */
function specialRules(cell: string): string[] | string {
  const rules: { date: string; times: string[] }[] = [];
  for (const item of cell.split(",").map((part) => part.trim()).filter((part) => part !== "")) {
    const dated = /^(\d{4}-\d{1,2}-\d{1,2})\s*:?\s*(.*)$/.exec(item);
    const times = dated ? (dated[2] ?? "") : item;
    const last = rules[rules.length - 1];
    const rule = dated ? { date: dated[1] ?? "", times: [] as string[] } : last;
    if (!rule) return `special hours: "${item}" has no date (write 2025-12-31: 10:00-14:00)`;
    const parsed = dayTimes(times);
    if (parsed === null) return `special hours: "${item}" is not a date with a time range or x`;
    if (dated) rules.push(rule);
    rule.times.push(parsed);
  }
  return rules.map(({ date, times }) => `${date} ${times.includes("off") ? "off" : times.join(",")}`);
}

/**
 * The seven day cells (Monday first, "" where the file has no such column) and the special-hours
 * cell. All seven empty: the hours are unknown (special hours alone do not make a week).
 */
export function hoursFromDayColumns(days: readonly string[], special: string, names: readonly string[]): HoursResult {
  if (days.every((cell) => cell.trim() === "")) return { text: "", problem: null };
  const rules: string[] = [];
  for (const [index, cell] of days.entries()) {
    if (cell.trim() === "") continue;
    const times = dayTimes(cell);
    if (times === null) return { text: "", problem: `${names[index] ?? DAY_COLUMNS[index]}: "${cell.trim()}" is not a time range such as 09:00-18:00 or x for closed` };
    rules.push(`${WEEKDAY_CODES[index]} ${times}`);
  }
  const specials = specialRules(special);
  if (typeof specials === "string") return { text: "", problem: specials };
  return canonical([...rules, ...specials].join("; "));
}

const DAY_WORDS: [RegExp, string][] = [
  [/\b(?:monday|montag|mon)\b\.?/gi, "Mo"],
  [/\b(?:tuesday|dienstag|tue|tues)\b\.?/gi, "Tu"],
  [/\b(?:wednesday|mittwoch|wed)\b\.?/gi, "We"],
  [/\b(?:thursday|donnerstag|thu|thur|thurs)\b\.?/gi, "Th"],
  [/\b(?:friday|freitag|fri)\b\.?/gi, "Fr"],
  [/\b(?:saturday|samstag|sat)\b\.?/gi, "Sa"],
  [/\b(?:sunday|sonntag|sun)\b\.?/gi, "Su"],
];

/**
 * Free-text hours of store-locator exports: full day names, "to"/"bis" for a range, one rule per
 * line (Magento's stockists write a literal "\n" before each line break).
 */
export function hoursFromText(value: string): HoursResult {
  if (value.trim() === "") return { text: "", problem: null };
  let text = value.replace(/\\n/g, "\n").replace(/\s*[\r\n]+\s*/g, "; ").replace(/;\s*(?:;\s*)+/g, "; ");
  for (const [pattern, code] of DAY_WORDS) text = text.replace(pattern, code);
  text = text.replace(/\b([A-Z][a-z])\s+(?:to|bis|until)\s+([A-Z][a-z])\b/g, "$1-$2").replace(/:\s*(?=\d)/g, (match, offset: number, whole: string) =>
    // "Mo: 09:00" → "Mo 09:00", but keep the colon inside 09:00.
    /[A-Za-z]$/.test(whole.slice(0, offset)) ? " " : match,
  );
  return canonical(text.replace(/;\s*$/, ""));
}

function canonical(text: string): HoursResult {
  const parsed = parseOpeningHours(text);
  if (parsed.ok) return { text: parsed.text, problem: null };
  const [first] = parsed.problems;
  return { text: "", problem: `opening hours: ${first?.message ?? "not readable"} (read as "${text}")` };
}
