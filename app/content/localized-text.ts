import { z } from "zod";

/**
 * A text the visitor reads in their language: German and English, both required and not blank, so a
 * page never shows an empty heading or falls back to the other language unannounced.
 */
export function localizedText(max = 2000) {
  const text = z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
  return z.strictObject({ de: text, en: text }, { message: "needs a German (de) and an English (en) text" });
}

export type LocalizedText = z.output<ReturnType<typeof localizedText>>;

/**
 * Where a button of the content goes: a page of this site (`/products`, `/handlersuche?q=Kassel`),
 * followed in the browser like every link of the site (navigation/app-link.tsx). Nothing else
 * (`javascript:`, `//host`, other sites), so a typo cannot become a script or a link away.
 */
export const contentLink = z
  .string()
  .trim()
  .max(500, "must be at most 500 characters")
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a page of this site, starting with one "/", such as "/products"');
