import type { LocalizedText } from "~/i18n/localized-text";
import { useLang } from "~/i18n/use-lang";

/**
 * A catalogue text, in a `<span lang>` only when its language is not the page's (a German fallback
 * on an English page); otherwise the bare text, so fully translated pages carry no extra markup.
 */
export function Localized({ text }: { text: LocalizedText }) {
  const pageLang = useLang();
  if (text.text === "") return null;
  // A name's form with soft hyphens, as its loader sent it (soft-hyphens.server.ts).
  const shown = text.shown ?? text.text;
  return text.lang === pageLang ? shown : <span lang={text.lang}>{shown}</span>;
}
