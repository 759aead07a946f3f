import { describe, expect, it } from "vitest";
import { partnoProblem } from "./bmecat-reader.server";
import { CATALOGUE_ROOT_ID } from "~/exchange/catalogue-model";
import { Problems } from "~/exchange/import-report";
import { decodeEntities } from "./plain-text";
import { readUnit } from "./units";
import { bmecat2005, GROUPS, lineOf, product, readText } from "~/../tests/support/bmecat-text";

/** Issue 26: the files PIMs and ERPs really write (decision 037). */


describe("versions and namespaces", () => {
  const cases: [string, string][] = [
    ["1.01 without namespace", '<BMECAT version="1.01">'],
    ["1.2 with its namespace", '<BMECAT version="1.2" xmlns="http://www.bmecat.org/bmecat/1.2">'],
    ["1.2 with its DTD-era namespace", '<BMECAT version="1.2" xmlns="http://www.bmecat.org/XMLSchema/1.2/bmecat_new_catalog">'],
    ["2005", '<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">'],
    ["2005 over https", '<BMECAT version="2005" xmlns="https://www.bmecat.org/bmecat/2005">'],
    ["2005 with the official schema's namespace", '<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005fd">'],
    ["2005.1", '<BMECAT version="2005.1" xmlns="http://www.bmecat.org/bmecat/2005">'],
    ["2005.2", '<BMECAT version="2005.2" xmlns="https://www.bmecat.org/bmecat/2005">'],
  ];
  it.each(cases)("reads %s", async (_name, root) => {
    const { problems, articles, header } = await readText(bmecat2005(`${GROUPS}${product("A-1")}`, { root }));
    expect(problems.errors).toEqual([]);
    expect(problems.warnings).toEqual([]);
    expect(articles.map((a) => a.partno)).toEqual(["A-1"]);
    expect(header.version).toBe(root.includes('"1.') ? "1.2" : "2005");
  });

  it("reads elements written with a namespace prefix", async () => {
    const xml = bmecat2005(`${GROUPS}${product("A-1")}`, { root: '<bmecat:BMECAT version="2005" xmlns:bmecat="http://www.bmecat.org/bmecat/2005fd">' }).replace("</BMECAT>", "</bmecat:BMECAT>");
    const { problems, articles } = await readText(xml);
    expect(problems.errors).toEqual([]);
    expect(articles).toHaveLength(1);
  });

  it("names the BMECAT element's line for an unknown version, and reads on to report the rest", async () => {
    const xml = bmecat2005(`${GROUPS}${product("A-1", "", "")}`, { root: '\n<BMECAT version="2007">' });
    const { problems, articles } = await readText(xml);
    expect(problems.errors).toEqual([{ line: lineOf(xml, "<BMECAT"), where: "BMECAT", message: expect.stringMatching(/version "2007" is not supported: use 1.01, 1.2, 2005, 2005.1 or 2005.2/) }]);
    // The rest of the file is still read: its warnings come in the same run.
    expect(articles).toHaveLength(1);
    expect(problems.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/A-1: no title/)]);
  });

  it("warns about a namespace that is not BMEcat's and reads the elements by name", async () => {
    const { problems, articles } = await readText(bmecat2005(`${GROUPS}${product("A-1")}`, { root: '<BMECAT version="2005" xmlns="urn:example:catalogue">' }));
    expect(problems.errors).toEqual([]);
    expect(problems.warnings[0]?.message).toMatch(/namespace "urn:example:catalogue" is not BMEcat's/);
    expect(articles).toHaveLength(1);
  });
});

