import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { DB } from "~/db/database.server";
import { openTestDatabase } from "~/../tests/support/test-store";
import { countPostalCodes, ensurePostalCodes, findPlace, findPostalCode } from "./postal-code.server";

let db: DB;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-postal-"));
  fs.cpSync(inject("templateDataDir"), dir, { recursive: true });
  db = await openTestDatabase(dir, { seeded: true });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("postal codes", () => {
  it("were imported by the seed, and a second import does nothing", async () => {
    expect(await countPostalCodes(db)).toBeGreaterThan(40_000);
    expect(await ensurePostalCodes(db, () => {})).toBe(0);
  });

  it("finds German codes with their leading zero", async () => {
    const match = await findPostalCode(db, "01067", ["DE"]);
    expect(match?.best).toMatchObject({ country: "DE", postalCode: "01067", place: "Dresden" });
    expect(match!.best.lat).toBeCloseTo(51.05, 1);
    expect(await findPostalCode(db, "1067", ["AT", "CH"])).toBeNull();
  });

  it("prefers the first country for a shared four-digit code and offers the other", async () => {
    const match = await findPostalCode(db, "1010", ["AT", "CH"]);
    expect(match?.best).toMatchObject({ country: "AT", place: "Wien" });
    expect(match?.alternatives.map((a) => [a.country, a.place])).toEqual([["CH", "Lausanne"]]);
    expect((await findPostalCode(db, "1010", ["CH"]))?.best.place).toBe("Lausanne");
  });

  it("finds towns by name, folding case and accents, and the city among namesakes", async () => {
    const berlin = (await findPlace(db, "berlin"))?.best;
    expect(berlin?.lat).toBeCloseTo(52.5, 0);
    expect(berlin?.lng).toBeCloseTo(13.4, 0);
    expect((await findPlace(db, "MUNCHEN"))?.best.place).toBe("München");
    expect((await findPlace(db, "Frankfurt"))?.best.place).toBe("Frankfurt am Main");
    expect(await findPlace(db, "Radhaus")).toBeNull();
    expect(await findPlace(db, "x")).toBeNull();
  });

  it("finds towns spelled without umlauts, as ae, oe and ue, and by the names others use", async () => {
    const cases: [string, string][] = [
      ["Muenchen", "München"],
      ["Koeln", "Köln"],
      ["Duesseldorf", "Düsseldorf"],
      ["Nuernberg", "Nürnberg"],
      ["Zuerich", "Zürich"],
      ["Munich", "München"],
      ["Cologne", "Köln"],
      ["Vienna", "Wien"],
      ["Nuremberg", "Nürnberg"],
      ["Zurich", "Zürich"],
      ["Geneva", "Genève"],
      ["Genf", "Genève"],
      ["Lucerne", "Luzern"],
      ["Hanover", "Hannover"],
      ["Soest", "Soest"],
    ];
    // Odd input folds to nothing or to no town, never an error.
    for (const odd of ["ae", "Äöü", "ue ue", "\u0000", "e".repeat(100), "' or 1=1 --", "%", "Mu%"]) {
      await expect(findPlace(db, odd), odd).resolves.toBeNull();
    }
    // LIKE's wildcards are punctuation to the key, never patterns.
    expect((await findPlace(db, "Munich%"))?.best.place).toBe("München");
    expect((await findPlace(db, "_Wien_"))?.best.place).toBe("Wien");
    const found = await Promise.all(cases.map(async ([typed]) => [typed, (await findPlace(db, typed))?.best.place ?? null] as const));
    expect(found).toEqual(cases);
  });

  it("names a large customer's postal code by its town, never by a person or a firm filed as its place", async () => {
    // D-12345 lists only firms, a hospital and "Steuerberater Gerhard Baade"; D-22842 "Elisabeth Eisele" and more.
    expect((await findPostalCode(db, "12345", ["DE"]))?.best.place).toBe("Berlin");
    expect((await findPostalCode(db, "22842", ["DE"]))?.best.place).toBe("Norderstedt");
    expect(await findPlace(db, "Steuerberater Gerhard Baade")).toBeNull();
    expect(await findPlace(db, "Elisabeth Eisele")).toBeNull();
  });

  it("reads St. as Sankt and prefers the bigger town, offering the others", async () => {
    const gallen = await findPlace(db, "Sankt Gallen");
    expect(gallen?.best).toMatchObject({ country: "CH", place: "St. Gallen" });
    expect(gallen?.alternatives.map((alt) => [alt.country, alt.place])).toContainEqual(["AT", "Sankt Gallen"]);
    expect((await findPlace(db, "St Gallen"))?.best.country).toBe("CH");
    expect((await findPlace(db, "Sankt Pölten"))?.best).toMatchObject({ country: "AT", place: "St. Pölten" });
  });

  it("prefers the town that owns its postal codes over hamlets that share theirs, and keeps a big city whole", async () => {
    // Hof in Bavaria has three codes of its own; twenty-six Austrian hamlets called Hof share theirs.
    const hof = await findPlace(db, "Hof");
    expect(hof?.best).toMatchObject({ country: "DE", place: "Hof" });
    expect(hof?.best.lat).toBeCloseTo(50.31, 1);
    // Berlin's outer codes lie more than 20 km from its middle: still one town, no "did you mean Berlin".
    expect((await findPlace(db, "Berlin"))?.alternatives.filter((alt) => alt.place === "Berlin")).toEqual([]);
  });

  it("finds a town written with its river or region after the name, and its namesakes apart", async () => {
    for (const typed of ["Halle (Saale)", "Halle Saale", "halle/saale"]) {
      const halle = await findPlace(db, typed);
      expect(halle?.best.place, typed).toBe("Halle");
      expect(halle?.best.lat, typed).toBeCloseTo(51.48, 1);
      // Halle in Westphalia, Lower Saxony: other towns, each with a code to tell them apart.
      expect(halle?.alternatives.length, typed).toBeGreaterThanOrEqual(2);
      expect(halle?.alternatives.every((alt) => alt.place === "Halle" && alt.postalCode !== null), typed).toBe(true);
    }
  });
});
