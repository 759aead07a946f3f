import { describe, expect, it } from "vitest";
import type { ProviderReseller } from "~/catalog/provider-schema";
import { completeResellers } from "./reseller";

const dealer = (changes: Partial<ProviderReseller>): ProviderReseller => ({
  name: "Radhaus Berger",
  adresse: "Hauptstraße 1, 80331 München",
  tel: "",
  email: "",
  ort: "München",
  tag: "viva",
  position: [48.137, 11.575],
  ...changes,
});

describe("completeResellers", () => {
  it("keeps what our own API sends", () => {
    const [only] = completeResellers([dealer({ slug: "x", country: "AT", services: ["workshop", "laser-tag"] })]);
    expect(only).toMatchObject({ slug: "x", country: "AT", services: ["workshop"] });
  });

  it("gives a provider's dealers slugs unique against the ones they have, and a country from the postal code", () => {
    const list = completeResellers([
      dealer({}),
      dealer({ slug: "radhaus-berger-muenchen" }),
      dealer({ adresse: "Ring 1, A-1010 Wien", ort: "Wien", position: [48.2, 16.37] }),
      dealer({ adresse: "Bahnhofstrasse 1, 8001 Zürich", ort: "Zürich", position: [47.37, 8.54] }),
    ]);
    expect(list.map((d) => d.slug)).toEqual(["radhaus-berger-muenchen-2", "radhaus-berger-muenchen", "radhaus-berger-wien", "radhaus-berger-zuerich"]);
    expect(list.map((d) => d.country)).toEqual(["DE", "DE", "AT", "CH"]);
    expect(list[0]?.services).toEqual([]);
  });
});
