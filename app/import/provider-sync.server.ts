import { plainRetailPrices } from "~/exchange/retail-price";
import type { BrandNames } from "~/exchange/article-fields";
import { OWN_DEALER_COLUMNS } from "./dealer-layouts";
import { isDealerService } from "~/dealers/dealer/dealer-services";
import { createHash } from "node:crypto";
import type { ZodMiniType } from "zod/mini";
import { brand } from "~/config/brand";
import {
  articleListSchema,
  categoryListSchema,
  resellerListSchema,
  type ProviderReseller,
  type ProviderArticle,
  type ProviderArticleList,
  type ProviderCategory,
} from "~/exchange/provider-schema";
import type { DB } from "~/db/database.server";
import { getMeta } from "~/models/app-meta.server";
import { findPostalCode } from "~/models/postal-code.server";
import { readGtin } from "~/utils/ean";
import { switchCatalogue } from "./catalogue-import.server";
import { documentPurpose, type ImportedArticle, type ImportedGroup, type ImportedProperty, type Texts } from "~/exchange/catalogue-model";
import { CatalogueStaging } from "./catalogue-staging.server";
import { importedFieldsFromProvider } from "~/exchange/article-field-codecs";
import type { DealerSheet, SheetRow } from "./dealer-file-reader.server";
import { importDealers } from "./dealer-import.server";
import { diskFullMessage, ImportBusyError, withImportLock } from "./import-lock.server";
import { Problems, startSummary, type ImportRunOptions, type ImportSummary } from "~/exchange/import-report";
import { createProgress } from "~/exchange/progress.server";
import { UnaddressedMakers } from "~/exchange/maker-addresses";

export interface ProviderSyncOptions extends ImportRunOptions {
  catalogUrl: string;
  /** The brand's names (content/brand.yaml, read by the command): a MANUFACTURER of that name is the brand. */
  brand: BrandNames;
  resellerUrl: string;
  shopId: number;
  /** Per request; the provider's hosts are on the internet. */
  timeoutMs?: number;
}

class FetchProblem extends Error {}

async function fetchJson<T>(url: string, schema: ZodMiniType<T>, timeoutMs: number): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch (error) {
    throw new FetchProblem(`GET ${url} failed: ${(error as Error).message}`);
  }
  if (!response.ok) throw new FetchProblem(`GET ${url} answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new FetchProblem(`GET ${url} did not answer JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new FetchProblem(`GET ${url} sent an unexpected shape at ${first?.path.join(".") || "the top"}: ${first?.message ?? "invalid"}`);
  }
  return parsed.data;
}


/**
 * The provider's dealer list as rows of a dealer sheet, so it goes through the dealer import's own
 * checks. The provider gives no id and no country: the id is a fingerprint of name and address
 * (stable while neither changes), the country follows from the postal code (five digits: Germany;
 * four: Austria or Switzerland, whichever has that code nearer to the dealer's position).
 */
async function dealerSheet(db: DB, resellers: ProviderReseller[]): Promise<DealerSheet> {
  const rows: SheetRow[] = [{ line: 1, cells: [...OWN_DEALER_COLUMNS] }];
  for (const [index, reseller] of resellers.entries()) {
    const comma = reseller.adresse.lastIndexOf(",");
    const street = comma === -1 ? reseller.adresse : reseller.adresse.slice(0, comma).trim();
    const rest = comma === -1 ? "" : reseller.adresse.slice(comma + 1).trim();
    const [postal = "", ...town] = rest.split(/\s+/);
    // A position the provider only estimated (its postal code's or town's centre) is placed here again, and so marked.
    const [lat, lng] = reseller.approximate ? [null, null] : reseller.position;
    let country: string = reseller.country ?? (postal.length === 5 ? "DE" : "");
    if (!reseller.country && postal.length === 4) {
      const match = await findPostalCode(db, postal, ["AT", "CH"]);
      const places = match ? [match.best, ...match.alternatives] : [];
      const distance = (p: { lat: number; lng: number }) => (lat === null || lng === null ? 0 : (p.lat - lat) ** 2 + (p.lng - lng) ** 2);
      country = places.sort((a, b) => distance(a) - distance(b))[0]?.country ?? "AT";
    }
    const id = `provider-${createHash("sha256").update(`${reseller.name}|${reseller.adresse}`).digest("hex").slice(0, 12)}`;
    rows.push({
      line: index + 2,
      cells: [
        id,
        reseller.name,
        street,
        postal,
        town.join(" ") || reseller.ort,
        country,
        reseller.tel,
        reseller.email,
        reseller.web ?? "",
        reseller.tag,
        lat === null ? "" : String(lat),
        lng === null ? "" : String(lng),
        // Our own API sends these; a provider's list leaves the cells empty.
        (reseller.services ?? []).filter(isDealerService).join(","),
        reseller.openingHours ?? "",
        (reseller.productLines ?? []).join(","),
      ],
    });
  }
  return { description: "the provider's dealer list", rows };
}

