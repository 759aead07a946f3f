import type { PostalPlace } from "~/geo/postal-code-files.server";
import type { DealerDetails } from "./dealer-details";
import type { DemoDealer } from "./demo-data";
import type { Random } from "./random";
import {
  brandTags,
  otherTags,
  shopPatterns,
  streetStems,
  streetSuffixes,
  surnames,
  towns,
  trickyTag,
  type Country,
} from "./vocabulary-dealers";

const DEALER_COUNTS: Record<Country, number> = { DE: 105, AT: 25, CH: 20 };
const DEALERS_WITHOUT_COORDINATES = 4;
const OTHER_TAG_DEALERS = 15;

/** ASCII slug for e-mail and web addresses: "Radhaus Köhler & Söhne" becomes "radhaus-koehler-und-soehne". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/&/g, " und ")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function digits(rng: Random, count: number): string {
  let text = String(rng.int(1, 9));
  while (text.length < count) text += String(rng.int(0, 9));
  return text;
}

function telephone(rng: Random, country: Country, area: string): string {
  if (country === "DE") return `+49 ${area} ${digits(rng, Math.max(5, 10 - area.length))}`;
  if (country === "AT") return `+43 ${area} ${digits(rng, Math.max(5, 8 - area.length))}`;
  const local = digits(rng, 7);
  return `+41 ${area} ${local.slice(0, 3)} ${local.slice(3, 5)} ${local.slice(5)}`;
}

function randomArea(rng: Random, country: Country): string {
  if (country === "DE") return `${rng.int(2, 9)}${rng.int(10, 999)}`;
  if (country === "AT") return `${rng.int(2, 7)}${rng.int(100, 999)}`;
  return rng.pick(["31", "32", "33", "41", "52", "55", "56", "61", "62", "71", "81"]);
}

export type PlainDealer = Omit<DemoDealer, keyof DealerDetails>;

export function buildDealers(rng: Random, places: readonly PostalPlace[]): PlainDealer[] {
  const byCountry = new Map<Country, PostalPlace[]>();
  const byTown = new Map<string, PostalPlace[]>();
  const byCommunity = new Map<string, PostalPlace[]>();
  for (const place of places) {
    const list = byCountry.get(place.country) ?? [];
    list.push(place);
    byCountry.set(place.country, list);
    const townList = byTown.get(`${place.country}|${place.place}`) ?? [];
    townList.push(place);
    byTown.set(`${place.country}|${place.place}`, townList);
  }
  // GeoNames files a few towns only under their community ("Klagenfurt am Wörthersee"); the community
  // is a fallback because in Germany it names the district, which would put a city's dealer in a village.
  for (const place of places) {
    const key = `${place.country}|${place.community}`;
    if (byTown.has(key)) continue;
    const list = byCommunity.get(key) ?? [];
    list.push(place);
    byCommunity.set(key, list);
  }
  for (const [key, list] of byCommunity) byTown.set(key, list);

  const usedRows = new Set<PostalPlace>();
  const usedNames = new Set<string>();
  const dealers: PlainDealer[] = [];

  for (const country of ["DE", "AT", "CH"] as const) {
    const countryRows = byCountry.get(country) ?? [];
    if (countryRows.length === 0) throw new Error(`No postal-code rows for ${country}: cannot place dealers`);
    // Every curated town once before any twice, so the map covers the whole country.
    const townQueue = [...rng.shuffle(towns[country]), ...rng.shuffle(towns[country])];
    for (let i = 0; i < DEALER_COUNTS[country]; i++) {
      let row: PostalPlace | undefined;
      let city = "";
      let area = "";
      const curated = rng.chance(0.85) ? townQueue.shift() : undefined;
      if (curated) {
        const candidates = (byTown.get(`${country}|${curated[0]}`) ?? []).filter((r) => !usedRows.has(r));
        if (candidates.length > 0) {
          row = rng.pick(candidates);
          city = curated[0];
          area = curated[1];
        }
      }
      if (!row) {
        for (let attempt = 0; attempt < 50 && !row; attempt++) {
          const candidate = rng.pick(countryRows);
          if (!usedRows.has(candidate)) row = candidate;
        }
        row ??= rng.pick(countryRows);
        city = row.place;
        area = randomArea(rng, country);
      }
      usedRows.add(row);

      let name = "";
      for (let attempt = 0; attempt < 30; attempt++) {
        name = rng
          .pick(shopPatterns[country])
          .replace("{name}", rng.pick(surnames))
          .replace("{town}", city);
        if (!usedNames.has(name)) break;
      }
      if (usedNames.has(name)) name = `${name} ${i + 1}`;
      usedNames.add(name);

      const suffix = rng.pick(streetSuffixes[country]);
      const houseNumber = `${rng.int(1, 140)}${rng.chance(0.1) ? rng.pick(["a", "b", "c"]) : ""}`;
      const domain = country === "DE" ? "example.de" : "example.com";
      const slug = slugify(name);
      dealers.push({
        name,
        street: `${rng.pick(streetStems)}${suffix} ${houseNumber}`,
        postal_code: row.postalCode,
        city,
        country,
        tel: telephone(rng, country, area),
        email: `${rng.pick(["info", "service", "kontakt", "laden"])}@${slug}.${domain}`,
        web: rng.chance(0.8) ? `https://www.${slug}.${domain}` : null,
        tag: rng.pick(brandTags),
        lat: row.lat,
        lng: row.lng,
      });
    }
  }

  const order = rng.shuffle(dealers.map((_, index) => index));
  const otherIndices = order.slice(0, OTHER_TAG_DEALERS);
  otherIndices.forEach((index, n) => {
    const dealer = dealers[index];
    if (!dealer) return;
    dealer.tag = n === 0 ? trickyTag : n === 1 ? "nonbrand" : rng.pick(otherTags);
  });
  // Brand dealers without coordinates: listed on the dealer page, but with no marker on the map.
  for (const index of order.slice(OTHER_TAG_DEALERS, OTHER_TAG_DEALERS + DEALERS_WITHOUT_COORDINATES)) {
    const dealer = dealers[index];
    if (!dealer) continue;
    dealer.lat = null;
    dealer.lng = null;
  }
  return rng.shuffle(dealers);
}
