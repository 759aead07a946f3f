import { isPostalCountry } from "./postal-query";

/*
 * The time zone of a dealer's hours outside Germany, Austria and Switzerland (whose zones
 * opening-hours.ts knows): the country's one zone from the ICU data Node ships. A country with
 * several zones (US, CA, AU, RU, BR …) gets none: its dealers show their hours, "open now" stays
 * unknown rather than wrong.
 */

interface LocaleWithZones extends Intl.Locale {
  /** V8 before 12 (Node 20). */
  readonly timeZones?: string[];
  /** V8 12 and later (Node 22, 24). */
  getTimeZones?: () => string[];
}

const known = new Map<string, string | null>();

export function countryTimeZone(country: string): string | undefined {
  if (isPostalCountry(country) || !/^[A-Z]{2}$/.test(country)) return undefined;
  let zone = known.get(country);
  if (zone === undefined) {
    let zones: string[] = [];
    try {
      const locale = new Intl.Locale(`und-${country}`) as LocaleWithZones;
      zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
    } catch {
      // An unknown region: no zone.
    }
    zone = zones.length === 1 ? (zones[0] ?? null) : null;
    known.set(country, zone);
  }
  return zone ?? undefined;
}
