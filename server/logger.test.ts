import { describe, expect, it } from "vitest";
import { LOGGED_URL_CHARS, createLogger, levelFor, loggedUrl, requestErrorFields } from "./logger";

describe("loggedUrl", () => {
  it("keeps what a visitor typed or where they are out of the log, and the rest its route reads", () => {
    expect(loggedUrl("/handlersuche?q=Max%20Mustermann&r=25&lat=48.137&lng=11.575&service=workshop")).toBe(
      "/handlersuche?q=_&r=25&lat=_&lng=_&service=workshop",
    );
    expect(loggedUrl("/search?q=bremse&page=2")).toBe("/search?q=_&page=2");
    expect(loggedUrl("/products?lang=en")).toBe("/products?lang=en");
    expect(loggedUrl("/handlersuche?faq=1")).toBe("/handlersuche");
    expect(loggedUrl(undefined)).toBeUndefined();
  });

  it("logs only the parameters the address's route reads: none reads Q, plz, near or q[] (issue 37)", () => {
    expect(loggedUrl("/handlersuche?Q=Max+Mustermann&plz=34117&near=Hauptstr+5&q%5B%5D=Kassel&q[]=Kassel&r=25")).toBe("/handlersuche?r=25");
    expect(loggedUrl("/?plz=34117&near=Hauptstr+5&lang=en")).toBe("/?lang=en");
    expect(loggedUrl("/products?Q=Mueller")).toBe("/products");
    // A parameter one route reads is another's noise: `q` is the dealer page's and the search's, not the home page's.
    expect(loggedUrl("/?q=Mueller")).toBe("/");
    expect(loggedUrl("/products/articles/pedale?page=2&view=docs")).toBe("/products/articles/pedale?page=2");
    expect(loggedUrl("/products/articles/pedale/VB-1?page=2&view=docs&image=2&utm_source=x")).toBe("/products/articles/pedale/VB-1?page=2&view=docs&image=2");
    expect(loggedUrl("/handlersuche.data?q=Kassel&_routes=routes%2Fhandlersuche&email=a%40b.de")).toBe("/handlersuche.data?q=_&_routes=routes%2Fhandlersuche");
    expect(loggedUrl("/api/in-stock?article=VB-1&q=Kassel&plz=1")).toBe("/api/in-stock?article=VB-1&q=_");
    expect(loggedUrl("/01/04012345678901?linkType=gs1:pip&name=Max")).toBe("/01/04012345678901?linkType=gs1:pip");
  });

  it("blanks the parameters under any spelling the site reads them by, and keeps only the path of an absolute URL", () => {
    expect(loggedUrl("/handlersuche?%71=Mueller&%6Cat=48.1&q=a&q=b#x")).toBe("/handlersuche?%71=_&%6Cat=_&q=_&q=_#x");
    expect(loggedUrl("http://127.0.0.1:3301/handlersuche?q=Mueller+Hauptstr+5&lat=48.137&lng=11.575")).toBe("/handlersuche?q=_&lat=_&lng=_");
    expect(loggedUrl("/search?%=1&q")).toBe("/search?q=_");
  });

  it("cuts long targets", () => {
    const logged = loggedUrl(`/products/${"x".repeat(10_000)}?q=Mueller`) ?? "";
    expect(logged.length).toBe(LOGGED_URL_CHARS + 1);
    expect(logged).not.toContain("Mueller");
  });
});

describe("log levels", () => {
  it("warns for a client's mistake and for a 503, without pino-http's made-up error; errors stay errors", () => {
    expect(levelFor(404)).toBe("warn");
    expect(levelFor(405, new Error("x"))).toBe("warn");
    expect(levelFor(503, new Error("failed with status code 503"))).toBe("warn");
    expect(levelFor(500)).toBe("error");
    expect(levelFor(200, new Error("stream broke"))).toBe("error");
    expect(levelFor(200)).toBe("info");
    const fields = { res: { statusCode: 503 }, err: new Error("failed with status code 503"), responseTime: 1 };
    expect(requestErrorFields(503, fields)).toEqual({ res: { statusCode: 503 }, responseTime: 1 });
    expect(requestErrorFields(500, fields)).toBe(fields);
  });

  it("redacts a url and an error's message on every line", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    logger.warn({ url: "https://example.com/search?q=Mueller" }, "one");
    logger.error({ err: new Error('You made a POST request to "/handlersuche?q=Mueller&lat=48.137" but did not provide an `action`') }, "two");
    expect(lines).toHaveLength(2);
    expect(lines.join("")).not.toMatch(/Mueller|48\.137/);
    expect(lines[0]).toContain('"url":"/search?q=_"');
  });
});
