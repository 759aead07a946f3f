import { useT } from "~/i18n/use-t";
import { DocumentList } from "~/components/document-list";
import { documentsWithSizes } from "~/documents/document-files.server";
import { useRootData } from "~/hooks/use-root-data";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/hinweise";

export async function loader({ context }: Route.LoaderArgs) {
  return { documents: await documentsWithSizes(context.db, context.env.MEDIA_DIR_ABSOLUTE, "manual") };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("notes.title"), description: t("notes.intro") }));

export default function Notes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { mediaBase } = useRootData();
  return (
    <div className="container section narrow">
      <h1>{t("notes.title")}</h1>
      <p className="lead">{t("notes.intro")}</p>
      <DocumentList documents={loaderData.documents} mediaBase={mediaBase} />
    </div>
  );
}
