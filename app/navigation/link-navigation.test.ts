import { describe, expect, it } from "vitest";
import { type ClickedLink, linkNavigation } from "./link-navigation";

const here = { origin: "https://velocat.example", pathname: "/products/articles/Lenkergriffe", search: "?page=2", hash: "" };
const plain = { defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
const link = (href: string, more: Partial<ClickedLink> = {}): ClickedLink => ({ href, target: "", download: false, keepScroll: false, ...more });

describe("linkNavigation", () => {
  it("follows a plain click on a link to another page of the site", () => {
    expect(linkNavigation(plain, link("https://velocat.example/contact"), here)).toEqual({
      to: "/contact",
      replace: false,
      preventScrollReset: false,
    });
  });

  it("keeps the query, the fragment and the link's wish to keep the scroll position", () => {
    const to = "https://velocat.example/products/articles/Lenkergriffe?page=3#articles";
    expect(linkNavigation(plain, link(to, { keepScroll: true }), here)).toEqual({
      to: "/products/articles/Lenkergriffe?page=3#articles",
      replace: false,
      preventScrollReset: true,
    });
  });

  it("replaces the history entry when the link points at the page already shown", () => {
    expect(linkNavigation(plain, link("https://velocat.example/products/articles/Lenkergriffe?page=2"), here)?.replace).toBe(true);
  });

  it("replaces the history entry when the link asks to (a view inside the article panel)", () => {
    const to = "https://velocat.example/products/articles/Lenkergriffe/LG-1?image=2";
    expect(linkNavigation(plain, link(to, { replace: true }), here)?.replace).toBe(true);
    expect(linkNavigation(plain, link(to), here)?.replace).toBe(false);
  });

  it("leaves the click to the browser when it is not an AppLink", () => {
    expect(linkNavigation(plain, null, here)).toBeNull();
  });

  it.each([
    ["another mouse button", { button: 1 }],
    ["Ctrl (new tab)", { ctrlKey: true }],
    ["Cmd (new tab)", { metaKey: true }],
    ["Shift (new window)", { shiftKey: true }],
    ["Alt (download)", { altKey: true }],
    ["a handler that cancelled it", { defaultPrevented: true }],
  ])("leaves the click to the browser for %s", (_name, change) => {
    expect(linkNavigation({ ...plain, ...change }, link("https://velocat.example/contact"), here)).toBeNull();
  });

  it("leaves links to other origins, other targets and downloads to the browser", () => {
    expect(linkNavigation(plain, link("https://example.org/contact"), here)).toBeNull();
    expect(linkNavigation(plain, link("https://velocat.example/contact", { target: "_blank" }), here)).toBeNull();
    expect(linkNavigation(plain, link("https://velocat.example/catalogue.pdf", { download: true }), here)).toBeNull();
    expect(linkNavigation(plain, link("https://velocat.example/contact", { target: "_self" }), here)?.to).toBe("/contact");
  });
});
