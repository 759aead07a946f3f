import { describe, expect, it } from "vitest";
import { focusesHeading } from "./focus-on-navigation";

const page = (pathname: string, ownFocus = false) => ({ pathname, ownFocus });

describe("focusesHeading", () => {
  it("moves the focus on a client-side navigation to another page", () => {
    expect(focusesHeading(page("/"), page("/handlersuche"))).toBe(true);
    expect(focusesHeading(page("/handlersuche"), page("/handlersuche/rad-haus"))).toBe(true);
  });

  it("leaves it on the first load and when only the query changes", () => {
    expect(focusesHeading(null, page("/contact"))).toBe(false);
    expect(focusesHeading(page("/handlersuche"), page("/handlersuche"))).toBe(false);
  });

  it("leaves it to a route that moves it itself, opening and closing alike", () => {
    expect(focusesHeading(page("/products/articles/Klingeln"), page("/products/articles/Klingeln/BL-1", true))).toBe(false);
    expect(focusesHeading(page("/products/articles/Klingeln/BL-1", true), page("/products/articles/Klingeln/BL-2", true))).toBe(false);
    expect(focusesHeading(page("/products/articles/Klingeln/BL-1", true), page("/products/articles/Klingeln"))).toBe(false);
  });

  it("moves it when a link leads out of the panel to another page", () => {
    expect(focusesHeading(page("/products/articles/Klingeln/BL-1", true), page("/handlersuche"))).toBe(true);
    expect(focusesHeading(page("/products/articles/Klingeln/BL-1", true), page("/products/articles/Klingel"))).toBe(true);
  });
});
