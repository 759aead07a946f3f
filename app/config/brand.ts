/**
 * The brand's settings the catalogue, the dealer data and the generated documents rely on. What the
 * pages show of the brand (name, tagline, colours, social link, company data) is editors' content,
 * content/brand.yaml (decision 060); the PDFs, the mail and the article and dealer pages still read
 * name, tagline and colours from here, so a second brand changes both, alike.
 * Everything here is public (it is shown on the site), so it may be imported by client code.
 */
export const brand = {
  name: "VIVA",
  legalName: "VIVA Bikeparts GmbH",
  slug: "viva",
  /** Dealers whose tag contains this word (case-insensitive, whole word) sell the brand. */
  dealerTag: "viva",
  /** German name of the root category of the brand's product range (specification section 9). */
  rangeCategoryName: "VIVA Sortiment",
  shopId: 37,
  groups: { parts: 1962, accessories: 1963 },
  tagline: {
    de: "Fahrradteile und Zubehör vom Fachhändler",
    en: "Bicycle parts and accessories from your specialist dealer",
  },
  /** Words that the catalogue puts into block titles for its own purposes and the site leaves out. */
  blockTitleNoiseWords: ["VIVA", "Original", "Bikeparts", "Markenqualität"],
  colors: { primary: "#0b5d3b", accent: "#f2b705", ink: "#1b1f1d", paper: "#ffffff" },
  /** The site's clock: times the pages show (a dealer's stock) are this zone's, whoever reads them. */
  timeZone: "Europe/Berlin",
} as const;

export type Brand = typeof brand;
