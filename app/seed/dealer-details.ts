import { assignSlugs } from "~/dealers/dealer/dealer-slug";
import type { DealerService } from "~/dealers/dealer/dealer-services";
import { createRandom, type Random } from "./random";

/*
 * Services, opening hours and stocked product lines for the demo dealers (issue 14), drawn from a
 * random stream of their own so the dealers themselves (names, places, tags) stay exactly as they
 * were before these fields existed: tests and screenshots name them.
 */

/** Weeks as German bike shops keep them; written in the canonical text of opening-hours.ts. */
const WEEKS = [
  "Mo-Fr 09:00-18:30; Sa 09:00-14:00; PH off",
  "Mo-Fr 10:00-13:00,14:00-18:30; Sa 10:00-14:00; PH off",
  "Tu-Fr 09:30-18:00; Sa 09:30-13:00; PH off",
  "Mo-Fr 09:00-19:00; Sa 09:00-16:00; PH off",
  "Mo,Tu,Th,Fr 09:00-12:30,14:00-18:00; We 09:00-12:30; Sa 09:00-13:00; PH off",
  "Mo-Sa 10:00-20:00; PH off",
  "Mo-Fr 08:00-12:00,13:30-18:00; Sa 08:00-12:00; PH off",
  "Tu-Fr 10:00-18:00; Sa 10:00-15:00; Su 11:00-15:00; PH off",
] as const;
/** Holiday exceptions some shops announce: Christmas Eve and New Year's Eve mornings, a winter break. */
const EXCEPTIONS = ["2026-12-24,2026-12-31 09:00-12:00", "2026-12-27-2027-01-06 off", "2027-02-15-2027-02-20 off"] as const;
const HOURS_UNKNOWN_SHARE = 0.12;

/** Top categories a specialised shop lists; the rest carry the whole range (an empty list). */
const SPECIALISED_LINES = [
  ["Bremsen", "Ketten", "Pedale", "Reifen und Schläuche"],
  ["Beleuchtung", "Schutzbleche", "Gepäckträger"],
  ["Sättel", "Lenkergriffe"],
] as const;
const SPECIALISED_SHARE = 0.2;

function servicesFor(rng: Random): DealerService[] {
  const services: DealerService[] = [];
  if (rng.chance(0.8)) services.push("workshop");
  if (rng.chance(0.45)) services.push("ebike-service");
  if (rng.chance(0.35)) services.push("test-rides");
  if (rng.chance(0.6)) services.push("spare-parts");
  if (rng.chance(0.15)) services.push("rental");
  if (rng.chance(0.12)) services.push("premium-partner");
  return services;
}

function hoursFor(rng: Random): string {
  if (rng.chance(HOURS_UNKNOWN_SHARE)) return "";
  const week = rng.pick(WEEKS);
  return rng.chance(0.25) ? `${week}; ${rng.pick(EXCEPTIONS)}` : week;
}

export interface DealerDetails {
  slug: string;
  services: string;
  opening_hours: string;
  product_lines: string;
}

/** Details for dealers in id order (the first of two namesakes gets the plain slug). */
export function demoDealerDetails(seed: number, dealers: readonly { name: string; city: string }[]): DealerDetails[] {
  const rng = createRandom((seed ^ 0x4f70656e) >>> 0);
  const slugs = assignSlugs(dealers);
  return dealers.map((_, i) => ({
    slug: slugs[i] ?? "",
    services: servicesFor(rng).join(","),
    opening_hours: hoursFor(rng),
    product_lines: rng.chance(SPECIALISED_SHARE) ? rng.pick(SPECIALISED_LINES).join(", ") : "",
  }));
}
