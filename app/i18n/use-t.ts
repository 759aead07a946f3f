import { useContext } from "react";
import type { TFunction, i18n } from "i18next";
import { I18nContext } from "react-i18next";

const fixed = new WeakMap<i18n, TFunction>();

/**
 * `t` for the page's language. The root layout gives each language its own i18next instance
 * through I18nextProvider, so a language switch changes the context and re-renders every user of
 * this hook. react-i18next's useTranslation() would also work, but it copies the whole instance on
 * every mount (its change-detection wrapper): on the server that is every component of every
 * render, about a tenth of a list page's rendering time (decision 017). Components that render
 * once per page may use either; repeated ones (cards, list items) use this.
 */
export function useT(): TFunction {
  const instance = useContext(I18nContext)?.i18n;
  if (!instance) throw new Error("useT() needs the I18nextProvider of the root layout");
  let t = fixed.get(instance);
  if (!t) {
    t = instance.getFixedT(instance.language);
    fixed.set(instance, t);
  }
  return t;
}
