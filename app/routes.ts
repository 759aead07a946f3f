import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { PAGE_PATHS } from "./navigation/site-paths";

/** Pages whose module is named after their one-word path (`service` → routes/service.tsx). */
const ONE_WORD_PAGES = ["products", "dealers", "service", "notices", "downloads", "contact", "privacy", "imprint", "search", "recalls"] as const;

// The pages' paths are PAGE_PATHS, which the content check reads too.
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    ...ONE_WORD_PAGES.map((page) => route(PAGE_PATHS[page], `routes/${PAGE_PATHS[page]}.tsx`)),
    route(PAGE_PATHS.category, "routes/products.category.tsx"),
    route(PAGE_PATHS.articles, "routes/products.articles.tsx", [
      route(PAGE_PATHS.article, "routes/products.articles.detail.tsx"),
    ]),
    route(PAGE_PATHS.dealer, "routes/handlersuche.dealer.tsx"),
    route(PAGE_PATHS.recall, "routes/rueckrufe.recall.tsx"),
    // GS1 Digital Link resolver (issue 28, decision 053): a page where a link cannot be resolved (decision 064).
    route("01/*", "routes/digital-link.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // Provider-compatible JSON API (specification section 7).
  route("catalog/list/categories/:shopId", "routes/api/catalog-categories.ts"),
  route("catalog/list/categories/articles/:categoryId", "routes/api/catalog-articles.ts"),
  route("api/reseller", "routes/api/reseller.ts"),
  route("api/mailer/:slug", "routes/api/mailer.ts"),
  route("api/stats/dealer-click", "routes/api/dealer-click.ts"),
  route("api/where-to-buy", "routes/api/where-to-buy.ts"),
  route("api/in-stock", "routes/api/in-stock.ts"),
  // The Digital Link resolver's description and the QR codes for packaging (issue 28, decision 053).
  route(".well-known/gs1resolver", "routes/gs1-resolver-description.ts"),
  route("qr/:file", "routes/qr-code.ts"),
  route("api/stock/:dealerId", "routes/api/stock.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
