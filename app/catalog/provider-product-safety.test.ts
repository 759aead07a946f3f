import { describe, expect, it } from "vitest";
import { articleSchema, type ProviderArticle } from "~/exchange/provider-schema";
import type { CatalogArticle } from "./catalog-article";
import { fromProviderArticle } from "./provider-adapter";
import { toProviderArticle } from "./provider-format.server";

/** Issue 28, decision 050: manufacturer, safety texts and documents in the provider-compatible JSON. */
const base: ProviderArticle = {
  PARTNO: "AK-500",
  PRODCATNAME: "Akkus",
  RESELLERPRICE: 499,
  eans: [],
  media: [],
  descriptions: { default: { TEXT1: "Akku 500 Wh" }, english: { TEXT1: "Battery 500 Wh" } },
  properties: { default: { primary: [], secondary: [] } },
};

const withSafety: ProviderArticle = {
  ...base,
  MANUFACTURER: "Akkuwerk Ost GmbH",
  SAFETY: { default: "Nur mit dem mitgelieferten Ladegerät laden.\n\nNicht öffnen.", english: "Charge only with the charger supplied." },
  DOCUMENTS: [
    { TYPE: "manual", FILE: "shop/documents/akku-anleitung.pdf", LANG: "de", NAME: "Bedienungsanleitung", SIZE: 182_113 },
    { TYPE: "declaration", FILE: "shop/documents/akku-ce.pdf", LANG: "", NAME: "Konformitätserklärung", NAME_EN: "Declaration of conformity", SIZE: 40_960 },
    { TYPE: "safety_data_sheet", FILE: "shop/documents/akku-sdb.pdf", LANG: "en", NAME: "", NAME_EN: "Safety data sheet", SIZE: 1024 },
  ],
};

describe("manufacturer, safety and documents in the provider's JSON", () => {
  it("read in our names, and written back the same", () => {
    const article = fromProviderArticle(articleSchema.parse(withSafety));
    expect(article.manufacturer).toBe("Akkuwerk Ost GmbH");
    expect(article.safety).toEqual({ de: "Nur mit dem mitgelieferten Ladegerät laden.\n\nNicht öffnen.", en: "Charge only with the charger supplied." });
    expect(article.documents).toEqual([
      { purpose: "manual", file: "shop/documents/akku-anleitung.pdf", language: "de", names: { de: "Bedienungsanleitung" }, bytes: 182_113 },
      { purpose: "declaration", file: "shop/documents/akku-ce.pdf", language: "", names: { de: "Konformitätserklärung", en: "Declaration of conformity" }, bytes: 40_960 },
      { purpose: "safety_data_sheet", file: "shop/documents/akku-sdb.pdf", language: "en", names: { de: "", en: "Safety data sheet" }, bytes: 1024 },
    ]);
    expect(toProviderArticle(article)).toEqual(withSafety);
  });

  it("leaves them out where the article has none, so a provider without them still parses and stays as it was", () => {
    const article = fromProviderArticle(articleSchema.parse(base));
    expect(article).not.toHaveProperty("manufacturer");
    expect(article).not.toHaveProperty("safety");
    expect(article).not.toHaveProperty("documents");
    expect(toProviderArticle(article)).toEqual(base);
    const onlyEnglish: CatalogArticle = { ...article, safety: { en: "Not a toy." }, documents: [] };
    expect(toProviderArticle(onlyEnglish)).toEqual({ ...base, SAFETY: { english: "Not a toy." } });
  });

  it("reads a purpose it does not know as others, and refuses a file outside the media folder", () => {
    const odd = { ...withSafety, DOCUMENTS: [{ TYPE: "Brochure", FILE: "a/b.pdf", LANG: "", NAME: "x", SIZE: 1 }] };
    expect(fromProviderArticle(articleSchema.parse(odd)).documents?.[0]?.purpose).toBe("others");
    for (const FILE of ["../etc/passwd", "a/../../b.pdf", "/etc/passwd", "https://evil.example/x.pdf", "a\\b.pdf", "x.pdf?download", ".."]) {
      expect(articleSchema.safeParse({ ...odd, DOCUMENTS: [{ ...odd.DOCUMENTS[0], FILE }] }).success, FILE).toBe(false);
    }
    expect(articleSchema.safeParse({ ...odd, DOCUMENTS: [{ ...odd.DOCUMENTS[0], SIZE: -1 }] }).success).toBe(false);
    expect(articleSchema.safeParse({ ...odd, DOCUMENTS: [{ ...odd.DOCUMENTS[0], LANG: "fr" }] }).success).toBe(false);
  });
});
