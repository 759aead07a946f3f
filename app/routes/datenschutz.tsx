import { AppLink } from "~/navigation/app-link";
import { LegalPage } from "~/components/legal-page";
import { useRootData } from "~/hooks/use-root-data";
import { isPostgres } from "~/db/dialect";
import { renderMarkdown } from "~/content/markdown.server";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/datenschutz";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, () => ({ title: args.loaderData?.title ?? "", description: args.loaderData?.description }));

/**
 * Sections 1 to 5 describe what the software does, with the running configuration rather than typed
 * in; what follows them is the company's own, content/legal/datenschutz.md (decision 060).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = context;
  const { title, description, body } = context.content.get("datenschutz");
  return {
    title,
    description,
    html: renderMarkdown(body),
    company: context.content.get("brand").company,
    retentionDays: env.CONTACT_RETENTION_DAYS,
    rateLimit: env.CONTACT_RATE_LIMIT,
    // Several instances over PostgreSQL count in the database (contact/shared-rate-limit.server.ts).
    rateLimitShared: isPostgres(context.db),
    mailDelivery: env.SMTP_URL !== "",
    // With an absolute MAILER_API_URL the browser sends the form to that host instead of ours.
    externalMailerHost: /^https?:\/\//.test(env.MAILER_API_URL) ? new URL(env.MAILER_API_URL).host : null,
  };
}

/**
 * This text describes what the code really does. Whoever changes logging, storage, cookies or
 * third-party requests changes this page in the same commit.
 */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const c = loaderData.company;
  const contact = loaderData;
  // Section 3 depends on whether an analytics id is configured (root loader, env ANALYTICS_ID):
  // without one the site stores nothing that needs consent and shows no cookie banner.
  const analyticsConfigured = useRootData().analyticsId !== null;
  return (
    <LegalPage title={loaderData.title}>
      <h2>1. Verantwortlicher</h2>
      <p>
        Verantwortlich für die Datenverarbeitung auf dieser Website ist die {c.legalName}, {c.street}, {c.postalCode}{" "}
        {c.city}, E-Mail: <a href={`mailto:${c.email}`}>{c.email}</a>, Telefon: {c.phone}. Weitere Angaben finden Sie im{" "}
        <AppLink to="/impressum">Impressum</AppLink>.
      </p>

      <h2>2. Hosting und Server-Protokolle</h2>
      <p>
        Diese Website wird auf einem eigenen Server betrieben. Bei jedem Aufruf verarbeitet der Server technisch notwendig
        Ihre IP-Adresse, um die Seite ausliefern zu können (Art. 6 Abs. 1 lit. f DSGVO). In unseren Server-Protokollen
        speichern wir nur Zeitpunkt, angefragte Adresse, Methode, Statuscode und Antwortzeit – ohne IP-Adresse und ohne
        Cookies. Die Protokolle dienen der Fehlersuche und der Sicherheit des Betriebs.
      </p>

      <h2>3. Cookies, lokaler Speicher und Webanalyse</h2>
      <h3>3.1 Notwendige Speicher</h3>
      <p>
        {analyticsConfigured ? "Ohne Ihre Einwilligung verwenden wir" : "Wir verwenden"} nur Speicher, die für die Seite technisch
        notwendig sind (§ 25 Abs. 2 Nr. 2 TDDDG):
      </p>
      <ul>
        <li>
          <strong>language</strong> (Cookie und localStorage): Ihre Sprachwahl (Deutsch oder Englisch), damit die Seite
          in Ihrer Sprache ausgeliefert wird. Speicherdauer: ein Jahr (Cookie) bzw. bis Sie die Website-Daten in Ihrem Browser
          löschen (localStorage).
        </li>
        {analyticsConfigured ? (
          <li>
            <strong>cookieConsent</strong> und <strong>cookieConsentVersion</strong> (localStorage): Ihre Entscheidung im
            Cookie-Hinweis („accepted“ oder „rejected“) und die Fassung des Hinweises, der Sie zugestimmt oder die Sie abgelehnt
            haben. So fragen wir nicht bei jedem Besuch erneut, und wir können nachweisen, dass eine Einwilligung vorliegt (Art. 6
            Abs. 1 lit. c i. V. m. Art. 7 Abs. 1 DSGVO). Diese Angaben bleiben in Ihrem Browser und werden nicht an uns übertragen.
            Ändert sich der Hinweis, fragen wir erneut.
          </li>
        ) : null}
      </ul>
      <p>
        Karten, Schriften und Bilder liefert unser eigener Server aus;{" "}
        {analyticsConfigured ? "vor Ihrer Einwilligung stellt Ihr Browser" : "Ihr Browser stellt"} beim Besuch dieser Website keine
        Verbindung zu Dritten her.
      </p>

      {analyticsConfigured ? <GoogleAnalytics /> : <NoAnalytics />}

      <h2>4. Händlersuche</h2>
      <p>
        Ihre Eingabe in der Händlersuche (Ort, Postleitzahl oder Name) wird nur verwendet, um passende Händler anzuzeigen,
        und nicht gespeichert. Die Postleitzahl-Daten stammen von GeoNames (CC BY 4.0) und liegen auf unserem Server.
      </p>
      <DealerStatistics />

      <h2>5. Kontaktaufnahme</h2>
      <p>
        Wenn Sie uns per E-Mail oder über das Kontaktformular schreiben, verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse,
        Ihre Telefonnummer und Ihre Nachricht, um Ihre Anfrage zu beantworten (Art. 6 Abs. 1 lit. b und f DSGVO).
      </p>
      <p>
        {contact.externalMailerHost
          ? `Das Kontaktformular übermittelt Ihre Angaben an den Server ${contact.externalMailerHost}, der sie für uns entgegennimmt. `
          : null}
        Nachrichten aus dem Kontaktformular speichern wir zusammen mit dem Eingangszeitpunkt zunächst in der Datenbank
        auf unserem eigenen Server.{" "}
        {contact.mailDelivery
          ? "Von dort werden sie per E-Mail an das Postfach der " +
            c.legalName +
            " zugestellt; schlägt die Zustellung fehl, versucht der Server es mehrfach erneut."
          : "Eine Weiterleitung per E-Mail ist derzeit nicht eingerichtet; die Nachrichten bleiben in der Datenbank, bis wir sie dort abrufen."}{" "}
        Nach erfolgreicher Zustellung löschen wir den Eintrag in der Datenbank automatisch nach {contact.retentionDays}{" "}
        {contact.retentionDays === 1 ? "Tag" : "Tagen"}. Nachrichten, die nicht zugestellt werden konnten, bleiben gespeichert,
        bis wir sie bearbeitet und von Hand gelöscht haben. Für die E-Mail in unserem Postfach gilt Abschnitt 6.
      </p>
      <p>
        Um massenhafte Einsendungen abzuwehren, zählen wir, wie viele Nachrichten von einer IP-Adresse kommen (höchstens{" "}
        {contact.rateLimit} in zehn Minuten).{" "}
        {contact.rateLimitShared
          ? "Weil mehrere Server diese Website ausliefern, zählen sie gemeinsam in unserer Datenbank. Dort speichern wir nicht Ihre IP-Adresse, sondern einen mit einem geheimen Schlüssel gebildeten Hashwert davon und den Zeitpunkt jeder Nachricht; beides löschen wir automatisch, sobald es älter als zehn Minuten ist (spätestens eine Minute danach). Der Hashwert wird nicht in Protokollen gespeichert und nicht mit Ihrer Nachricht verbunden."
          : "Dafür halten wir Ihre IP-Adresse nur vorübergehend im Arbeitsspeicher des Servers und verwerfen sie spätestens elf Minuten nach Ihrer letzten Nachricht; sie wird weder in der Datenbank noch in Protokollen gespeichert und nicht mit Ihrer Nachricht verbunden."}
      </p>

      {/* Server-rendered Markdown with raw HTML escaped (content/markdown.server.ts): no markup of the editor's reaches the page. */}
      <div className="legal__text" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </LegalPage>
  );
}

