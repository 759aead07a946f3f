import type { Lang } from "~/i18n/language";

/**
 * The page a browser gets when a Digital Link cannot be resolved (400, 404). The resolver is a
 * resource route, outside the site's layout, so the page is small and whole: the brand's name, what
 * went wrong in the visitor's language, and the way home and to the search.
 */
export interface ErrorPageText {
  lang: Lang;
  brand: string;
  title: string;
  message: string;
  home: string;
  search: string;
  /** What the search box is filled with: the GTIN, when there is one. */
  query: string;
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

export function errorPageHtml(text: ErrorPageText): string {
  const searchHref = text.query ? `/search?${new URLSearchParams({ q: text.query }).toString()}` : "/search";
  return `<!doctype html>
<html lang="${text.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(text.title)} – ${esc(text.brand)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;font:1.0625rem/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}
p.brand{font-weight:700;letter-spacing:.04em;text-transform:uppercase;margin:0 0 2rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}
a{color:#0b4f9c}
ul{padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:.75rem 1.5rem}
</style>
</head>
<body>
<main>
<p class="brand">${esc(text.brand)}</p>
<h1>${esc(text.title)}</h1>
<p>${esc(text.message)}</p>
<ul>
<li><a href="/${text.lang === "de" ? "" : `?lang=${text.lang}`}">${esc(text.home)}</a></li>
<li><a href="${esc(searchHref)}">${esc(text.search)}</a></li>
</ul>
</main>
</body>
</html>
`;
}
