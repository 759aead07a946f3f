import { describe, expect, it } from "vitest";
import { formatMinutes } from "./format-minutes";

describe("formatMinutes", () => {
  it("writes HH:MM, 24:00 for the end of the day, and past-midnight ends modulo a day", () => {
    expect(formatMinutes(0)).toBe("00:00");
    expect(formatMinutes(545)).toBe("09:05");
    expect(formatMinutes(1440)).toBe("24:00");
    expect(formatMinutes(1560)).toBe("02:00");
  });
});
