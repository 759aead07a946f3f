/**
 * The brand is configuration, not code: a second brand is a change of this module and of
 * company.ts only.
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
  foundedYear: 2015,
  /** What the marketing texts say about the size of the range (specification section 1). */
  advertisedRangeSize: 400,
  catalogueEdition: 2024,
  /** Words that the catalogue puts into block titles for its own purposes and the site leaves out. */
  blockTitleNoiseWords: ["VIVA", "Original", "Bikeparts", "Markenqualität"],
  social: { label: "Instagram", url: "https://www.instagram.com/" },
  colors: { primary: "#0b5d3b", accent: "#f2b705", ink: "#1b1f1d", paper: "#ffffff" },
  /** The site's clock: times the pages show (a dealer's stock) are this zone's, whoever reads them. */
  timeZone: "Europe/Berlin",
} as const;

export type Brand = typeof brand;
