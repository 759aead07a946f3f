/**
 * What the site needs and BMEcat has no element for, written by our export and read by the import
 * so a catalogue survives the round trip (decision 023). Other PIMs simply leave them out: the
 * import then derives each (menu group from --group, symbol from the group id, featured blocks
 * from each category's first articles, every feature primary).
 */
export const BMECAT_EXTENSIONS = {
  /** In CATALOG_STRUCTURE/USER_DEFINED_EXTENSIONS: "parts" or "accessories", the menu column of a top category. */
  menuGroup: "UDX.VELOCAT.MENU_GROUP",
  /** In CATALOG_STRUCTURE/USER_DEFINED_EXTENSIONS: the file-name stem of the category's tiles. */
  symbol: "UDX.VELOCAT.SYMBOL",
  /** In PRODUCT/USER_DEFINED_EXTENSIONS: position among the category's featured product blocks. */
  blockOrder: "UDX.VELOCAT.BLOCK_ORDER",
  /** REFERENCE_FEATURE_SYSTEM_NAME our export gives the main features ("udf_": user-defined, not ETIM or eCl@ss). */
  primaryFeatureSystem: "udf_velocat",
  /** REFERENCE_FEATURE_SYSTEM_NAME of the features the detail panel lists after the main ones. */
  secondaryFeatureSystem: "udf_velocat_secondary",
} as const;
