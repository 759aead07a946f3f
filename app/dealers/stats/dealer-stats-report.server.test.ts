import { describe, expect, it } from "vitest";
import type { DealerStatCount } from "~/models/dealer-stat.server";
import { dealerStatsCsv, dealerStatsTable, parseIsoDay } from "./dealer-stats-report.server";

const rows: DealerStatCount[] = [
  { day: "2026-05-01", event: "search.postal-code", subject: "", count: 4 },
  { day: "2026-05-01", event: "search.name", subject: "", count: 2 },
  { day: "2026-05-01", event: "no-dealer.postal-code", subject: "DE 25999", count: 3 },
  { day: "2026-05-02", event: "no-dealer.postal-code", subject: "DE 18565", count: 1 },
  { day: "2026-05-02", event: "no-dealer.postal-code", subject: "DE 25999", count: 1 },
  { day: "2026-05-02", event: "search.near-me", subject: "", count: 1 },
  { day: "2026-05-02", event: "filter.service", subject: "workshop", count: 2 },
  { day: "2026-05-02", event: "where-to-buy", subject: "", count: 5 },
  { day: "2026-05-02", event: "click.phone", subject: "radhaus-berger-muenchen", count: 2 },
  { day: "2026-05-02", event: "click.directions", subject: "radhaus-berger-muenchen", count: 1 },
  { day: "2026-05-03", event: "click.web", subject: "=cmd-gone", count: 1 },
];
const names = new Map([
  ["radhaus-berger-muenchen", 'Radhaus "Berger", München'],
  // Issue 25: a German spreadsheet splits this on ";" and ran the second half.
  ["radhaus-formula", "Radhaus;=1+1"],
]);

describe("dealerStatsTable", () => {
  it("sums the days into searches, places without dealers, filters and clicks per dealer", () => {
    const text = dealerStatsTable(rows, names, { top: 1 }).join("\n");
    expect(text).toContain("Dealer locator, 2026-05-01 to 2026-05-03 (days in Europe/Berlin)");
    expect(text).toMatch(/by name\s+2\n/);
    expect(text).toMatch(/by postal code\s+4\n/);
    expect(text).toMatch(/near me\s+1\n/);
    expect(text).toMatch(/total\s+7\n/);
    expect(text).toMatch(/from an article \(where to buy\)\s+5\n/);
    // The most frequent first; the rest left to --csv.
    expect(text).toMatch(/DE 25999\s+4\n\s+… and 1 more \(--csv lists all\)/);
    expect(text).toContain("No dealer within the radius, by place: none");
    expect(text).toMatch(/service: workshop\s+2\n\s+open now\s+0/);
    expect(text).toMatch(/dealer\s+slug\s+phone\s+e-mail\s+web\s+directions\s+total/);
    expect(text).toMatch(/Radhaus "Berger", München\s+radhaus-berger-muenchen\s+2\s+0\s+0\s+1\s+3/);
    expect(text).toMatch(/\(no longer listed\)\s+=cmd-gone\s+0\s+0\s+1\s+0\s+1/);
    expect(text).toMatch(/total\s+2\s+0\s+1\s+1\s+4$/);
  });

  it("says so when there is nothing", () => {
    expect(dealerStatsTable([], names)).toEqual([
      "No dealer-locator statistics yet: the server counts searches and contact clicks and writes them every 10 seconds.",
    ]);
    expect(dealerStatsTable([], names, { since: "2030-01-01" })).toEqual(["No dealer-locator statistics since 2030-01-01."]);
  });
});

describe('"in stock" shown (issue 29 item 5)', () => {
  const stock: DealerStatCount[] = [
    { day: "2026-05-01", event: "stock.shown", subject: "radhaus-berger-muenchen VB-17439", count: 3 },
    { day: "2026-05-02", event: "stock.shown", subject: "radhaus-berger-muenchen VB-17439", count: 2 },
    { day: "2026-05-02", event: "stock.shown", subject: "radhaus-formula AB 1/2", count: 1 },
    { day: "2026-05-02", event: "filter.in-stock", subject: "", count: 4 },
  ];

  it("lists it per article and dealer, the most shown first, and the filter's use", () => {
    const text = dealerStatsTable(stock, names).join("\n");
    expect(text).toContain('"In stock" shown, per article and dealer');
    expect(text).toMatch(/article\s+dealer\s+slug\s+shown\n\s+VB-17439\s+Radhaus "Berger", München\s+radhaus-berger-muenchen\s+5\n\s+AB 1\/2\s+Radhaus;=1\+1\s+radhaus-formula\s+1/);
    expect(text).toMatch(/in stock only\s+4/);
    expect(dealerStatsTable(rows, names).join("\n")).toContain('"In stock" shown: never');
  });

  it("names the dealer in the CSV", () => {
    expect(dealerStatsCsv(stock, names)).toContain('2026-05-01,stock.shown,radhaus-berger-muenchen VB-17439,"Radhaus ""Berger"", München",3');
  });
});

describe("dealerStatsCsv", () => {
  it("writes a header and one quoted, formula-safe line per day and counter", () => {
    const lines = dealerStatsCsv(rows, names);
    expect(lines[0]).toBe("day,event,subject,dealer,count");
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines).toContain('2026-05-02,click.phone,radhaus-berger-muenchen,"Radhaus ""Berger"", München",2');
    expect(lines).toContain("2026-05-01,no-dealer.postal-code,DE 25999,,3");
    expect(lines).toContain("2026-05-03,click.web,'=cmd-gone,(no longer listed),1");
  });

  it("keeps a name with a formula behind a ; in one inert cell (issue 25)", () => {
    const lines = dealerStatsCsv([{ day: "2026-05-03", event: "click.email", subject: "radhaus-formula", count: 1 }], names);
    expect(lines).toContain(`2026-05-03,click.email,radhaus-formula,"Radhaus;'=1+1",1`);
  });
});

describe("parseIsoDay", () => {
  it("takes real days only", () => {
    expect(parseIsoDay("2026-02-28")).toBe("2026-02-28");
    expect(parseIsoDay("2028-02-29")).toBe("2028-02-29");
    for (const bad of ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-1", "yesterday", "2026-01-01T00:00", ""]) {
      expect(parseIsoDay(bad), bad).toBeNull();
    }
  });
});
