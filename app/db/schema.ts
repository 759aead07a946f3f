import type { Generated, Insertable, Selectable } from "kysely";

/** Kysely's view of the database. Column names are ours; the provider's field names live in the mappers. */
export interface Database {
  categories: CategoryTable;
  category_slug_history: CategorySlugHistoryTable;
  article_categories: ArticleCategoryTable;
  articles: ArticleTable;
  article_eans: ArticleEanTable;
  article_media: ArticleMediaTable;
  article_properties: ArticlePropertyTable;
  article_relations: ArticleRelationTable;
  article_documents: ArticleDocumentTable;
  article_prices: ArticlePriceTable;
  recalls: RecallTable;
  blocks: BlockTable;
  dealers: DealerTable;
  dealer_stats: DealerStatTable;
  dealer_stock: DealerStockTable;
  dealer_stock_snapshots: DealerStockSnapshotTable;
  dealer_tokens: DealerTokenTable;
  documents: DocumentTable;
  contact_messages: ContactMessageTable;
  contact_rate_hits: ContactRateHitTable;
  app_meta: AppMetaTable;
  postal_codes: PostalCodeTable;
}

export interface CategoryTable {
  id: number;
  shop_id: number;
  main_id: number;
  parent_id: number | null;
  position: number;
  symbol: string;
  name_de: string;
  description_de: string;
  name_en: string;
  description_en: string;
  /** The key of the brand's own system (BMEcat GROUP_ID); null for demo data. */
  source_id: string | null;
  /** The URL segment (app/catalog/category-slug.ts); null until the server or an import names it. */
  slug: string | null;
  /** slugKey(slug): what keeps two addresses from differing only in case. */
  slug_key: string | null;
}

/** Addresses categories had before: they answer 301 (migration 0010). */
export interface CategorySlugHistoryTable {
  shop_id: number;
  slug_key: string;
  slug: string;
  category_id: number;
}

/** An article's further groups; its first one is articles.category_id (migration 0010). */
export interface ArticleCategoryTable {
  partno: string;
  category_id: number;
  position: number;
}

export interface ArticleTable {
  partno: string;
  category_id: number;
  position: number;
  /** PRODCATNAME: the product-category name the detail panel uses as its title. */
  prodcatname_de: string;
  prodcatname_en: string;
  /** TEXT1: the catalogue title, which may carry the brand's noise words. */
  title_de: string;
  title_en: string;
  /** TEXT5: the long description; many articles have none. */
  description_de: string | null;
  description_en: string | null;
  /** Recommended retail price incl. VAT, in euro cents; null when the catalogue gives none. */
  price_cents: number | null;
  /** Fingerprint of the article with its child rows, written by imports (decision 023). */
  content_hash: string | null;
  /** The maker's name where it is not the brand (BMEcat MANUFACTURER_NAME); null: the brand (migration 0011). */
  manufacturer: string | null;
  /** That maker's postal address, one line as it writes it (UDX.VELOCAT.MANUFACTURER_ADDRESS, or the BMEcat PARTY its MANUFACTURER_IDREF names); null with the brand (migration 0014). */
  manufacturer_address: string | null;
  /** That maker's electronic address: e-mail, or a web address (UDX.VELOCAT.MANUFACTURER_EMAIL, or the PARTY's EMAIL/URL; migration 0014). */
  manufacturer_email: string | null;
  /** Warnings and safety information (BMEcat REMARKS type="safety"); paragraphs split by a blank line. */
  safety_de: string | null;
  safety_en: string | null;
}

export interface ArticleEanTable {
  partno: string;
  position: number;
  ean: string;
}

export interface ArticleMediaTable {
  partno: string;
  position: number;
  type: string;
  imagename: string;
}

export type PropertyKind = "primary" | "secondary";

export interface ArticlePropertyTable {
  partno: string;
  kind: PropertyKind;
  position: number;
  attribute_de: string;
  value_de: string;
  attribute_en: string;
  value_en: string;
}

export type RelationKind = "accessory" | "sparepart";

/** Accessories and spare parts of an article (BMEcat PRODUCT_REFERENCE). */
export interface ArticleRelationTable {
  partno: string;
  kind: RelationKind;
  position: number;
  target_partno: string;
}

/** A recommended retail price the catalogue gives, kept with its territory and validity (migration 0016, decision 075). */
export interface ArticlePriceTable {
  partno: string;
  position: number;
  /** nrp or gros_list. */
  type: string;
  currency: string;
  /** VAT included, in cents of the currency. */
  amount_cents: number;
  /** ISO 3166 alpha-2, or "" for none. */
  territory: string;
  /** First and last valid day, ISO dates, inclusive; null: open. */
  valid_from: string | null;
  valid_until: string | null;
}

/** What a document is for: BMEcat MIME_PURPOSE, plus the two kinds GPSR and GS1 links ask for. */
export type ArticleDocumentPurpose = "manual" | "data_sheet" | "safety_data_sheet" | "declaration" | "others";

