import { describe, expect, it } from "vitest";
import { shippedBrand } from "~/../tests/support/shipped-brand";
import { makerCompany, manufacturerData } from "./manufacturer-data";
import { productData } from "./structured-data";

const input = {
  name: "Kettenschloss",
  category: "Schlösser",
  partno: "VB-1",
  eans: ["4006381333931"],
  images: ["http://localhost/media/shop/images/VB-1_1.jpg"],
  description: null,
  url: "http://localhost/products/articles/Schlösser/VB-1",
  brandName: "VIVA",
};
const { company } = shippedBrand();

describe("productData", () => {
  it("describes the article without an offer: the brand sells through dealers, and imported articles may have no price", () => {
    const data = productData(input);
    expect(data).toMatchObject({ "@type": "Product", name: "Kettenschloss", sku: "VB-1", gtin13: "4006381333931" });
    expect(data).not.toHaveProperty("offers");
    expect(data).not.toHaveProperty("description");
  });

  it("names an EAN-8 gtin8", () => {
    const data = productData({ ...input, eans: ["87126709"] });
    expect(data).toMatchObject({ gtin8: "87126709" });
    expect(data).not.toHaveProperty("gtin13");
  });

  it("names the brand and, as manufacturer, the company behind it with its postal and e-mail address (GPSR Art. 19)", () => {
    const data = productData({ ...input, manufacturer: manufacturerData(null, makerCompany(company)) });
    expect(data).toMatchObject({
      brand: { "@type": "Brand", name: "VIVA" },
      manufacturer: {
        "@type": "Organization",
        name: company.legalName,
        address: { "@type": "PostalAddress", streetAddress: company.street, postalCode: company.postalCode, addressLocality: company.city, addressCountry: "DE" },
        email: company.email,
      },
    });
  });

  it("names another maker by its name, the brand staying the brand", () => {
    const data = productData({ ...input, manufacturer: manufacturerData({ name: "Lintao Rubber Industrial Co., Ltd.", address: null, email: null }, makerCompany(company)) });
    expect(data).toMatchObject({ brand: { name: "VIVA" }, manufacturer: { "@type": "Organization", name: "Lintao Rubber Industrial Co., Ltd." } });
    expect(data).not.toHaveProperty("manufacturer.address");
  });

  it("gives another maker's postal and electronic address where the catalogue has them (issue 37)", () => {
    const address = "Via dell'Artigianato 14, 25030 Castel Mella (BS), Italia";
    const byMail = manufacturerData({ name: "Officine Pneumatiche Bresciane S.r.l.", address, email: "sicurezza@opb.example.it" }, makerCompany(company));
    expect(byMail).toEqual({ "@type": "Organization", name: "Officine Pneumatiche Bresciane S.r.l.", address, email: "sicurezza@opb.example.it" });
    const byWeb = manufacturerData({ name: "Lintao", address: null, email: "www.lintao.example.com/contact" }, makerCompany(company));
    expect(byWeb).toEqual({ "@type": "Organization", name: "Lintao", url: "https://www.lintao.example.com/contact" });
  });

  it("names whatever brand and company the page's content gives, nothing of its own", () => {
    const other = { ...company, legalName: "Andere Räder AG", street: "Nabenstraße 3", email: "post@andere.example" };
    const data = productData({ ...input, brandName: "ANDERE", manufacturer: manufacturerData(null, makerCompany(other)) });
    expect(data).toMatchObject({ brand: { name: "ANDERE" }, manufacturer: { name: "Andere Räder AG", address: { streetAddress: "Nabenstraße 3" }, email: "post@andere.example" } });
  });
});
