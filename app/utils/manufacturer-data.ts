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
 * A maker other than the brand as the catalogue has it (issue 37): the postal address in one line
 * as the maker writes it, and the electronic address, each null where the catalogue has none.
 */
export interface OtherMaker {
  name: string;
  address: string | null;
  email: string | null;
}

const EMAIL = /^[^\s@/<>"?#]+@[^\s@/<>"?#]+\.[^\s@/<>"?#]+$/;
/** "www.maker.example/kontakt": a web address without its scheme, as people write it. */
const BARE_WEB = /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i;

/**
 * A catalogue's electronic address as a link: an e-mail address, or a web address (a contact
 * form); null for text that is neither, which a page shows without a link and an import reports.
 */
export function electronicAddress(value: string): { kind: "email" | "web"; href: string } | null {
  const text = value.trim().replace(/^mailto:/i, "");
  if (EMAIL.test(text)) return { kind: "email", href: `mailto:${text}` };
  if (/^https?:\/\//i.test(text)) return URL.canParse(text) && !/\s/.test(text) ? { kind: "web", href: new URL(text).href } : null;
  return BARE_WEB.test(text) ? { kind: "web", href: `https://${text}` } : null;
}

/**
 * schema.org `Organization` of an article's maker (GPSR Art. 19) for `productData`: the company
 * behind the brand (from the page's loader data, content/brand.yaml) with its postal and e-mail
 * address; another maker with what the catalogue has of it (its address as one text).
 */
export function manufacturerData(maker: OtherMaker | null, company: MakerCompany): object {
  if (maker !== null) {
    const electronic = maker.email === null ? null : electronicAddress(maker.email);
    return {
      "@type": "Organization",
      name: maker.name,
      ...(maker.address !== null ? { address: maker.address } : {}),
      ...(electronic?.kind === "email" ? { email: electronic.href.slice("mailto:".length) } : electronic ? { url: electronic.href } : {}),
    };
  }
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
