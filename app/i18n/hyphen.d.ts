/** The part of hyphen 1.14 (Liang's patterns from CTAN) that soft-hyphens.server.ts uses; the package ships no types. */
declare module "hyphen/de/index.js" {
  const hyphenator: { hyphenateSync(text: string, options?: { minWordLength?: number; hyphenChar?: string }): string };
  export default hyphenator;
}
declare module "hyphen/en/index.js" {
  const hyphenator: { hyphenateSync(text: string, options?: { minWordLength?: number; hyphenChar?: string }): string };
  export default hyphenator;
}
