declare module "virtual:locale-chunks" {
  import type { Lang } from "~/i18n/language";

  /** Per language, the client chunks of its texts (empty outside the server build; see vite.config.ts). */
  const chunks: Partial<Record<Lang, string[]>>;
  export default chunks;
}