/** A PDF of an article under the media folder (migration 0011). */
export interface ArticleDocumentTable {
  partno: string;
  position: number;
  purpose: ArticleDocumentPurpose;
  /** Relative to the media folder, with forward slashes. */
  file_name: string;
  /** "de", "en", or "" for a file in both languages. */
  language: string;
  name_de: string;
  name_en: string;
  size_bytes: number;
}

/** A published product safety recall (GPSR Art. 36; migration 0011). */
export interface RecallTable {
  /** The recall page's address segment. */
  id: string;
  partno: string;
  gtin: string | null;
  /** Affected batches or serial ranges, one per line; '' for all. */
  batches: string;
  /** ISO date (YYYY-MM-DD). */
  published: string;
  title_de: string;
  title_en: string;
  hazard_de: string;
  hazard_en: string;
  remedy_de: string;
  remedy_en: string;
}

export interface BlockTable {
  id: number;
  category_id: number;
  partno: string;
  position: number;
}

export interface DealerTable {
  id: Generated<number>;
  name: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  tel: string;
  email: string;
  web: string | null;
  tag: string;
  lat: number | null;
  lng: number | null;
  /** The dealer's key in the brand's own list (CRM id); imports upsert by it. */
  source_id: string | null;
  /** 1 when lat/lng are the postal code's centroid, 2 when the town's (gazetteer), 0 the address. */
  approximate: Generated<number>;
  /** The dealer page's address (`/handlersuche/{slug}`), unique; see app/dealers/dealer/dealer-slug.ts. */
  slug: string;
  /** Comma list of service keys (app/dealers/dealer-services.ts); '' for none. */
  services: Generated<string>;
  /** The week in canonical opening-hours text (app/dealers/opening-hours.ts); '' when unknown. */
  opening_hours: Generated<string>;
  /** Comma list of the category names or keys the dealer stocks; '' for the whole range. */
  product_lines: Generated<string>;
  /** State, province or region as the list writes it ("NJ", "Ontario"); '' for none (migration 0015). */
  region: Generated<string>;
}

/** One article in a dealer's latest stock snapshot (migration 0012, decision 055). */
export interface DealerStockTable {
  dealer_id: number;
  /** Our part number, resolved from what the dealer sent when the row was written. */
  partno: string;
  /** The GTIN as the dealer sent it; null when the row named a part number. */
  gtin: string | null;
  quantity: number;
  /** ISO 8601 UTC with milliseconds: text order is time order. */
  as_of: string;
}

export type StockSource = "file" | "push";

/** When a dealer's snapshot arrived and how (migration 0012). */
export interface DealerStockSnapshotTable {
  dealer_id: number;
  received_at: string;
  source: StockSource;
  row_count: number;
}

/** A bearer token of the stock push API, as its SHA-256 only (migration 0012). */
export interface DealerTokenTable {
  /** Hex SHA-256 of the whole token. */
  token_hash: string;
  dealer_id: number;
  created_at: string;
  revoked_at: string | null;
}

/** First-party dealer-locator counters per day (issue 14): no IP, no personal data. */
export interface DealerStatTable {
  /** ISO date in Europe/Berlin. */
  day: string;
  event: string;
  /** What was counted: a dealer slug, a service key, a postal code without dealers; '' for none. */
  subject: Generated<string>;
  count: Generated<number>;
}

export type DocumentKind = "manual" | "catalogue";

export interface DocumentTable {
  id: string;
  kind: DocumentKind;
  position: number;
  name_de: string;
  name_en: string;
  /** The German file, or the only one when it serves both languages. */
  file_name: string;
  /** The English file; null when file_name is bilingual. */
  file_name_en: string | null;
  image_label_de: string;
  image_label_en: string;
}

export type ContactMessageStatus = "pending" | "sent" | "failed";

export interface ContactMessageTable {
  id: string;
  created_at: string;
  name: string;
  email: string;
  telephone: string;
  subject: string;
  message: string;
  status: ContactMessageStatus;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  /** The instance sending it now (migration 0007); null when nobody holds it. */
  claimed_by: string | null;
  /** Until when that claim holds: after it, another instance may take the message. */
  claimed_until: string | null;
  /** Claims so far; more than attempts + 1 means the previous holder died mid-attempt (migration 0007). */
  claims: Generated<number>;
}

/** One contact message sent, under a keyed hash of the sender's address (migration 0008). */
export interface ContactRateHitTable {
  key: string;
  at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** GeoNames postal-code centroids (DE, AT, CH) for the dealer search's proximity. */
export interface PostalCodeTable {
  id: Generated<number>;
  country: string;
  postal_code: string;
  place: string;
  /** placeKey(place); null for rows that name a company or PO box, not a town. */
  place_key: string | null;
  lat: number;
  lng: number;
}

export type CategoryRow = Selectable<CategoryTable>;
export type ArticleRow = Selectable<ArticleTable>;
export type DealerRow = Selectable<DealerTable>;
export type NewDealer = Insertable<DealerTable>;
export type DocumentRow = Selectable<DocumentTable>;
export type ArticleDocumentRow = Selectable<ArticleDocumentTable>;
export type RecallRow = Selectable<RecallTable>;
export type ContactMessageRow = Selectable<ContactMessageTable>;
