import type { Route } from "./+types/robots";

/** Everything may be crawled except search results; the sitemap address depends on SITE_URL. */
export function loader({ context }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", "Disallow: /search", "", `Sitemap: ${context.env.SITE_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
