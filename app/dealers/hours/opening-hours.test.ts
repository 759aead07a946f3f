import { describe, expect, it } from "vitest";
import { formatOpeningHours, parseOpeningHours } from "./opening-hours";
import type { OpeningHours, TimeRange } from "./hours-types";

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
