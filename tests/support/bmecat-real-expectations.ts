/*
 * What a visitor should see of each BMEcat file others wrote (issue 26), read from the files by hand:
 * the expectations of tests/integration/bmecat-real-files.test.ts. Where each file comes from, and
 * its licence: tests/fixtures/bmecat-real/SOURCES.md.
 */

export type Lang = "de" | "en";

export interface ArticleExpectation {
  partno: string;
  /** The title a visitor reads on the page of each language. */
  title: Partial<Record<Lang, string>>;
  /** The file has texts in this language only: the other language's page shows them marked with it. */
  onlyIn?: Lang;
  /** One property row (name and value, as the properties view shows it) on the page of `lang` (German if not given). */
  feature?: { name: string; value: string; lang?: Lang };
  /** The recommended retail price as the German page shows it; null: the file has none a visitor may see. */
  price: string | null;
  /** A GTIN the page lists. */
  ean?: string;
  /** A code of the file that is no valid GTIN: dropped with a warning, never shown. */
  invalidEan?: string;
  /** Further texts a visitor reads, per language (entities decoded, original characters). */
  texts?: Partial<Record<Lang, string[]>>;
  /** Category names from the top to a category page that lists the article; several when it is in several groups. */
  paths?: string[][];
}

export interface RealFile {
  file: string;
  /** Products the site holds after the import. */
  products: number;
  articles: ArticleExpectation[];
  /** Warnings the import must give (the file is imported all the same). */
  warnings?: RegExp[];
  /** Check the page-size budget of issue 26 (the real 1,660-group tree). */
  pageBudget?: boolean;
}

const MACBOOK: ArticleExpectation = {
  partno: "1000",
  title: { de: 'Apple MacBook Pro 13"' },
  feature: { name: "Netzspannung", value: "110" },
  // Only net_customer prices: not a price for visitors.
  price: null,
  invalidEan: "8712670911213",
  texts: { de: ["Das Kraftpaket unter den Notebooks."] },
  // No CATALOG_GROUP_SYSTEM: the tree comes from the CLASSIFICATION_SYSTEM the product names.
  paths: [["Hardware", "Notebook", "Mac"]],
};

const FISCHER_SBS: ArticleExpectation = {
  partno: "079685",
  title: { de: "Schiebeschlitten SBS M8" },
  feature: { name: "Anschlussgewinde", value: "M 8" },
  // Its nrp (21.15701 EUR) was valid from 2018-01-08 to 2019-01-08: no price today (issue 38).
  price: null,
  ean: "4006209796856",
  texts: { de: ["Der Schiebeweg beträgt 60 mm."] },
  paths: [["Installationssysteme", "Gleitelemente", "Schiebeschlitten SBS"]],
};

