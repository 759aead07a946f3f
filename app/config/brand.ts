/**
 * The brand's technical settings: what the catalogue's structure, the provider contract and the
 * dealer data rely on. What anyone reads of the brand (name, tagline, colours, social link, the
 * company) is editors' content, content/brand.yaml, its one home (decisions 060, 061, 062;
 * tests/quality/brand-home.test.ts keeps it so).
 * Everything here is public (it is shown on the site), so it may be imported by client code.
 */
export const brand = {
  slug: "viva",
  /** Dealers whose tag contains this word (case-insensitive, whole word) sell the brand. */
  dealerTag: "viva",
  /** German name of the root category of the brand's product range (specification section 9). */
  rangeCategoryName: "VIVA Sortiment",
  shopId: 37,
  groups: { parts: 1962, accessories: 1963 },
  /** Words that the catalogue puts into block titles for its own purposes and the site leaves out. */
  blockTitleNoiseWords: ["VIVA", "Original", "Bikeparts", "Markenqualität"],
  /** The site's clock: times the pages show (a dealer's stock) are this zone's, whoever reads them. */
  timeZone: "Europe/Berlin",
} as const;

export type Brand = typeof brand;
