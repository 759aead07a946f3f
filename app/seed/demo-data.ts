import type { ArticleTable, BlockTable, CategoryTable, NewDealer, PropertyKind, RelationKind } from "~/db/schema";
import type { DeclarationDefinition } from "~/documents/declaration-pdf.server";
import type { PostalPlace } from "~/geo/postal-code-files.server";
import type { DrawingKind } from "./vocabulary-articles";
import type { CategorySpec } from "./vocabulary-categories";

/** Demo categories have no key in a brand system: they are never imported. */
export type DemoCategory = Omit<CategoryTable, "source_id" | "slug" | "slug_key">;

export interface DemoProperty {
  kind: PropertyKind;
  attribute_de: string;
  value_de: string;
  attribute_en: string;
  value_en: string;
}

export interface DemoArticle extends Omit<ArticleTable, "content_hash" | "price_cents"> {
  /** Every demo article has a price; imported ones may not. */
  price_cents: number;
  eans: string[];
  media: { type: string; imagename: string }[];
  properties: DemoProperty[];
  /** Accessories and spare parts, by part number, in the order the detail panel lists them. */
  relations: { kind: RelationKind; target_partno: string }[];
  /** Ids of the demo's PDFs (manuals by their documents row, declarations), in the order the article lists them. */
  documents: string[];
}

export type DemoDealer = Omit<NewDealer, "id"> & { web: string | null; lat: number | null; lng: number | null };

/** What the image renderer needs to draw one article picture; not stored in the database. */
export interface ArticlePicture {
  imagename: string;
  drawing: DrawingKind;
  colour: string;
  /** 0 for the main picture; later ones turn and zoom, always in the article's colour. */
  variant: number;
  /** Per-article number that varies details (proportions, accents) between articles of one kind. */
  salt: number;
}

export interface CategoryPicture {
  symbol: string;
  drawing: DrawingKind | "range";
  colour: string;
}

export interface DemoData {
  seed: number;
  categories: DemoCategory[];
  articles: DemoArticle[];
  blocks: BlockTable[];
  dealers: DemoDealer[];
  pictures: { articles: ArticlePicture[]; categories: CategoryPicture[] };
  /** The EU declarations of conformity the articles link (issue 28), rendered by the seed. */
  declarations: DeclarationDefinition[];
}

/**
 * What the demo takes of the brand's content (content/brand.yaml, decision 061): its name in the
 * range category and the articles' "Brand" property, its colours in the pictures. Structural, so the
 * brand content fits as it is.
 */
export interface SeedBrand {
  name: string;
  colors: { primary: string; accent: string; ink: string };
}

export interface GenerateOptions {
  brand: SeedBrand;
  /** Town centroids; read from resources/postal-codes when not given. */
  places?: readonly PostalPlace[];
}

/** A category that holds articles, with the number it gets. */
export interface Leaf {
  id: number;
  spec: CategorySpec;
  size: number;
}
