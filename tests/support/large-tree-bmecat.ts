import fs from "node:fs";

/*
 * A BMEcat 2005 catalogue shaped like the largest real tree of issue 26 (KS Tools via crossbase,
 * tests/fixtures/bmecat-real/kstools-crossbase-1.2-tree-1660-groups.xml): 1,660 groups, 344 names
 * used in more than one branch, names with `/` and every other character a URL has to cope with,
 * and a few thousand products without pictures. Deterministic: the same options give the same bytes.
 */

export interface LargeTreeOptions {
  /** Groups, the root included (at least 200). */
  groups?: number;
  /** Distinct names that several groups in different top branches carry. */
  duplicateNames?: number;
  /** Groups whose name holds a `/`. */
  slashNames?: number;
  products?: number;
  /** Every n-th product is in a second group as well (0: none). */
  secondGroupEvery?: number;
}

export interface LargeTreeGroup {
  id: string;
  /** "0" for the root. */
  parentId: string;
  name: string;
  /** Names from the top group (below the root) down to this one. */
  path: string[];
  depth: 0 | 1 | 2 | 3;
}

export interface LargeTreeProduct {
  partno: string;
  titleDe: string;
  titleEn: string;
  ean: string;
  /** The recommended retail price in euros. */
  price: number;
  groupIds: string[];
}

export interface LargeTree {
  xml: string;
  groups: LargeTreeGroup[];
  products: LargeTreeProduct[];
  /** Names more than one group carries. */
  duplicateNames: string[];
  /** The names made to break naive URLs, each carried by one group. */
  hostileNames: string[];
}

/** 200 characters, with `/` and `&`. */
const LONG_NAME = "Werkstattausrüstung für Zweirad-Fachhändler / Montage, Wartung & Reparatur von Trekking-, City-, E-Bike- und Lastenrädern mit Naben- und Kettenschaltung, Scheiben- und Felgenbremsen sowie Zubehör"
  .padEnd(200, ".")
  .slice(0, 200);

/** Names a URL has to carry: reserved characters, quotes, umlauts, names that are nothing but punctuation. */
const HOSTILE_NAMES = [
  "Zubehör & Ersatzteile",
  "Was passt? Der Finder",
  "Größe #5",
  "100 % Baumwolle",
  'Reifen 28" / 29"',
  "O'Neill-Kollektion",
  LONG_NAME,
  "Äpfel, Öl & Übergrößen: ß",
  "a/b/c",
  "..",
  "%2F",
  "?",
  "#",
  "&",
  "<b>fett</b>",
  "Schlösser",
  "Schloesser",
  "  Leerzeichen  am Rand ",
  "Kettenblätter – 1×12",
  "C++ / C#",
];

