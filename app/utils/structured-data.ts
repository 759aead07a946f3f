import { brand } from "~/config/brand";
import { company } from "~/config/company";

/** schema.org objects for JSON-LD, built from what the page shows. */

export function breadcrumbList(siteUrl: string, items: readonly { name: string; path: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: `${siteUrl}${item.path}`,
    })),
  };
}

export function productData(input: {
  name: string;
  category: string;
  partno: string;
  eans: readonly string[];
  images: readonly string[];
  description: string | null;
  url: string;
  /** The maker where it is not the brand (issue 28); null or absent: the company behind the brand. */
  manufacturer?: string | null;
}): object {
  // schema.org names a GTIN by its length: gtin8 for an EAN-8, gtin13 for the EAN-13s the import stores (decision 037).
  const [gtin] = input.eans;
  const gtinKey = gtin?.length === 8 ? "gtin8" : "gtin13";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.name,
    sku: input.partno,
    mpn: input.partno,
    ...(gtin ? { [gtinKey]: gtin } : {}),
    category: input.category,
    brand: { "@type": "Brand", name: brand.name },
    manufacturer: manufacturerData(input.manufacturer ?? null),
    image: input.images,
    ...(input.description ? { description: input.description } : {}),
    url: input.url,
  };
}

/**
 * schema.org `Organization` of the maker (GPSR Art. 19): the company behind the brand with its postal
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
