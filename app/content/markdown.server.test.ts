import { describe, expect, it } from "vitest";
import { isAllowedLink, renderMarkdown, renderMarkdownInline } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders the usual Markdown", () => {
    expect(renderMarkdown("# Impressum\n\n**Velo** GmbH\n\n- eins\n- zwei")).toBe(
      "<h1>Impressum</h1>\n<p><strong>Velo</strong> GmbH</p>\n<ul>\n<li>eins</li>\n<li>zwei</li>\n</ul>\n",
    );
  });

  it("escapes raw HTML: no script, no event handler reaches the page", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nText <img src=x onerror="alert(1)"> and <b>bold</b>');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("keeps http(s), mailto, tel and site links, and shows any other link as its text", () => {
    const html = renderMarkdown(
      "[a](https://example.com) [b](mailto:info@example.com) [c](tel:+4930123) [d](/handlersuche) [e](#top) " +
        "[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html;base64,PHNjcmlwdD4=) [w](//evil.example) <javascript:alert(2)> [v](vbscript:x)",
    );
    expect(html).toContain('<a href="https://example.com">a</a>');
    expect(html).toContain('<a href="mailto:info@example.com">b</a>');
    expect(html).toContain('<a href="tel:+4930123">c</a>');
    expect(html).toContain('<a href="/handlersuche">d</a>');
    expect(html).toContain('<a href="#top">e</a>');
    expect(html.match(/<a /g)).toHaveLength(5);
    expect(html).not.toMatch(/href="(javascript|data|vbscript|\/\/)/i);
    expect(html).toMatch(/ x y z w /);
  });

  it("refuses a link hidden behind blanks and control characters", () => {
    expect(isAllowedLink(" java\tscript:alert(1)")).toBe(false);
    expect(isAllowedLink("\u0001https://example.com")).toBe(true);
    // Browsers read /\ as //: another host.
    expect(isAllowedLink("/\\evil.example")).toBe(false);
    expect(isAllowedLink("//evil.example")).toBe(false);
  });

  it("shows a picture as its alt text: pictures come from mediaPicture fields", () => {
    expect(renderMarkdown("![Ein Rad](https://tracker.example/pixel.gif)")).toBe("<p>Ein Rad</p>\n");
  });

  it("gives table alignment as a class, never an inline style", () => {
    const html = renderMarkdown("| a | b |\n|:--|--:|\n| 1 | 2 |");
    expect(html).not.toContain("style=");
    expect(html).toContain('<th class="md-align-left">a</th>');
    expect(html).toContain('<td class="md-align-right">2</td>');
  });

  it("renders one line without a paragraph", () => {
    expect(renderMarkdownInline("Parts for *every* ride <b>")).toBe("Parts for <em>every</em> ride &lt;b&gt;");
  });
});
