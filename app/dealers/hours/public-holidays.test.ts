import { describe, expect, it } from "vitest";
import { easterSunday, isPublicHoliday } from "./public-holidays";

const holidaysIn = (year: number, country: "DE" | "AT" | "CH") => {
  const found: string[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (isPublicHoliday(date, country)) found.push(date);
  }
  return found;
};

describe("easterSunday", () => {
  it("matches known dates", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    // The algorithm's edge years: the earliest and latest possible Easter.
    expect(easterSunday(1818)).toBe("1818-03-22");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });
});

describe("isPublicHoliday", () => {
  it("lists Germany's nationwide holidays for 2026", () => {
    expect(holidaysIn(2026, "DE")).toEqual([
      "2026-01-01",
      "2026-04-03", // Karfreitag
      "2026-04-06", // Ostermontag
      "2026-05-01",
      "2026-05-14", // Christi Himmelfahrt
      "2026-05-25", // Pfingstmontag
      "2026-10-03",
      "2026-12-25",
      "2026-12-26",
    ]);
  });

  it("lists Austria's holidays for 2026, with Fronleichnam and without Karfreitag", () => {
    expect(holidaysIn(2026, "AT")).toEqual([
      "2026-01-01",
      "2026-01-06",
      "2026-04-06",
      "2026-05-01",
      "2026-05-14",
      "2026-05-25",
      "2026-06-04", // Fronleichnam
      "2026-08-15",
      "2026-10-26",
      "2026-11-01",
      "2026-12-08",
      "2026-12-25",
      "2026-12-26",
    ]);
  });

  it("lists Switzerland's holidays for 2027, with the Bundesfeier and without 1 May", () => {
    expect(holidaysIn(2027, "CH")).toEqual([
      "2027-01-01",
      "2027-03-26", // Karfreitag
      "2027-03-29", // Ostermontag
      "2027-05-06", // Auffahrt
      "2027-05-17", // Pfingstmontag
      "2027-08-01",
      "2027-12-25",
      "2027-12-26",
    ]);
  });

  it("follows Easter from year to year", () => {
    expect(isPublicHoliday("2024-04-01", "DE")).toBe(true); // Ostermontag 2024
    expect(isPublicHoliday("2024-03-29", "CH")).toBe(true); // Karfreitag 2024
    expect(isPublicHoliday("2024-03-29", "AT")).toBe(false);
    expect(isPublicHoliday("2027-03-29", "AT")).toBe(true);
  });

  it("knows ordinary days and tolerates nonsense", () => {
    expect(isPublicHoliday("2026-12-24", "DE")).toBe(false);
    expect(isPublicHoliday("2026-10-03", "AT")).toBe(false);
    expect(isPublicHoliday("not a date", "DE")).toBe(false);
  });
});
