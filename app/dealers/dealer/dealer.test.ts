import { describe, expect, it } from "vitest";
import { type ListedDealer, completeDealers } from "./dealer";

const dealer = (changes: Partial<ListedDealer>): ListedDealer => ({
  name: "Radhaus Berger",
  address: "Hauptstraße 1, 80331 München",
  phone: "",
  email: "",
  city: "München",
  tags: "viva",
  position: [48.137, 11.575],
  ...changes,
});

describe("completeDealers", () => {
  it("keeps what our own API sends, without services it does not know", () => {
    const [only] = completeDealers([dealer({ slug: "x", country: "AT", services: ["workshop", "laser-tag"] })]);
    expect(only).toMatchObject({ slug: "x", country: "AT", services: ["workshop"] });
  });

  it("gives a provider's dealers slugs unique against the ones they have, and a country from the postal code", () => {
    const list = completeDealers([
      dealer({}),
      dealer({ slug: "radhaus-berger-muenchen" }),
      dealer({ address: "Ring 1, A-1010 Wien", city: "Wien", position: [48.2, 16.37] }),
      dealer({ address: "Bahnhofstrasse 1, 8001 Zürich", city: "Zürich", position: [47.37, 8.54] }),
    ]);
    expect(list.map((d) => d.slug)).toEqual(["radhaus-berger-muenchen-2", "radhaus-berger-muenchen", "radhaus-berger-wien", "radhaus-berger-zuerich"]);
    expect(list.map((d) => d.country)).toEqual(["DE", "DE", "AT", "CH"]);
    expect(list[0]?.services).toEqual([]);
  });
});
