import { describe, expect, it } from "vitest";
import { addDays, formatDayMonth, upcomingSpecialDays, weekRows, weekdayOf } from "./week-rows";
import { parseOpeningHours } from "./opening-hours";
import { type OpeningHours } from "./hours-types";

function hours(text: string): OpeningHours {
  const parsed = parseOpeningHours(text);
  if (!parsed.ok || !parsed.hours) throw new Error(`unreadable test hours: ${text}`);
  return parsed.hours;
}

const h = (hour: number, minutes = 0) => hour * 60 + minutes;
const CHRISTMAS = hours("Mo-Fr 09:00-18:30; Sa 09:00-14:00; PH off; 2026-12-24 09:00-12:00; 2026-12-27-2027-01-06 off");

describe("dates", () => {
  it("counts days across months, years and the change to summer time", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
  });

  it("numbers weekdays from Monday", () => {
    expect(weekdayOf("2026-11-23")).toBe(0);
    expect(weekdayOf("2026-11-29")).toBe(6);
  });

  it("writes day and month as each language does", () => {
    expect(formatDayMonth("2026-12-24", "de")).toBe("24.12.");
    expect(formatDayMonth("2027-01-06", "de")).toBe("06.01.");
    expect(formatDayMonth("2027-01-06", "en")).toBe("6 Jan");
  });
});

describe("weekRows", () => {
  it("lists Monday to Sunday with today marked", () => {
    const rows = weekRows(CHRISTMAS, "DE", "2026-11-25");
    expect(rows.map((row) => row.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(rows.filter((row) => row.isToday).map((row) => row.weekday)).toEqual([2]);
    expect(rows[2]?.todayDiffers).toBeNull();
    expect(rows[6]?.ranges).toEqual([]);
  });

  it("says when today's hours are not the regular ones", () => {
    const rows = weekRows(CHRISTMAS, "DE", "2026-12-24");
    expect(rows[3]).toMatchObject({ isToday: true, ranges: [{ from: h(9), to: h(18, 30) }], todayDiffers: [{ from: h(9), to: h(12) }] });
    expect(weekRows(CHRISTMAS, "DE", "2026-12-25")[4]?.todayDiffers).toEqual([]);
  });
});

describe("upcomingSpecialDays", () => {
  it("lists announced dates as written and the public holidays outside them, by date", () => {
    expect(upcomingSpecialDays(CHRISTMAS, "DE", "2026-11-23")).toEqual([
      { from: "2026-12-24", to: "2026-12-24", ranges: [{ from: h(9), to: h(12) }], kind: "exception" },
      { from: "2026-12-25", to: "2026-12-25", ranges: [], kind: "holiday" },
      { from: "2026-12-26", to: "2026-12-26", ranges: [], kind: "holiday" },
      { from: "2026-12-27", to: "2027-01-06", ranges: [], kind: "exception" },
    ]);
  });

  it("follows the country's holidays: 8 December is one in Austria only", () => {
    const week = hours("Mo-Fr 09:00-18:00; PH off");
    expect(upcomingSpecialDays(week, "AT", "2026-12-01", 10).map((day) => day.from)).toEqual(["2026-12-08"]);
    expect(upcomingSpecialDays(week, "DE", "2026-12-01", 10)).toEqual([]);
  });

  it("looks only so far ahead, and keeps a break that has begun", () => {
    expect(upcomingSpecialDays(CHRISTMAS, "DE", "2026-10-05")).toEqual([]);
    expect(upcomingSpecialDays(CHRISTMAS, "DE", "2027-01-02")).toEqual([{ from: "2026-12-27", to: "2027-01-06", ranges: [], kind: "exception" }]);
  });

  it("leaves out holidays when the shop keeps them like any day, or is closed on that weekday anyway", () => {
    expect(upcomingSpecialDays(hours("Mo-Sa 10:00-18:00"), "DE", "2026-12-20", 10)).toEqual([]);
    // 3 October 2027 is a Sunday.
    expect(upcomingSpecialDays(hours("Mo-Sa 10:00-18:00; PH off"), "DE", "2027-10-01", 3)).toEqual([]);
  });

  it("gives holidays with their own hours those hours", () => {
    const found = upcomingSpecialDays(hours("Mo-Sa 10:00-18:00; PH 11:00-15:00"), "DE", "2026-12-24", 2);
    expect(found).toEqual([
      { from: "2026-12-25", to: "2026-12-25", ranges: [{ from: h(11), to: h(15) }], kind: "holiday" },
      { from: "2026-12-26", to: "2026-12-26", ranges: [{ from: h(11), to: h(15) }], kind: "holiday" },
    ]);
  });
});
