import i18next, { type i18n } from "i18next";
import { use } from "react";
import { initReactI18next } from "react-i18next";
import type { Lang } from "./language";
import type { Messages } from "./locales/de";

/**
 * Each language's texts are a chunk of their own, so the browser downloads only the language it
 * shows (decision 013). The server registers every language at start (entry.server.tsx); the
 * browser loads the page's language before hydrating (entry.client.tsx) and another one when a
 * navigation needs it (`useI18nFor`).
 */
const loaders: Record<Lang, () => Promise<Messages>> = {
  de: () => import("./locales/de").then((module) => module.de),
  en: () => import("./locales/en").then((module) => module.en),
};

/** One ready instance per language, created once: a request never waits for initialisation. */
const instances: Partial<Record<Lang, i18n>> = {};
const pending: Partial<Record<Lang, Promise<void>>> = {};
const navigationLoads: Partial<Record<Lang, Promise<void>>> = {};

export function addLanguage(lang: Lang, messages: Messages): void {
  if (instances[lang]) return;
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    // Every language has every key (en.ts is typed against de.ts), so there is nothing to fall back to.
    fallbackLng: false,
    resources: { [lang]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instances[lang] = instance;
}

/** Resolves once `lang` can be rendered; the same promise for every caller until then. */
export function loadLanguage(lang: Lang): Promise<void> {
  if (instances[lang]) return Promise.resolve();
  return (pending[lang] ??= loaders[lang]().then(
    (messages) => addLanguage(lang, messages),
    (error: unknown) => {
      pending[lang] = undefined;
      throw error;
    },
  ));
}

/** The instance of a language that is already loaded: the server's, or the page's in the browser. */
export function getI18n(lang: Lang): i18n {
  const instance = instances[lang];
  if (!instance) throw new Error(`The ${lang} texts are not loaded yet (loadLanguage)`);
  return instance;
}

/**
 * For the root layout. When a client-side navigation arrives in a language the browser has not
 * loaded (the DE/EN switch), rendering suspends until its texts are there; router updates are
 * transitions, so the page stays in the old language meanwhile instead of flashing keys. If the
 * texts cannot be loaded, the page is reloaded: the server renders it in that language.
 */
export function useI18nFor(lang: Lang): i18n {
  const instance = instances[lang];
  if (instance) return instance;
  // `use` needs the same promise on every render until it settles.
  use(
    (navigationLoads[lang] ??= loadLanguage(lang).catch(() => {
      window.location.reload();
      return new Promise<void>(() => {});
    })),
  );
  return getI18n(lang);
}
