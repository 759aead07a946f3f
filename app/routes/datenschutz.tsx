import { Link } from "react-router";
import { brand } from "~/config/brand";
import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/datenschutz";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, () => ({
    title: "Datenschutzerklärung",
    description: `Wie die ${brand.company.legalName} personenbezogene Daten auf dieser Website verarbeitet.`,
  }));

/**
 * This text describes what the code really does. Whoever changes logging, storage, cookies or
 * third-party requests changes this page in the same commit.
 */
export default function Privacy() {
  const c = brand.company;
  return (
    <LegalPage title="Datenschutzerklärung">
      <h2>1. Verantwortlicher</h2>
      <p>
        Verantwortlich für die Datenverarbeitung auf dieser Website ist die {c.legalName}, {c.street}, {c.postalCode}{" "}
        {c.city}, E-Mail: <a href={`mailto:${c.email}`}>{c.email}</a>, Telefon: {c.phone}. Weitere Angaben finden Sie im{" "}
        <Link to="/impressum">Impressum</Link>.
      </p>

      <h2>2. Hosting und Server-Protokolle</h2>
      <p>
        Diese Website wird auf einem eigenen Server betrieben. Bei jedem Aufruf verarbeitet der Server technisch notwendig
        Ihre IP-Adresse, um die Seite ausliefern zu können (Art. 6 Abs. 1 lit. f DSGVO). In unseren Server-Protokollen
        speichern wir nur Zeitpunkt, angefragte Adresse, Methode, Statuscode und Antwortzeit – ohne IP-Adresse und ohne
        Cookies. Die Protokolle dienen der Fehlersuche und der Sicherheit des Betriebs.
      </p>

      <h2>3. Cookies und lokaler Speicher</h2>
      <p>Wir verwenden ausschließlich technisch notwendige Speicher (§ 25 Abs. 2 TDDDG):</p>
      <ul>
        <li>
          <strong>language</strong> (Cookie und localStorage): Ihre Sprachwahl (Deutsch oder Englisch), damit die Seite
          in Ihrer Sprache ausgeliefert wird. Speicherdauer: ein Jahr.
        </li>
      </ul>
      <p>Wir setzen derzeit keine Analyse- oder Marketingwerkzeuge ein und binden keine Inhalte Dritter ein.</p>

      <h2>4. Händlersuche</h2>
      <p>
        Ihre Eingabe in der Händlersuche (Ort, Postleitzahl oder Name) wird nur verwendet, um passende Händler anzuzeigen,
        und nicht gespeichert. Die Postleitzahl-Daten stammen von GeoNames (CC BY 4.0) und liegen auf unserem Server.
      </p>

      <h2>5. Kontaktaufnahme</h2>
      <p>
        Wenn Sie uns per E-Mail oder über das Kontaktformular schreiben, verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse,
        Ihre Telefonnummer und Ihre Nachricht, um Ihre Anfrage zu beantworten (Art. 6 Abs. 1 lit. b und f DSGVO).
      </p>

      <h2>6. Speicherdauer</h2>
      <p>
        Wir speichern personenbezogene Daten nur so lange, wie es für den jeweiligen Zweck erforderlich ist. Soweit
        handels- und steuerrechtliche Aufbewahrungspflichten bestehen (§ 257 HGB, § 147 AO), bewahren wir die betroffenen
        Unterlagen bis zu zehn Jahre auf.
      </p>

      <h2>7. Ihre Rechte</h2>
      <p>Sie haben das Recht auf</p>
      <ul>
        <li>Auskunft über Ihre bei uns gespeicherten Daten (Art. 15 DSGVO),</li>
        <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
        <li>Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
        <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
        <li>Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO),</li>
        <li>Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO),</li>
        <li>Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO).</li>
      </ul>
      <p>
        Wenden Sie sich dazu formlos an <a href={`mailto:${c.email}`}>{c.email}</a>.
      </p>
    </LegalPage>
  );
}
