import { describe, expect, it } from "vitest";
import { loggedUrl } from "./logger";

describe("loggedUrl", () => {
  it("keeps what a visitor typed or where they are out of the log, and everything else", () => {
    expect(loggedUrl("/handlersuche?q=Max%20Mustermann&r=25&lat=48.137&lng=11.575&service=workshop")).toBe(
      "/handlersuche?q=_&r=25&lat=_&lng=_&service=workshop",
    );
    expect(loggedUrl("/search?q=bremse&page=2")).toBe("/search?q=_&page=2");
    expect(loggedUrl("/products?lang=en")).toBe("/products?lang=en");
    expect(loggedUrl("/handlersuche?faq=1")).toBe("/handlersuche?faq=1");
    expect(loggedUrl(undefined)).toBeUndefined();
  });
});