describe("transactions", () => {
  it("hands on the transaction with its line and each product's mode", async () => {
    const xml = bmecat2005(
      `<PRODUCT mode="update"><SUPPLIER_PID>A-1</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>Lampe</DESCRIPTION_SHORT></PRODUCT_DETAILS></PRODUCT>
      <PRODUCT mode="delete"><SUPPLIER_PID>A-2</SUPPLIER_PID></PRODUCT>`,
      { transaction: "T_UPDATE_PRODUCTS" },
    );
    const { problems, articles, header, transactions } = await readText(xml);
    expect(transactions).toEqual([["T_UPDATE_PRODUCTS", lineOf(xml, "<T_UPDATE_PRODUCTS")]]);
    expect(header.transaction).toBe("T_UPDATE_PRODUCTS");
    expect(articles.map((a) => [a.partno, a.mode])).toEqual([
      ["A-1", "update"],
      ["A-2", "delete"],
    ]);
    // A deletion carries no title, and a delta no group system: neither is worth a warning.
    expect(problems.warnings).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it("reads a price update without titles", async () => {
    const xml = bmecat2005(
      `<PRODUCT><SUPPLIER_PID>A-1</SUPPLIER_PID><PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>9,90</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS></PRODUCT>`,
      { transaction: "T_UPDATE_PRICES" },
    );
    const { problems, articles, header } = await readText(xml);
    expect(header.transaction).toBe("T_UPDATE_PRICES");
    expect(problems.warnings).toEqual([]);
    expect(articles[0]).toMatchObject({ partno: "A-1", mode: "update", priceCents: 990, title: { de: "", en: "" } });
  });

  it("records a full catalogue as T_NEW_CATALOG, and leaves out a product it marks for deletion", async () => {
    const xml = bmecat2005(`${GROUPS}${product("A-1")}\n<PRODUCT mode="delete"><SUPPLIER_PID>A-2</SUPPLIER_PID></PRODUCT>`);
    const { header, articles, problems } = await readText(xml);
    expect(header.transaction).toBe("T_NEW_CATALOG");
    expect(articles.map((a) => [a.partno, a.mode])).toEqual([["A-1", "new"]]);
    expect(problems.warnings).toEqual([{ line: lineOf(xml, '<PRODUCT mode="delete"'), where: "PRODUCT/@mode", message: 'A-2: mode "delete" in a whole catalogue (T_NEW_CATALOG): the product is left out' }]);
  });
});

describe("a value that is wrong drops that value and keeps the product", () => {
  it("accepts GTIN-8, -12, -13 and -14 and warns about invalid ones and trade units, each with its line", async () => {
    const gtins = ["87126709", "036000291452", "4006381333931", "04260123456788", "14006381333938", "4006381333932"]
      .map((g) => `<INTERNATIONAL_PID type="gtin">${g}</INTERNATIONAL_PID>`)
      .join("\n");
    const xml = bmecat2005(`${GROUPS}${product("A-1", "", `<DESCRIPTION_SHORT>Lampe</DESCRIPTION_SHORT>\n${gtins}`)}`);
    const { problems, articles } = await readText(xml);
    expect(problems.errors).toEqual([]);
    expect(articles[0]?.eans).toEqual(["87126709", "0036000291452", "4006381333931", "4260123456788"]);
    expect(problems.warnings).toEqual([
      { line: lineOf(xml, "14006381333938"), where: "PRODUCT/INTERNATIONAL_PID", message: expect.stringMatching(/trade unit/) },
      { line: lineOf(xml, "4006381333932"), where: "PRODUCT/INTERNATIONAL_PID", message: expect.stringMatching(/GTIN "4006381333932": not a valid GTIN/) },
    ]);
  });

  it("names a product without title by its part number", async () => {
    const { problems, articles } = await readText(bmecat2005(`${GROUPS}${product("A-1", "", "")}`));
    expect(articles[0]?.title).toEqual({ de: "A-1", en: "A-1" });
    expect(problems.warnings[0]?.message).toMatch(/A-1: no title \(DESCRIPTION_SHORT\): the part number is shown as its title/);
  });

  it("names a group without name by its id", async () => {
    const xml = bmecat2005(`<CATALOG_GROUP_SYSTEM><CATALOG_STRUCTURE type="root"><GROUP_ID>R</GROUP_ID><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE></CATALOG_GROUP_SYSTEM>${product("A-1")}`);
    const { problems, groups } = await readText(xml);
    expect(groups[0]?.name).toEqual({ de: "R", en: "" });
    expect(problems.warnings[0]).toMatchObject({ line: lineOf(xml, "<CATALOG_STRUCTURE"), message: "group R has no name: it is named by its id" });
  });

  it("carries / ? # % in part numbers, and refuses only what no address can carry", async () => {
    const { problems, articles } = await readText(bmecat2005(`${GROUPS}${product("A/1 ?#%")}`));
    expect(problems.errors).toEqual([]);
    expect(articles[0]?.partno).toBe("A/1 ?#%");
    expect(partnoProblem("..")).toMatch(/path step/);
    expect(partnoProblem("A\u0007B")).toMatch(/control characters/);
    expect(partnoProblem("x".repeat(101))).toMatch(/longer than 100/);
    expect(partnoProblem("ÄÖÜ-ß 12/3")).toBeNull();
  });

  it("--strict turns every warning into an error", async () => {
    const { problems } = await readText(bmecat2005(`${GROUPS}${product("A-1", "", "<EAN>123</EAN>")}`), { strict: true });
    expect(problems.warnings).toEqual([]);
    expect(problems.errors.map((e) => e.message)).toEqual([expect.stringMatching(/A-1: no title.*\(--strict\)$/), expect.stringMatching(/GTIN "123": not a valid GTIN.*\(--strict\)$/)]);
  });
});

describe("features", () => {
  it("reads FTEMPLATE/FT_NAME names and FVALUE_DETAILS values", async () => {
    const features = `<PRODUCT_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>ECLASS-11.0</REFERENCE_FEATURE_SYSTEM_NAME>
      <FEATURE><FTEMPLATE><FT_ID>AAA001</FT_ID><FT_NAME lang="deu">Breite</FT_NAME><FT_NAME lang="eng">Width</FT_NAME></FTEMPLATE><FVALUE>12</FVALUE><FUNIT>MMT</FUNIT></FEATURE>
      <FEATURE><FNAME>Material</FNAME><FVALUE_DETAILS>Aluminium, eloxiert</FVALUE_DETAILS></FEATURE>
    </PRODUCT_FEATURES>`;
    const { problems, articles } = await readText(bmecat2005(`${GROUPS}${product("A-1", features)}`));
    expect(problems.warnings).toEqual([]);
    expect(articles[0]?.properties).toEqual([
      { kind: "primary", attribute: { de: "Breite", en: "Width" }, value: { de: "12 mm", en: "12 mm" } },
      { kind: "primary", attribute: { de: "Material", en: "" }, value: { de: "Aluminium, eloxiert", en: "Aluminium, eloxiert" } },
    ]);
  });

  it("decodes every HTML entity, escaped or written straight into the XML", async () => {
    const features = `<PRODUCT_FEATURES>
      <FEATURE><FNAME>Querschnitt</FNAME><FVALUE>1,5</FVALUE><FUNIT>mm&amp;sup2;</FUNIT></FEATURE>
      <FEATURE><FNAME>Gr&ouml;&szlig;e</FNAME><FVALUE>&frac12; Zoll &ndash; &#8960; 12&nbsp;mm</FVALUE></FEATURE>
    </PRODUCT_FEATURES>`;
    const { problems, articles } = await readText(bmecat2005(`${GROUPS}${product("A-1", features, "<DESCRIPTION_SHORT>Kabel 3&times;1,5 mm&amp;sup2;</DESCRIPTION_SHORT>")}`));
    expect(problems.errors).toEqual([]);
    expect(problems.warnings).toEqual([]);
    expect(articles[0]?.title.de).toBe("Kabel 3×1,5 mm²");
    expect(articles[0]?.properties.map((p) => [p.attribute.de, p.value.de])).toEqual([
      ["Querschnitt", "1,5 mm²"],
      ["Größe", "½ Zoll – ⌀ 12\u00a0mm"],
    ]);
    expect(decodeEntities("&sup2;&sup3;&euro;&#x2122;&unknownentity;")).toBe("²³€™&unknownentity;");
  });

  it("warns once about a unit it does not know and shows it as written", async () => {
    const feature = (n: number) => `<FEATURE><FNAME>F${n}</FNAME><FVALUE>${n}</FVALUE><FUNIT>QQX</FUNIT></FEATURE>`;
    const xml = bmecat2005(`${GROUPS}${product("A-1", `<PRODUCT_FEATURES>${feature(1)}</PRODUCT_FEATURES>`)}\n${product("A-2", `<PRODUCT_FEATURES>${feature(2)}</PRODUCT_FEATURES>`)}`);
    const { problems, articles } = await readText(xml);
    expect(problems.warnings).toEqual([{ line: lineOf(xml, "<FUNIT>QQX"), where: "FEATURE/FUNIT", message: expect.stringMatching(/unit "QQX" is not a UN\/ECE code or symbol we know: it is shown as written/) }]);
    expect(articles.map((a) => a.properties[0]?.value.de)).toEqual(["1 QQX", "2 QQX"]);
    expect(readUnit("KWH")).toEqual({ symbol: "kWh", known: true });
    expect(readUnit("Nm")).toEqual({ symbol: "Nm", known: true });
  });
});

describe("prices", () => {
  const priced = (prices: string, header?: string) => bmecat2005(`${GROUPS}${product("A-1", `<PRODUCT_PRICE_DETAILS>${prices}</PRODUCT_PRICE_DETAILS>`)}`, header ? { header } : {});
  const price = (type: string, amount: string, currency?: string) => `<PRODUCT_PRICE price_type="${type}"><PRICE_AMOUNT>${amount}</PRICE_AMOUNT>${currency ? `<PRICE_CURRENCY>${currency}</PRICE_CURRENCY>` : ""}</PRODUCT_PRICE>`;

  it("takes the EUR price where several currencies are given", async () => {
    const { problems, articles } = await readText(priced(price("nrp", "21.00", "CHF") + price("nrp", "19,95", "EUR") + price("nrp", "17.50", "GBP")));
    expect(problems.warnings).toEqual([]);
    expect(articles[0]?.priceCents).toBe(1995);
  });

  it("takes nrp, else gros_list, never a net price", async () => {
    expect((await readText(priced(price("gros_list", "12,50", "EUR") + price("nrp", "14.00", "EUR")))).articles[0]?.priceCents).toBe(1400);
    expect((await readText(priced(price("net_list", "10.00", "EUR") + price("gros_list", "1.299,00", "EUR")))).articles[0]?.priceCents).toBe(129900);
    const net = await readText(priced(price("net_list", "10.00", "EUR")));
    expect(net.articles[0]?.priceCents).toBeNull();
    expect(net.problems.warnings[0]?.message).toBe("A-1: no price is shown: its prices are only prices that are not recommended retail prices (nrp, gros_list)");
  });

  it("reads a price without currency in the catalogue's CURRENCY, and warns when that is not EUR", async () => {
    const { problems, articles } = await readText(priced(price("nrp", "10.00"), "<CATALOG_NAME>K</CATALOG_NAME><CURRENCY>CHF</CURRENCY>"));
    expect(articles[0]?.priceCents).toBeNull();
    expect(problems.warnings[0]?.message).toBe("A-1: no price is shown: its prices are not in EUR");
    // Kept for a Swiss site, not shown.
    expect(articles[0]?.prices).toEqual([{ type: "nrp", currency: "CHF", amountCents: 1000, territory: "", validFrom: null, validUntil: null }]);
    expect(problems.errors).toEqual([]);
  });

  it("warns about a price that is not a price and keeps the product", async () => {
    const { problems, articles } = await readText(priced(price("nrp", "auf Anfrage", "EUR")));
    expect(articles[0]?.priceCents).toBeNull();
    expect(problems.warnings[0]?.message).toBe("A-1: no price is shown: its prices are an amount that is not a number");
    expect(problems.errors).toEqual([]);
  });
});

describe("structure without a catalogue group system", () => {
  it("builds the tree from a 2005 classification system and places products by REFERENCE_FEATURE_GROUP_ID", async () => {
    const classification = `<CLASSIFICATION_SYSTEM><CLASSIFICATION_SYSTEM_NAME>udf_Werkzeug-1.0</CLASSIFICATION_SYSTEM_NAME>
      <CLASSIFICATION_GROUPS>
        <CLASSIFICATION_GROUP type="node"><CLASSIFICATION_GROUP_ID>10</CLASSIFICATION_GROUP_ID><CLASSIFICATION_GROUP_NAME lang="deu">Zangen</CLASSIFICATION_GROUP_NAME><CLASSIFICATION_GROUP_NAME lang="eng">Pliers</CLASSIFICATION_GROUP_NAME></CLASSIFICATION_GROUP>
        <CLASSIFICATION_GROUP type="leaf"><CLASSIFICATION_GROUP_ID>11</CLASSIFICATION_GROUP_ID><CLASSIFICATION_GROUP_NAME>Seitenschneider</CLASSIFICATION_GROUP_NAME><CLASSIFICATION_GROUP_PARENT_ID>10</CLASSIFICATION_GROUP_PARENT_ID></CLASSIFICATION_GROUP>
        <CLASSIFICATION_GROUP type="leaf"><CLASSIFICATION_GROUP_ID>12</CLASSIFICATION_GROUP_ID><CLASSIFICATION_GROUP_PARENT_ID>10</CLASSIFICATION_GROUP_PARENT_ID></CLASSIFICATION_GROUP>
      </CLASSIFICATION_GROUPS>
    </CLASSIFICATION_SYSTEM>`;
    const features = (id: string) => `<PRODUCT_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>udf_Werkzeug-1.0</REFERENCE_FEATURE_SYSTEM_NAME><REFERENCE_FEATURE_GROUP_ID>${id}</REFERENCE_FEATURE_GROUP_ID></PRODUCT_FEATURES>`;
    const xml = bmecat2005(`${classification}\n${product("Z-1", features("11"))}\n${product("Z-2", features("99"))}`);
    const { problems, groups, articles } = await readText(xml);
    expect(problems.errors).toEqual([]);
    expect(groups.map((g) => [g.sourceId, g.parentSourceId, g.name.de])).toEqual([
      ["10", CATALOGUE_ROOT_ID, "Zangen"],
      ["11", "10", "Seitenschneider"],
      ["12", "10", "12"],
    ]);
    expect(groups[0]?.name.en).toBe("Pliers");
    expect(articles.map((a) => [a.partno, a.groups.map((g) => g.sourceId)])).toEqual([
      ["Z-1", ["11"]],
      ["Z-2", []],
    ]);
    expect(problems.warnings.map((w) => w.message)).toEqual([
      "group 12 has no name: it is named by its id",
      expect.stringMatching(/no catalogue group system: the categories are the 3 groups of classification system udf_Werkzeug-1.0/),
    ]);
  });

  it("builds it from a 1.2 feature system", async () => {
    const xml = `<?xml version="1.0"?>
<BMECAT version="1.2" xmlns="http://www.bmecat.org/bmecat/1.2">
  <HEADER><CATALOG><LANGUAGE>ger</LANGUAGE><CATALOG_NAME>Alt</CATALOG_NAME></CATALOG></HEADER>
  <T_NEW_CATALOG>
    <FEATURE_SYSTEM><FEATURE_SYSTEM_NAME>Eigen</FEATURE_SYSTEM_NAME>
      <FEATURE_GROUP><FEATURE_GROUP_ID>G1</FEATURE_GROUP_ID><FEATURE_GROUP_NAME>Schrauben</FEATURE_GROUP_NAME></FEATURE_GROUP>
    </FEATURE_SYSTEM>
    <ARTICLE mode="new"><SUPPLIER_AID>S-1</SUPPLIER_AID><ARTICLE_DETAILS><DESCRIPTION_SHORT>Schraube</DESCRIPTION_SHORT></ARTICLE_DETAILS>
      <ARTICLE_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>Eigen</REFERENCE_FEATURE_SYSTEM_NAME><REFERENCE_FEATURE_GROUP_ID>G1</REFERENCE_FEATURE_GROUP_ID></ARTICLE_FEATURES>
    </ARTICLE>
  </T_NEW_CATALOG>
</BMECAT>`;
    const { problems, groups, articles } = await readText(xml);
    expect(problems.errors).toEqual([]);
    expect(groups.map((g) => [g.sourceId, g.parentSourceId, g.name.de])).toEqual([["G1", CATALOGUE_ROOT_ID, "Schrauben"]]);
    expect(articles[0]?.groups.map((g) => g.sourceId)).toEqual(["G1"]);
  });

  it("makes one category per named feature group the products name when no system defines them; a bare code is no category", async () => {
    const features = (id: string, name: string) =>
      `<PRODUCT_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>ETIM-9.0</REFERENCE_FEATURE_SYSTEM_NAME><REFERENCE_FEATURE_GROUP_ID>${id}</REFERENCE_FEATURE_GROUP_ID>${name}</PRODUCT_FEATURES>`;
    const xml = bmecat2005(
      `${product("E-1", features("EC000001", "<REFERENCE_FEATURE_GROUP_NAME>Leuchte</REFERENCE_FEATURE_GROUP_NAME>"))}${product("E-2", features("EC000002", ""))}${product("E-3", features("EC000001", ""))}${product("E-4")}`,
    );
    const { problems, groups, articles } = await readText(xml);
    expect(problems.errors).toEqual([]);
    expect(groups.map((g) => [g.sourceId, g.parentSourceId, g.name.de])).toEqual([["EC000001", CATALOGUE_ROOT_ID, "Leuchte"]]);
    // E-2 names only a code: it goes to the catalogue's own category, as E-4 without any.
    expect(articles.map((a) => a.groups.map((g) => g.sourceId))).toEqual([["EC000001"], [], ["EC000001"], []]);
    expect(problems.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/no catalogue group system: products are placed by the feature group they name/)]);
  });

  it("counts an empty CATALOG_GROUP_SYSTEM as none", async () => {
    const xml = bmecat2005(`<FEATURE_SYSTEM><FEATURE_SYSTEM_NAME>Eigen</FEATURE_SYSTEM_NAME><FEATURE_GROUP><FEATURE_GROUP_ID>G1</FEATURE_GROUP_ID><FEATURE_GROUP_NAME>Schrauben</FEATURE_GROUP_NAME></FEATURE_GROUP></FEATURE_SYSTEM>
      <CATALOG_GROUP_SYSTEM><GROUP_SYSTEM_ID>leer</GROUP_SYSTEM_ID></CATALOG_GROUP_SYSTEM>${product("S-1")}`);
    const { groups } = await readText(xml);
    expect(groups.map((g) => g.sourceId)).toEqual(["G1"]);
  });

  it("never names the catalogue after the file: the group system's name, else a neutral one (issue 38)", async () => {
    const { header } = await readText(bmecat2005(product("A-1"), { header: "" }), { name: "Werkzeug 2025.xml" });
    expect(header.catalogName).toEqual({ de: "Katalog", en: "Catalogue" });
    const system = `<CATALOG_GROUP_SYSTEM><GROUP_SYSTEM_ID>1</GROUP_SYSTEM_ID><GROUP_SYSTEM_NAME>Fahrradteile</GROUP_SYSTEM_NAME>${GROUPS.replace(/<\/?CATALOG_GROUP_SYSTEM>/g, "")}</CATALOG_GROUP_SYSTEM>`;
    const named = await readText(bmecat2005(`${system}${product("A-1")}`, { header: "" }), { name: "export_20250101.xml" });
    expect(named.header.catalogName).toEqual({ de: "Fahrradteile", en: "" });
  });
});