export const REAL_FILES: RealFile[] = [
  {
    file: "olivere-1.2-new-catalog.xml",
    products: 1,
    articles: [MACBOOK],
    warnings: [/8712670911213/],
  },
  {
    file: "olivere-2005-new-catalog.xml",
    products: 1,
    articles: [MACBOOK],
    warnings: [/8712670911213/],
  },
  {
    file: "olivere-1.2-new-catalog-blank-classification.xml",
    products: 1,
    // Neither groups nor a classification (its feature group is a bare code): one category named after the catalogue.
    articles: [{ ...MACBOOK, paths: [["Katalogbezeichnung"]] }],
    warnings: [/8712670911213/],
  },
  {
    file: "naugrimm-2005.1-document.xml",
    products: 3,
    articles: ["1", "2", "3"].map((partno) => ({
      partno,
      title: { en: "description", de: "description" },
      onlyIn: "en",
      // gros_list in EUR and GBP: the euro one.
      price: "10,50\u00a0€*",
    })),
  },
  {
    file: "herrenmode-1.01-new-catalog.xml",
    products: 2,
    articles: [
      {
        partno: "54-Charlie-R",
        title: { de: "Freizeithemd Charlie" },
        feature: { name: "Farbe", value: "Rot" },
        price: null,
        ean: "87126709",
        texts: { de: ["Das modische Hemd der Extraklasse."] },
        paths: [["Herrenbekleidung", "Oberbekleidung", "Hemden"]],
      },
      {
        partno: "54-Dennis-B",
        title: { de: "Businesshemd Dennis" },
        feature: { name: "Farbe", value: "Weiss" },
        price: null,
        ean: "87126709",
        paths: [["Herrenbekleidung", "Oberbekleidung", "Hemden"]],
      },
    ],
    // charlie.jpg and the others are not there: a placeholder and a warning each.
    warnings: [/charlie\.jpg/],
  },
  {
    file: "fischer-nexmart-1.2-price-validity.xml",
    products: 1,
    articles: [FISCHER_SBS],
    warnings: [/079685: no price is shown: its prices are not valid today/],
  },
  {
    file: "fischer-nexmart-1.2-udx-726-groups.xml",
    products: 1,
    // The same nrp without validity dates: shown.
    articles: [{ ...FISCHER_SBS, price: "21,16\u00a0€*" }],
    // A group without GROUP_NAME is named by its id.
    warnings: [/1001387662/],
  },
  {
    file: "kstools-crossbase-1.2-tree-1660-groups.xml",
    products: 1,
    articles: [
      {
        partno: "100.1180",
        title: { de: "RDKS / TPMS Werkzeug-Satz für Reifendruck-Kontrollsysteme, 13-tlg." },
        feature: { name: "Material1", value: "Feinster Chrom Vanadium Stahl" },
        // Only a "udp_dummy" price.
        price: null,
        ean: "4042146228586",
        texts: { de: ["ideale Zusammenstellung für die fachgerechte Montage"] },
        // The same group name in two branches, below a name with "/".
        paths: [
          ["KS Tools K15", "KFZ-Spezialwerkzeuge", "Rad- / Reifenmontage", "Reifendruck-Kontrollsystem-Sätze"],
          ["KS Tools K15", "LKW-Spezialwerkzeuge", "Rad- / Reifenmontage", "Reifendruck-Kontrollsystem-Sätze"],
        ],
      },
    ],
    pageBudget: true,
  },
  {
    file: "contorion-1.2-invalid-gtin14.xml",
    products: 1,
    articles: [
      {
        partno: "12345",
        title: { de: "Test Article" },
        feature: { name: "Test2", value: "Blabla" },
        price: null,
        invalidEan: "12345678901234",
        paths: [["Katalog", "Produkte"]],
      },
    ],
    warnings: [/12345678901234/],
  },
  {
    file: "conceptoffice-1.2-iso-8859-1.xml",
    products: 2,
    articles: [
      {
        partno: "HEXGTIN",
        title: { de: "box classic" },
        price: null,
        // ISO-8859-1 in the file: the page shows the characters, not their UTF-8 misreading.
        texts: { de: ["Höhe (mm): 1150", "Sockelhöhe (mm): 25"] },
        paths: [["Artikelliste für BMECAT"]],
      },
      {
        partno: "HEEFGTIN",
        title: { de: "Bully" },
        price: null,
        texts: { de: ["Rolle Oberfläche: Weiß"] },
        paths: [["Artikelliste für BMECAT"]],
      },
    ],
  },
  {
    file: "sap-psx-1.2-english-usd.xml",
    products: 4,
    articles: [
      ["A1-00", "Smartphone"],
      ["A1-01", "Wireless Charger for Smartphones/Tablets"],
      ["A1-02", "Micro USB Data Cable"],
      ["A1-03", "Smartphone Case, Gold Slim-Fit"],
    ].map(([partno = "", title = ""]) => ({ partno, title: { en: title, de: title }, onlyIn: "en" as const, price: null })),
  },
  {
    file: "weidmueller-2005-1609801044.xml",
    products: 1,
    articles: [
      {
        partno: "1609801044",
        title: { de: "Klemmenmarkierung", en: "Terminal marking" },
        // FTEMPLATE/FT_NAME with VALUE_IDREF and FVALUE_DETAILS.
        feature: { name: "Einbauform", value: "Aufbau" },
        // A PRODUCT_PRICE without PRICE_AMOUNT.
        price: null,
        ean: "4008190397111",
        texts: { de: ["Dekafix, Klemmenmarkierung, 5 x 5 mm"], en: ["Dekafix, Terminal marker, 5 x 5 mm"] },
      },
    ],
  },
  {
    file: "weidmueller-2005-1010000000.xml",
    products: 1,
    articles: [
      {
        partno: "1010000000",
        title: { de: "Schutzleiter-Reihenklemme", en: "PE terminal" },
        // VALUE_IDREF with FVALUE_DETAILS, among the first of its 2,561 features.
        feature: { name: "Typ des Hüllkörpers", value: "Hüllkörper Quader" },
        price: null,
        ean: "4008190143640",
        // The file says mm&amp;sup2;: the text is "mm&sup2;", which reads mm².
        texts: { de: ["Schraubanschluss, 2.5 mm², 300 A (2,5 mm²), grün / gelb"], en: ["Screw connection, 2.5 mm², 300 A (2.5 mm²), green / yellow"] },
      },
    ],
  },
];
