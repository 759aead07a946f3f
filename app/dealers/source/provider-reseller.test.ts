import { describe, expect, it } from "vitest";
import type { ProviderReseller } from "~/exchange/provider-schema";
import { completeDealers } from "~/dealers/dealer/dealer";
import { fromProviderReseller, parseProviderReseller } from "./provider-reseller";
import { toProviderReseller } from "./provider-reseller-format.server";

const reseller: ProviderReseller = {
  name: "Wiener Radwerk",
  adresse: "Graben 3, 1010 Wien",
  tel: "+43 1 5123456",
  email: "office@wiener-radwerk.example.com",
  web: "https://www.wiener-radwerk.example.com",
  ort: "Wien",
  tag: "viva, city",
  position: [48.2077, 16.3705],
  approximate: true,
  slug: "wiener-radwerk-wien",
  country: "AT",
  services: ["workshop"],
  openingHours: "Mo-Fr 09:00-18:00",
  productLines: ["Klingeln"],
};

describe("fromProviderReseller", () => {
  it("names a dealer our way and is undone by our API's formatter", () => {
    const [dealer] = completeDealers([fromProviderReseller(reseller)]);
    expect(dealer).toMatchObject({ address: reseller.adresse, city: reseller.ort, phone: reseller.tel, website: reseller.web, tags: reseller.tag });
    expect(dealer && toProviderReseller(dealer)).toStrictEqual(reseller);
  });

  it("leaves what a provider does not send absent, not undefined: dealers travel in the page's data", () => {
    const { name, adresse, tel, email, ort, tag, position } = reseller;
    expect(Object.keys(parseProviderReseller({ name, adresse, tel, email, ort, tag, position }))).toEqual([
      "name",
      "address",
      "city",
      "phone",
      "email",
      "tags",
      "position",
    ]);
    expect(() => parseProviderReseller({ name, adresse })).toThrow();
  });
});
