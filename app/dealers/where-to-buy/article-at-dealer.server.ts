import type { AppLoadContext } from "react-router";
import { stockRecallHref } from "~/catalog/recall-view";
import { recallNotices } from "~/catalog/recall-view.server";
import { resolveArticleLines } from "~/dealers/lines/article-lines.server";
import { dealerCarries } from "~/dealers/lines/product-lines";
import { stockOfArticle } from "~/dealers/search/run-dealer-search.server";
import type { ArticleAtDealer } from "./where-to-buy";
import { MAX_PARTNO_LENGTH } from "~/dealers/search/search-params";

/**
 * The dealer page's answer to "does this dealer have the article?" (issue 37): the same fresh-stock
 * lookup as the dealer search and where-to-buy (decision 056), for one dealer. A parameter that names
 * no article (a link to an article since removed, a typo) gives null: the dealer's page is still the
 * dealer's page, and the address carries no claim.
 */
export async function articleAtDealer(
  context: Pick<AppLoadContext, "db" | "env">,
  dealer: { slug: string; productLines?: readonly string[] },
  partno: string | null,
  now: number,
): Promise<ArticleAtDealer | null> {
  const wanted = partno?.trim() ?? "";
  if (wanted === "" || wanted.length > MAX_PARTNO_LENGTH) return null;
  const article = await resolveArticleLines(context.db, wanted);
  if (!article) return null;
  const stock = await stockOfArticle(context, article.partno, now);
  return {
    partno: article.partno,
    title: article.title,
    href: article.href,
    inStockAsOf: stock.get(dealer.slug) ?? null,
    carriesLine: dealerCarries(dealer, article.lines),
    recall: stockRecallHref(await recallNotices(context.db, article.partno)),
  };
}
