import { brand } from "~/config/brand";
import { hasBrandTag } from "~/dealers/dealer/dealer-filter";

/**
 * The pages quality checks walk: every route of the specification in both languages, with one
 * article list, one deep link, one category page and one dealer page taken from the live API (no
 * hard-coded rows).
 */
interface Category {
  bbf_cat_name: string;
  bbf_cat_ID_PUBLICGRPORDER: number;
  bbf_cat_parent_category: number | null;
}

export async function sitePaths(baseUrl: string): Promise<string[]> {
  const categories = (await (await fetch(`${baseUrl}/catalog/list/categories/37`)).json()) as Category[];
  const hasChildren = (c: Category) => categories.some((x) => x.bbf_cat_parent_category === c.bbf_cat_ID_PUBLICGRPORDER);
  const leaf = categories.find((c) => c.bbf_cat_parent_category !== null && !hasChildren(c));
  const parent = categories.find((c) => c.bbf_cat_parent_category !== null && hasChildren(c));
  if (!leaf || !parent) throw new Error("the catalogue needs a leaf category and one with subcategories");
  const articles = (await (await fetch(`${baseUrl}/catalog/list/categories/articles/${leaf.bbf_cat_ID_PUBLICGRPORDER}`)).json()) as {
    articles: { PARTNO: string }[];
  };
  const dealerPath = await demoDealerPath(baseUrl);
  const recallPath = await demoRecallPath(baseUrl);
  const urlName = (c: Category) => encodeURIComponent(c.bbf_cat_name.replace(/ /g, "-"));
  const list = `/products/articles/${urlName(leaf)}`;
  return [
    "/",
    "/products",
    `/products/${urlName(parent)}`,
    list,
    `${list}/${encodeURIComponent(articles.articles[0]?.PARTNO ?? "")}`,
    "/search?q=klingel",
    "/handlersuche",
    "/handlersuche?q=berlin",
    dealerPath,
    "/service",
    "/hinweise",
    "/downloads",
    "/contact",
    "/datenschutz",
    "/impressum",
    "/rueckrufe",
    recallPath,
    "/gibt-es-nicht",
  ];
}

/** The newest recall's page, from the overview (the demo seeds two). */
export async function demoRecallPath(baseUrl: string): Promise<string> {
  const overview = await (await fetch(`${baseUrl}/rueckrufe`)).text();
  const path = /href="(\/rueckrufe\/[^"]+)"/.exec(overview)?.[1];
  if (!path) throw new Error("the demo needs a recall (app/seed/demo-recalls.ts)");
  return path;
}

export function withLang(path: string, lang: "de" | "en"): string {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;
}

interface Dealer {
  slug?: string;
  tag: string;
  position: [number | null, number | null];
  openingHours?: string;
  web?: string;
  services?: string[];
}

/** A brand dealer's page with the most to show: a map, opening hours, services. */
export async function demoDealerPath(baseUrl: string): Promise<string> {
  const dealers = (await (await fetch(`${baseUrl}/api/reseller`)).json()) as Dealer[];
  const ours = dealers.filter((d) => d.slug && hasBrandTag(d.tag, brand.dealerTag));
  // The same dealer as the "full" example of tests/e2e/dealer-page.spec.ts, whose axe test leaves it to the route list.
  const full = ours.find((d) => d.position[0] !== null && d.position[1] !== null && d.openingHours && d.web && (d.services?.length ?? 0) > 0) ?? ours[0];
  if (!full?.slug) throw new Error("the dealer list needs a brand dealer with a slug");
  return `/handlersuche/${full.slug}`;
}
