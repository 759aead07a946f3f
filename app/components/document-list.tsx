import { useRootData } from "~/hooks/use-root-data";
import { useT } from "~/i18n/use-t";
import type { DocumentLink } from "~/documents/document-files.server";
import { useLang } from "~/i18n/use-lang";
import { formatFileSize } from "~/utils/file-size";

export function DocumentList({ documents, mediaBase }: { documents: DocumentLink[]; mediaBase: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <ul className="document-list">
      {documents.map((doc) => {
        // The file in the page's language: the catalogue exists in both, a bilingual manual once.
        const file = doc.files[lang];
        return (
          <li key={doc.id}>
            <a href={`${mediaBase}/documents/${encodeURIComponent(file.fileName)}`} className="document-link" type="application/pdf">
              <span className="document-link__icon" aria-hidden="true">
                PDF
              </span>
              <span className="document-link__name">{doc.name[lang]}</span>
              {file.bytes !== null ? (
                <span className="document-link__size">{t("notes.pdf", { size: formatFileSize(file.bytes, lang) })}</span>
              ) : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A page that is a heading, an introduction and a list of documents (/downloads, /hinweise). */
export function DocumentsPage({ title, intro, documents }: { title: string; intro: string; documents: DocumentLink[] }) {
  const { mediaBase } = useRootData();
  return (
    <div className="container section narrow">
      <h1>{title}</h1>
      <p className="lead">{intro}</p>
      <DocumentList documents={documents} mediaBase={mediaBase} />
    </div>
  );
}
