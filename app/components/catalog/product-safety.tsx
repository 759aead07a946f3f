import { useId, type ReactNode } from "react";
import { mediaHref, SAFETY_ANCHOR, type DocumentView, type ProductSafetyView } from "~/catalog/product-safety-view";
import { Localized } from "~/components/localized";
import { useRootData } from "~/hooks/use-root-data";
import { countryName } from "~/geo/countries";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { formatFileSize } from "~/utils/file-size";
import { electronicAddress, type MakerCompany, type OtherMaker } from "~/utils/manufacturer-data";
import type { ResponsiblePerson } from "~/utils/responsible-person";

/*
 * The article panel's product safety sections (issue 28, GPSR Art. 19): documents, warnings and
 * safety information, and the manufacturer with the addresses to write to. Plain links and text:
 * everything works without JavaScript.
 */

function Section({ heading, className, anchor, children }: { heading: ReactNode; className?: string; anchor?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section id={anchor} className={`product-safety${className ? ` ${className}` : ""}`} aria-labelledby={id}>
      <h3 id={id} className="product-safety__heading">
        {heading}
      </h3>
      {children}
    </section>
  );
}

function DocumentItem({ document }: { document: DocumentView }) {
  const t = useT();
  const lang = useLang();
  const { mediaBase } = useRootData();
  const name = document.name[lang];
  const language = document.language === "" ? t("productSafety.bothLanguages") : t(`language.${document.language}`);
  return (
    <li>
      <a
        href={mediaHref(mediaBase, document.file)}
        type="application/pdf"
        hrefLang={document.language === "" ? undefined : document.language}
        className="article-document"
      >
        <span className="article-document__icon" aria-hidden="true">
          PDF
        </span>
        <span className="article-document__body">
          <span className="article-document__name">
            {name.text === "" ? document.file.split("/").pop() : <Localized text={name} />}
          </span>
          {/* One text node: what a screen reader reads and a test finds in one piece. */}
          <span className="article-document__meta">{`${t("notes.pdf", { size: formatFileSize(document.bytes, lang) })} · ${language}`}</span>
        </span>
      </a>
    </li>
  );
}

function Address({ lines, email }: { lines: readonly string[]; email: string }) {
  const t = useT();
  return (
    <address className="product-safety__address">
      {lines.map((line, index) => (
        // The lines are a postal address: their place is their identity.
        <span key={index}>{line}</span>
      ))}
      <span>
        {t("contact.email")}: <a href={`mailto:${email}`}>{email}</a>
      </span>
    </address>
  );
}

/** Another maker's addresses as the catalogue has them: one line as the maker writes it, e-mail or web. */
function MakerAddress({ maker }: { maker: OtherMaker }) {
  const t = useT();
  const electronic = maker.email === null ? null : electronicAddress(maker.email);
  return (
    <address className="product-safety__address">
      <span className="product-safety__maker">{maker.name}</span>
      {maker.address !== null ? <span>{maker.address}</span> : null}
      {maker.email === null ? null : electronic ? (
        <span>
          {t(electronic.kind === "email" ? "contact.email" : "productSafety.website")}: <a href={electronic.href}>{electronic.kind === "email" ? electronic.href.slice("mailto:".length) : maker.email}</a>
        </span>
      ) : (
        // Neither an e-mail nor a web address (the import said so): still what the maker gave.
        <span>{maker.email}</span>
      )}
    </address>
  );
}

function Manufacturer({ maker, company, responsiblePerson }: { maker: OtherMaker | null; company: MakerCompany; responsiblePerson: ResponsiblePerson | null }) {
  const t = useT();
  const lang = useLang();
  const brandLines = [company.legalName, company.street, `${company.postalCode} ${company.city}`, countryName(company.country, lang)];
  return (
    <Section heading={t("productSafety.manufacturer")}>
      {maker ? (
        <>
          <MakerAddress maker={maker} />
          {/* GPSR Art. 19: where the maker is not the brand, the brand is the address in the EU. */}
          <p>{t("productSafety.contactBrand")}</p>
        </>
      ) : null}
      <Address lines={brandLines} email={company.email} />
      {responsiblePerson ? (
        <>
          <h4 className="product-safety__subheading">{t("productSafety.responsiblePerson")}</h4>
          <Address lines={[responsiblePerson.name, ...responsiblePerson.address]} email={responsiblePerson.email} />
        </>
      ) : null}
    </Section>
  );
}

/** `company`: the company behind the brand, from the page's loader (content/brand.yaml). */
export function ProductSafetySections({
  view,
  company,
  responsiblePerson,
}: {
  view: ProductSafetyView;
  company: MakerCompany;
  responsiblePerson: ResponsiblePerson | null;
}) {
  const t = useT();
  const lang = useLang();
  const safety = view.safety[lang];
  return (
    <>
      {view.documents.length > 0 ? (
        <Section heading={t("productSafety.documents")}>
          <ul className="article-documents">
            {view.documents.map((document, index) => (
              <DocumentItem key={`${index}:${document.file}`} document={document} />
            ))}
          </ul>
        </Section>
      ) : null}
      {safety ? (
        <Section
          anchor={SAFETY_ANCHOR}
          className="product-safety--warning"
          heading={
            <>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="product-safety__sign">
                <path d="M12 2.5 23 21.5H1z" fill="var(--accent)" stroke="var(--ink)" strokeWidth="1.5" strokeLinejoin="round" />
                <path d="M12 9v6" stroke="var(--ink)" strokeWidth="2.2" strokeLinecap="round" />
                <circle cx="12" cy="18.2" r="1.3" fill="var(--ink)" />
              </svg>
              {t("productSafety.safety")}
            </>
          }
        >
          {safety.paragraphs.map((paragraph, index) => (
            <p key={index} className="product-safety__paragraph">
              <Localized text={paragraph} />
            </p>
          ))}
        </Section>
      ) : null}
      <Manufacturer maker={view.manufacturer} company={company} responsiblePerson={responsiblePerson} />
    </>
  );
}
