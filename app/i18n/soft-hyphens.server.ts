import german from "hyphen/de/index.js";
import english from "hyphen/en/index.js";
import type { Lang } from "./language";
import type { LocalizedText } from "./localized-text";

/**
 * Soft hyphens (U+00AD) in the long words of the names a page shows, so that a phone breaks
 * "Gepäckträgertaschen" as "Gepäckträger-/taschen" instead of cutting it anywhere. Browsers would do
 * this with `hyphens: auto`, but Chromium on Linux and Android without its downloaded dictionaries
 * does not (Debian's never has them). Server only: the patterns are 100 KB per language and must not
 * reach the browser, which renders the strings from the loader's data as they come.
 */

/** Shorter words fit a phone's line; hyphenating them only adds bytes and odd breaks. */
export const MIN_WORD_LETTERS = 10;

export const SOFT_HYPHEN = "\u00AD";

const hyphenators: Record<Lang, (word: string) => string> = {
  de: (word) => german.hyphenateSync(word, { minWordLength: MIN_WORD_LETTERS }),
  en: (word) => english.hyphenateSync(word, { minWordLength: MIN_WORD_LETTERS }),
};

const LONG_WORD = new RegExp(`\\p{L}{${MIN_WORD_LETTERS},}`, "gu");
const HAS_LONG_WORD = new RegExp(LONG_WORD.source, "u");
/** Part numbers, GTINs, sizes and addresses: a token with a digit or one already hyphenated stays as it is. */
const UNTOUCHED = /[\p{N}\u00AD@/]/u;

/** The same names come with every page: each is hyphenated once (bounded, as imports change them). */
const memo = new Map<string, string>();
const MEMO_LIMIT = 20_000;

/** The text with soft hyphens in its words of MIN_WORD_LETTERS letters or more, in the text's language. */
export function softHyphens(text: string, lang: Lang): string {
  if (!HAS_LONG_WORD.test(text)) return text;
  const key = `${lang}:${text}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const result = text
    .split(/(\s+)/)
    .map((token) => (UNTOUCHED.test(token) ? token : token.replace(LONG_WORD, hyphenators[lang])))
    .join("");
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, result);
  return result;
}

/** Keys under which loaders send headings and names: category and article names, crumbs, tiles, cards. */
const NAME_KEYS = new Set(["name", "title", "titles", "heading"]);

function isLocalizedText(value: object): value is LocalizedText {
  const { text, lang } = value as Partial<LocalizedText>;
  return typeof text === "string" && (lang === "de" || lang === "en");
}

function walk(value: unknown, inName: boolean): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => walk(item, inName));
  if (value === null || typeof value !== "object") return value;
  if (inName && isLocalizedText(value)) {
    const shown = softHyphens(value.text, value.lang);
    return shown === value.text ? value : { ...value, shown };
  }
  // Dates, Maps and the like pass as they are.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, inName || NAME_KEYS.has(key))]));
}

/**
 * A loader's data with a `shown` form, soft-hyphenated, beside the `text` of every catalogue name
 * (a `LocalizedText` under `name`, `title`, `titles` or `heading`). `<Localized>` renders `shown`;
 * everything else reads `text`, so titles, meta, JSON-LD, labels, search and sorting never see a soft
 * hyphen. The one call each catalogue loader makes on what it returns.
 */
export function withSoftHyphens<T>(data: T): T {
  return walk(data, false) as T;
}
