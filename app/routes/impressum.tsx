import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/impressum";
import { company } from "~/config/company";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, () => ({ title: "Impressum", description: `Impressum der ${company.legalName}` }));

export default function Imprint() {
  const c = company;
  return (
    <LegalPage title="Impressum">
      <h2>Angaben gemäß § 5 DDG</h2>
      <address>
        {c.legalName}
        <br />
        {c.street}
        <br />
        {c.postalCode} {c.city}
        <br />
        {c.country}
      </address>
      <h2>Vertreten durch</h2>
      <p>Geschäftsführung: {c.managingDirectors.join(", ")}</p>
      <h2>Kontakt</h2>
      <p>
        Telefon: <a href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}>{c.phone}</a>
        <br />
        E-Mail: <a href={`mailto:${c.email}`}>{c.email}</a>
      </p>
      <h2>Registereintrag</h2>
      <p>
        Eintragung im Handelsregister. Registergericht: {c.registerCourt}. Registernummer: {c.registerNumber}
      </p>
      <h2>Umsatzsteuer-ID</h2>
      <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {c.vatId}</p>
      <h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
      <p>
        {c.managingDirectors[0]}, {c.street}, {c.postalCode} {c.city}
      </p>
      <h2>Verbraucherstreitbeilegung</h2>
      <p>
        Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle
        teilzunehmen. Wir verkaufen nicht an Endkunden; unsere Produkte erhalten Sie über den Fachhandel.
      </p>
      <h2>Bildnachweise und Daten</h2>
      <p>
        Produktabbildungen: {c.legalName}. Postleitzahl-Daten der Händlersuche: © GeoNames (
        <a href="https://www.geonames.org/">geonames.org</a>), lizenziert unter{" "}
        <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>, von uns umgewandelt. Kartendaten: ©
        OpenStreetMap-Mitwirkende.
      </p>
    </LegalPage>
  );
}
