import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppLink, AppNavLink } from "./app-link";

const at = (path: string, node: React.ReactNode) => renderToString(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);

describe("AppLink", () => {
  it("is a plain anchor React Router discovers, with its other attributes", () => {
    expect(renderToString(<AppLink to="/contact" className="button">Kontakt</AppLink>)).toBe(
      '<a class="button" href="/contact" data-discover="true">Kontakt</a>',
    );
  });

  it("marks links that keep the scroll position", () => {
    expect(renderToString(<AppLink to="/x?page=2" preventScrollReset>2</AppLink>)).toContain("data-keep-scroll");
    expect(renderToString(<AppLink to="/x?page=2">2</AppLink>)).not.toContain("data-keep-scroll");
  });
});

describe("AppNavLink", () => {
  const html = (path: string) => at(path, <AppNavLink to="/products">Produkte</AppNavLink>);

  it("is active on its page and the pages below it, whatever the case", () => {
    for (const path of ["/products", "/products/articles/Lenkergriffe", "/Products"]) {
      expect(html(path)).toBe('<a class="active" aria-current="page" href="/products" data-discover="true">Produkte</a>');
    }
  });

  it("is not active elsewhere, nor on a page that only starts with the same letters", () => {
    for (const path of ["/", "/productsale", "/contact"]) {
      expect(html(path)).toBe('<a href="/products" data-discover="true">Produkte</a>');
    }
  });
});
