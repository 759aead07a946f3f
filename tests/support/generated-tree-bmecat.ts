/**
 * A BMEcat 2005 catalogue with a large category tree and no pictures, shaped like the real one in
 * issue 26 (1,660 groups, hundreds of names used in several branches, names with `/` and `&`, long
 * names): the page-size budget and the import's speed are measured on it. Deterministic: the same
 * options give the same bytes.
 */
export interface GeneratedTree {
  xml: string;
  groups: number;
  products: number;
}

/** Second-level groups under each top group: uneven, as real trees are (one branch holds a quarter). */
const SECOND_LEVEL = [64, 40, 25, 20, 16, 14, 12, 10, 10, 8, 8, 6, 6, 5, 4, 3, 2, 1];

const SECOND_NAMES = [
  "Bremsen / Beläge",
  "Licht & Elektrik",
  "Schrauben, Muttern & Scheiben",
  "Zubehör",
  "Ersatzteile",
  "Lenker & Vorbauten",
  "Ketten / Ritzel / Kassetten",
  "Reifen 28\" / 29\"",
  "Sättel",
  "Naben & Speichen",
  "Pedale",
  "Werkzeug",
  "Sonstiges",
  "Schutzbleche",
  "Gepäckträger",
  "Ständer",
  "Schlösser",
  "Taschen & Körbe",
  "Klingeln",
  "Pflege / Reinigung",
];

const LEAF_NAMES = ["Zubehör", "Ersatzteile", "Sonstiges", "Sets", "Kleinteile / Montage", "Größe S & M", "Größe L / XL", "Ø 25,4 mm", "Ø 31,8 mm", "Ab 2024"];

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** 200 characters: the longest name the issue asks every page to carry. */
function longName(n: number): string {
  return `Sortimentsbereich ${n} für Werkstätten & Händler / Ersatz- und Verschleißteile, Montagematerial und Zubehör für Trekking-, City-, E-Bike- und Lastenräder mit Nabenschaltung und Kettenschaltung`
    .padEnd(200, ".")
    .slice(0, 200);
}

export function generateTreeBmecat(options: { groups?: number; productsPerLeaf?: number } = {}): GeneratedTree {
  const total = options.groups ?? 1660;
  const perLeaf = options.productsPerLeaf ?? 1;
  const lines: string[] = [];
  const groupLines: string[] = [];
  interface Group { id: string; parent: string; name: string; order: number }
  const groups: Group[] = [{ id: "ROOT", parent: "0", name: "Großes Sortiment", order: 1 }];
  const tops = SECOND_LEVEL.map((_, i) => ({ id: `T${i + 1}`, parent: "ROOT", name: i === 3 ? longName(i) : `Bereich ${i + 1} ${SECOND_NAMES[(i * 7) % SECOND_NAMES.length] ?? ""}`, order: i + 1 }));
  groups.push(...tops);
  const seconds: Group[] = [];
  SECOND_LEVEL.forEach((count, t) => {
    for (let j = 0; j < count; j++) {
      const n = seconds.length;
      const name = n % 37 === 5 ? longName(n) : (SECOND_NAMES[n % SECOND_NAMES.length] ?? "Gruppe");
      seconds.push({ id: `S${n + 1}`, parent: `T${t + 1}`, name, order: j + 1 });
    }
  });
  groups.push(...seconds);
  // The rest of the groups are leaves below the second level, spread unevenly over it.
  const leavesWanted = total - groups.length;
  const leafCount = new Map<string, number>();
  for (let k = 0; k < leavesWanted; k++) {
    const second = seconds[(k * 13 + Math.floor(k / seconds.length)) % seconds.length];
    if (second) leafCount.set(second.id, (leafCount.get(second.id) ?? 0) + 1);
  }
  let leafNo = 0;
  for (const second of seconds) {
    for (let j = 0; j < (leafCount.get(second.id) ?? 0); j++) {
      leafNo++;
      const name = leafNo % 89 === 3 ? longName(leafNo) : (LEAF_NAMES[leafNo % LEAF_NAMES.length] ?? "Teil");
      groups.push({ id: `L${leafNo}`, parent: second.id, name, order: j + 1 });
    }
  }
  const parents = new Set(groups.map((g) => g.parent));
  for (const g of groups) {
    const type = g.parent === "0" ? "root" : parents.has(g.id) ? "node" : "leaf";
    groupLines.push(
      `<CATALOG_STRUCTURE type="${type}"><GROUP_ID>${g.id}</GROUP_ID><GROUP_NAME lang="deu">${escapeXml(g.name)}</GROUP_NAME><PARENT_ID>${g.parent}</PARENT_ID><GROUP_ORDER>${g.order}</GROUP_ORDER></CATALOG_STRUCTURE>`,
    );
  }

  const products: string[] = [];
  const maps: string[] = [];
  for (const g of groups) {
    if (parents.has(g.id)) continue;
    for (let p = 0; p < perLeaf; p++) {
      const partno = `GT-${g.id}-${p + 1}`;
      products.push(
        `<PRODUCT mode="new"><SUPPLIER_PID>${partno}</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT lang="deu">${escapeXml(`${g.name.slice(0, 60)} Artikel ${p + 1}`)}</DESCRIPTION_SHORT><DESCRIPTION_LONG lang="deu">Ein Artikel der Gruppe ${g.id}.</DESCRIPTION_LONG></PRODUCT_DETAILS><PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="nrp"><PRICE_AMOUNT>${(9.95 + p).toFixed(2)}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS></PRODUCT>`,
      );
      maps.push(`<PRODUCT_TO_CATALOGGROUP_MAP><PROD_ID>${partno}</PROD_ID><CATALOG_GROUP_ID>${g.id}</CATALOG_GROUP_ID></PRODUCT_TO_CATALOGGROUP_MAP>`);
    }
  }

  lines.push(
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">`,
    `<HEADER><GENERATOR_INFO>velocat tests: generated large tree</GENERATOR_INFO><CATALOG><LANGUAGE default="true">deu</LANGUAGE><CATALOG_ID>large-tree</CATALOG_ID><CATALOG_VERSION>1.0</CATALOG_VERSION><CATALOG_NAME lang="deu">Großes Sortiment</CATALOG_NAME><CURRENCY>EUR</CURRENCY></CATALOG><SUPPLIER><SUPPLIER_NAME>VIVA Bikeparts GmbH</SUPPLIER_NAME></SUPPLIER></HEADER>`,
    `<T_NEW_CATALOG>`,
    `<CATALOG_GROUP_SYSTEM><GROUP_SYSTEM_ID>large</GROUP_SYSTEM_ID>`,
    ...groupLines,
    `</CATALOG_GROUP_SYSTEM>`,
    ...products,
    ...maps,
    `</T_NEW_CATALOG>`,
    `</BMECAT>`,
  );
  return { xml: `${lines.join("\n")}\n`, groups: groups.length, products: products.length };
}
