import { describe, expect, it } from "vitest";
import {
  formatMinutes,
  formatOpeningHours,
  isOpenAt,
  localTime,
  nextChange,
  openStatus,
  parseOpeningHours,
  rangesOn,
  timeZoneOf,
  type HoursCountry,
  type OpeningHours,
  type TimeRange,
} from "./opening-hours";

function hoursOf(text: string): OpeningHours {
  const parsed = parseOpeningHours(text);
  if (!parsed.ok) throw new Error(`${text}: ${JSON.stringify(parsed.problems)}`);
  if (parsed.hours === null) throw new Error(`${text}: no hours`);
  return parsed.hours;
}

function problemsOf(text: string) {
  const parsed = parseOpeningHours(text);
  if (parsed.ok) throw new Error(`${text} parsed as ${parsed.text}`);
  return parsed.problems.map((p) => ({ ...p, source: text.slice(p.offset, p.offset + p.length) }));
}

const r = (from: string, to: string): TimeRange => {
  const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return { from: m(from), to: m(to) <= m(from) ? m(to) + 1440 : m(to) };
};
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("parseOpeningHours: accepted text", () => {
  it("reads a week with a lunch break and normalises it", () => {
    const parsed = parseOpeningHours("Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00; PH off");
    expect(parsed).toEqual({
      ok: true,
      text: "Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00; PH off",
      hours: {
        week: [
          ...Array.from({ length: 5 }, () => [r("09:00", "12:30"), r("14:00", "18:00")]),
          [r("09:00", "13:00")],
          [],
        ],
        holidays: [],
        exceptions: [],
      },
    });
  });

  it("reads German day names in any case, 9:00, 09.00 and en dashes", () => {
    const parsed = parseOpeningHours("mo-MI,Fr 9:00–12.00 , 14.30 - 18:00; Do 10:00-12:00; So geschlossen; Feiertage off");
    expect(parsed.ok && parsed.text).toBe("Mo-We,Fr 09:00-12:00,14:30-18:00; Th 10:00-12:00; PH off");
    expect(hoursOf("Di,Do 10:00-12:00").week.map((d) => d.length)).toEqual([0, 1, 0, 1, 0, 0, 0]);
    expect(hoursOf("Feiertag closed").holidays).toEqual([]);
  });

  it("reads day lists, wrap-around ranges and PH in a day list", () => {
    expect(hoursOf("Mo,We,Fr 10:00-12:00").week.map((d) => d.length)).toEqual([1, 0, 1, 0, 1, 0, 0]);
    expect(hoursOf("Fr-Mo 10:00-12:00").week.map((d) => d.length)).toEqual([1, 0, 0, 0, 1, 1, 1]);
    const h = hoursOf("Mo-Fr 09:00-18:00; Sa,PH 10:00-14:00");
    expect(h.week[5]).toEqual([r("10:00", "14:00")]);
    expect(h.holidays).toEqual([r("10:00", "14:00")]);
  });

  it("lets a later rule replace an earlier one for the days they share (OSM)", () => {
    const h = hoursOf("Mo-Sa 09:00-18:00; Sa 09:00-13:00");
    expect(h.week[4]).toEqual([r("09:00", "18:00")]);
    expect(h.week[5]).toEqual([r("09:00", "13:00")]);
    expect(hoursOf("Mo-Fr 09:00-12:00; Mo-Fr 14:00-18:00").week[0]).toEqual([r("14:00", "18:00")]);
    expect(hoursOf("Mo-Fr 09:00-18:00; We off").week[2]).toEqual([]);
    // Replacing first means no overlap is reported for the replaced hours.
    expect(hoursOf("Mo-Fr 09:00-18:00; Fr 08:00-12:00,13:00-20:00").week[4]).toEqual([r("08:00", "12:00"), r("13:00", "20:00")]);
  });

  it("closes days with off, closed or geschlossen, and days never mentioned", () => {
    const h = hoursOf("Mo-Sa 09:00-18:00; Sa off");
    expect(h.week.map((d) => d.length)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expect(hoursOf("Mo-Su closed")).toEqual({ week: [[], [], [], [], [], [], []], holidays: null, exceptions: [] });
  });

  it("sorts ranges and keeps ranges past midnight on the day they start", () => {
    const h = hoursOf("Fr 22:00-02:00,10:00-14:00; Sa 18:00-24:00; Su 00:00-24:00");
    expect(h.week[4]).toEqual([{ from: 600, to: 840 }, { from: 1320, to: 1560 }]);
    expect(h.week[5]).toEqual([{ from: 1080, to: 1440 }]);
    expect(h.week[6]).toEqual([{ from: 0, to: 1440 }]);
    expect(hoursOf("Mo 22:00-00:00").week[0]).toEqual([{ from: 1320, to: 1440 }]);
  });

  it("reads date exceptions: single, lists, inclusive ranges, German dates", () => {
    const h = hoursOf("Mo-Fr 09:00-18:00; 2026-12-24 09:00-12:00; 2026-12-25,26.12.2026 off; 2026-12-27-2027-01-01 off; 31.12.2026-1.1.2027 off");
    expect(h.exceptions).toEqual([
      { from: "2026-12-24", to: "2026-12-24", ranges: [r("09:00", "12:00")] },
      { from: "2026-12-25", to: "2026-12-25", ranges: [] },
      { from: "2026-12-26", to: "2026-12-26", ranges: [] },
      { from: "2026-12-27", to: "2027-01-01", ranges: [] },
      { from: "2026-12-31", to: "2027-01-01", ranges: [] },
    ]);
    expect(formatOpeningHours(h)).toBe(
      "Mo-Fr 09:00-18:00; 2026-12-24 09:00-12:00; 2026-12-25,2026-12-26,2026-12-27-2027-01-01,2026-12-31-2027-01-01 off",
    );
  });

  it("treats empty and blank text (and lone semicolons) as no hours known", () => {
    for (const text of ["", "   ", "\n\t", " ; ;"]) expect(parseOpeningHours(text)).toEqual({ ok: true, hours: null, text: "" });
    expect(hoursOf("Mo 09:00-12:00;").week[0]).toEqual([r("09:00", "12:00")]);
  });

  it("tolerates a forgotten comma between ranges", () => {
    expect(hoursOf("Mo 09:00-12:00 14:00-18:00").week[0]).toEqual([r("09:00", "12:00"), r("14:00", "18:00")]);
  });

  it("keeps the parsed form plain JSON", () => {
    const h = hoursOf("Mo-Fr 09:00-18:00; PH 10:00-12:00; 2026-12-24 off");
    expect(JSON.parse(JSON.stringify(h))).toEqual(h);
  });
});

describe("parseOpeningHours: problems, each with its place in the input", () => {
  // [input, the text the problem points at (its last occurrence), message]
  const cases: [string, string, string][] = [
    ["Mo-Fr 09:00-18:00; Mx 10:00-12:00", "Mx", 'unknown day "Mx" (use Mo Tu We Th Fr Sa Su)'],
    ["Mo-Montag 10:00-12:00", "Montag", 'unknown day "Montag" (use Mo Tu We Th Fr Sa Su)'],
    ["Mo 09:00-25:00", "25:00", '"25:00" is not a time'],
    ["Mo 09:60-12:00", "09:60", '"09:60" is not a time'],
    ["Mo 9-18", "9", '"9" is not a time'],
    ["Mo 24:00-02:00", "24:00", "a range cannot start at 24:00"],
    ["Mo 09:00", "09:00", "a range needs a start and an end, e.g. 09:00-18:00"],
    ["Mo 09:00-", "09:00-", "a range needs a start and an end, e.g. 09:00-18:00"],
    ["Mo 09:00-12:00,-18:00", "-", "a range needs a start and an end, e.g. 09:00-18:00"],
    ["Mo 09:00-12:00,", ",", "a range needs a start and an end, e.g. 09:00-18:00"],
    ["Mo 09:00-09:00", "09:00-09:00", '"09:00-09:00" is empty (for all day write 00:00-24:00)'],
    ["2026-02-30 off", "2026-02-30", '"2026-02-30" is not a date'],
    ["30.02.2026 off", "30.02.2026", '"30.02.2026" is not a date'],
    ["24.12. off", "24.12.", '"24.12." is not a date'],
    ["2026-12-31-2026-12-01 off", "2026-12-31-2026-12-01", "the date range ends before it starts"],
    ["2026-12-24- off", "-", 'expected a date after "-"'],
    ["2026-12-24, off", ",", 'expected a date after ","'],
    ["Mo- 09:00", "-", 'expected a day after "-"'],
    ["Mo, 09:00-12:00", ",", 'expected a day after ","'],
    ["Mo 09:00-13:00,12:00-18:00", "12:00-18:00", "times overlap on Mo: 09:00-13:00 and 12:00-18:00"],
    ["Mo 22:00-02:00; Tu 01:00-05:00", "01:00-05:00", "times overlap on Mo and Tu: 22:00-02:00 and 01:00-05:00"],
    ["PH 10:00-14:00,13:00-15:00", "13:00-15:00", "times overlap on PH: 10:00-14:00 and 13:00-15:00"],
    ["2026-12-24 09:00-12:00,11:00-13:00", "11:00-13:00", "times overlap on 2026-12-24: 09:00-12:00 and 11:00-13:00"],
    ["Mo-Fr", "Mo-Fr", 'rule has no times (write "off" for closed)'],
    ["Mo-Fr 09:00-18:00; Sa ; PH off", "Sa", 'rule has no times (write "off" for closed)'],
    ["09:00-18:00", "09:00", 'a rule starts with days, PH or a date, e.g. "Mo-Fr 09:00-18:00"'],
    ["Mo Tu 09:00-12:00", "Tu", 'unexpected "Tu" (separate days with "," or "-")'],
    ["Mo-Fr 09:00-12:00, Sa 10:00-12:00", "Sa", 'unexpected "Sa" (separate rules with ";")'],
    ["Mo-Fr 09:00-12:00 2026-12-24 off", "2026-12-24", 'unexpected "2026-12-24" (separate rules with ";")'],
    ["Mo-Fr open", "open", 'unexpected "open" (write times like 09:00-18:00, or "off")'],
    ["Mo off 09:00-12:00", "09:00", 'unexpected "09:00"'],
    ["Mo 09:00-12:00 @", "@", 'unexpected "@"'],
    ["PH-Mo off", "-", 'unexpected "-"'],
    ["* 09:00-12:00", "*", 'unexpected "*"'],
  ];
  it.each(cases)("%s → %s", (text, source, message) => {
    expect(problemsOf(text)).toEqual([{ offset: text.lastIndexOf(source), length: source.length, message, source }]);
  });

  it("reports every broken rule, in input order, and an overlap once per range", () => {
    const problems = problemsOf("Mx 09:00-12:00; Mo-Fr 09:00-13:00,12:00-18:00; Sa 25:00-26:00");
    expect(problems.map((p) => p.source)).toEqual(["Mx", "12:00-18:00", "25:00"]);
  });

  it("counts offsets in the original input, leading blanks included", () => {
    expect(problemsOf("  Mo 09:00-12:00;\n  Xy off")[0]).toMatchObject({ offset: 20, length: 2 });
  });
});

describe("formatOpeningHours", () => {
  it("writes the canonical text", () => {
    expect(formatOpeningHours(hoursOf("Sa 9:00-13:00; Mo-Fr 9:00-12:30,14:00-18:00; Feiertag off"))).toBe(
      "Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00; PH off",
    );
    expect(formatOpeningHours(hoursOf("Mo,Di,Mi,Fr,Sa 10:00-12:00"))).toBe("Mo-We,Fr,Sa 10:00-12:00");
    expect(formatOpeningHours(hoursOf("Fr 22:00-02:00; Sa 12:00-24:00"))).toBe("Fr 22:00-02:00; Sa 12:00-24:00");
    // Nothing open anywhere is still known hours, and must not read back as "unknown".
    expect(formatOpeningHours(hoursOf("Mo-Su off"))).toBe("Mo-Su off");
  });

  it("round-trips: parse(format(h)) deep-equals h", () => {
    const texts = [
      "Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00; PH off",
      "Mo,We,Fr 08:00-12:00; Tu,Th 14:00-20:00; Sa-Su 10:00-16:00",
      "Fr-Mo 22:00-02:00; PH 00:00-24:00",
      "Mo-Su off; 2026-12-24 09:00-12:00; 2026-12-25,2026-12-26 off; 2026-12-27-2027-01-01 off; 2026-12-31 10:00-12:00",
      "PH off",
      "Mo 00:00-24:00; Tu 23:59-00:01",
    ];
    for (const text of texts) {
      const h = hoursOf(text);
      expect(hoursOf(formatOpeningHours(h))).toEqual(h);
    }
  });

  it("round-trips randomly generated hours", () => {
    let seed = 1962;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const rangesFrom = (earliest: number): TimeRange[] => {
      const ranges: TimeRange[] = [];
      let t = earliest + random(600);
      while (ranges.length < 3 && t < 1400) {
        const to = t + 1 + random(Math.min(500, 1440 - t));
        ranges.push({ from: t, to });
        t = to + random(300);
      }
      return ranges;
    };
    for (let i = 0; i < 200; i++) {
      const week = Array.from({ length: 7 }, () => (random(4) === 0 ? [] : rangesFrom(0)));
      // Some evenings run past midnight, into a following day that starts late enough.
      const tuesday = week[1]!;
      const last = tuesday[tuesday.length - 1];
      if (last && last.from > 130 && random(2) === 0 && (week[2]![0]?.from ?? 1440) > 120) {
        tuesday[tuesday.length - 1] = { from: last.from, to: 1440 + random(120) + 1 };
      }
      const h: OpeningHours = {
        week,
        holidays: random(3) === 0 ? null : rangesFrom(0),
        exceptions: Array.from({ length: random(4) }, (_, k) => {
          const from = `2026-12-${String(10 + k * 3).padStart(2, "0")}`;
          const to = random(2) ? from : `2027-01-0${1 + random(9)}`;
          return { from, to, ranges: random(2) ? [] : rangesFrom(0) };
        }),
      };
      const text = formatOpeningHours(h);
      const parsed = parseOpeningHours(text);
      expect(parsed, text).toEqual({ ok: true, hours: h, text });
    }
  });
});

describe("formatMinutes", () => {
  it("writes HH:MM, 24:00 for the end of the day, and past-midnight ends modulo a day", () => {
    expect(formatMinutes(0)).toBe("00:00");
    expect(formatMinutes(545)).toBe("09:05");
    expect(formatMinutes(1440)).toBe("24:00");
    expect(formatMinutes(1560)).toBe("02:00");
  });
});

describe("time zones", () => {
  it("maps countries to their zones", () => {
    expect(["DE", "AT", "CH"].map((c) => timeZoneOf(c as HoursCountry))).toEqual(["Europe/Berlin", "Europe/Vienna", "Europe/Zurich"]);
  });

  it("reads the local wall clock, not UTC", () => {
    const instant = at("2026-06-15T07:30:00Z"); // 09:30 summer time in all three countries
    expect(localTime(instant, "Europe/Berlin")).toEqual({ date: "2026-06-15", weekday: 0, minutes: 570 });
    expect(localTime(new Date(instant), "Europe/Zurich")).toEqual(localTime(instant, "Europe/Berlin"));
    expect(localTime(instant, "UTC")).toEqual({ date: "2026-06-15", weekday: 0, minutes: 450 });
    expect(localTime(instant, "Asia/Kolkata")).toEqual({ date: "2026-06-15", weekday: 0, minutes: 780 });
    // Late evening UTC is already the next day in Berlin.
    expect(localTime(at("2026-01-31T23:30:00Z"), "Europe/Berlin")).toEqual({ date: "2026-02-01", weekday: 6, minutes: 30 });
  });

  it("follows the zone's real clock on DST switch days", () => {
    expect(localTime(at("2026-03-29T00:59:00Z"), "Europe/Berlin").minutes).toBe(119); // 01:59 CET
    expect(localTime(at("2026-03-29T01:00:00Z"), "Europe/Berlin").minutes).toBe(180); // 03:00 CEST, 02:xx never happens
    expect(localTime(at("2026-10-25T00:30:00Z"), "Europe/Berlin").minutes).toBe(150); // 02:30 CEST
    expect(localTime(at("2026-10-25T01:30:00Z"), "Europe/Berlin").minutes).toBe(150); // 02:30 CET, again
  });

  it("gives the same answer for Berlin, Vienna and Zurich at one instant, unlike UTC would", () => {
    const h = hoursOf("Mo-Fr 09:00-18:00");
    const instant = at("2026-06-15T07:30:00Z");
    for (const country of ["DE", "AT", "CH"] as const) {
      expect(isOpenAt(h, country, instant)).toBe(true);
      expect(openStatus(h, country, instant)).toEqual({ state: "open", closesAt: { dayOffset: 0, minutes: 1080 } });
    }
    expect(isOpenAt(h, "DE", at("2026-06-15T16:30:00Z"))).toBe(false); // 18:30 local, 16:30 UTC
  });
});

describe("rangesOn", () => {
  const h = hoursOf("Mo-Sa 09:00-18:00; PH off; 2026-12-24 09:00-12:00; 2026-12-28-2026-12-30 10:00-14:00");

  it("applies exceptions over holidays over weekdays", () => {
    expect(rangesOn(h, "2026-12-23", "DE")).toEqual([r("09:00", "18:00")]);
    expect(rangesOn(h, "2026-12-24", "DE")).toEqual([r("09:00", "12:00")]);
    expect(rangesOn(h, "2026-12-25", "DE")).toEqual([]);
    expect(rangesOn(h, "2026-12-27", "DE")).toEqual([]); // Sunday
    expect(rangesOn(h, "2026-12-30", "DE")).toEqual([r("10:00", "14:00")]);
    expect(rangesOn(h, "2026-12-31", "DE")).toEqual([r("09:00", "18:00")]);
    expect(rangesOn(hoursOf("PH off; 2026-12-25 10:00-12:00"), "2026-12-25", "AT")).toEqual([r("10:00", "12:00")]);
  });

  it("lets a later exception beat an earlier one for the dates they share", () => {
    const x = hoursOf("2026-12-27-2027-01-01 off; 2026-12-31 10:00-12:00");
    expect(rangesOn(x, "2026-12-31", "DE")).toEqual([r("10:00", "12:00")]);
    expect(rangesOn(x, "2026-12-30", "DE")).toEqual([]);
  });

  it("closes for the country's own holidays only", () => {
    expect(rangesOn(h, "2026-10-03", "DE")).toEqual([]); // Tag der Deutschen Einheit, a Saturday
    expect(rangesOn(h, "2026-10-03", "AT")).toEqual([r("09:00", "18:00")]);
    expect(rangesOn(h, "2026-10-26", "AT")).toEqual([]);
    expect(rangesOn(h, "2026-10-26", "DE")).toEqual([r("09:00", "18:00")]);
    // Without a PH rule holidays are ordinary days.
    expect(rangesOn(hoursOf("Mo-Sa 09:00-18:00"), "2026-10-03", "DE")).toEqual([r("09:00", "18:00")]);
  });

  it("rejects anything but an ISO date", () => {
    expect(() => rangesOn(h, "24.12.2026", "DE")).toThrow(RangeError);
    expect(() => rangesOn(h, "2026-02-30", "DE")).toThrow(RangeError);
  });
});

describe("isOpenAt and openStatus", () => {
  it("knows nothing without hours", () => {
    expect(isOpenAt(null, "DE", Date.now())).toBeNull();
    expect(openStatus(null, "DE", Date.now())).toEqual({ state: "unknown" });
    expect(nextChange(null, "DE", Date.now())).toBeNull();
  });

  it("handles lunch breaks and range ends as exclusive", () => {
    const h = hoursOf("Mo-Fr 09:00-12:30,14:00-18:00");
    // 2026-06-15 is a Monday; Berlin is UTC+2 in summer.
    expect(isOpenAt(h, "DE", at("2026-06-15T06:59:59Z"))).toBe(false);
    expect(isOpenAt(h, "DE", at("2026-06-15T07:00:00Z"))).toBe(true);
    expect(isOpenAt(h, "DE", at("2026-06-15T10:30:00Z"))).toBe(false);
    expect(openStatus(h, "DE", at("2026-06-15T10:30:00Z"))).toEqual({ state: "closed", opensAt: { dayOffset: 0, minutes: 840 } });
    expect(openStatus(h, "DE", at("2026-06-15T12:00:00Z"))).toEqual({ state: "open", closesAt: { dayOffset: 0, minutes: 1080 } });
  });

  it("stays open past midnight", () => {
    const h = hoursOf("Mo 22:00-02:00");
    const tuesday0100 = at("2026-06-15T23:00:00Z"); // Tue 01:00 in Berlin
    expect(isOpenAt(h, "DE", tuesday0100)).toBe(true);
    expect(openStatus(h, "DE", tuesday0100)).toEqual({ state: "open", closesAt: { dayOffset: 0, minutes: 120 } });
    const monday2300 = at("2026-06-15T21:00:00Z");
    expect(openStatus(h, "DE", monday2300)).toEqual({ state: "open", closesAt: { dayOffset: 1, minutes: 120 } });
    expect(isOpenAt(h, "DE", at("2026-06-16T00:00:00Z"))).toBe(false); // Tue 02:00
    // From Sunday into Monday: the week wraps.
    expect(isOpenAt(hoursOf("Su 20:00-03:00"), "DE", at("2026-06-14T23:30:00Z"))).toBe(true); // Mon 01:30
  });

  it("merges ranges that touch across midnight into one opening", () => {
    const h = hoursOf("Sa 18:00-24:00; Su 00:00-02:00");
    expect(openStatus(h, "DE", at("2026-06-13T20:00:00Z"))).toEqual({ state: "open", closesAt: { dayOffset: 1, minutes: 120 } });
    expect(openStatus(hoursOf("Sa 18:00-24:00"), "DE", at("2026-06-13T20:00:00Z"))).toEqual({
      state: "open",
      closesAt: { dayOffset: 0, minutes: 1440 },
    });
  });

  it("counts calendar days: on Saturday evening a Mo-Fr shop opens in 2 days (Monday)", () => {
    const h = hoursOf("Mo-Fr 09:00-18:00");
    expect(openStatus(h, "DE", at("2026-06-13T18:00:00Z"))).toEqual({ state: "closed", opensAt: { dayOffset: 2, minutes: 540 } });
    expect(openStatus(h, "DE", at("2026-06-12T17:00:00Z"))).toEqual({ state: "closed", opensAt: { dayOffset: 3, minutes: 540 } }); // Fri 19:00
    expect(openStatus(h, "DE", at("2026-06-15T05:00:00Z"))).toEqual({ state: "closed", opensAt: { dayOffset: 0, minutes: 540 } });
  });

  it("looks 7 days ahead and no further", () => {
    const mondays = hoursOf("Mo 09:00-12:00");
    expect(openStatus(mondays, "DE", at("2026-06-15T11:00:00Z"))).toEqual({ state: "closed", opensAt: { dayOffset: 7, minutes: 540 } });
    expect(openStatus(hoursOf("Mo-Su off"), "DE", at("2026-06-15T11:00:00Z"))).toEqual({ state: "closed", opensAt: null });
    const always = hoursOf("Mo-Su 00:00-24:00");
    expect(openStatus(always, "DE", at("2026-06-15T11:00:00Z"))).toEqual({ state: "open", closesAt: null });
    expect(nextChange(always, "DE", at("2026-06-15T11:00:00Z"))).toBeNull();
    // Open around the clock except one day beyond the week: still "around the clock" now.
    const withBreak = hoursOf("Mo-Su 00:00-24:00; 2026-06-24 off");
    expect(openStatus(withBreak, "DE", at("2026-06-15T11:00:00Z"))).toEqual({ state: "open", closesAt: null });
    expect(openStatus(withBreak, "DE", at("2026-06-18T11:00:00Z"))).toEqual({ state: "open", closesAt: { dayOffset: 5, minutes: 1440 } }); // Tue 23rd at 24:00
  });

  it("closes on public holidays with PH off, per country", () => {
    const h = hoursOf("Mo-Sa 09:00-18:00; PH off");
    const christmasNoon = at("2026-12-25T11:00:00Z");
    for (const country of ["DE", "AT", "CH"] as const) expect(isOpenAt(h, country, christmasNoon)).toBe(false);
    const unityDayNoon = at("2026-10-03T10:00:00Z");
    expect(isOpenAt(h, "DE", unityDayNoon)).toBe(false);
    expect(isOpenAt(h, "AT", unityDayNoon)).toBe(true);
    expect(openStatus(h, "DE", at("2026-12-24T17:30:00Z"))).toEqual({ state: "closed", opensAt: { dayOffset: 4, minutes: 540 } }); // Thu 18:30 → Mon 28th
  });

  it("applies a date exception's hours, even past midnight", () => {
    const h = hoursOf("Mo-Fr 09:00-18:00; 2026-12-31 20:00-03:00");
    expect(isOpenAt(h, "DE", at("2027-01-01T01:00:00Z"))).toBe(true); // 02:00 on New Year's Day
    expect(isOpenAt(h, "DE", at("2026-12-31T09:00:00Z"))).toBe(false);
  });
});

describe("DST switch days (Europe/Berlin)", () => {
  it("spring forward: a Mo-Fr shop on Saturday evening opens Monday 09:00 summer time", () => {
    const h = hoursOf("Mo-Fr 09:00-18:00");
    const saturdayEvening = at("2026-03-28T19:00:00Z"); // 20:00 CET
    expect(openStatus(h, "DE", saturdayEvening)).toEqual({ state: "closed", opensAt: { dayOffset: 2, minutes: 540 } });
    expect(iso(nextChange(h, "DE", saturdayEvening))).toBe("2026-03-30T07:00:00.000Z");
  });

  it("spring forward: a night shop closes after 5 wall-clock hours, 4 real ones", () => {
    const h = hoursOf("Sa 22:00-04:00");
    const now = at("2026-03-28T22:00:00Z"); // Sat 23:00 CET
    expect(openStatus(h, "DE", now)).toEqual({ state: "open", closesAt: { dayOffset: 1, minutes: 240 } });
    expect(iso(nextChange(h, "DE", now))).toBe("2026-03-29T02:00:00.000Z"); // 04:00 CEST
  });

  it("spring forward: an opening inside the skipped hour happens when the clock jumps", () => {
    const h = hoursOf("Su 02:30-05:00");
    const before = at("2026-03-29T00:30:00Z"); // 01:30 CET
    expect(openStatus(h, "DE", before)).toEqual({ state: "closed", opensAt: { dayOffset: 0, minutes: 150 } });
    expect(iso(nextChange(h, "DE", before))).toBe("2026-03-29T01:00:00.000Z"); // 03:00 CEST
    expect(isOpenAt(h, "DE", at("2026-03-29T01:00:00Z"))).toBe(true);
    expect(iso(nextChange(h, "DE", at("2026-03-29T01:00:00Z")))).toBe("2026-03-29T03:00:00.000Z");
  });

  it("fall back: a Mo-Fr shop on Saturday evening opens Monday 09:00 winter time", () => {
    const h = hoursOf("Mo-Fr 09:00-18:00");
    const saturdayEvening = at("2026-10-24T18:00:00Z"); // 20:00 CEST
    expect(openStatus(h, "DE", saturdayEvening)).toEqual({ state: "closed", opensAt: { dayOffset: 2, minutes: 540 } });
    expect(iso(nextChange(h, "DE", saturdayEvening))).toBe("2026-10-26T08:00:00.000Z");
  });

  it("fall back: a night shop closes after 6 wall-clock hours, 7 real ones", () => {
    const h = hoursOf("Sa 22:00-04:00");
    const now = at("2026-10-24T20:00:00Z"); // Sat 22:00 CEST
    expect(openStatus(h, "DE", now)).toEqual({ state: "open", closesAt: { dayOffset: 1, minutes: 240 } });
    expect(iso(nextChange(h, "DE", now))).toBe("2026-10-25T03:00:00.000Z"); // 04:00 CET
  });

  it("fall back: inside the repeated hour the shop opens, closes when the clock goes back, and opens again", () => {
    const h = hoursOf("Su 02:30-05:00");
    expect(iso(nextChange(h, "DE", at("2026-10-24T23:00:00Z")))).toBe("2026-10-25T00:30:00.000Z"); // 02:30 CEST
    expect(iso(nextChange(h, "DE", at("2026-10-25T00:45:00Z")))).toBe("2026-10-25T01:00:00.000Z"); // back to 02:00 CET
    expect(isOpenAt(h, "DE", at("2026-10-25T01:10:00Z"))).toBe(false);
    expect(openStatus(h, "DE", at("2026-10-25T01:10:00Z"))).toEqual({ state: "closed", opensAt: { dayOffset: 0, minutes: 150 } });
    expect(iso(nextChange(h, "DE", at("2026-10-25T01:10:00Z")))).toBe("2026-10-25T01:30:00.000Z"); // 02:30 CET
    expect(iso(nextChange(h, "DE", at("2026-10-25T01:30:00Z")))).toBe("2026-10-25T04:00:00.000Z"); // 05:00 CET
  });
});

describe("nextChange", () => {
  it("finds the next opening or closing, skipping touching ranges", () => {
    const h = hoursOf("Mo-Fr 09:00-12:30,14:00-18:00; Sa 18:00-24:00; Su 00:00-02:00");
    expect(iso(nextChange(h, "DE", at("2026-06-15T08:00:00Z")))).toBe("2026-06-15T10:30:00.000Z");
    expect(iso(nextChange(h, "DE", at("2026-06-15T10:30:00Z")))).toBe("2026-06-15T12:00:00.000Z");
    expect(iso(nextChange(h, "DE", at("2026-06-13T17:00:00Z")))).toBe("2026-06-14T00:00:00.000Z"); // Sun 02:00
    expect(iso(nextChange(h, "CH", at("2026-06-13T17:00:00Z")))).toBe("2026-06-14T00:00:00.000Z");
  });

  it("returns null when nothing changes within 7 days, and finds a change just inside", () => {
    expect(nextChange(hoursOf("Mo-Su off"), "DE", at("2026-06-15T11:00:00Z"))).toBeNull();
    const mondays = hoursOf("Mo 09:00-12:00");
    expect(iso(nextChange(mondays, "DE", at("2026-06-15T10:00:00Z")))).toBe("2026-06-22T07:00:00.000Z");
    expect(iso(nextChange(mondays, "DE", at("2026-06-15T07:00:00Z")))).toBe("2026-06-15T10:00:00.000Z");
    // Exactly 7 days ahead still counts.
    expect(iso(nextChange(mondays, "DE", at("2026-06-08T07:00:00Z")))).toBe("2026-06-08T10:00:00.000Z");
    expect(iso(nextChange(mondays, "DE", at("2026-06-08T10:00:00Z")))).toBe("2026-06-15T07:00:00.000Z");
  });

  it("agrees with isOpenAt minute by minute over a week with both DST switches nearby", () => {
    const h = hoursOf("Mo-Fr 09:00-12:30,14:00-18:00; Sa 22:00-02:00; Su 02:30-04:00; PH off; 2026-03-30 off");
    for (const start of [at("2026-03-27T12:00:00Z"), at("2026-10-23T12:00:00Z")]) {
      let t = start;
      while (t < start + 4 * 86_400_000) {
        const next = nextChange(h, "DE", t);
        expect(next).not.toBeNull();
        const open = isOpenAt(h, "DE", t);
        // Unchanged a minute before the switch, changed at it.
        expect(isOpenAt(h, "DE", next! - 60_000), iso(next)!).toBe(open);
        expect(isOpenAt(h, "DE", next!), iso(next)!).toBe(!open);
        for (let probe = t; probe < next!; probe += 15 * 60_000) expect(isOpenAt(h, "DE", probe)).toBe(open);
        t = next!;
      }
    }
  });
});

describe("isOpenAt speed", () => {
  it("measures isOpenAt over 10,000 dealers (console output only)", () => {
    const templates = [
      "Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00; PH off",
      "Mo-Fr 10:00-19:00; Sa 10:00-16:00",
      "Tu-Fr 09:00-18:00; Sa 09:00-14:00; PH off; 2026-12-24 09:00-12:00; 2026-12-27-2027-01-01 off",
      "Mo-Sa 08:00-20:00",
      "Fr-Sa 18:00-02:00",
    ];
    const countries: HoursCountry[] = ["DE", "DE", "DE", "AT", "CH"];
    const dealers = Array.from({ length: 10_000 }, (_, i) => ({
      hours: i % 50 === 0 ? null : hoursOf(templates[i % templates.length]!),
      country: countries[i % countries.length]!,
    }));
    const now = at("2026-06-16T15:45:00Z");
    let open = 0;
    // The machine is shared: the fastest round shows the cost, the median how noisy it was.
    const perCall: number[] = [];
    for (let round = 0; round < 60; round++) {
      const started = performance.now();
      for (const d of dealers) if (isOpenAt(d.hours, d.country, now + round)) open++;
      if (round >= 10) perCall.push(((performance.now() - started) * 1000) / dealers.length); // first rounds warm the JIT up
    }
    perCall.sort((a, b) => a - b);
    const [fastest, median] = [perCall[0]!, perCall[perCall.length >> 1]!];
    console.log(`isOpenAt over ${dealers.length} dealers: ${fastest.toFixed(3)} µs per call in the fastest of 50 rounds, median ${median.toFixed(3)} µs`);
    expect(open).toBeGreaterThan(0);
  });
});

describe("hours outside Germany, Austria and Switzerland", () => {
  const hours = parseOpeningHours("Mo-Su 09:00-18:00; PH off");
  if (!hours.ok || !hours.hours) throw new Error("test hours do not parse");
  const week = hours.hours;
  // Tuesday 2026-12-01, 08:30 UTC: 09:30 in Paris, 16:30 in Hong Kong, 03:30 in New York.
  const instant = Date.UTC(2026, 11, 1, 8, 30);

  it("runs in the zone the server gave the dealer", () => {
    expect(isOpenAt(week, { country: "FR", timeZone: "Europe/Paris" }, instant)).toBe(true);
    expect(isOpenAt(week, { country: "HK", timeZone: "Asia/Hong_Kong" }, instant)).toBe(true);
    expect(isOpenAt(week, { country: "US", timeZone: "America/New_York" }, instant)).toBe(false);
    expect(timeZoneOf({ country: "FR", timeZone: "Europe/Paris" })).toBe("Europe/Paris");
  });

  it("says 'unknown' rather than guess a zone it was not given", () => {
    expect(openStatus(week, "US", instant)).toEqual({ state: "unknown" });
    expect(isOpenAt(week, { country: "US" }, instant)).toBeNull();
    expect(nextChange(week, "US", instant)).toBeNull();
  });

  it("knows public holidays only for DE, AT and CH: elsewhere PH is an ordinary day", () => {
    // 2026-12-25: Christmas in Germany, an ordinary Friday for this French dealer's PH rule.
    expect(rangesOn(week, "2026-12-25", "DE")).toEqual([]);
    expect(rangesOn(week, "2026-12-25", "FR")).toEqual([{ from: 540, to: 1080 }]);
  });
});