/** Words that real duplicate names are made of (kstools: "Zubehör", "Sets", "Rad- / Reifenmontage"). */
const WORDS = ["Zubehör", "Ersatzteile", "Sets", "Koffer", "Einsätze", "Bits", "Schlüssel", "Zangen", "Abzieher", "Montage", "Reifen", "Bremsen", "Ketten", "Naben", "Lager", "Dichtungen"];

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** A GTIN-13 with its check digit, from a 12-digit body. */
function gtin13(body: string): string {
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function sharedName(k: number): string {
  const a = WORDS[k % WORDS.length] ?? "";
  const b = WORDS[Math.floor(k / WORDS.length) % WORDS.length] ?? "";
  return `${a} ${b} ${Math.floor(k / (WORDS.length * WORDS.length)) + 1}`;
}

/** Inserts a "/" the way real names carry one ("Rad- / Reifenmontage"); the name stays unique. */
function withSlash(name: string): string {
  const space = name.indexOf(" ");
  return space === -1 ? `${name} / Sonstiges` : `${name.slice(0, space)} / ${name.slice(space + 1)}`;
}

interface Slot {
  id: string;
  parentId: string;
  depth: 1 | 2 | 3;
  top: number;
  name?: string;
}

export function largeTreeBmecat(options: LargeTreeOptions = {}): LargeTree {
  const total = options.groups ?? 1660;
  const duplicates = options.duplicateNames ?? 344;
  const slashes = options.slashNames ?? 166;
  const productCount = options.products ?? 3000;
  const secondEvery = options.secondGroupEvery ?? 25;
  if (total < 200) throw new Error("largeTreeBmecat: at least 200 groups");

  // Root, 12 top groups, 10 groups below each, the rest as leaves spread over those 120.
  const tops = 12;
  const perTop = 10;
  const slots: Slot[] = [];
  for (let t = 0; t < tops; t++) slots.push({ id: `T${t + 1}`, parentId: "ROOT", depth: 1, top: t });
  const seconds: Slot[] = [];
  for (let t = 0; t < tops; t++) for (let s = 0; s < perTop; s++) seconds.push({ id: `T${t + 1}-S${s + 1}`, parentId: `T${t + 1}`, depth: 2, top: t });
  slots.push(...seconds);
  const leaves: Slot[] = [];
  for (let i = 0; leaves.length < total - 1 - slots.length; i++) {
    const parent = seconds[i % seconds.length] as Slot;
    leaves.push({ id: `${parent.id}-L${Math.floor(i / seconds.length) + 1}`, parentId: parent.id, depth: 3, top: parent.top });
  }
  slots.push(...leaves);

  // Duplicate names: ten carried by a leaf in every top branch, the rest by two leaves in two different
  // top branches; the first twenty of those by second-level groups, as "Rad- / Reifenmontage" is.
  const free = (depth: 2 | 3) => (depth === 2 ? seconds : leaves).filter((slot) => slot.name === undefined);
  const many = Math.min(10, duplicates);
  for (let k = 0; k < many; k++) {
    const name = `${sharedName(k)} (alle Bereiche)`;
    for (let t = 0; t < tops; t++) {
      const slot = free(3).find((candidate) => candidate.top === t);
      if (slot) slot.name = name;
    }
  }
  for (let k = many; k < duplicates; k++) {
    const depth = k < many + 20 ? 2 : 3;
    const name = k % 5 === 0 ? withSlash(sharedName(k)) : sharedName(k);
    const first = free(depth)[(k * 7) % free(depth).length];
    if (!first) throw new Error("largeTreeBmecat: too few groups for the duplicate names");
    first.name = name;
    const second = free(depth).find((slot) => slot.top === (first.top + 1 + (k % (tops - 1))) % tops);
    if (!second) throw new Error("largeTreeBmecat: too few groups for the duplicate names");
    second.name = name;
  }

  // The hostile names once each, spread over the levels; every other group a unique plain name.
  const unnamed = slots.filter((slot) => slot.name === undefined);
  HOSTILE_NAMES.forEach((name, i) => {
    const slot = unnamed[(i * 53) % unnamed.length];
    if (slot && slot.name === undefined) slot.name = name;
  });
  let plain = 0;
  for (const slot of slots) if (slot.name === undefined) slot.name = `Bereich ${slot.id.replace(/-/g, ".")} ${WORDS[plain++ % WORDS.length] ?? ""}`;

  // Slashes up to the asked number, in plain names (the duplicates and hostile ones keep theirs).
  let slashed = slots.filter((slot) => slot.name?.includes("/")).length;
  for (const slot of slots) {
    if (slashed >= slashes) break;
    if (slot.name?.startsWith("Bereich ") && !slot.name.includes("/")) {
      slot.name = withSlash(slot.name);
      slashed++;
    }
  }

  const byId = new Map(slots.map((slot) => [slot.id, slot]));
  const pathOf = (slot: Slot): string[] => {
    const parent = byId.get(slot.parentId);
    return parent ? [...pathOf(parent), slot.name ?? ""] : [slot.name ?? ""];
  };
  const groups: LargeTreeGroup[] = [
    { id: "ROOT", parentId: "0", name: "Großes Sortiment", path: [], depth: 0 },
    ...slots.map((slot) => ({ id: slot.id, parentId: slot.parentId, name: slot.name ?? "", path: pathOf(slot), depth: slot.depth })),
  ];

  const products: LargeTreeProduct[] = [];
  for (let n = 0; n < productCount; n++) {
    const leaf = leaves[n % leaves.length] as Slot;
    const other = secondEvery > 0 && n % secondEvery === 0 ? leaves[(n + Math.floor(leaves.length / 2)) % leaves.length] : undefined;
    products.push({
      partno: `LT-${String(n + 1).padStart(5, "0")}`,
      titleDe: `Artikel ${n + 1} für ${leaf.name ?? ""}`,
      titleEn: `Article ${n + 1} for ${leaf.name ?? ""}`,
      ean: gtin13(`400638${String(n + 1).padStart(6, "0")}`),
      price: Math.round((4.95 + ((n * 37) % 500)) * 100) / 100,
      groupIds: other && other.id !== leaf.id ? [leaf.id, other.id] : [leaf.id],
    });
  }

  const counts = new Map<string, number>();
  for (const group of groups) counts.set(group.name, (counts.get(group.name) ?? 0) + 1);
  const duplicateNames = [...counts].filter(([, count]) => count > 1).map(([name]) => name);

  return { xml: toXml(groups, products), groups, products, duplicateNames, hostileNames: HOSTILE_NAMES.filter((name) => counts.has(name)) };
}

function toXml(groups: LargeTreeGroup[], products: LargeTreeProduct[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">',
    "  <HEADER>",
    "    <GENERATOR_INFO>velocat tests/support/large-tree-bmecat.ts</GENERATOR_INFO>",
    "    <CATALOG>",
    '      <LANGUAGE default="true">deu</LANGUAGE>',
    "      <LANGUAGE>eng</LANGUAGE>",
    "      <CATALOG_ID>large-tree</CATALOG_ID>",
    "      <CATALOG_VERSION>1.0</CATALOG_VERSION>",
    '      <CATALOG_NAME lang="deu">Großes Sortiment</CATALOG_NAME>',
    "      <CURRENCY>EUR</CURRENCY>",
    "    </CATALOG>",
    "    <SUPPLIER><SUPPLIER_NAME>Generated</SUPPLIER_NAME></SUPPLIER>",
    "  </HEADER>",
    "  <T_NEW_CATALOG>",
    "    <CATALOG_GROUP_SYSTEM>",
    "      <GROUP_SYSTEM_ID>large-tree</GROUP_SYSTEM_ID>",
  ];
  const parents = new Set(groups.map((group) => group.parentId));
  groups.forEach((group, order) => {
    const type = group.depth === 0 ? "root" : parents.has(group.id) ? "node" : "leaf";
    out.push(
      `      <CATALOG_STRUCTURE type="${type}">`,
      `        <GROUP_ID>${escapeXml(group.id)}</GROUP_ID>`,
      `        <GROUP_NAME lang="deu">${escapeXml(group.name)}</GROUP_NAME>`,
      `        <PARENT_ID>${escapeXml(group.parentId)}</PARENT_ID>`,
      `        <GROUP_ORDER>${order + 1}</GROUP_ORDER>`,
      "      </CATALOG_STRUCTURE>",
    );
  });
  out.push("    </CATALOG_GROUP_SYSTEM>");
  products.forEach((product, n) => {
    out.push(
      '    <PRODUCT mode="new">',
      `      <SUPPLIER_PID>${product.partno}</SUPPLIER_PID>`,
      "      <PRODUCT_DETAILS>",
      `        <DESCRIPTION_SHORT lang="deu">${escapeXml(product.titleDe)}</DESCRIPTION_SHORT>`,
      `        <DESCRIPTION_SHORT lang="eng">${escapeXml(product.titleEn)}</DESCRIPTION_SHORT>`,
      `        <INTERNATIONAL_PID type="gtin">${product.ean}</INTERNATIONAL_PID>`,
      "      </PRODUCT_DETAILS>",
      "      <PRODUCT_FEATURES>",
      '        <FEATURE><FNAME lang="deu">Länge</FNAME><FNAME lang="eng">Length</FNAME>' + `<FVALUE>${(n % 500) + 10}</FVALUE><FUNIT>MMT</FUNIT></FEATURE>`,
      "      </PRODUCT_FEATURES>",
      "      <PRODUCT_PRICE_DETAILS>",
      `        <PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>${product.price.toFixed(2)}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE>`,
      "      </PRODUCT_PRICE_DETAILS>",
      "    </PRODUCT>",
    );
  });
  for (const product of products) {
    product.groupIds.forEach((groupId, i) => {
      out.push(
        `    <PRODUCT_TO_CATALOGGROUP_MAP><PROD_ID>${product.partno}</PROD_ID><CATALOG_GROUP_ID>${escapeXml(groupId)}</CATALOG_GROUP_ID><PRODUCT_TO_CATALOGGROUP_MAP_ORDER>${i + 1}</PRODUCT_TO_CATALOGGROUP_MAP_ORDER></PRODUCT_TO_CATALOGGROUP_MAP>`,
      );
    });
  }
  out.push("  </T_NEW_CATALOG>", "</BMECAT>", "");
  return out.join("\n");
}

/** Writes the catalogue to `file` and returns what it holds. */
export function writeLargeTreeBmecat(file: string, options: LargeTreeOptions = {}): Omit<LargeTree, "xml"> {
  const { xml, ...tree } = largeTreeBmecat(options);
  fs.writeFileSync(file, xml);
  return tree;
}
