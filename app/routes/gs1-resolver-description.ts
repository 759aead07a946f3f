import { resolverDescription } from "~/catalog/digital-link/resolver-description";
import type { Route } from "./+types/gs1-resolver-description";

/** `/.well-known/gs1resolver`: what the GS1-Conformant resolver standard asks every resolver to publish. */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(resolverDescription(context.content.get("brand").name, context.env.SITE_URL), {
    headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
