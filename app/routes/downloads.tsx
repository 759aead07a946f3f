import { useT } from "~/i18n/use-t";
import { brand } from "~/config/brand";
import { DocumentList } from "~/components/document-list";
import { documentsWithSizes } from "~/documents/document-files.server";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/hooks/use-root-data";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/downloads";

export async function loader({ context }: Route.LoaderArgs) {
  return { documents: await documentsWithSizes(context.db, context.env.MEDIA_DIR_ABSOLUTE, "catalogue") };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("downloads.title"), description: t("downloads.intro") }));

export default function Downloads({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { mediaBase } = useRootData();
  const documents = loaderData.documents.map((doc) => ({
    ...doc,
    name: { ...doc.name, [lang]: t("downloads.catalogue", { edition: brand.catalogueEdition }) },
  }));
  return (
    <div className="container section narrow">
      <h1>{t("downloads.title")}</h1>
      <p className="lead">{t("downloads.intro")}</p>
      <DocumentList documents={documents} mediaBase={mediaBase} />
    </div>
  );
}
