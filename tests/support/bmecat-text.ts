import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readBmecat } from "~/import/bmecat-reader.server";
import type { BmecatTransaction, ImportedArticle, ImportedGroup, ImportedGroupLink, ImportedHeader } from "~/exchange/catalogue-model";
import { Problems } from "~/exchange/import-report";
import { shippedBrandNames } from "./shipped-brand";

/** The shipped brand's names: a maker of that name is the brand (content/brand.yaml). */
const makerBrand = shippedBrandNames();

/**
 * BMEcat written in a test, read by the reader: what the rule tests share. Each file gets a folder
 * of its own, removed once read: test files that share this module in one worker never share a folder.
 */
export async function readText(xml: string, options: { strict?: boolean; name?: string; today?: string } = {}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "velocat-bmecat-rules-"));
  try {
    return await readFile(path.join(scratch, options.name ?? "catalogue.xml"), xml, options);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function readFile(file: string, xml: string, options: { strict?: boolean; today?: string }) {
  fs.writeFileSync(file, xml);
  const problems = new Problems({ strict: options.strict });
  const groups: ImportedGroup[] = [];
  const articles: ImportedArticle[] = [];
  const mappings: { partno: string; link: ImportedGroupLink }[] = [];
  const transactions: [BmecatTransaction, number][] = [];
  const header: ImportedHeader = await readBmecat({
    brand: makerBrand,
    file,
    ...(options.today ? { today: options.today } : {}),
    problems,
    sink: {
      header: () => undefined,
      transaction: (t, line) => void transactions.push([t, line]),
      group: (g) => void groups.push(g),
      article: (a) => void articles.push(a),
      mapping: (partno, link) => void mappings.push({ partno, link }),
    },
  });
  return { problems, groups, articles, mappings, header, transactions };
}

export const GROUPS = `<CATALOG_GROUP_SYSTEM>
      <CATALOG_STRUCTURE type="root"><GROUP_ID>R</GROUP_ID><GROUP_NAME>Alles</GROUP_NAME><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE>
      <CATALOG_STRUCTURE type="leaf"><GROUP_ID>L</GROUP_ID><GROUP_NAME>Licht</GROUP_NAME><PARENT_ID>R</PARENT_ID></CATALOG_STRUCTURE>
    </CATALOG_GROUP_SYSTEM>`;

/** A BMEcat 2005 file: `root` is the BMECAT start tag, `body` what goes inside T_NEW_CATALOG. */
export function bmecat2005(body: string, options: { root?: string; header?: string; transaction?: string } = {}): string {
  const transaction = options.transaction ?? "T_NEW_CATALOG";
  return `<?xml version="1.0" encoding="UTF-8"?>
${options.root ?? '<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">'}
  <HEADER>
    <CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>c</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION>${options.header ?? "<CATALOG_NAME>Katalog</CATALOG_NAME>"}</CATALOG>
  </HEADER>
  <${transaction}>
    ${body}
  </${transaction}>
</BMECAT>
`;
}

export function product(partno: string, inner = "", details = "<DESCRIPTION_SHORT>Lampe</DESCRIPTION_SHORT>"): string {
  return `<PRODUCT mode="new"><SUPPLIER_PID>${partno}</SUPPLIER_PID><PRODUCT_DETAILS>${details}</PRODUCT_DETAILS>${inner}</PRODUCT>`;
}

export const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
