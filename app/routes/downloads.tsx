import { DocumentsPage } from "~/components/document-list";
import { localize } from "~/content/localize";
import { type DocumentLink, measure } from "~/documents/document-files.server";
import { resolveLanguage } from "~/i18n/language";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/downloads";

/**
 * The page's texts and documents from content/downloads.yaml (decision 060), each file measured on
 * disk so the page never promises a wrong size. A file not there yet is listed without one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  const content = context.content.get("downloads");
  const mediaDir = context.env.MEDIA_DIR_ABSOLUTE;
  const documents = await Promise.all(
    content.documents.map(async (doc, index): Promise<DocumentLink> => {
      const de = await measure(mediaDir, doc.file.de);
      const en = doc.file.en === doc.file.de ? de : await measure(mediaDir, doc.file.en);
      return { id: String(index), name: doc.name, imageLabel: doc.name, files: { de, en } };
    }),
  );
  const { title, intro } = localize(content, lang);
  return { title, intro, documents };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, () => ({ title: args.loaderData?.title ?? "", description: args.loaderData?.intro }));

export default function Downloads({ loaderData }: Route.ComponentProps) {
  return <DocumentsPage {...loaderData} />;
}
