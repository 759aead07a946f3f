import type { SpecialDays } from "~/dealers/hours/week-rows";
import type { TimeRange } from "~/dealers/hours/hours-types";

/*
 * schema.org `BikeStore` (a LocalBusiness) for a dealer's page, built from what the page shows:
 * search engines take address, position, phone and opening hours for their local results.
 */

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * schema.org `Time` as "HH:MM". A range past midnight closes at its time on the next day (a closing
 * time before the opening means exactly that); the end of the day is 23:59, as search engines read
 * a shop open around the clock.
 */
export function schemaTime(minutes: number): string {
  const clock = minutes === 1440 ? 1439 : minutes % 1440;
  return `${String(Math.floor(clock / 60)).padStart(2, "0")}:${String(clock % 60).padStart(2, "0")}`;
}

/** The regular week: one entry per distinct opening range, naming every day that has it. */
export function openingHoursSpecification(week: readonly (readonly TimeRange[])[]): object[] {
  const byRange = new Map<string, { range: TimeRange; days: string[] }>();
  week.forEach((ranges, day) => {
    for (const range of ranges) {
      const key = `${range.from}-${range.to}`;
      const entry = byRange.get(key) ?? { range, days: [] };
      entry.days.push(DAY_NAMES[day] ?? "");
      byRange.set(key, entry);
    }
  });
  return [...byRange.values()].map(({ range, days }) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: days,
    opens: schemaTime(range.from),
    closes: schemaTime(range.to),
  }));
}

/** Announced dates and public holidays: each range for its dates, closed as 00:00–00:00. */
export function specialOpeningHoursSpecification(days: readonly SpecialDays[]): object[] {
  return days.flatMap(({ from, to, ranges }) => {
    const valid = { validFrom: from, validThrough: to };
    if (ranges.length === 0) return [{ "@type": "OpeningHoursSpecification", opens: "00:00", closes: "00:00", ...valid }];
    return ranges.map((range) => ({ "@type": "OpeningHoursSpecification", opens: schemaTime(range.from), closes: schemaTime(range.to), ...valid }));
  });
}

export interface BikeStoreInput {
  name: string;
  street: string;
  postalCode: string;
  locality: string;
  /** State or region where the list has one ("NJ"); "" for none. */
  region?: string;
  /** ISO 3166 code: DE, AT, CH. */
  country: string;
  position: { lat: number; lng: number } | null;
  telephone: string;
  email: string;
  /** The shop's own website; without one, the dealer page stands for it. */
  website: string | null;
  pageUrl: string;
  /** The regular week; null when the hours are unknown (then nothing is claimed about them). */
  week: readonly (readonly TimeRange[])[] | null;
  specialDays: readonly SpecialDays[];
}

export function bikeStoreData(input: BikeStoreInput): object {
  const special = specialOpeningHoursSpecification(input.specialDays);
  return {
    "@context": "https://schema.org",
    "@type": "BikeStore",
    "@id": `${input.pageUrl}#store`,
    name: input.name,
    url: input.website ?? input.pageUrl,
    address: {
      "@type": "PostalAddress",
      streetAddress: input.street,
      ...(input.postalCode ? { postalCode: input.postalCode } : {}),
      addressLocality: input.locality,
      ...(input.region ? { addressRegion: input.region } : {}),
      addressCountry: input.country,
    },
    ...(input.position ? { geo: { "@type": "GeoCoordinates", latitude: input.position.lat, longitude: input.position.lng } } : {}),
    ...(input.telephone ? { telephone: input.telephone } : {}),
    ...(input.email ? { email: input.email } : {}),
    ...(input.week ? { openingHoursSpecification: openingHoursSpecification(input.week) } : {}),
    ...(input.week && special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
  };
}
