import { describe, expect, it } from "vitest";
import {
  type OpeningHours,
  formatMinutes,
  isOpenAt,
  localTime,
  nextChange,
  openStatus,
  parseOpeningHours,
  rangesOn,
} from "./opening-hours";
import { isPublicHoliday } from "./public-holidays";

function hours(text: string): OpeningHours {
  const parsed = parseOpeningHours(text);
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join("; "));
  if (!parsed.hours) throw new Error("no hours");
  return parsed.hours;
}

function problems(text: string) {
  const parsed = parseOpeningHours(text);
  if (parsed.ok) throw new Error(`"${text}" was read`);
  return parsed.problems;
}

/** An instant given as Berlin wall-clock time with its UTC offset. */
const at = (iso: string) => Date.parse(iso);

describe("parseOpeningHours", () => {
  it("reads weekdays, lunch breaks and Saturdays into the canonical text", () => {
    const parsed = parseOpeningHours("Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00");
    expect(parsed).toMatchObject({ ok: true, text: "Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00" });
    const week = hours("Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00").week;
    expect(week[0]).toEqual([
      { from: 540, to: 750 },
      { from: 840, to: 1080 },
    ]);
    expect(week[5]).toEqual([{ from: 540, to: 780 }]);
    expect(week[6]).toEqual([]);
  });

  it("reads German day names, dots, short hours, en dashes and lists", () => {
    expect(parseOpeningHours("Di-Do 9.00–18.30; So 10:00-12:00")).toMatchObject({ ok: true, text: "Tu-Th 09:00-18:30; Su 10:00-12:00" });
    expect(parseOpeningHours("mo, mi, fr 08:00-12:00")).toMatchObject({ ok: true, text: "Mo 08:00-12:00; We 08:00-12:00; Fr 08:00-12:00" });
    expect(parseOpeningHours("Fr-Mo 10:00-16:00")).toMatchObject({ ok: true, text: "Mo 10:00-16:00; Fr-Su 10:00-16:00" });
  });

  it("lets a later rule replace an earlier one for the same day, and off close it", () => {
    expect(parseOpeningHours("Mo-Sa 09:00-18:00; Sa 09:00-13:00; We off")).toMatchObject({
      ok: true,
      text: "Mo-Tu 09:00-18:00; Th-Fr 09:00-18:00; Sa 09:00-13:00",
    });
    expect(parseOpeningHours("Mo-Su geschlossen")).toMatchObject({ ok: true, text: "Mo-Su off" });
  });

  it("reads public holidays and date exceptions, sorted, in ISO and German dates", () => {
    const parsed = parseOpeningHours("Mo-Fr 09:00-18:00; 27.12.2026-06.01.2027 off; Feiertag 10:00-12:00; 2026-12-24,2026-12-31 09:00-12:00");
    expect(parsed).toMatchObject({
      ok: true,
      text: "Mo-Fr 09:00-18:00; PH 10:00-12:00; 2026-12-24 09:00-12:00; 2026-12-27-2027-01-06 off; 2026-12-31 09:00-12:00",
    });
  });

  it("reads ranges past midnight and 24:00", () => {
    const week = hours("Fr 22:00-02:00; Sa 00:00-24:00").week;
    expect(week[4]).toEqual([{ from: 1320, to: 1560 }]);
    expect(week[5]).toEqual([{ from: 0, to: 1440 }]);
  });

  it("reads its own canonical text back to the same hours", () => {
    for (const text of [
      "Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00; PH off",
      "Tu-Fr 09:30-18:00; Sa 09:30-13:00; PH off; 2026-12-24 09:00-12:00; 2026-12-27-2027-01-06 off",
      "Mo 22:00-02:00",
      "Mo-Su off",
    ]) {
      const parsed = parseOpeningHours(text);
      expect(parsed).toMatchObject({ ok: true, text });
      if (!parsed.ok || !parsed.hours) throw new Error("not read");
      expect(hours(parsed.text)).toEqual(parsed.hours);
    }
  });

  it("treats an empty text as unknown hours", () => {
    expect(parseOpeningHours("  ")).toEqual({ ok: true, hours: null, text: "" });
  });

  it("names every problem with its place in the text", () => {
    expect(problems("Mx 09:00-18:00")).toEqual([{ offset: 0, length: 2, message: expect.stringContaining('unknown day "Mx"') }]);
    expect(problems("Mo-Fr 09:00-25:00")[0]).toMatchObject({ offset: 12, message: '"25:00" is not a time' });
    expect(problems("Mo-Fr 09:60-18:00")[0]?.message).toBe('"09:60" is not a time');
    expect(problems("Mo 24:00-02:00")[0]?.message).toBe('"24:00" is not a time');
    expect(problems("Mo-Fr 09:00")[0]?.message).toContain("a range needs a start and an end");
    expect(problems("Mo-Fr 09:00-")[0]?.message).toContain("a time is missing");
    expect(problems("Mo-Fr 09:00-09:00")[0]?.message).toContain("is empty");
    expect(problems("Mo-Fr")[0]?.message).toContain('rule has no times (write "off" for closed)');
    expect(problems("Mo-Fr abends")[0]?.message).toContain('"abends" is not a time');
    expect(problems("Mo 09:00-13:00,12:00-18:00")[0]?.message).toBe("times overlap: 09:00-13:00 and 12:00-18:00");
    expect(problems("2026-02-30 off")[0]?.message).toBe('"2026-02-30" is not a date');
    expect(problems("2026-12-31-2026-12-01 off")[0]?.message).toContain("ends before it starts");
    expect(problems("09:00-18:00")[0]?.message).toContain("a rule needs days or dates");
    expect(problems("Mo-Fr 09:00-18:00 Sa 10:00-12:00")[0]?.message).toContain('separate rules with ";"');
    // Every bad rule is reported, each at its own place in the whole text.
    const both = problems("Mo-Fr 09:00-18:00; Xy 10:00-12:00; Sa 10:00-99:00");
    expect(both.map((p) => p.offset)).toEqual([19, 44]);
  });
});

