import { describe, expect, it } from "vitest";
import { summarizeHours } from "./summarize-hours";

const week = "Mo-Fr 09:00-12:30,14:00-18:00; Sa 10:00-14:00";
/** Instants in Berlin (UTC+1 in January). */
const berlin = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour - 1, minute);

describe("summarizeHours", () => {
  it("says when an open shop closes, with today's ranges", () => {
    expect(summarizeHours(week, "DE", berlin(14, 10))).toEqual({
      state: "open",
      closesAt: 12 * 60 + 30,
      today: [
        { from: 540, to: 750 },
        { from: 840, to: 1080 },
      ],
    });
  });

  it("names the day a closed shop opens again: today, tomorrow, or a weekday", () => {
    const lunch = summarizeHours(week, "DE", berlin(14, 13));
    expect(lunch).toMatchObject({ state: "closed", opensAt: { dayOffset: 0, minutes: 840 } });
    const saturdayEvening = summarizeHours(week, "DE", berlin(17, 20));
    // Sunday is closed: Monday (weekday 0) is two days away.
    expect(saturdayEvening).toMatchObject({ state: "closed", opensAt: { dayOffset: 2, weekday: 0, minutes: 540 }, today: [{ from: 600, to: 840 }] });
  });

  it("reads unknown or unreadable hours as unknown", () => {
    expect(summarizeHours(undefined, "DE", berlin(14, 10))).toEqual({ state: "unknown" });
    expect(summarizeHours("whenever", "AT", berlin(14, 10))).toEqual({ state: "unknown" });
  });

  it("judges the hours on the dealer's own clock", () => {
    // 17:30 UTC on a Wednesday in January is 18:30 in Zurich: closed, opens tomorrow.
    expect(summarizeHours(week, "CH", Date.UTC(2026, 0, 14, 17, 30))).toMatchObject({ state: "closed", opensAt: { dayOffset: 1, minutes: 540 } });
  });
});
