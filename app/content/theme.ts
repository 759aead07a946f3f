import type { BrandContent } from "./brand-content";

type Colors = BrandContent["colors"];

/** Which custom property of the stylesheet (app/styles/base.css) each brand colour sets. */
const PROPERTIES: Record<keyof Colors, string> = {
  primary: "--brand",
  primaryDark: "--brand-dark",
  primaryLight: "--brand-light",
  accent: "--accent",
  ink: "--ink",
  paper: "--paper",
};

/**
 * The brand's colours as one CSS rule for a `<style>` in the document's head, after the stylesheet:
 * the CSP allows inline styles (server/security-headers.ts), and the values are `#rrggbb` only
 * (brand-content.ts), so nothing but colours reaches it. Empty when there are none (an error page
 * before the root's data): the stylesheet's own colours apply then.
 */
export function themeCss(colors: Colors): string {
  const declarations = (Object.keys(PROPERTIES) as (keyof Colors)[])
    .filter((key) => /^#[0-9a-fA-F]{6}$/.test(colors[key]))
    .map((key) => `${PROPERTIES[key]}:${colors[key]}`);
  return declarations.length > 0 ? `:root{${declarations.join(";")}}` : "";
}
