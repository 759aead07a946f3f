import { describe, expect, it } from "vitest";
import { apiQuery } from "./json-error.server";

const query = (search: string) => apiQuery(new Request(`http://localhost/api/in-stock${search}`));

describe("apiQuery", () => {
  it("gives the parameters of a well-formed query, escapes and + decoded", () => {
    const params = query("?article=VB%2D1&q=Frankfurt+(Oder)&town=M%C3%BCnchen");
    expect(params).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(params as URLSearchParams)).toEqual({ article: "VB-1", q: "Frankfurt (Oder)", town: "München" });
  });

  it.each(["?article=%E0%A4%A", "?q=100%", "?q=M%FCnchen", "?q=%ZZ", "?%=1"])("answers %s with a 400 in the API's shape", async (search) => {
    const answer = query(search);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "bad_request", message: expect.stringContaining("%-escape") } });
  });

  it("passes the headers the caller gives to its 400", () => {
    const answer = apiQuery(new Request("http://localhost/?q=%"), { "Cache-Control": "no-store" }) as Response;
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });
});
