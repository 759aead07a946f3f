import { company } from "~/config/company";

/**
 * schema.org `Organization` of an article's maker (GPSR Art. 19) for `productData`, in a module of its
 * own so that only the article page carries the company's data: the company behind the brand with its postal
 * and e-mail address; another maker by its name only, the catalogue knows no more of it.
 */
export function manufacturerData(maker: string | null): object {
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
