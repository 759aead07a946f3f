import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { type Lang, FALLBACK_LANG } from "./language";
import { de } from "./locales/de";
import { en } from "./locales/en";

export const resources = { de: { translation: de }, en: { translation: en } } as const;

/**
 * One ready instance per language, created once: the texts are bundled, so initialisation is
 * synchronous and a request never waits for it. The root picks the instance for the resolved
 * language, which is why the server renders the right language with no flash.
 */
function createInstance(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const instances: Partial<Record<Lang, i18n>> = {};

export function getI18n(lang: Lang): i18n {
  return (instances[lang] ??= createInstance(lang));
}
