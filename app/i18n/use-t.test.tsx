import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useT } from "./use-t";

function instance(lang: string, texts: Record<string, string>) {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: lang, resources: { [lang]: { translation: texts } }, initAsync: false, interpolation: { escapeValue: false } });
  return i18n;
}

function Label({ k, n }: { k: string; n?: number }) {
  const t = useT() as unknown as (key: string, options?: object) => string;
  return <span>{n === undefined ? t(k) : t(k, { n })}</span>;
}

describe("useT", () => {
  it("translates with the provider's instance, fixed texts and interpolation alike", () => {
    const de = instance("de", { hello: "Hallo", count: "{{n}} Artikel" });
    const en = instance("en", { hello: "Hello", count: "{{n}} articles" });
    const page = (i18n: typeof de) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Label k="hello" />
          <Label k="hello" />
          <Label k="count" n={3} />
          <Label k="count" n={4} />
        </I18nextProvider>,
      );
    expect(page(de)).toBe("<span>Hallo</span><span>Hallo</span><span>3 Artikel</span><span>4 Artikel</span>");
    expect(page(en)).toBe("<span>Hello</span><span>Hello</span><span>3 articles</span><span>4 articles</span>");
  });

  it("fails clearly outside the provider", () => {
    expect(() => renderToString(<Label k="hello" />)).toThrow(/I18nextProvider/);
  });
});
