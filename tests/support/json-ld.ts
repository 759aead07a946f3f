/** The page's schema.org `Product` from its JSON-LD scripts; throws when it has none. */
export function jsonLdProduct(html: string): Record<string, unknown> {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(json ?? "{}") as Record<string, unknown>;
    if (data["@type"] === "Product") return data;
  }
  throw new Error("no Product in the page's JSON-LD");
}
