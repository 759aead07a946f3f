import { useT } from "~/i18n/use-t";
import { useLang } from "~/i18n/use-lang";

/** Legal texts are German only (BRIEF section 3); English visitors are told so in their language. */
export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="container section narrow legal" lang="de">
      <h1>{title}</h1>
      {lang !== "de" ? (
        <p className="notice" lang={lang}>
          {t("legal.germanOnly")}
        </p>
      ) : null}
      {children}
    </div>
  );
}
