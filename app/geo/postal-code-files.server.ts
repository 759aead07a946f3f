import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { looksLikeTown } from "./looks-like-town";

/** One GeoNames postal-code centroid. Postal codes stay strings: "01067" is Dresden, 1067 is nothing. */
export interface PostalPlace {
  country: "DE" | "AT" | "CH";
  postalCode: string;
  place: string;
  community: string;
  lat: number;
  lng: number;
}

export const POSTAL_COUNTRIES = ["DE", "AT", "CH"] as const;

/** Splits one CSV line; GeoNames quotes fields that contain commas ("Klagenfurt,03.Bez.:Innere Stadt"). */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quoted) {
      if (ch === '"' && line.charAt(i + 1) === '"') {
        current += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        current += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ",") {
      fields.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  fields.push(current);
  return fields;
}

export function parsePostalCsv(text: string, country: PostalPlace["country"]): PostalPlace[] {
  const lines = text.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? "");
  const col = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`Postal-code CSV for ${country} has no column "${name}"`);
    return index;
  };
  const zip = col("zipcode");
  const place = col("place");
  const community = col("community");
  const lat = col("latitude");
  const lng = col("longitude");
  const rows: PostalPlace[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const fields = splitCsvLine(line);
    const row: PostalPlace = {
      country,
      postalCode: (fields[zip] ?? "").trim(),
      // "Wien, Innere Stadt" and "Graz,01.Bez.:Innere Stadt" are districts; the town is before the comma.
      place: (fields[place] ?? "").split(",")[0]?.trim() ?? "",
      community: (fields[community] ?? "").trim(),
      lat: Number(fields[lat]),
      lng: Number(fields[lng]),
    };
    if (row.postalCode === "" || !Number.isFinite(row.lat) || !Number.isFinite(row.lng)) continue;
    if (fields[lat]?.trim() === "" || fields[lng]?.trim() === "") continue;
    rows.push(row);
  }
  return rows;
}

/**
 * The CSVs ship in resources/, which sits two levels above this module in the source tree but not in
 * the server bundle; the working directory is the fallback for the bundled server.
 */
export function defaultPostalCodeDir(): string {
  const candidates = [
    fileURLToPath(new URL("../../resources/postal-codes", import.meta.url)),
    path.resolve("resources/postal-codes"),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, "zipcodes.de.csv"))) ?? (candidates[1] as string);
}

/** Every row of the shipped CSVs of DE, AT and CH, in file order; a missing file throws, naming it. */
export function readPostalPlaces(dir: string = defaultPostalCodeDir()): PostalPlace[] {
  const all: PostalPlace[] = [];
  for (const country of POSTAL_COUNTRIES) {
    const file = path.join(dir, `zipcodes.${country.toLowerCase()}.csv`);
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      throw new Error(`cannot read ${file} (${(error as Error).message})`, { cause: error });
    }
    all.push(...parsePostalCsv(text, country));
  }
  return all;
}

const cache = new Map<string, PostalPlace[]>();

/** All usable town centroids of DE, AT and CH, in file order. Read once per directory. */
export function loadPostalPlaces(dir: string = defaultPostalCodeDir()): PostalPlace[] {
  const cached = cache.get(dir);
  if (cached) return cached;
  let all: PostalPlace[];
  try {
    all = readPostalPlaces(dir).filter((row) => looksLikeTown(row.place));
  } catch (error) {
    throw new Error(`Postal codes: ${(error as Error).message}. They ship with the project in resources/postal-codes.`, { cause: error });
  }
  cache.set(dir, all);
  return all;
}
