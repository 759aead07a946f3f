import { describe, expect, it } from "vitest";
import { bmecat2005, GROUPS, product, readText } from "~/../tests/support/bmecat-text";

describe("the price a German visitor may be shown (issue 38, decision 075)", () => {
  const TODAY = "2026-12-07";
  const priced = (prices: string, header?: string, extensions = "") =>
    bmecat2005(`${GROUPS}${product("A-1", `<PRODUCT_PRICE_DETAILS>${prices}</PRODUCT_PRICE_DETAILS>${extensions}`)}`, header ? { header } : {});
  const read = (xml: string) => readText(xml, { today: TODAY });
  const nrp = (amount: string, inner = "") => `<PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>${amount}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY>${inner}</PRODUCT_PRICE>`;
  const dated = (from: string, until: string) => `<DATETIME type="valid_start_date"><DATE>${from}</DATE></DATETIME><DATETIME type="valid_end_date"><DATE>${until}</DATE></DATETIME>`;

  it("leaves out an Austrian price from 200 pieces that ended in 2013, and says why", async () => {
    // The shape of the IKEA sample: one price for Austria, from 200 pieces, valid in May 2013.
    const { articles, problems } = await read(priced(`${dated("2013-05-01", "2013-05-31")}${nrp("239.00", "<TAX>0.20</TAX><LOWER_BOUND>200</LOWER_BOUND><TERRITORY>AT</TERRITORY>")}`));
    expect(articles[0]?.priceCents).toBeNull();
    expect(articles[0]?.prices).toEqual([]);
    expect(problems.warnings.map((w) => w.message)).toEqual([
      "A-1: no price is shown: its prices are only from more than one piece (LOWER_BOUND); for another country than Germany; not valid today",
    ]);
  });

  it("shows Germany's price, keeps Austria's and Switzerland's, and takes the one of today", async () => {
    const prices =
      `${dated("2026-01-01", "2026-12-31")}${nrp("49.90", "<TERRITORY>DE</TERRITORY>")}` +
      `<PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>51.90</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TERRITORY>AT</TERRITORY></PRODUCT_PRICE>` +
      `<PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>59.00</PRICE_AMOUNT><PRICE_CURRENCY>CHF</PRICE_CURRENCY><TERRITORY>CH</TERRITORY></PRODUCT_PRICE>`;
    const { articles, problems } = await read(priced(prices));
    expect(problems.warnings).toEqual([]);
    expect(articles[0]?.priceCents).toBe(4990);
    expect(articles[0]?.prices.map((p) => [p.territory, p.currency, p.amountCents, p.validUntil])).toEqual([
      ["DE", "EUR", 4990, "2026-12-31"],
      ["AT", "EUR", 5190, "2026-12-31"],
      ["CH", "CHF", 5900, "2026-12-31"],
    ]);
  });

  it("takes a price without TERRITORY for the catalogue's territories", async () => {
    const { articles, problems } = await read(priced(nrp("10.00"), "<CATALOG_NAME>K</CATALOG_NAME><TERRITORY>NL</TERRITORY>"));
    expect(articles[0]?.priceCents).toBeNull();
    expect(problems.warnings[0]?.message).toBe("A-1: no price is shown: its prices are for another country than Germany");
  });

  it("keeps a price that starts later without showing it today", async () => {
    const { articles, problems } = await read(priced(`${dated("2027-01-01", "2027-12-31")}${nrp("12.00")}`));
    expect(articles[0]?.priceCents).toBeNull();
    expect(articles[0]?.prices).toHaveLength(1);
    expect(problems.warnings[0]?.message).toBe("A-1: no price is shown: its prices are not valid today");
  });

  it("reads a Dutch price with 21 % VAT as no German price, and a German net price with its rate as gross (the ETIM guideline)", async () => {
    const dutch = await read(priced(nrp("121.00", "<TAX>0.21</TAX>")));
    expect(dutch.articles[0]?.priceCents).toBeNull();
    const etim = `<USER_DEFINED_EXTENSIONS><UDX.EDXF.DISCOUNT_GROUP><UDX.EDXF.DISCOUNT_GROUP_MANUFACTURER>A</UDX.EDXF.DISCOUNT_GROUP_MANUFACTURER></UDX.EDXF.DISCOUNT_GROUP></USER_DEFINED_EXTENSIONS>`;
    const net = await read(priced(nrp("100.00", "<TAX>0.19</TAX>"), undefined, etim));
    expect(net.articles[0]?.priceCents).toBe(11900);
    const withoutRate = await read(priced(nrp("100.00"), undefined, etim));
    expect(withoutRate.articles[0]?.priceCents).toBeNull();
    // A price that names the German rate and is not said to be net is gross as written.
    expect((await read(priced(nrp("119.00", "<TAX>19</TAX>")))).articles[0]?.priceCents).toBe(11900);
  });

  it("groups the reasons of many products into one warning with ten examples", async () => {
    const many = Array.from({ length: 12 }, (_, i) => product(`P-${i}`, `<PRODUCT_PRICE_DETAILS>${nrp("5.00", "<LOWER_BOUND>10</LOWER_BOUND>")}</PRODUCT_PRICE_DETAILS>`)).join("");
    const { problems } = await read(bmecat2005(`${GROUPS}${many}`));
    expect(problems.warnings).toHaveLength(1);
    expect(problems.warnings[0]?.message).toMatch(/^no price is shown: its prices are only from more than one piece \(LOWER_BOUND\) \(12 times: P-0 on line \d+, .*, and 2 more\)$/);
  });
});

