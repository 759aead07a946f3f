import { useContext } from "react";
import type { TFunction, i18n } from "i18next";
import { I18nContext } from "react-i18next";

const fixed = new WeakMap<i18n, TFunction>();

/**
 * A `t` for one instance that remembers the texts it was asked for without options: most labels of
 * a page (menus, footer, buttons) are such fixed texts, and i18next resolves each one anew on every
 * call. An instance's texts never change once loaded (decision 013), so the memo needs no reset.
 */
function memoizedT(instance: i18n): TFunction {
  const t = instance.getFixedT(instance.language);
  // i18next's TFunction is a set of overloads keyed by our message types; at run time it is a plain call.
  const call = t as unknown as (...args: unknown[]) => string;
  const texts = new Map<string, string>();
  const lookup = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return call(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = call(key);
      texts.set(key, text);
    }
    return text;
  };
  // Same call signatures as i18next's TFunction; only the implementation is ours.
  return lookup as unknown as TFunction;
}

/**
 * `t` for the page's language. The root layout gives each language its own i18next instance
 * through I18nextProvider, so a language switch changes the context and re-renders every user of
 * this hook. react-i18next's useTranslation() would also work, but it copies the whole instance on
 * every mount (its change-detection wrapper): on the server that is every component of every
 * render (decision 017).
 */
export function useT(): TFunction {
  const instance = useContext(I18nContext)?.i18n;
  if (!instance) throw new Error("useT() needs the I18nextProvider of the root layout");
  let t = fixed.get(instance);
  if (!t) {
    t = memoizedT(instance);
    fixed.set(instance, t);
  }
  return t;
}
