import { type Lang, LANGUAGE_PARAM } from "~/i18n/language";

/** The query parameter that asks for one link type (`?linkType=gs1:instructions`). */
export const LINK_TYPE_PARAM = "linkType";
/** The resolver's own query parameters; every other one is passed on to the target, and not logged. */
export const DIGITAL_LINK_PARAMS: readonly string[] = [LINK_TYPE_PARAM, LANGUAGE_PARAM];

/**
 * The GS1 Web Vocabulary link types this resolver serves. Relation types are the vocabulary's IRIs
 * (namespace `https://gs1.org/voc/`); clients may ask for them as CURIEs (`gs1:pip`) or as IRIs,
 * also under the address the vocabulary is published at (`https://ref.gs1.org/voc/`).
 */
export const GS1_VOC = "https://gs1.org/voc/";

export const LINK_TYPES = ["pip", "instructions", "safetyInfo", "certificationInfo", "recallStatus"] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** The link every request without a better match is sent to (the product page). */
export const DEFAULT_LINK = "defaultLink";

/** One link of an article's link set (RFC 9264 target attributes plus the relation). */
export interface ProductLink {
  rel: LinkType;
  href: string;
  title: string;
  /** The languages the target is in; empty when it has none (a PDF in both languages names both). */
  hreflang: Lang[];
  type: "text/html" | "application/pdf";
}

/** What `?linkType=` asks for: one link type, the whole link set, or something we do not serve. */
export type LinkTypeRequest = { kind: "type"; type: LinkType } | { kind: "linkset" } | { kind: "unknown" };

const PREFIXES = ["gs1:", GS1_VOC, "http://gs1.org/voc/", "https://ref.gs1.org/voc/"];

export function readLinkType(value: string | null): LinkTypeRequest {
  if (value === null || value === "") return { kind: "type", type: "pip" };
  if (value === "all" || value === "linkset") return { kind: "linkset" };
  for (const prefix of PREFIXES) {
    if (!value.startsWith(prefix)) continue;
    const name = value.slice(prefix.length);
    if (name === DEFAULT_LINK) return { kind: "type", type: "pip" };
    const type = LINK_TYPES.find((candidate) => candidate === name);
    if (type) return { kind: "type", type };
  }
  return { kind: "unknown" };
}

/**
 * The link of a type for a visitor: the first in their language (or in none), else the first at all.
 * Undefined when the article has no link of that type.
 */
export function pickLink(links: readonly ProductLink[], type: LinkType, lang: Lang): ProductLink | undefined {
  const ofType = links.filter((link) => link.rel === type);
  return ofType.find((link) => link.hreflang.length === 0 || link.hreflang.includes(lang)) ?? ofType[0];
}
