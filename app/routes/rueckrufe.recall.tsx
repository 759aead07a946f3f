import { recallDetail } from "~/catalog/recall-view.server";
import { RECALLS_PATH, recallGtins, recallPath } from "~/catalog/recall-view";
import { articleImageUrl } from "~/catalog/catalog-view";
import { Localized } from "~/components/localized";
import { ArticleImage } from "~/components/responsive-image";
import { isRecallId } from "~/exchange/recall-id";
import type { LocalizedText } from "~/i18n/localized-text";
import { useLang } from "~/i18n/use-lang";
import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";
import { notFound } from "~/utils/http.server";
import { formatIsoDate } from "~/utils/iso-date";
import { pageMeta } from "~/utils/page-meta";
import { breadcrumbList } from "~/utils/structured-data";
import type { Route } from "./+types/rueckrufe.recall";

/*
 * One product safety recall, laid out as the EU's recall notice template asks (Implementing
 * Regulation (EU) 2024/1435): the heading, the product with its picture and identifiers as text,
 * the hazard, what consumers should do, the remedy, whom to contact, the date.
 */

export async function loader({ params, context }: Route.LoaderArgs) {
  // Anything that cannot be an id (traversal, upper case, a novel) is a 404 before any lookup.
  if (!isRecallId(params.id)) notFound();
  const recall = await recallDetail(context.db, context.catalog, params.id);
  if (!recall) notFound();
  // Whom to contact: the company of content/brand.yaml (decision 060).
  const { legalName, phone, email } = context.content.get("brand").company;
  return { recall, company: { legalName, phone, email } };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t, lang, siteUrl) => {
    const recall = args.loaderData?.recall;
    if (!recall) return { title: "" };
    const title = recall.title[lang].text;
    const image = recall.article?.image;
    return {
      title: `${t("recalls.heading")}: ${title}`,
      description: t("recalls.pageDescription", { title }).slice(0, 160),
      keepParams: [],
      ...(image ? { image: absolute(siteUrl, articleImageUrl(mediaBaseOf(args.matches), image)) } : {}),
      structuredData: [
        breadcrumbList(siteUrl, [
          { name: t("recalls.title"), path: RECALLS_PATH },
          { name: title, path: recallPath(recall.id) },
        ]),
      ],
    };
  });

const absolute = (siteUrl: string, url: string) => (url.startsWith("http") ? url : `${siteUrl}${url}`);

/** MEDIA_BASE_URL as the root loader hands it to every page. */
function mediaBaseOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { mediaBase?: string } | undefined;
  return root?.mediaBase ?? "/media";
}

/** Paragraphs split by a blank line; a single line break stays one (CSS pre-line). */
function Paragraphs({ text, className }: { text: LocalizedText; className?: string }) {
  const pageLang = useLang();
  return text.text.split("\n\n").map((paragraph, index) => (
    <p key={index} className={className} lang={text.lang === pageLang ? undefined : text.lang}>
      {paragraph}
    </p>
  ));
}

export default function RecallPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { recall, company } = loaderData;
  const { article } = recall;
  const gtins = recallGtins(recall);
  const date = formatIsoDate(recall.published, lang);
  return (
    <div className="container section narrow recall">
      <nav aria-label={t("a11y.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <AppLink to={RECALLS_PATH}>{t("recalls.title")}</AppLink>
          </li>
          <li aria-current="page">
            <Localized text={recall.title[lang]} />
          </li>
        </ol>
      </nav>
      <h1 className="recall__heading">{t("recalls.heading")}</h1>
      <p className="recall__title">
        <Localized text={recall.title[lang]} />
      </p>
      <p className="recall__date">
        <time dateTime={recall.published}>{t("recalls.published", { date })}</time>
      </p>

      <section className="recall__section recall__product" aria-labelledby="recall-product">
        <h2 id="recall-product">{t("recalls.product")}</h2>
        <div className="recall__product-body">
          {article ? (
            <ArticleImage
              image={article.image}
              size={240}
              sizes="(max-width: 640px) calc(100vw - 32px), 240px"
              alt={t("recalls.imageOf", { name: article.name[lang].text })}
              className="recall__image"
              priority
            />
          ) : null}
          <dl className="recall__facts">
            {article ? (
              <div>
                <dt>{t("recalls.productName")}</dt>
                <dd>
                  <AppLink to={article.href}>
                    <Localized text={article.name[lang]} />
                  </AppLink>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t("recalls.partNumber")}</dt>
              <dd>{recall.partno}</dd>
            </div>
            {gtins.length > 0 ? (
              <div>
                <dt>{t("recalls.gtin")}</dt>
                <dd>{gtins.join(", ")}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t("recalls.batches")}</dt>
              <dd>
                {recall.batches.length > 0 ? (
                  <ul className="recall__batches">
                    {recall.batches.map((batch) => (
                      <li key={batch}>{batch}</li>
                    ))}
                  </ul>
                ) : (
                  t("recalls.allBatches")
                )}
              </dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="recall__section" aria-labelledby="recall-hazard">
        <h2 id="recall-hazard">{t("recalls.hazard")}</h2>
        <Paragraphs text={recall.hazard[lang]} />
      </section>

      <section className="recall__section recall__action" aria-labelledby="recall-action">
        <h2 id="recall-action">{t("recalls.whatToDo")}</h2>
        <p className="recall__stop">{t(recall.batches.length > 0 ? "recalls.stopUsing" : "recalls.stopUsingAll")}</p>
        <h3>{t("recalls.remedy")}</h3>
        <Paragraphs text={recall.remedy[lang]} />
      </section>

      <section className="recall__section" aria-labelledby="recall-contact">
        <h2 id="recall-contact">{t("recalls.contact")}</h2>
        <p>{t("recalls.contactText", { company: company.legalName })}</p>
        <dl className="recall__facts">
          <div>
            <dt>{t("recalls.phone")}</dt>
            <dd>
              <a href={`tel:${company.phone.replace(/[^\d+]/g, "")}`}>{company.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t("recalls.email")}</dt>
            <dd>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </dd>
          </div>
          <div>
            <dt>{t("recalls.contactForm")}</dt>
            <dd>
              <AppLink to="/contact">{t("nav.contact")}</AppLink>
            </dd>
          </div>
        </dl>
      </section>
      <p>
        <AppLink to={RECALLS_PATH}>{t("recalls.overview")}</AppLink>
      </p>
    </div>
  );
}