/**
 * What the dealer locator counts (app/dealers/stats/record-dealer-search.server.ts, accept-dealer-click.server.ts):
 * daily totals without anything that points to a person, so it runs without consent.
 */
function DealerStatistics() {
  return (
    <>
      <h3>4.1 Anonyme Zählung der Nutzung</h3>
      <p>
        Damit wir die Händlersuche und unser Händlernetz verbessern können, zählt unser eigener Server, wie die Händlersuche
        genutzt wird. Gespeichert werden nur Summen je Tag:
      </p>
      <ul>
        <li>wie oft nach Name, Ort, Postleitzahl oder „In meiner Nähe“ gesucht wurde und wie oft von einer Artikelseite aus;</li>
        <li>
          Postleitzahlen und Orte, in deren Umkreis kein Händler liegt – als Postleitzahl oder Ortsname aus unserem
          Verzeichnis, nie Ihre Eingabe selbst. Gesuchte Namen und Ihr Standort bei „In meiner Nähe“ fließen nicht in die
          Zählung ein;
        </li>
        <li>wie oft die Filter der Händlersuche verwendet wurden;</li>
        <li>
          wie oft bei einem Händler auf Telefon, E-Mail, Website oder Route geklickt wurde. Dazu sendet Ihr Browser beim Klick
          nur den Kurznamen des Händlers und die Art des Links an unseren Server.
        </li>
      </ul>
      <p>
        Die Zähler enthalten keine IP-Adresse, keine Kennung und keinen Zeitpunkt einzelner Aufrufe; in Ihrem Browser wird dafür
        nichts gespeichert oder gelesen, es werden keine Cookies gesetzt, und es werden keine Daten an Dritte übermittelt. Aus
        den Zählern lässt sich nicht auf Sie oder auf einen einzelnen Besuch schließen; deshalb braucht die Zählung keine
        Einwilligung. Um massenhafte Meldungen abzuwehren, zählt der Server im Arbeitsspeicher, wie viele Klicks von einer
        IP-Adresse kommen (Art. 6 Abs. 1 lit. f DSGVO); die Adresse wird dabei weder gespeichert noch protokolliert und
        spätestens zwei Minuten nach dem letzten Klick verworfen.
      </p>
    </>
  );
}