const MENU_BY_MAIN: Record<number, "parts" | "accessories"> = {
  [brand.groups.parts]: "parts",
  [brand.groups.accessories]: "accessories",
};

function toGroup(category: ProviderCategory): ImportedGroup {
  return {
    sourceId: String(category.bbf_cat_ID_PUBLICGRPORDER),
    parentSourceId: category.bbf_cat_parent_category === null ? null : String(category.bbf_cat_parent_category),
    name: { de: category.translations.german.NAME || category.bbf_cat_name, en: category.translations.english.NAME },
    description: { de: category.translations.german.DESCRIPTION, en: category.translations.english.DESCRIPTION },
    order: category.bbf_cat_position,
    image: null,
    menuGroup: MENU_BY_MAIN[category.bbf_cat_ID_PUBLICGRPORDERMAIN] ?? null,
    symbol: category.bbf_cat_symbol,
    line: 0,
  };
}

function properties(article: ProviderArticle): ImportedProperty[] {
  const result: ImportedProperty[] = [];
  for (const kind of ["primary", "secondary"] as const) {
    const german = article.properties.default[kind];
    const english = article.properties.english?.[kind] ?? [];
    german.forEach((p, i) => {
      const en = english[i];
      const translated = en && en.LANG !== "de";
      result.push({
        kind,
        attribute: { de: p.ATTRIBUTE, en: translated ? en.ATTRIBUTE : "" },
        value: { de: p.VALUE, en: translated ? en.VALUE : "" },
      });
    });
  }
  return result;
}

/** The provider's one price, in euros, is Germany's with VAT (its RESELLERPRICE). */
function providerPrice(euros: number | null): Pick<ImportedArticle, "priceCents" | "prices"> {
  const cents = euros === null ? null : Math.round(euros * 100);
  return { priceCents: cents, prices: plainRetailPrices(cents) };
}

/** The article without its groups: the sync adds those once it has seen every category's list. */
function toArticle(article: ProviderArticle, blockOrder: number | null, where: string, problems: Problems, brand: BrandNames): ImportedArticle {
  const eans: string[] = [];
  for (const { EAN } of article.eans) {
    const reading = readGtin(EAN);
    if ("gtin" in reading) eans.push(reading.gtin);
    else problems.warnEach("gtin", null, where, `${article.PARTNO}, GTIN "${EAN}"`, "not a valid GTIN of the article: it is left out");
  }
  const english = article.descriptions.english;
  const title: Texts = { de: article.descriptions.default.TEXT1, en: english?.TEXT1 ?? "" };
  return {
    partno: article.PARTNO,
    line: 0,
    title,
    description: { de: article.descriptions.default.TEXT5 ?? null, en: english?.TEXT5 ?? null },
    prodcatname: { de: article.PRODCATNAME, en: article.translations?.english.PRODCATNAME ?? "" },
    eans,
    ...providerPrice(article.RESELLERPRICE),
    images: article.media.filter((m) => m.TYPE === "Bild" && m.IMAGENAME !== "").map((m) => ({ source: m.IMAGENAME, line: 0 })),
    properties: properties(article),
    references: (article.references ?? []).map((r) => ({ kind: r.TYPE === "accessories" ? "accessory" : "sparepart", target: r.PARTNO, line: 0 })),
    groups: [],
    blockOrder,
    mode: "new",
    // Our extensions: the table's fields (decision 058), and the documents (decision 050), whose
    // files stay on the media host, like the pictures.
    ...importedFieldsFromProvider(article, brand),
    documents: (article.DOCUMENTS ?? []).map((d) => ({
      source: d.FILE,
      line: 0,
      purpose: documentPurpose(d.TYPE),
      names: { de: d.NAME, en: d.NAME_EN ?? "" },
      language: d.LANG,
      bytes: d.SIZE,
    })),
  };
}

/**
 * `npm run import -- provider`: the provider's categories, every category's articles and (with the
 * dealer import) its dealers become our own data, through the same checks and the same switch as a
 * BMEcat file. Anything that fails to fetch or does not match the provider's shapes keeps the last
 * good data. Pictures stay on the provider's media host (MEDIA_BASE_URL), by their IMAGENAME.
 */