describe("public holidays", () => {
  it("follow Easter and the fixed dates of each country", () => {
    expect(isPublicHoliday("2026-04-03", "DE")).toBe(true); // Good Friday 2026 (Easter 5 April)
    expect(isPublicHoliday("2026-04-06", "AT")).toBe(true); // Easter Monday
    expect(isPublicHoliday("2027-05-06", "DE")).toBe(true); // Ascension 2027 (Easter 28 March)
    expect(isPublicHoliday("2024-05-20", "CH")).toBe(true); // Whit Monday 2024 (Easter 31 March)
    expect(isPublicHoliday("2026-06-04", "AT")).toBe(true); // Corpus Christi
    expect(isPublicHoliday("2026-06-04", "DE")).toBe(false); // only some German states
    expect(isPublicHoliday("2026-10-03", "DE")).toBe(true);
    expect(isPublicHoliday("2026-10-03", "AT")).toBe(false);
    expect(isPublicHoliday("2026-10-26", "AT")).toBe(true);
    expect(isPublicHoliday("2026-08-01", "CH")).toBe(true);
    expect(isPublicHoliday("2026-04-03", "AT")).toBe(false);
  });
});

describe("open now", () => {
  const shop = hours("Mo-Fr 09:00-12:30,14:00-18:00; Sa 09:00-13:00; PH off");

  it("knows open, lunch break and closed hours in the shop's own time zone", () => {
    // Tuesday 24 November 2026, CET (UTC+1).
    expect(isOpenAt(shop, "DE", at("2026-11-24T10:00:00+01:00"))).toBe(true);
    expect(isOpenAt(shop, "DE", at("2026-11-24T13:00:00+01:00"))).toBe(false);
    // 08:30 UTC is 09:30 in Berlin and Zurich: all three zones share their offset.
    expect(isOpenAt(shop, "CH", at("2026-11-24T08:30:00Z"))).toBe(true);
    expect(isOpenAt(shop, "AT", at("2026-11-24T07:30:00Z"))).toBe(false);
    expect(isOpenAt(null, "DE", Date.now())).toBeNull();
  });

  it("says when it closes, when it opens, and skips closed days", () => {
    expect(openStatus(shop, "DE", at("2026-11-24T10:00:00+01:00"))).toEqual({ state: "open", closesAt: { dayOffset: 0, minutes: 750 } });
    expect(openStatus(shop, "DE", at("2026-11-24T13:00:00+01:00"))).toEqual({ state: "closed", opensAt: { dayOffset: 0, minutes: 840 } });
    expect(openStatus(shop, "DE", at("2026-11-24T19:00:00+01:00"))).toEqual({ state: "closed", opensAt: { dayOffset: 1, minutes: 540 } });
    // Saturday evening: Sunday is closed, so it opens on Monday, two days on.
    expect(openStatus(shop, "DE", at("2026-11-28T18:00:00+01:00"))).toEqual({ state: "closed", opensAt: { dayOffset: 2, minutes: 540 } });
    expect(openStatus(null, "DE", Date.now())).toEqual({ state: "unknown" });
    expect(openStatus(hours("Mo-Su off"), "DE", Date.now())).toEqual({ state: "closed", opensAt: null });
  });

  it("is closed on public holidays with PH off, by country", () => {
    // Saturday 3 October 2026: German Unity Day, an ordinary Saturday in Austria.
    expect(isOpenAt(shop, "DE", at("2026-10-03T10:00:00+02:00"))).toBe(false);
    expect(isOpenAt(shop, "AT", at("2026-10-03T10:00:00+02:00"))).toBe(true);
    expect(isOpenAt(shop, "DE", at("2026-12-25T10:00:00+01:00"))).toBe(false);
  });

  it("lets date exceptions beat holidays and weekdays", () => {
    const christmas = hours("Mo-Fr 09:00-18:00; PH off; 2026-12-24 09:00-12:00; 2026-12-28-2026-12-30 off");
    expect(rangesOn(christmas, "2026-12-24", "DE")).toEqual([{ from: 540, to: 720 }]);
    expect(isOpenAt(christmas, "DE", at("2026-12-24T13:00:00+01:00"))).toBe(false);
    expect(isOpenAt(christmas, "DE", at("2026-12-29T10:00:00+01:00"))).toBe(false);
    expect(openStatus(christmas, "DE", at("2026-12-24T13:00:00+01:00"))).toEqual({ state: "closed", opensAt: { dayOffset: 7, minutes: 540 } });
  });

  it("follows a range past midnight into the next day", () => {
    const bar = hours("Mo 22:00-02:00");
    // Tuesday 24 November 2026, 01:00 in Berlin.
    expect(isOpenAt(bar, "DE", at("2026-11-24T01:00:00+01:00"))).toBe(true);
    expect(openStatus(bar, "DE", at("2026-11-24T01:00:00+01:00"))).toEqual({ state: "open", closesAt: { dayOffset: 0, minutes: 120 } });
    expect(openStatus(bar, "DE", at("2026-11-23T23:00:00+01:00"))).toEqual({ state: "open", closesAt: { dayOffset: 1, minutes: 120 } });
    expect(isOpenAt(bar, "DE", at("2026-11-24T02:30:00+01:00"))).toBe(false);
  });

  it("joins ranges that meet at midnight, and knows a shop that never closes", () => {
    const late = hours("Fr 18:00-24:00; Sa 00:00-03:00");
    expect(openStatus(late, "DE", at("2026-11-27T23:00:00+01:00"))).toEqual({ state: "open", closesAt: { dayOffset: 1, minutes: 180 } });
    expect(openStatus(hours("Mo-Su 00:00-24:00"), "DE", at("2026-11-27T23:00:00+01:00"))).toEqual({ state: "open", closesAt: null });
  });
});

