import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppLink, AppNavLink, isWithin } from "./app-link";

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

  it("marks links that replace the history entry", () => {
    expect(renderToString(<AppLink to="/x?image=2" replace>2</AppLink>)).toContain("data-replace");
    expect(renderToString(<AppLink to="/x?image=2">2</AppLink>)).not.toContain("data-replace");
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

  it("is active on the pages of its section that lie elsewhere", () => {
    const service = (path: string) => at(path, <AppNavLink to="/service" also={["/hinweise", "/downloads"]}>Service</AppNavLink>);
    for (const path of ["/service", "/hinweise", "/downloads"]) expect(service(path)).toContain('aria-current="page"');
    for (const path of ["/", "/contact", "/hinweise-alt"]) expect(service(path)).not.toContain("aria-current");
  });
});

describe("isWithin", () => {
  it("matches a path, the pages below it and nothing that only shares its first letters", () => {
    expect(isWithin("/products/articles/Lenkergriffe", ["/products"])).toBe(true);
    expect(isWithin("/productsale", ["/products"])).toBe(false);
    expect(isWithin("/contact", ["/"])).toBe(false);
    expect(isWithin("/", ["/"])).toBe(true);
  });
});
