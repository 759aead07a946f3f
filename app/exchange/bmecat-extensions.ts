/**
 * What the site needs and BMEcat has no element for, written by our export and read by the import
 * so a catalogue survives the round trip (decisions 023 and 042). Other PIMs simply leave them out:
 * the import then derives each (menu group from --group, symbol from the group id, featured blocks
 * from each category's first articles, every feature primary). schemas/velocat-udx.xsd declares
 * the UDX elements for schema validation; a test keeps it and this file in step.
 */
export const BMECAT_EXTENSIONS = {
  /** In CATALOG_STRUCTURE/USER_DEFINED_EXTENSIONS: "parts" or "accessories", the menu column of a top category. */
  menuGroup: "UDX.VELOCAT.MENU_GROUP",
  /** In CATALOG_STRUCTURE/USER_DEFINED_EXTENSIONS: the file-name stem of the category's tiles. */
  symbol: "UDX.VELOCAT.SYMBOL",
  /** In PRODUCT/USER_DEFINED_EXTENSIONS: position among the category's featured product blocks. */
  blockOrder: "UDX.VELOCAT.BLOCK_ORDER",
  /**
   * In PRODUCT/USER_DEFINED_EXTENSIONS, one per document (decision 050): what MIME_PURPOSE cannot
   * say of a PDF. MIME_PURPOSE admits data_sheet, safety_data_sheet and others only, so a manual or
   * a declaration of conformity is written as "others" there and named here, beside the file's
   * language. Matched to its MIME by the source.
   */
  document: "UDX.VELOCAT.DOCUMENT",
  documentSource: "UDX.VELOCAT.DOCUMENT_SOURCE",
  documentPurpose: "UDX.VELOCAT.DOCUMENT_PURPOSE",
  documentLanguage: "UDX.VELOCAT.DOCUMENT_LANGUAGE",
  /**
   * REFERENCE_FEATURE_SYSTEM_NAME our export gives the main features: the standard's form for a
   * user-defined system is "udf_NAME-x.y", but its schema's pattern admits no "_" (not a word
   * character in XML Schema), so a hyphen stands in for it.
   */
  primaryFeatureSystem: "udf-velocat-1.0",
  /** REFERENCE_FEATURE_SYSTEM_NAME of the features the detail panel lists after the main ones. */
  secondaryFeatureSystem: "udf-velocat-secondary-1.0",
} as const;

/** What exports before decision 042 wrote for the secondary features (not valid against the schema). */
const LEGACY_SECONDARY_FEATURE_SYSTEM = "udf_velocat_secondary";

const SECONDARY_FEATURE_SYSTEMS = new Set<string>([BMECAT_EXTENSIONS.secondaryFeatureSystem, LEGACY_SECONDARY_FEATURE_SYSTEM]);

/** Whether a PRODUCT_FEATURES block holds secondary features: the current name or the one older exports wrote. */
export function isSecondaryFeatureSystem(name: string): boolean {
  return SECONDARY_FEATURE_SYSTEMS.has(name.trim().toLowerCase());
}

/** A category symbol as file names and the schema allow it (UDX.VELOCAT.SYMBOL). */
export const SYMBOL_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;

/** The purposes our UDX names, beyond the standard's MIME_PURPOSE values. */
export const UDX_DOCUMENT_PURPOSES = ["manual", "declaration"] as const;

/** MIME_PURPOSE values of a document that the schema admits (BMEcat 2005). */
export const MIME_DOCUMENT_PURPOSES = ["data_sheet", "safety_data_sheet", "others"] as const;
