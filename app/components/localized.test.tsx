import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { toArticleCard, toArticleDetail } from "~/catalog/article-view";
import type { CatalogArticle } from "~/catalog/catalog-article";
import type { RelatedArticles } from "~/catalog/related-articles";
import { ArticleCardLink } from "~/components/catalog/article-card-link";
import { RelatedArticlesSections } from "~/components/catalog/related-articles";
import { addLanguage, getI18n } from "~/i18n/i18n";
import type { Lang } from "~/i18n/language";
import type { LocalizedText } from "~/i18n/localized-text";
import { de } from "~/i18n/locales/de";
import { en } from "~/i18n/locales/en";
import { Localized } from "./localized";

// The root module (useLang reads its loader data) imports the build's list of locale chunks.
vi.mock("virtual:locale-chunks", () => ({ default: {} }));

beforeAll(() => {
  addLanguage("de", de);
  addLanguage("en", en);
});

/** Renders `node` on a page of `lang`, as the root loader would set it up. */
function render(lang: Lang, node: React.ReactNode): string {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: () => <>{node}</> }]);
  const root = { lang, siteUrl: "", mediaBase: "/media", mailerBase: "", analyticsId: null, analyticsScriptUrl: "" };
  return renderToStaticMarkup(
    <I18nextProvider i18n={getI18n(lang)}>
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root } }} />
    </I18nextProvider>,
  );
}

const german: LocalizedText = { text: "Kettenschloss", lang: "de" };
const english: LocalizedText = { text: "Chain lock", lang: "en" };

describe("<Localized>", () => {
  it("marks German text on an English page", () => {
    expect(render("en", <Localized text={german} />)).toBe('<span lang="de">Kettenschloss</span>');
  });
  it("is the bare text in the page's language, so translated pages carry no extra markup", () => {
    expect(render("en", <Localized text={english} />)).toBe("Chain lock");
    expect(render("de", <Localized text={german} />)).toBe("Kettenschloss");
  });
  it("renders nothing for an empty text", () => {
    expect(render("en", <Localized text={{ text: "", lang: "de" }} />)).toBe("");
  });
});

const translated: CatalogArticle = {
  partno: "VB-1",
  heading: { de: "Schlösser" },
  price: 12.5,
  eans: [],
  media: [],
  titles: { de: "Kettenschloss", en: "Chain lock" },
  descriptions: {},
  properties: { de: { primary: [], secondary: [] } },
  references: [],
};
const germanOnly: CatalogArticle = { ...translated, partno: "VB-2", price: null, titles: { de: "Kettenschloss" } };

describe("catalogue components", () => {
  const card = (article: CatalogArticle, lang: Lang) =>
    render(lang, <ArticleCardLink card={toArticleCard(article)} to="/x" index={3} columns={3} />);

  it("an English card of a German-only article marks its title German and shows no price", () => {
    const html = card(germanOnly, "en");
    expect(html).toContain('<span class="article-card__title"><span lang="de">Kettenschloss</span></span>');
    expect(html).not.toContain("article-card__price");
  });
  it("a translated card has no lang attribute in either language", () => {
    expect(card(translated, "en")).not.toContain("lang=");
    expect(card(translated, "de")).not.toContain("lang=");
    expect(card(translated, "en")).toContain("12.50\u00a0€*");
  });

  it("the accessories and spare parts sections link each article, marked like the cards", () => {
    const related: RelatedArticles = {
      accessories: [{ ...toArticleCard(germanOnly), href: "/products/articles/Schlösser/VB-2" }],
      spareParts: [{ ...toArticleCard(translated), href: "/products/articles/Schlösser/VB-1" }],
    };
    const html = render("en", <RelatedArticlesSections related={related} listPath="/products/articles/Schlösser" />);
    expect(html).toMatch(/<h3[^>]*>Accessories<\/h3>/);
    expect(html).toMatch(/<h3[^>]*>Spare parts<\/h3>/);
    expect(html).toContain('href="/products/articles/Schlösser/VB-2"');
    expect(html).toContain('<span lang="de">Kettenschloss</span>');
    expect(html).toContain("Chain lock");
    expect(html.match(/€\*/g)).toHaveLength(1);
    expect(render("de", <RelatedArticlesSections related={related} listPath="/x" />)).toMatch(/<h3[^>]*>Zubehör<\/h3>.*<h3[^>]*>Ersatzteile<\/h3>/s);
  });
  it("no references, no sections", () => {
    expect(render("de", <RelatedArticlesSections related={{ accessories: [], spareParts: [] }} listPath="/x" />)).toBe("");
  });

  it("the detail view marks German property texts of a German-only article", () => {
    const detail = toArticleDetail({
      ...germanOnly,
      properties: { de: { primary: [{ attribute: "Farbe", value: "schwarz" }], secondary: [] } },
    });
    const row = detail.properties.en[0];
    if (!row) throw new Error("no property row");
    expect(render("en", <Localized text={row.attribute} />)).toBe('<span lang="de">Farbe</span>');
  });
});
