import { describe, expect, it } from "vitest";
import { formatIsoDate } from "./iso-date";

describe("formatIsoDate", () => {
  it("writes the day out in each language", () => {
    expect(formatIsoDate("2026-10-14", "de")).toBe("14. Oktober 2026");
    expect(formatIsoDate("2026-10-14", "en")).toBe("14 October 2026");
  });

  it("keeps the calendar day whatever the clock's time zone", () => {
    expect(formatIsoDate("2026-01-01", "en")).toBe("1 January 2026");
  });

  it("returns what it cannot read as it is", () => {
    expect(formatIsoDate("14.10.2026", "de")).toBe("14.10.2026");
  });
});
