import { useContext } from "react";
import type { TFunction, i18n } from "i18next";
import { I18nContext } from "react-i18next";

const fixed = new WeakMap<i18n, TFunction>();

/** Texts with values are remembered too, up to this many per language; then the memo starts afresh. */
const MAX_REMEMBERED = 5000;

/**
 * The memo key of a call with options, or null when the options are not all plain values (an
 * object would have to be compared by content, and a function may differ on every call).
 */
function keyWithOptions(key: string, options: unknown): string | null {
  if (typeof options !== "object" || options === null) return null;
  let memoKey = key;
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
    // The type's first letter keeps 1 and "1" apart; \u0000 appears in no key, name or text of ours.
    memoKey += `\u0000${name}\u0000${type[0]}${String(value)}`;
  }
  return memoKey;
}

/**
 * A `t` for one instance that remembers what it returned. Most texts of a page are fixed labels
 * (menus, footer, buttons) or labels with a few plain values (counts, page numbers, article
 * numbers), and i18next resolves each one anew on every call: a twentieth of a page's rendering
 * time. An instance's texts never change once loaded (decision 013), so the memo needs no reset
 * beyond its size limit.
 */
function memoizedT(instance: i18n): TFunction {
  const t = instance.getFixedT(instance.language);
  // i18next's TFunction is a set of overloads keyed by our message types; at run time it is a plain call.
  const call = t as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const lookup = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 1) return call(key, ...rest);
    const memoKey = rest.length === 0 ? key : keyWithOptions(key, rest[0]);
    if (memoKey === null) return call(key, ...rest);
    let text = texts.get(memoKey);
    if (text === undefined) {
      text = call(key, ...rest);
      // Only strings: an object (returnObjects) could be changed by its caller.
      if (typeof text !== "string") return text;
      if (texts.size >= MAX_REMEMBERED) texts.clear();
      texts.set(memoKey, text);
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
  return fixedT(instance);
}

/** The remembering `t` of an instance, for code outside components (route `meta`). */
export function fixedT(instance: i18n): TFunction {
  let t = fixed.get(instance);
  if (!t) {
    t = memoizedT(instance);
    fixed.set(instance, t);
  }
  return t;
}
