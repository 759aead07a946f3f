import { createHash } from "node:crypto";

/**
 * What the generated PDFs print of the brand: the editors' content/brand.yaml (decision 060) as the
 * documents take it, passed in by whoever builds them (decision 061). A structural type, so the
 * brand content fits as it is without this feature importing the content feature.
 */
export interface DocumentBrand {
  name: string;
  tagline: { de: string; en: string };
  colors: { primary: string; accent: string; ink: string; paper: string };
  company: {
    legalName: string;
    street: string;
    postalCode: string;
    city: string;
    country: "DE" | "AT" | "CH";
    phone: string;
    email: string;
    /** The first one signs the declarations of conformity. */
    managingDirectors: readonly string[];
  };
}

/**
 * A short fingerprint of exactly what the documents print of the brand, so a changed address
 * rebuilds them and a changed social link or page description does not. Built field by field: the
 * brand content carries more than the documents print.
 */
export function documentBrandVersion(brand: DocumentBrand): string {
  const { name, tagline, colors, company: c } = brand;
  const printed = [
    name,
    [tagline.de, tagline.en],
    [colors.primary, colors.accent, colors.ink, colors.paper],
    [c.legalName, c.street, c.postalCode, c.city, c.country, c.phone, c.email, c.managingDirectors[0] ?? ""],
  ];
  return createHash("sha256").update(JSON.stringify(printed)).digest("hex").slice(0, 12);
}
