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
  /** The brand's name (content/brand.yaml, from the root's data: pageMeta passes it). */
  brandName: string;
  /** schema.org `Organization` of the maker (issue 28; manufacturer-data.ts), where the page names one. */
  manufacturer?: object;
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
    brand: { "@type": "Brand", name: input.brandName },
    ...(input.manufacturer ? { manufacturer: input.manufacturer } : {}),
    image: input.images,
    ...(input.description ? { description: input.description } : {}),
    url: input.url,
  };
}

