import type { Lang } from "~/i18n/language";

const formats: Record<Lang, Intl.NumberFormat> = {
  de: new Intl.NumberFormat("de-DE", { maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }),
};

/** Decimal units (1 KB = 1000 bytes), as download sizes are usually given. */
export function formatFileSize(bytes: number, lang: Lang): string {
  if (bytes < 1000) return `${formats[lang].format(bytes)} B`;
  if (bytes < 1_000_000) return `${formats[lang].format(bytes / 1000)} KB`;
  return `${formats[lang].format(bytes / 1_000_000)} MB`;
}