describe("time zones and daylight saving", () => {
  it("reads the local wall clock on both sides of a switch", () => {
    expect(localTime(at("2026-03-29T00:59:00Z"), "Europe/Berlin")).toEqual({ date: "2026-03-29", weekday: 6, minutes: 119 });
    expect(localTime(at("2026-03-29T01:00:00Z"), "Europe/Berlin")).toEqual({ date: "2026-03-29", weekday: 6, minutes: 180 });
    expect(localTime(at("2026-10-25T00:30:00Z"), "Europe/Zurich").minutes).toBe(150);
    expect(localTime(at("2026-10-25T01:30:00Z"), "Europe/Zurich").minutes).toBe(150);
  });

  it("finds the next switch as an instant across the change of the clocks", () => {
    const sunday = hours("Su 10:00-16:00");
    // Sunday 29 March 2026, 01:00 CET: the clocks jump at 02:00, so 10:00 is CEST (08:00 UTC).
    expect(nextChange(sunday, "DE", at("2026-03-29T01:00:00+01:00"))).toBe(at("2026-03-29T10:00:00+02:00"));
    // Sunday 25 October 2026: back to CET, 10:00 is 09:00 UTC.
    expect(nextChange(sunday, "AT", at("2026-10-25T01:00:00+02:00"))).toBe(at("2026-10-25T10:00:00+01:00"));
    // Open: the next switch is the closing.
    expect(nextChange(sunday, "CH", at("2026-10-25T11:00:00+01:00"))).toBe(at("2026-10-25T16:00:00+01:00"));
    expect(nextChange(null, "DE", Date.now())).toBeNull();
  });

  it("counts a night range across the spring gap correctly", () => {
    const night = hours("Sa 22:00-04:00");
    expect(isOpenAt(night, "DE", at("2026-03-29T03:30:00+02:00"))).toBe(true);
    expect(nextChange(night, "DE", at("2026-03-29T03:30:00+02:00"))).toBe(at("2026-03-29T04:00:00+02:00"));
  });
});

describe("formatMinutes", () => {
  it("writes clock times", () => {
    expect([formatMinutes(0), formatMinutes(545), formatMinutes(1440), formatMinutes(1560)]).toEqual(["00:00", "09:05", "24:00", "02:00"]);
  });
});

describe("speed", () => {
  it("answers open-now for 10,000 dealers quickly (reported, not asserted)", () => {
    const texts = ["Mo-Fr 09:00-18:30; Sa 09:00-14:00; PH off", "Tu-Fr 09:30-18:00; Sa 09:30-13:00; PH off; 2026-12-24 09:00-12:00", "Mo-Sa 10:00-20:00"];
    const all = texts.map(hours);
    const now = Date.now();
    const started = performance.now();
    let open = 0;
    for (let i = 0; i < 10_000; i++) if (isOpenAt(all[i % all.length] ?? null, i % 3 === 0 ? "CH" : "DE", now)) open++;
    const perCall = ((performance.now() - started) * 1000) / 10_000;
    console.log(`isOpenAt: ${perCall.toFixed(2)} µs per call over 10,000 dealers (${open} open)`);
    expect(open).toBeGreaterThanOrEqual(0);
  });
});
