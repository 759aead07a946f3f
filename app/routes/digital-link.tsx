import Negotiator from "negotiator";
import { type AppLoadContext, data } from "react-router";
import { type DigitalLink, type UriProblem, digitalLinkPath, isUriProblem, parseDigitalLinkPath } from "~/catalog/digital-link/digital-link-uri";
import { DIGITAL_LINK_PARAMS, LINK_TYPE_PARAM, type ProductLink, pickLink, readLinkType } from "~/catalog/digital-link/link-types";
import { LINKSET_CONTEXT, LINKSET_TYPE, linkHeader, linksetJson } from "~/catalog/digital-link/linkset";
import { productLinks } from "~/catalog/digital-link/product-links.server";
import { RESOLVER_TEXTS } from "~/catalog/digital-link/resolver-texts.server";
import { resolveVisitorLanguage } from "~/i18n/accept-language.server";
import { type Lang, resolveLanguage } from "~/i18n/language";
import { AppLink } from "~/navigation/app-link";
import { apiCacheHeaders, jsonError } from "~/utils/json-error.server";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/digital-link";

/**
 * The GS1 Digital Link resolver (issue 28, decision 053): `/01/{gtin}` with its qualifiers sends a
 * scan to the article's page, manual, safety information or declaration, or answers the article's
 * link set. Every answer depends on the address, `Accept`, `Accept-Language` and the language
 * cookie, and says so in `Vary`; it is public data, so any origin may read it (CORS).
 *
 * A page of the site's layout (decision 064): a link it cannot resolve gets the site's header and
 * footer around what went wrong, with its 400 or 404. The link set and the JSON errors are no
 * page: the loader hands them to entry.server.tsx (`context.ownAnswer`), which sends them instead.
 */
const VARY = "Accept, Accept-Language, Cookie";
const shared = { ...apiCacheHeaders, Vary: VARY, "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "Link, Location" };

const OWN_PARAMS = new Set(DIGITAL_LINK_PARAMS);

type Body = "html" | "json" | "linkset";

/** The body the client prefers among `offers`; the first when it names none of them. */
function preferred(accept: string | null, offers: [Body, Body]): Body {
  const types: Record<Body, string> = { html: "text/html", json: "application/json", linkset: LINKSET_TYPE };
  const best = new Negotiator({ headers: { accept: accept ?? "*/*" } }).mediaType(offers.map((o) => types[o]));
  return offers.find((o) => types[o] === best) ?? offers[0];
}

/** An answer that is no page: entry.server.tsx sends it in place of the document. */
function instead(context: AppLoadContext, response: Response) {
  context.ownAnswer.response = response;
  return null;
}

/** A link that cannot be resolved: the JSON API's error shape (English, like its other messages), or a page of the site. */
function problem(request: Request, context: AppLoadContext, status: 400 | 404, detail: UriProblem | { gtin: string }) {
  const message = (texts: (typeof RESOLVER_TEXTS)[Lang]) => ("code" in detail ? texts.problem(detail) : texts.notFound(detail.gtin));
  if (preferred(request.headers.get("Accept"), ["html", "json"]) === "json") {
    return instead(context, jsonError(status, status === 404 ? "not_found" : "bad_request", message(RESOLVER_TEXTS.en), shared));
  }
  // In the language of the page around it, as every page of the site chooses it (decision 004).
  const { lang } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  const texts = RESOLVER_TEXTS[lang];
  const page = {
    status,
    title: status === 404 ? texts.notFoundTitle : texts.badRequestTitle,
    message: message(texts),
    home: texts.home,
    search: texts.search,
    /** What the search is filled with: the GTIN, when there is one. */
    query: "gtin" in detail ? detail.gtin : "",
  };
  return data(page, { status, headers: shared });
}

/** The target with the visitor's language where the page would not choose it itself, and the passed-on query. */
function redirectTarget(link: ProductLink, url: URL, lang: Lang, pageDefault: Lang): string {
  const target = new URL(link.href);
  if (link.type === "text/html") {
    target.searchParams.delete("lang");
    if (lang !== pageDefault) target.searchParams.set("lang", lang);
  }
  // Resolver standard: key=value pairs of the request's query string go on to the target.
  for (const [key, value] of url.searchParams) if (!OWN_PARAMS.has(key)) target.searchParams.append(key, value);
  return target.toString();
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { lang, pageDefault } = resolveVisitorLanguage(url, request.headers);
  const parsed: DigitalLink | UriProblem = parseDigitalLinkPath(url.pathname);
  if (isUriProblem(parsed)) return problem(request, context, 400, parsed);

  const { SITE_URL, MEDIA_BASE_URL } = context.env;
  const found = await productLinks(
    {
      db: context.db,
      categories: await context.catalog.categories(),
      siteUrl: SITE_URL,
      mediaBase: MEDIA_BASE_URL,
      safetyTitle: { de: RESOLVER_TEXTS.de.safetyTitle, en: RESOLVER_TEXTS.en.safetyTitle },
    },
    parsed.gtin14,
  );
  if (!found) return problem(request, context, 404, { gtin: parsed.gtin14 });

  const anchor = `${SITE_URL}${digitalLinkPath(parsed)}`;
  const { defaultLink } = found;
  const headers = { ...shared, Link: linkHeader(`${anchor}?linkType=linkset`, found.links, defaultLink) };
  const asked = readLinkType(url.searchParams.get(LINK_TYPE_PARAM));
  const accept = request.headers.get("Accept");
  const linkset = asked.kind === "linkset" || (!url.searchParams.has(LINK_TYPE_PARAM) && preferred(accept, ["html", "linkset"]) === "linkset");
  if (linkset) {
    const body = linksetJson(anchor, found.article.title_de, found.links, defaultLink);
    const type = preferred(accept, ["linkset", "json"]) === "json" ? "application/json" : LINKSET_TYPE;
    return instead(
      context,
      new Response(JSON.stringify(body), {
        headers: { ...headers, "Content-Type": type, Link: `${headers.Link}, <${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"` },
      }),
    );
  }
  // A link type the article lacks (or no GS1 type at all) gets the default link, as the standard says.
  const wanted = asked.kind === "type" ? pickLink(found.links, asked.type, lang) : undefined;
  const link = wanted ?? pickLink(found.links, "pip", lang) ?? defaultLink;
  // Thrown: React Router sends a redirect as it is, for a document and for its own data requests.
  throw new Response(null, { status: 307, headers: { ...headers, Location: redirectTarget(link, url, lang, pageDefault) } });
}

/** The loader's headers on the page: Vary, CORS and how long it may be kept. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const [name, value] of loaderHeaders) merged.set(name, value);
  return merged;
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, () => ({ title: args.loaderData?.title ?? "", noindex: true }));

export default function DigitalLinkProblem({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const { status, title, message, home, search, query } = loaderData;
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <p className="error-screen__status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{title}</h1>
      <p>{message}</p>
      <p className="error-screen__ways">
        <AppLink className="button" to="/">
          {home}
        </AppLink>
        <AppLink className="button button--outline-dark" to={query ? `/search?${new URLSearchParams({ q: query }).toString()}` : "/search"}>
          {search}
        </AppLink>
      </p>
    </section>
  );
}
