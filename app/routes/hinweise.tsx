import { DocumentsPage } from "~/components/document-list";
import { localize } from "~/content/localize";
import { documentsWithSizes } from "~/documents/document-files.server";
import { resolveLanguage } from "~/i18n/language";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/hinweise";

/** The manuals come with the catalogue; the page's heading and introduction from content/service.yaml (decision 060). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  const { title, intro } = localize(context.content.get("service").notes, lang);
  return { title, intro, documents: await documentsWithSizes(context.db, context.env.MEDIA_DIR_ABSOLUTE, "manual") };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, () => ({ title: args.loaderData?.title ?? "", description: args.loaderData?.intro }));

export default function Notes({ loaderData }: Route.ComponentProps) {
  return <DocumentsPage {...loaderData} />;
}
