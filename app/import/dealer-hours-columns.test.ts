import { describe, expect, it } from "vitest";
import { hoursFromDayColumns, hoursFromText } from "./dealer-hours-columns";

const NAMES = ["Monday hours", "Tuesday hours", "Wednesday hours", "Thursday hours", "Friday hours", "Saturday hours", "Sunday hours"];
const week = (...cells: string[]) => [...cells, ...Array(7 - cells.length).fill("")] as string[];

describe("hoursFromDayColumns", () => {
  it("reads Google Business Profile's day columns, x for closed and a range past midnight", () => {
    const result = hoursFromDayColumns(week("09:00-17:00", "09:00-17:00", "09:00-12:00,13:00-17:00", "x", "09:00-17:00", "23:00-02:00", ""), "", NAMES);
    expect(result).toEqual({ text: "Mo,Tu,Fr 09:00-17:00; We 09:00-12:00,13:00-17:00; Sa 23:00-02:00", problem: null });
  });

  it("adds special hours as dated rules, x as closed, several ranges on one date", () => {
    const result = hoursFromDayColumns(week("09:00-17:00"), "2025-12-31: 05:00-23:00, 2026-01-01: x, 2025-12-24: 09:00-12:00, 14:00-16:00", NAMES);
    expect(result.problem).toBeNull();
    expect(result.text).toBe("Mo 09:00-17:00; 2025-12-31 05:00-23:00; 2026-01-01 off; 2025-12-24 09:00-12:00,14:00-16:00");
  });

  it("gives no hours when every day is empty", () => {
    expect(hoursFromDayColumns(week(), "2026-01-01: x", NAMES)).toEqual({ text: "", problem: null });
  });

  it("names the column of a cell it cannot read", () => {
    expect(hoursFromDayColumns(week("9am-5pm"), "", NAMES).problem).toBe('Monday hours: "9am-5pm" is not a time range such as 09:00-18:00 or x for closed');
    expect(hoursFromDayColumns(week("09:00-17:00"), "31.12.: 10:00-12:00", NAMES).problem).toMatch(/^special hours: "31.12.: 10:00-12:00" has no date/);
  });
});

describe("hoursFromText", () => {
  it("reads Magento stockists' schedule with its literal \\n line breaks", () => {
    const result = hoursFromText("Monday to Thursday 8:00 - 18:30\\n\nFriday 8:00 - 19:00\\n\nSaturday 8:30 -19:00\\n\nSunday 11:00 - 17:30");
    expect(result).toEqual({ text: "Mo-Th 08:00-18:30; Fr 08:00-19:00; Sa 08:30-19:00; Su 11:00-17:30", problem: null });
  });

  it("reads German day names and 'Mo: 09:00' and keeps our own grammar", () => {
    expect(hoursFromText("Montag bis Freitag: 09:00-18:00\nSamstag: 10:00-14:00").text).toBe("Mo-Fr 09:00-18:00; Sa 10:00-14:00");
    expect(hoursFromText("Mo-Fr 09:00-18:00; PH off").text).toBe("Mo-Fr 09:00-18:00; PH off");
  });

  it("reports text it cannot read", () => {
    expect(hoursFromText("by appointment").problem).toMatch(/^opening hours: /);
  });
});
