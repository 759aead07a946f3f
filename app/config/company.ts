/**
 * The company behind the brand (brand.ts): the imprint, the documents, the contact mail. A module of
 * its own so that only the pages that show it carry it in their JavaScript, not every page's shell.
 * Everything here is public.
 */
export const company = {
  legalName: "VIVA Bikeparts GmbH",
  street: "Speichenweg 12",
  postalCode: "34117",
  city: "Kassel",
  /** ISO code: every page and document names the country in its own language (dealerPage.country). */
  country: "DE",
  phone: "+49 561 000000",
  email: "info@example.de",
  managingDirectors: ["Jana Beispiel", "Tom Muster"],
  registerCourt: "Amtsgericht Kassel",
  registerNumber: "HRB 00000",
  vatId: "DE000000000",
} as const;