export async function syncFromProvider(db: DB, options: ProviderSyncOptions): Promise<ImportSummary> {
  const started = performance.now();
  const problems = new Problems();
  const summary = startSummary(problems, {
    command: "provider",
    source: options.catalogUrl,
    dryRun: options.dryRun,
    dataVersion: (await getMeta(db, "data_version")) ?? null,
  });
  const timeout = options.timeoutMs ?? 15_000;
  try {
    await withImportLock(db, options.dataDir, async (locked) => {
      const categoriesUrl = `${options.catalogUrl}/catalog/list/categories/${options.shopId}`;
      options.log(`Fetching ${categoriesUrl}`);
      const categories = await fetchJson(categoriesUrl, categoryListSchema, timeout);
      const staging = CatalogueStaging.inDataDir(options.dataDir);
      try {
        const progress = createProgress({ label: "Fetching articles", total: categories.length, unit: "categories", quiet: options.quiet });
        // Every category that lists an article (decision 040); its own one first, where our API names it.
        const seen = new Map<string, { home: number | null; groups: { id: number; order: number }[] }>();
        const unaddressed = new UnaddressedMakers();
        let done = 0;
        for (const category of categories) {
          const id = category.bbf_cat_ID_PUBLICGRPORDER;
          const url = `${options.catalogUrl}/catalog/list/categories/articles/${id}`;
          const list: ProviderArticleList = await fetchJson(url, articleListSchema, timeout);
          const blocks = new Map(list.blocks.map((b, i) => [b.PARTNO, i + 1]));
          list.articles.forEach((article, index) => {
            const known = seen.get(article.PARTNO);
            if (known) {
              if (!known.groups.some((g) => g.id === id)) known.groups.push({ id, order: index + 1 });
              known.home ??= article.CATEGORY_ID ?? null;
              return;
            }
            seen.set(article.PARTNO, { home: article.CATEGORY_ID ?? null, groups: [{ id, order: index + 1 }] });
            const imported = toArticle(article, blocks.get(article.PARTNO) ?? null, url, problems, options.brand);
            unaddressed.note(imported, null);
            staging.addArticle(imported);
          });
          progress.update(++done);
        }
        for (const [partno, { home, groups }] of seen) {
          const ordered = [...groups.filter((g) => g.id === home), ...groups.filter((g) => g.id !== home)];
          for (const g of ordered) staging.addMapping(partno, { sourceId: String(g.id), order: g.order, line: 0 });
        }
        progress.stop();
        unaddressed.report(problems, categoriesUrl, "give them as MANUFACTURER_ADDRESS and MANUFACTURER_EMAIL");
        staging.finishWriting();
        if (problems.hasErrors) return;
        if (seen.size === 0) {
          problems.error(null, categoriesUrl, "the provider lists no articles: syncing would empty the catalogue");
          return;
        }
        // The dealers are checked before anything is switched: the sync is all or nothing.
        const resellersUrl = `${options.resellerUrl}/api/reseller`;
        options.log(`Fetching ${resellersUrl}`);
        const sheet = await dealerSheet(locked, await fetchJson(resellersUrl, resellerListSchema, timeout));
        const dealerOptions = { ...options, file: resellersUrl, prune: true, sheet };
        const dealerCheck = await importDealers(locked, { ...dealerOptions, dryRun: true });
        for (const p of dealerCheck.errors) problems.error(p.line, `${resellersUrl} ${p.where ?? ""}`.trim(), p.message);
        for (const p of dealerCheck.warnings) problems.warn(p.line, `${resellersUrl} ${p.where ?? ""}`.trim(), p.message);
        if (problems.hasErrors) return;
        await switchCatalogue(locked, {
          ...options,
          groups: categories.map(toGroup),
          catalogName: { de: brand.rangeCategoryName, en: "" },
          staging,
          problems,
          summary,
          images: null,
          menuOption: undefined,
        });
        if (problems.hasErrors) return;
        const dealers = await importDealers(locked, dealerOptions);
        for (const p of dealers.errors) problems.error(p.line, resellersUrl, p.message);
        summary.counts = { ...summary.counts, ...dealers.counts };
        if (dealers.applied && dealers.dataVersion) {
          summary.applied = true;
          summary.dataVersion = dealers.dataVersion;
        }
      } finally {
        staging.close();
      }
    });
  } catch (error) {
    const message = error instanceof FetchProblem || error instanceof ImportBusyError ? error.message : diskFullMessage(error, options.dataDir);
    if (message === null) throw error;
    problems.error(null, undefined, `${message}; the site keeps its last good data`);
  }
  summary.moreErrors = problems.moreErrors;
  summary.moreWarnings = problems.moreWarnings;
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}
