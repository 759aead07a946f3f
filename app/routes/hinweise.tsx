import { DocumentList } from "~/components/document-list";
import { localize } from "~/content/localize";
import { documentsWithSizes } from "~/documents/document-files.server";
import { resolveLanguage } from "~/i18n/language";
import { useRootData } from "~/hooks/use-root-data";
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
  const { mediaBase } = useRootData();
  return (
    <div className="container section narrow">
      <h1>{loaderData.title}</h1>
      <p className="lead">{loaderData.intro}</p>
      <DocumentList documents={loaderData.documents} mediaBase={mediaBase} />
    </div>
  );
}
