import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useT } from "./use-t";

function instance(lang: string, texts: Record<string, unknown>) {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: lang, resources: { [lang]: { translation: texts } }, initAsync: false, interpolation: { escapeValue: false } });
  return i18n;
}

/** useT() of a provider with `i18n`, called outside rendering. */
function memoized(i18n: ReturnType<typeof instance>) {
  let t: ((key: string, options?: object) => string) | undefined;
  function Grab() {
    t = useT() as unknown as (key: string, options?: object) => string;
    return null;
  }
  renderToString(
    <I18nextProvider i18n={i18n}>
      <Grab />
    </I18nextProvider>,
  );
  if (!t) throw new Error("useT() was not called");
  return t;
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

  it("remembers texts with values by their values and their types", () => {
    const i18n = instance("en", { items: "{{n}} items", items_one: "one item", items_other: "{{count}} items", flag: "{{on}}" });
    const t = memoized(i18n);
    for (let round = 0; round < 2; round++) {
      expect(t("items", { n: 1 })).toBe("1 items");
      expect(t("items", { n: "1" })).toBe("1 items");
      expect(t("items", { n: 2 })).toBe("2 items");
      expect(t("items", { count: 1 })).toBe("one item");
      expect(t("items", { count: 5 })).toBe("5 items");
      expect(t("flag", { on: true })).toBe("true");
    }
  });

  it("asks i18next every time when a value is not a plain one", () => {
    const i18n = instance("en", { who: "{{person.name}}" });
    const t = memoized(i18n);
    expect(t("who", { person: { name: "Ada" } })).toBe("Ada");
    expect(t("who", { person: { name: "Grace" } })).toBe("Grace");
  });

  it("gives the same texts as i18next for every key of both languages", async () => {
    const { de } = await import("./locales/de");
    const { en } = await import("./locales/en");
    const leaves = (node: object, prefix = ""): string[] =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === "object" && value !== null ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key.replace(/_(one|other)$/, "")}`],
      );
    for (const [lang, texts] of [["de", de], ["en", en]] as const) {
      const i18n = instance(lang, texts as unknown as Record<string, string>);
      const t = memoized(i18n);
      const direct = i18n.getFixedT(lang) as unknown as (key: string, options?: object) => string;
      const samples = [undefined, { count: 1 }, { count: 7, page: 2, code: "AT", place: "Wien", n: 3 }];
      for (const key of new Set(leaves(texts))) {
        for (const options of samples) {
          // Twice: the second answer comes from the memo.
          expect(t(key, options)).toBe(direct(key, options));
          expect(t(key, options)).toBe(direct(key, options));
        }
      }
    }
  });

  it("fails clearly outside the provider", () => {
    expect(() => renderToString(<Label k="hello" />)).toThrow(/I18nextProvider/);
  });
});
