import { isSitePath } from "~/navigation/site-paths";

/**
 * The links to this site's own pages that a content file holds: buttons' `to:` values and the links
 * of Markdown texts (`[text](/page)`, `[name]: /page`, `<a href="/page">`). The content check
 * reports those that reach no page, which the site would answer with a 404.
 */

export interface ContentLink {
  /** Where the value is in the parsed file, for its line. */
  path: PropertyKey[];
  /** Lines below the value's first line (a link inside a Markdown text). */
  lineInValue: number;
  link: string;
}

const MARKDOWN_LINKS = [/\]\(\s*<?(\/[^)\s>]*)/g, /^\s{0,3}\[[^\]]+\]:\s*<?(\/\S*?)>?(?:\s|$)/gm, /\bhref\s*=\s*["'](\/[^"']*)["']/gi];

function linksInText(text: string): { link: string; lineInValue: number }[] {
  const found: { link: string; lineInValue: number; at: number }[] = [];
  for (const pattern of MARKDOWN_LINKS) {
    for (const match of text.matchAll(pattern)) {
      const link = match[1];
      if (link === undefined || link.startsWith("//")) continue;
      const at = (match.index ?? 0) + match[0].indexOf(link);
      found.push({ link, at, lineInValue: text.slice(0, at).split("\n").length - 1 });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ link, lineInValue }) => ({ link, lineInValue }));
}

/** Every site-relative link in a parsed content value, with where it is. */
export function contentLinks(value: unknown, at: PropertyKey[] = [], found: ContentLink[] = []): ContentLink[] {
  if (typeof value === "string") {
    const key = at.at(-1);
    if (key === "to" && value.trim().startsWith("/")) found.push({ path: at, lineInValue: 0, link: value.trim() });
    else for (const { link, lineInValue } of linksInText(value)) found.push({ path: at, lineInValue, link });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => contentLinks(item, [...at, index], found));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) contentLinks(item, [...at, key], found);
  }
  return found;
}

/** The links among them that reach no page of the site. */
export function brokenLinks(value: unknown): ContentLink[] {
  return contentLinks(value).filter((entry) => !entry.link.startsWith("//") && !isSitePath(entry.link));
}
