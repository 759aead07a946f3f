import MarkdownIt, { type Token } from "markdown-it";

/**
 * Markdown of content files to HTML, on the server only (decision 059): no parser reaches the
 * browser, and the page carries finished HTML that the Content-Security-Policy need not know about.
 *
 * - `html: false`: raw HTML in the source is shown as text, escaped (`<script>` becomes `&lt;script&gt;`).
 * - Links only to http(s), mailto, tel and addresses of this site (`/…`, `#…`); any other link is
 *   shown as its text alone. Pictures are not Markdown's: a picture's place is a mediaPicture()
 *   field, so `![alt](src)` shows its alt text (no request to another host, no unknown file).
 * - No inline styles: table alignment becomes a class (`md-align-right`) instead of `style=…`.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
// markdown-it leaves a link it refuses as its literal source, `[text](javascript:…)`; every link is
// parsed instead and the rule below, the one gate, shows a refused link as its text alone.
md.validateLink = () => true;

/** `/…` but not `//…` or `/\…`, which browsers take as another host. */
const ALLOWED = /^(https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i;

/** Whether a Markdown link is kept as a link. */
export function isAllowedLink(href: string): boolean {
  // Browsers drop tabs and newlines inside a URL and ignore leading blanks: judge what they would follow.
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return ALLOWED.test(href.replace(/[\u0000-\u0020\u007f]+/g, ""));
}

function textToken(state: { Token: typeof Token }, content: string): Token {
  const token = new state.Token("text", "", 0);
  token.content = content;
  return token;
}

md.core.ruler.push("velocat_safe_links", (state) => {
  for (const block of state.tokens) {
    if (block.type === "th_open" || block.type === "td_open") {
      const style = block.attrGet("style");
      const align = String(style ?? "").match(/^text-align:(left|center|right)$/)?.[1];
      if (style !== null) block.attrs = (block.attrs ?? []).filter(([name]) => name !== "style");
      if (align) block.attrJoin("class", `md-align-${align}`);
    }
    if (block.type !== "inline" || !block.children) continue;
    const kept: Token[] = [];
    // Each refused link_open is dropped together with its link_close (links do not nest).
    let dropping = false;
    for (const token of block.children) {
      if (token.type === "link_open" && !isAllowedLink(String(token.attrGet("href") ?? ""))) {
        dropping = true;
        continue;
      }
      if (token.type === "link_close" && dropping) {
        dropping = false;
        continue;
      }
      if (token.type === "image") {
        kept.push(textToken(state, token.content));
        continue;
      }
      kept.push(token);
    }
    block.children = kept;
  }
});

const MEMO_ENTRIES = 256;
const memo = new Map<string, string>();

function remembered(key: string, render: () => string): string {
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const html = render();
  // A loader renders the same few texts on every page view; the oldest goes first.
  if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
  memo.set(key, html);
  return html;
}

/** A Markdown text (a legal page's body) as HTML, to be put into the page as it is. */
export function renderMarkdown(source: string): string {
  return remembered(`b${source}`, () => md.render(source));
}

/** One line of Markdown (emphasis, links) without a paragraph around it, for a heading or a tagline. */
export function renderMarkdownInline(source: string): string {
  return remembered(`i${source}`, () => md.renderInline(source));
}
