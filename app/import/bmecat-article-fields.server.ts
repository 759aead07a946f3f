import { ARTICLE_FIELD_LIST, type ArticleFieldSpec, type BrandNames, type ArticleFieldValues, withoutUnattached } from "~/exchange/article-fields";
import type { Problems } from "~/exchange/import-report";
import { applyMakerParty, type MakerParties } from "./bmecat-parties.server";
import type { LanguageOf } from "./bmecat-product-safety.server";
import { decodeEntities, plainText } from "./plain-text";
import { child, children, textOf, type XmlNode } from "./xml-records.server";

// The plain article fields of article-fields.ts as a BMEcat product carries them (decision 058):
// each field's place gives the elements, its kind how they are read.

type Lang = "de" | "en";

/** A whole number, or null with a warning naming the element. */
export function integer(node: XmlNode | undefined, where: string, problems: Problems): number | null {
  if (!node) return null;
  const value = Number(textOf(node));
  if (!Number.isInteger(value)) {
    problems.warn(node.line, `${where}/${node.name}`, `"${textOf(node)}" is not a whole number: it is left out`);
    return null;
  }
  return value;
}

/** The elements of a field's place: PRODUCT_DETAILS (ARTICLE_DETAILS) elements, typed REMARKS, or our UDX. */
function placed(spec: ArticleFieldSpec, product: XmlNode, details: XmlNode): XmlNode[] {
  const place = spec.bmecat;
  if (place.in === "details") return children(details, place.element);
  if (place.in === "remarks") return children(details, "REMARKS").filter((remark) => (remark.attributes.type ?? "").trim().toLowerCase() === place.type);
  return child(product, "USER_DEFINED_EXTENSIONS")?.children.filter((c) => c.name === place.element) ?? [];
}

/** Per language, as plain text; several elements of one language are paragraphs of one text (separated by a blank line). */
function readTexts(nodes: XmlNode[], languageOf: LanguageOf): { de: string | null; en: string | null } {
  const parts: Record<Lang, string[]> = { de: [], en: [] };
  for (const node of nodes) {
    const lang = languageOf(node);
    const text = plainText(node.text);
    if (lang && text !== "") parts[lang].push(text);
  }
  return { de: parts.de.join("\n\n") || null, en: parts.en.join("\n\n") || null };
}

/** The first element's text, entities decoded, white space folded; null when empty or a value the site ignores. */
function readText(node: XmlNode | undefined, spec: ArticleFieldSpec, brand: BrandNames): string | null {
  const text = decodeEntities(textOf(node)).replace(/\s+/g, " ").trim();
  return text === "" || spec.ignore?.(text, brand) ? null : text;
}

export function readArticleFields(product: XmlNode, details: XmlNode, context: { languageOf: LanguageOf; problems: Problems; where: string; brand: BrandNames; parties: MakerParties }): ArticleFieldValues {
  const values: Record<string, unknown> = {};
  for (const spec of ARTICLE_FIELD_LIST) {
    const nodes = placed(spec, product, details);
    if (spec.kind === "texts") values[spec.name] = readTexts(nodes, context.languageOf);
    else if (spec.kind === "text") values[spec.name] = readText(nodes[0], spec, context.brand);
    else values[spec.name] = integer(nodes[0], context.where, context.problems);
  }
  // Built from the table, one entry per field: the mapped type is what it holds.
  const fields = values as ArticleFieldValues;
  applyMakerParty(fields, details, context);
  for (const spec of ARTICLE_FIELD_LIST) {
    const value = values[spec.name];
    // Counted as XML Schema counts: characters, not UTF-16 units.
    if (spec.maxLength !== undefined && typeof value === "string" && [...value].length > spec.maxLength) {
      context.problems.warn(product.line, `${context.where}/${spec.bmecat.in === "udx" ? spec.bmecat.element : spec.name}`, `${[...value].length} characters, more than ${spec.maxLength}: left out`);
      values[spec.name] = null;
    }
  }
  return withoutUnattached(fields);
}
