import { describe, expect, it } from "vitest";
import { bikeStoreData, openingHoursSpecification, schemaTime, specialOpeningHoursSpecification } from "./bike-store-data";

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const range = (from: number, to: number) => ({ from, to });
const weekdays = [range(h(9), h(12, 30)), range(h(14), h(18))];
/** Mo–Fr with a lunch break, Sa mornings, closed on Sundays. */
const week = [weekdays, weekdays, weekdays, weekdays, weekdays, [range(h(9), h(13))], []];

const store = {
  name: "Radhaus Berger",
  street: "Hauptstraße 1",
  postalCode: "80331",
  locality: "München",
  country: "DE",
  position: { lat: 48.137, lng: 11.575 },
  telephone: "+49 89 123456",
  email: "info@radhaus-berger.example.de",
  website: "https://www.radhaus-berger.example.de/",
  pageUrl: "https://viva.example/handlersuche/radhaus-berger-muenchen",
  week,
  specialDays: [],
};

describe("schemaTime", () => {
  it("writes hours and minutes, the end of the day as 23:59 and a time past midnight as the next day's", () => {
    expect(schemaTime(h(9))).toBe("09:00");
    expect(schemaTime(h(18, 30))).toBe("18:30");
    expect(schemaTime(1440)).toBe("23:59");
    expect(schemaTime(h(26))).toBe("02:00");
  });
});

describe("openingHoursSpecification", () => {
  it("gives one entry per distinct range with every day that has it, and leaves closed days out", () => {
    expect(openingHoursSpecification(week)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "12:30" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "14:00", closes: "18:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "13:00" },
    ]);
  });

  it("is empty for a week without opening", () => {
    expect(openingHoursSpecification([[], [], [], [], [], [], []])).toEqual([]);
  });
});

describe("specialOpeningHoursSpecification", () => {
  it("states shortened days by their ranges and closed dates as 00:00–00:00, each valid for its dates", () => {
    expect(
      specialOpeningHoursSpecification([
        { from: "2026-12-24", to: "2026-12-24", ranges: [range(h(9), h(12))], kind: "exception" },
        { from: "2026-12-25", to: "2026-12-25", ranges: [], kind: "holiday" },
        { from: "2026-12-27", to: "2027-01-06", ranges: [], kind: "exception" },
      ]),
    ).toEqual([
      { "@type": "OpeningHoursSpecification", opens: "09:00", closes: "12:00", validFrom: "2026-12-24", validThrough: "2026-12-24" },
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2026-12-25", validThrough: "2026-12-25" },
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2026-12-27", validThrough: "2027-01-06" },
    ]);
  });

  it("gives a day with two ranges two entries", () => {
    const found = specialOpeningHoursSpecification([{ from: "2026-12-31", to: "2026-12-31", ranges: weekdays, kind: "exception" }]);
    expect(found).toHaveLength(2);
  });
});

describe("bikeStoreData", () => {
  it("describes the shop as a BikeStore with address, position, contact and hours", () => {
    const data = bikeStoreData(store);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BikeStore",
      name: "Radhaus Berger",
      url: "https://www.radhaus-berger.example.de/",
      address: { "@type": "PostalAddress", streetAddress: "Hauptstraße 1", postalCode: "80331", addressLocality: "München", addressCountry: "DE" },
      geo: { "@type": "GeoCoordinates", latitude: 48.137, longitude: 11.575 },
      telephone: "+49 89 123456",
      email: "info@radhaus-berger.example.de",
    });
    expect(data).toHaveProperty("openingHoursSpecification", openingHoursSpecification(week));
    expect(data).not.toHaveProperty("specialOpeningHoursSpecification");
  });

  it("lists special days when there are any", () => {
    const data = bikeStoreData({ ...store, specialDays: [{ from: "2026-12-24", to: "2026-12-24", ranges: [], kind: "exception" }] });
    expect(data).toHaveProperty("specialOpeningHoursSpecification", [
      { "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", validFrom: "2026-12-24", validThrough: "2026-12-24" },
    ]);
  });

  it("claims nothing it does not know: no hours, no position, no website, no phone", () => {
    const data = bikeStoreData({ ...store, week: null, position: null, website: null, telephone: "", postalCode: "" });
    expect(data).not.toHaveProperty("openingHoursSpecification");
    expect(data).not.toHaveProperty("geo");
    expect(data).not.toHaveProperty("telephone");
    expect(data).toHaveProperty("url", store.pageUrl);
    expect(data).toHaveProperty("address", { "@type": "PostalAddress", streetAddress: "Hauptstraße 1", addressLocality: "München", addressCountry: "DE" });
  });

  it("survives JSON as the page writes it", () => {
    const data = bikeStoreData({ ...store, name: "Rad & Tat </script><script>alert(1)</script>" });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
