import { useTranslation } from "react-i18next";

/** Legal texts are German only (BRIEF section 3); English visitors are told so in their language. */
export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="container section narrow legal" lang="de">
      <h1>{title}</h1>
      {i18n.language !== "de" ? (
        <p className="notice" lang={i18n.language}>
          {t("legal.germanOnly")}
        </p>
      ) : null}
      {children}
    </div>
  );
}
