import { describe, expect, it } from "vitest";
import { mediaType, parsePushBody, STOCK_PUSH_MAX_ROWS } from "./stock-push-body";
import { readAsOf, readQuantity } from "./stock-rows";

const received = new Date("2026-11-27T12:00:00.000Z");
const bytes = (text: string) => new TextEncoder().encode(text);
const csv = (text: string) => parsePushBody("csv", bytes(text), received);
const json = (value: unknown) => parsePushBody("json", bytes(JSON.stringify(value)), received);

describe("the push body", () => {
  it("reads CSV with and without a header, comma or semicolon, GTIN-12 stored as its EAN-13", () => {
    const withHeader = csv("gtin,quantity\r\n4006381333931,3\r\n\r\n036000291452,0\r\n");
    expect(withHeader).toMatchObject({
      ok: true,
      asOf: received.toISOString(),
      items: [
        { row: 2, gtin: { sent: "4006381333931", stored: "4006381333931" }, quantity: 3 },
        { row: 4, gtin: { sent: "036000291452", stored: "0036000291452" }, quantity: 0 },
      ],
    });
    expect(csv("4006381333931;3\n")).toMatchObject({ ok: true, items: [{ row: 1, quantity: 3 }] });
    expect(csv("part_number,quantity\nVB-1,2\n")).toMatchObject({ ok: true, items: [{ partNumber: "VB-1", gtin: null, quantity: 2 }] });
    expect(csv("gtin,quantity\n")).toMatchObject({ ok: true, items: [] });
  });

  it("refuses a body with bad rows with 422, naming the first rows (line numbers), and stores nothing", () => {
    const answer = csv("gtin,quantity\n4006381333931,3\n4006381333932,1\n4006381333931,2\nabc,1\n4006381333931\n4006381333931,x,7\n");
    expect(answer).toEqual({
      ok: false,
      status: 422,
      message: "5 rows are not usable; nothing was stored.",
      rows: [
        { row: 3, message: 'GTIN "4006381333932" is not a valid GTIN-8, -12, -13 or -14 (digits or check digit)' },
        { row: 4, message: "the same article as row 2" },
        { row: 5, message: 'GTIN "abc" is not a valid GTIN-8, -12, -13 or -14 (digits or check digit)' },
        { row: 6, message: "no quantity" },
        { row: 7, message: "3 values: a row is gtin,quantity" },
      ],
      moreRows: 0,
    });
  });

  it("names at most 20 bad rows and counts the rest", () => {
    const lines = Array.from({ length: 25 }, (_, i) => `4006381333931,${-i - 1}.5`).join("\n");
    const answer = csv(lines);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.rows).toHaveLength(20);
    expect(answer.moreRows).toBe(5);
  });

  it("reads JSON items by GTIN or part number, takes asOf, and ignores fields it does not know", () => {
    const answer = json({ asOf: "2026-11-27T11:30:00+01:00", items: [{ gtin: "4006381333931", quantity: 2, price: "9.99" }, { partNumber: "VB-1", quantity: "4" }] });
    expect(answer).toMatchObject({ ok: true, asOf: "2026-11-27T10:30:00.000Z", items: [{ row: 1, quantity: 2 }, { row: 2, partNumber: "VB-1", quantity: 4 }] });
  });

  it("tells a broken body (400) from bad rows (422)", () => {
    expect(parsePushBody("json", bytes("{"), received)).toMatchObject({ ok: false, status: 400, message: "The body is not valid JSON." });
    expect(json({ stock: [] })).toMatchObject({ ok: false, status: 400 });
    expect(json([1, 2])).toMatchObject({ ok: false, status: 400 });
    expect(json({ items: [{ quantity: 1 }, "x", { gtin: 4006381333931, quantity: 1 }] })).toMatchObject({
      ok: false,
      status: 422,
      rows: [{ row: 1, message: "neither a GTIN nor a part number" }, { row: 2 }, { row: 3 }],
    });
    expect(json({ asOf: "yesterday", items: [] })).toMatchObject({ ok: false, status: 422 });
    expect(csv("")).toMatchObject({ ok: false, status: 400 });
    expect(parsePushBody("csv", new Uint8Array([0x67, 0xff, 0xfe]), received)).toMatchObject({ ok: false, status: 400, message: "The body is not UTF-8 text." });
    expect(csv('gtin,quantity\n"4006381333931,3\n')).toMatchObject({ ok: false, status: 400 });
    expect(csv("artikel,menge\n1,2\n")).toMatchObject({ ok: false, status: 400 });
    expect(json({ items: Array.from({ length: STOCK_PUSH_MAX_ROWS + 1 }, () => ({ gtin: "4006381333931", quantity: 1 })) })).toMatchObject({ ok: false, status: 400 });
  });

  it("knows its media types", () => {
    expect(mediaType("text/csv; charset=utf-8")).toBe("csv");
    expect(mediaType("application/json")).toBe("json");
    expect(mediaType("application/x-www-form-urlencoded")).toBeNull();
    expect(mediaType(null)).toBeNull();
  });
});

describe("the stock row rules", () => {
  it("quantities: whole numbers from 0, a negative one is 0", () => {
    expect(readQuantity("3")).toEqual({ ok: true, value: 3 });
    expect(readQuantity("3.0")).toEqual({ ok: true, value: 3 });
    expect(readQuantity(-2)).toMatchObject({ ok: true, value: 0 });
    expect(readQuantity("2,5")).toMatchObject({ ok: false });
    expect(readQuantity("1e3")).toMatchObject({ ok: false });
    expect(readQuantity("5000000")).toMatchObject({ ok: false });
  });

  it("an as-of time in the future becomes the time of receipt; one without a zone is refused", () => {
    expect(readAsOf("2026-11-27T11:00:00Z", received)).toEqual({ ok: true, value: "2026-11-27T11:00:00.000Z" });
    expect(readAsOf("2026-11-27T12:04:00Z", received)).toEqual({ ok: true, value: "2026-11-27T12:04:00.000Z" });
    expect(readAsOf("2027-01-01", received)).toMatchObject({ ok: true, value: received.toISOString() });
    expect(readAsOf("2026-11-27T11:00:00", received)).toMatchObject({ ok: false });
    expect(readAsOf("27.11.2026", received)).toMatchObject({ ok: false });
  });
});
