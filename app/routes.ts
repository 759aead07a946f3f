import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("products", "routes/products.tsx"),
    route("products/:productname", "routes/products.category.tsx"),
    route("products/articles/:productname", "routes/products.articles.tsx", [
      route(":partid", "routes/products.articles.detail.tsx"),
    ]),
    route("handlersuche", "routes/handlersuche.tsx"),
    route("handlersuche/:slug", "routes/handlersuche.dealer.tsx"),
    route("service", "routes/service.tsx"),
    route("hinweise", "routes/hinweise.tsx"),
    route("downloads", "routes/downloads.tsx"),
    route("contact", "routes/contact.tsx"),
    route("datenschutz", "routes/datenschutz.tsx"),
    route("impressum", "routes/impressum.tsx"),
    route("search", "routes/search.tsx"),
    route("rueckrufe", "routes/rueckrufe.tsx"),
    route("rueckrufe/:id", "routes/rueckrufe.recall.tsx"),
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
