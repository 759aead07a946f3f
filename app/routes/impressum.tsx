import { LegalPage } from "~/components/legal-page";
import { renderMarkdown } from "~/content/markdown.server";
import { countryName } from "~/geo/countries";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/impressum";

/**
 * The data § 5 DDG and § 18 MStV ask for come from content/brand.yaml's company, in the layout the
 * law's headings give; the rest of the imprint is the editor's Markdown, content/legal/impressum.md
 * (decision 060).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { title, description, body } = context.content.get("impressum");
  const { company } = context.content.get("brand");
  // The imprint is German (legal pages are), so is its country's name: one formatter for every page.
  return { title, description, html: renderMarkdown(body), company, country: countryName(company.country, "de") };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, () => ({ title: args.loaderData?.title ?? "", description: args.loaderData?.description }));

export default function Imprint({ loaderData }: Route.ComponentProps) {
  const c = loaderData.company;
  return (
    <LegalPage title={loaderData.title}>
      <h2>Angaben gemäß § 5 DDG</h2>
      <address>
        {c.legalName}
        <br />
        {c.street}
        <br />
        {c.postalCode} {c.city}
        <br />
        {loaderData.country}
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
      {/* Server-rendered Markdown with raw HTML escaped (content/markdown.server.ts): no markup of the editor's reaches the page. */}
      <div className="legal__text" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </LegalPage>
  );
}
