import { describe, expect, it } from "vitest";
import type { DealerRow } from "~/db/schema";
import { dealerFromRow } from "./dealer-from-row.server";

const row: DealerRow = {
  id: 1,
  name: "Radhaus Berger",
  street: "Hauptstraße 1",
  postal_code: "80331",
  city: "München",
  country: "DE",
  tel: "+49 89 123456",
  email: "info@radhaus-berger.example.de",
  web: null,
  tag: "viva",
  lat: 48.137,
  lng: 11.575,
  source_id: null,
  approximate: 0,
  slug: "radhaus-berger-muenchen",
  services: "workshop,laser-tag,rental",
  opening_hours: "",
  product_lines: "Klingeln, Sättel",
  region: "",
};

describe("dealerFromRow", () => {
  it("writes the address as one line and leaves empty columns out", () => {
    const dealer = dealerFromRow(row);
    expect(dealer).toMatchObject({ address: "Hauptstraße 1, 80331 München", city: "München", phone: row.tel, tags: row.tag, position: [48.137, 11.575] });
    expect(dealer).toMatchObject({ slug: row.slug, country: "DE", services: ["workshop", "rental"], productLines: ["Klingeln", "Sättel"] });
    expect(dealer).not.toHaveProperty("website");
    expect(dealer).not.toHaveProperty("approximate");
    expect(dealer).not.toHaveProperty("openingHours");
  });

  it("marks a position at the postal code's centre and keeps a website and opening hours", () => {
    expect(dealerFromRow({ ...row, approximate: 1, web: "https://radhaus.example.de", opening_hours: "Mo-Fr 09:00-18:00" })).toMatchObject({
      approximate: true,
      website: "https://radhaus.example.de",
      openingHours: "Mo-Fr 09:00-18:00",
    });
  });
});