/** Section 3 without an analytics id: no analytics, so no consent to ask for. */
function NoAnalytics() {
  return (
    <>
      <h3>3.2 Keine Webanalyse</h3>
      <p>
        Auf dieser Website läuft keine Webanalyse. Wir setzen kein Analysewerkzeug ein, speichern in Ihrem Browser nichts, was
        eine Einwilligung erfordert, und übermitteln keine Nutzungsdaten an Dritte. Deshalb zeigt die Website auch keinen
        Cookie-Hinweis.
      </p>
    </>
  );
}

/** Section 3 with an analytics id: Google Analytics after consent, and how to withdraw it. */
function GoogleAnalytics() {
  return (
    <>
        <h3>3.2 Webanalyse mit Google Analytics (nur mit Ihrer Einwilligung)</h3>
        <p>
          Wenn Sie im Cookie-Hinweis „Alle akzeptieren“ wählen oder in den Einstellungen „Statistik“ einschalten, nutzen wir
          Google Analytics 4, einen Webanalysedienst der Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland
          („Google“). Damit erfahren wir, welche Seiten wie oft aufgerufen werden, wie Besucher auf unsere Website gelangen und
          welche Geräte und Browser sie verwenden, um unser Angebot zu verbessern. Erst nach Ihrer Einwilligung lädt Ihr Browser
          das Skript von www.googletagmanager.com und sendet Nutzungsdaten an Google (aufgerufene Adresse und Seitentitel,
          verweisende Seite, Zeitpunkt, Bildschirmgröße, Browser, Betriebssystem, Spracheinstellung, ungefährer Standort auf
          Ebene von Land und Region sowie eine zufällige Kennung Ihres Browsers).
        </p>
        <ul>
          <li>
            <strong>IP-Anonymisierung:</strong> Google Analytics 4 speichert keine IP-Adressen; Ihre IP-Adresse wird nur
            verwendet, um den ungefähren Standort abzuleiten, und danach verworfen. Zusätzlich fordern wir mit der Einstellung
            „anonymize_ip“ die Kürzung ausdrücklich an.
          </li>
          <li>
            <strong>Consent Mode:</strong> Google wird mitgeteilt, dass Sie nur der Statistik zugestimmt haben; Werbe- und
            Personalisierungsfunktionen sowie Google Signals sind abgeschaltet.
          </li>
          <li>
            <strong>Cookies:</strong> Google Analytics setzt die Cookies <strong>_ga</strong> und <strong>_ga_</strong>
            <em>Kennung</em> (Speicherdauer zwei Jahre). Ältere Versionen nutzten auch <strong>_gid</strong> (24 Stunden) und{" "}
            <strong>_gat</strong> (eine Minute); auch diese löschen wir bei Ablehnung oder Widerruf.
          </li>
          <li>
            <strong>Speicherdauer bei Google:</strong> Die Nutzungsdaten werden in Google Analytics höchstens 14 Monate
            aufbewahrt und danach automatisch gelöscht.
          </li>
          <li>
            <strong>Rechtsgrundlage:</strong> Ihre Einwilligung nach Art. 6 Abs. 1 lit. a DSGVO und § 25 Abs. 1 TDDDG. Ohne
            Einwilligung findet keine Analyse statt; Nachteile entstehen Ihnen nicht.
          </li>
          <li>
            <strong>Übermittlung in Drittländer:</strong> Google verarbeitet Daten auch auf Servern der Google LLC in den USA.
            Google LLC ist nach dem EU-US Data Privacy Framework zertifiziert; die Übermittlung stützt sich auf den
            Angemessenheitsbeschluss der EU-Kommission vom 10. Juli 2023 (Art. 45 DSGVO) und ergänzend auf
            Standardvertragsklauseln (Art. 46 Abs. 2 lit. c DSGVO). Behörden in den USA könnten dennoch auf diese Daten
            zugreifen. Mit Google besteht ein Vertrag zur Auftragsverarbeitung (Art. 28 DSGVO).
          </li>
        </ul>

        <h3>3.3 Ihre Einwilligung und ihr Widerruf</h3>
        <p>
          Beim ersten Besuch zeigt die Website einen Cookie-Hinweis. „Ablehnen“ ist so einfach wie „Alle akzeptieren“; in den
          „Einstellungen“ ist die Statistik ausgeschaltet, bis Sie sie selbst einschalten. Sie können Ihre Einwilligung
          jederzeit mit Wirkung für die Zukunft widerrufen (Art. 7 Abs. 3 DSGVO): Die runde Schaltfläche
          „Cookie-Einstellungen“ unten links auf jeder Seite öffnet den Hinweis erneut; wählen Sie dort „Ablehnen“ oder
          schalten Sie die Statistik in den Einstellungen aus. Die Website stoppt dann Google Analytics, entfernt dessen Skript
          und löscht die Cookies, deren Name mit _ga, _gid oder _gat beginnt. Die Rechtmäßigkeit der bis zum Widerruf erfolgten
          Verarbeitung bleibt unberührt. Sie können außerdem die Website-Daten in Ihrem Browser löschen; dann fragen wir beim
          nächsten Besuch erneut.
        </p>
    </>
  );
}
