/**
 * What an article page shows of the company behind the brand as its maker (GPSR Art. 19): its name,
 * postal and e-mail address, as content/brand.yaml's `company` holds them (app/content/brand-content.ts).
 */
export interface MakerCompany {
  legalName: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO code (DE, AT, CH): the page names it in its language. */
  country: "DE" | "AT" | "CH";
  email: string;
}

/** The part of the brand's company an article page's loader sends: no more than the page shows. */
export function makerCompany({ legalName, street, postalCode, city, country, email }: MakerCompany): MakerCompany {
  return { legalName, street, postalCode, city, country, email };
}

/**
 * schema.org `Organization` of an article's maker (GPSR Art. 19) for `productData`: the company
 * behind the brand (from the page's loader data, content/brand.yaml) with its postal and e-mail
 * address; another maker by its name only, the catalogue knows no more of it.
 */
export function manufacturerData(maker: string | null, company: MakerCompany): object {
  if (maker !== null) return { "@type": "Organization", name: maker };
  return {
    "@type": "Organization",
    name: company.legalName,
    address: {
      "@type": "PostalAddress",
      streetAddress: company.street,
      postalCode: company.postalCode,
      addressLocality: company.city,
      addressCountry: company.country,
    },
    email: company.email,
  };
}