describe("text repairs (issue 38)", () => {
  it("repairs double-encoded UTF-8 in every text, with one grouped warning", async () => {
    const xml = bmecat2005(`${GROUPS}${product("A-1", "", "<DESCRIPTION_SHORT>Trikot weiÃŸ</DESCRIPTION_SHORT>")}${product("A-2", "", "<DESCRIPTION_SHORT>MÃ¤nner-Helm</DESCRIPTION_SHORT>")}${product("A-3", "", "<DESCRIPTION_SHORT>São Paulo</DESCRIPTION_SHORT>")}`);
    const { articles, problems } = await readText(xml);
    expect(articles.map((a) => a.title.de)).toEqual(["Trikot weiß", "Männer-Helm", "São Paulo"]);
    expect(problems.warnings).toHaveLength(1);
    expect(problems.warnings[0]?.message).toMatch(/^UTF-8 encoded twice \(read as Windows-1252 on the way\): repaired \(2 times: "Trikot weiÃŸ" → "Trikot weiß" on line \d+, "MÃ¤nner-Helm" → "Männer-Helm" on line \d+\)$/);
  });
});

describe("--strict", () => {
  it("is off by default", () => {
    const problems = new Problems();
    problems.warn(3, "X", "w");
    expect(problems.warnings).toEqual([{ line: 3, where: "X", message: "w" }]);
    expect(problems.hasErrors).toBe(false);
  });
});
