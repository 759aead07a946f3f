import { describe, expect, it } from "vitest";
import { stockTime } from "./stock-time";

/** 27 November 2026, 15:30 in Berlin (CET, UTC+1). */
const now = Date.UTC(2026, 10, 27, 14, 30);

describe("stockTime", () => {
  it("says today with the time in the site's zone, in either language", () => {
    expect(stockTime("2026-11-27T13:05:00.000Z", now, "de")).toEqual({ key: "dealers.stock.today", values: { time: "14:05", date: "27.11." } });
    expect(stockTime("2026-11-27T13:05:00.000Z", now, "en")).toEqual({ key: "dealers.stock.today", values: { time: "14:05", date: "27 Nov" } });
  });

  it("says yesterday for the day before in Berlin, even when UTC's date is still today", () => {
    // 23:30 UTC on the 26th is 00:30 on the 27th in Berlin: today.
    expect(stockTime("2026-11-26T23:30:00.000Z", now, "de").key).toBe("dealers.stock.today");
    expect(stockTime("2026-11-26T22:30:00.000Z", now, "de")).toMatchObject({ key: "dealers.stock.yesterday", values: { time: "23:30" } });
  });

  it("names the date further back", () => {
    expect(stockTime("2026-11-25T08:12:00.000Z", now, "de")).toEqual({ key: "dealers.stock.date", values: { time: "09:12", date: "25.11." } });
  });

  it("counts days across a clock change", () => {
    // Sunday 29 March 2026 (CET → CEST) at 10:00 Berlin; stock from Saturday evening is yesterday's.
    const afterChange = Date.UTC(2026, 2, 29, 8, 0);
    expect(stockTime("2026-03-28T19:00:00.000Z", afterChange, "de")).toMatchObject({ key: "dealers.stock.yesterday", values: { time: "20:00" } });
  });
});
