import type { DeclarationDefinition } from "~/documents/declaration-pdf.server";
import { cleanTitle } from "~/utils/article-rules";
import type { DemoArticle, Leaf } from "./demo-data";
import type { DrawingKind } from "./vocabulary-articles";
import { BATTERY_SAFETY, SAFETY_BY_KIND, type SafetyText } from "./vocabulary-safety";

/*
 * What the demo articles carry for issue 28, decided by their kind and data alone (no random draw,
 * so every other generated value stays as it was): warnings and safety information, the documents
 * that belong to them (a manual, the battery notice, an EU declaration of conformity) and, for two
 * kinds, a maker other than the brand.
 */

/** The manuals of app/documents/manuals, by the id of their `documents` row. */
export const MANUAL_BY_KIND: Partial<Record<DrawingKind, string>> = {
  grip: "griffe-montage",
  combolock: "zahlenschloss",
  bell: "klingel-montage",
};

export const BATTERY_NOTICE_ID = "batteriehinweis";

/** Every LED light is electrical equipment under EMC and RoHS: one declaration per kind of light. */
export const DECLARED_KINDS = {
  frontlight: { slug: "frontlicht", product: { de: "LED-Fahrradscheinwerfer", en: "LED bicycle headlight" } },
  rearlight: { slug: "ruecklicht", product: { de: "LED-Fahrradrücklicht", en: "LED bicycle rear light" } },
  lightset: { slug: "lichtset", product: { de: "LED-Fahrradbeleuchtungsset (Scheinwerfer und Rücklicht)", en: "LED bicycle light set (headlight and rear light)" } },
} as const satisfies Partial<Record<DrawingKind, { slug: string; product: { de: string; en: string } }>>;

type DeclaredKind = keyof typeof DECLARED_KINDS;

export const declarationId = (kind: DeclaredKind): string => `eu-konformitaet-${DECLARED_KINDS[kind].slug}`;

/** A maker as an article carries it: name, postal address in one line, electronic address. Fictional. */
export interface DemoMaker {
  name: string;
  address: string;
  email: string;
}

/** Articles the brand sells under its name but another company makes (GPSR Art. 19: the maker is named, with its addresses). */
export const OTHER_MAKERS: Partial<Record<DrawingKind, DemoMaker>> = {
  tube: { name: "Lintao Rubber Industrial Co., Ltd.", address: "No. 88 Gongye Road, Jimei District, Xiamen 361021, China", email: "compliance@lintao-rubber.example.com" },
  pump: { name: "Officine Pneumatiche Bresciane S.r.l.", address: "Via dell'Artigianato 14, 25030 Castel Mella (BS), Italia", email: "sicurezza@opb-pompe.example.it" },
};

const isDeclared = (kind: DrawingKind): kind is DeclaredKind => kind in DECLARED_KINDS;

/** A light runs on a battery when its name or its power supply says so; a light set always charges by USB. */
export function hasBattery(article: DemoArticle, kind: DrawingKind): boolean {
  if (kind === "lightset") return true;
  if (/\bAkku/.test(article.title_de)) return true;
  return article.properties.some((p) => p.attribute_de === "Stromversorgung" && /Akku|Batterie/.test(p.value_de));
}

function joined(texts: SafetyText[]): { de: string; en: string } {
  return { de: texts.flatMap((t) => t.de).join("\n\n"), en: texts.flatMap((t) => t.en).join("\n\n") };
}

/** Fills manufacturer, safety texts and document ids of every article, by its category's kind. */
export function addProductSafety(leaves: readonly Leaf[], articles: DemoArticle[]): void {
  const kindOf = new Map(leaves.map((leaf) => [leaf.id, leaf.spec.drawing]));
  for (const article of articles) {
    const kind = kindOf.get(article.category_id);
    if (!kind) continue;
    const battery = (kind === "frontlight" || kind === "rearlight" || kind === "lightset") && hasBattery(article, kind);
    const own = SAFETY_BY_KIND[kind];
    const texts = [...(own ? [own] : []), ...(battery ? [BATTERY_SAFETY] : [])];
    if (texts.length > 0) {
      const { de, en } = joined(texts);
      article.safety_de = de;
      article.safety_en = en;
    }
    const maker = OTHER_MAKERS[kind];
    article.manufacturer = maker?.name ?? null;
    article.manufacturer_address = maker?.address ?? null;
    article.manufacturer_email = maker?.email ?? null;
    const manual = MANUAL_BY_KIND[kind];
    article.documents = [...(manual ? [manual] : []), ...(battery ? [BATTERY_NOTICE_ID] : []), ...(isDeclared(kind) ? [declarationId(kind)] : [])];
  }
}

/** The declarations the demo's lights need, each listing its kind's models in catalogue order. */
export function demoDeclarations(leaves: readonly Leaf[], articles: readonly DemoArticle[]): DeclarationDefinition[] {
  return (Object.keys(DECLARED_KINDS) as DeclaredKind[]).map((kind) => {
    const ids = new Set(leaves.filter((leaf) => leaf.spec.drawing === kind).map((leaf) => leaf.id));
    return {
      id: declarationId(kind),
      fileName: `${declarationId(kind)}.pdf`,
      product: DECLARED_KINDS[kind].product,
      models: articles
        .filter((a) => ids.has(a.category_id))
        .map((a) => ({ partno: a.partno, name: { de: cleanTitle(a.title_de), en: cleanTitle(a.title_en) } })),
    };
  });
}
