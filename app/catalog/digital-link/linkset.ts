import { DEFAULT_LINK, GS1_VOC, type ProductLink } from "./link-types";

/**
 * An article's links as RFC 9264 (`application/linkset+json`) and as an RFC 8288 `Link` header, in
 * the shape the GS1-Conformant resolver standard gives them: one context object whose anchor is the
 * Digital Link, relation types as GS1 Web Vocabulary IRIs, each target with its title, languages
 * and media type, and the default link named as such.
 */

export const LINKSET_TYPE = "application/linkset+json";
/** GS1's JSON-LD context for link sets: a client that wants JSON-LD follows it (resolver standard, artefacts). */
export const LINKSET_CONTEXT = "https://ref.gs1.org/standards/resolver/linkset-context";

interface Target {
  href: string;
  title: string;
  type: string;
  hreflang?: string[];
}

function target(link: ProductLink): Target {
  return { href: link.href, title: link.title, type: link.type, ...(link.hreflang.length > 0 ? { hreflang: link.hreflang } : {}) };
}

export interface Linkset {
  linkset: [Record<string, string | Target[]> & { anchor: string }];
}

export function linksetJson(anchor: string, itemDescription: string, links: readonly ProductLink[], defaultLink: ProductLink): Linkset {
  const context: Record<string, string | Target[]> & { anchor: string } = { anchor, itemDescription };
  for (const link of links) {
    const rel = `${GS1_VOC}${link.rel}`;
    const list = context[rel];
    if (Array.isArray(list)) list.push(target(link));
    else context[rel] = [target(link)];
  }
  context[`${GS1_VOC}${DEFAULT_LINK}`] = [target(defaultLink)];
  return { linkset: [context] };
}

/** A quoted-string (RFC 9110 5.6.4): backslash and quote escaped, anything outside printable ASCII replaced. */
function quoted(text: string): string {
  const ascii = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?");
  return `"${ascii.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** RFC 8187 ext-value, for a title that plain ASCII cannot carry. */
function extValue(text: string): string {
  return `UTF-8''${encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

function headerLink(href: string, params: [string, string][]): string {
  // A URI reference in <…> must not carry what would end it; our hrefs are encoded already.
  const safe = href.replace(/[<>\s"]/g, (c) => encodeURIComponent(c));
  return [`<${safe}>`, ...params.map(([name, value]) => `${name}=${value}`)].join("; ");
}

function linkParams(rel: string, link: ProductLink): [string, string][] {
  const params: [string, string][] = [
    ["rel", `"${rel}"`],
    ["title", quoted(link.title)],
  ];
  if (/[^\x20-\x7e]/.test(link.title)) params.push(["title*", extValue(link.title)]);
  for (const lang of link.hreflang) params.push(["hreflang", `"${lang}"`]);
  params.push(["type", `"${link.type}"`]);
  return params;
}

/** The `Link` header of every answer about an article: the link set itself, then each link. */
export function linkHeader(linksetHref: string, links: readonly ProductLink[], defaultLink: ProductLink): string {
  return [
    headerLink(linksetHref, [
      ["rel", '"linkset"'],
      ["type", `"${LINKSET_TYPE}"`],
    ]),
    ...links.map((link) => headerLink(link.href, linkParams(`${GS1_VOC}${link.rel}`, link))),
    headerLink(defaultLink.href, linkParams(`${GS1_VOC}${DEFAULT_LINK}`, defaultLink)),
  ].join(", ");
}
