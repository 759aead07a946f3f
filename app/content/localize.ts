import type { Lang } from "~/i18n/language";

/** A content value with every `{ de, en }` pair replaced by the text of one language. */
export type Localized<T> = T extends { de: infer D; en: unknown }
  ? D
  : T extends readonly (infer U)[]
    ? Localized<U>[]
    : T extends object
      ? { [K in keyof T]: Localized<T[K]> }
      : T;

function isPair(value: object): value is { de: unknown; en: unknown } {
  const keys = Object.keys(value);
  return keys.length === 2 && "de" in value && "en" in value;
}

/**
 * The content a page shows, in the visitor's language only: what a loader sends to the browser, so
 * a page carries one language's texts, not both.
 */
export function localize<T>(value: T, lang: Lang): Localized<T> {
  if (Array.isArray(value)) return value.map((item: unknown) => localize(item, lang)) as Localized<T>;
  if (typeof value !== "object" || value === null) return value as Localized<T>;
  if (isPair(value)) return value[lang] as Localized<T>;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localize(item, lang)])) as Localized<T>;
}
