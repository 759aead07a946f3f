import { I18nextProvider } from "react-i18next";
import { type HydrationState, Outlet, createRoutesStub } from "react-router";
import { addLanguage, getI18n } from "~/i18n/i18n";
import type { Lang } from "~/i18n/language";
import { de } from "~/i18n/locales/de";
import { en } from "~/i18n/locales/en";
import { type RootData, useRootData } from "~/hooks/use-root-data";
import { rootBrand } from "~/content/root-brand";
import Contact from "./contact";
import { shippedBrand } from "~/../tests/support/shipped-brand";

addLanguage("de", de);
addLanguage("en", en);

/** The root layout's part the page relies on: its language's texts (root.tsx gives them the same way). */
function Root() {
  return (
    <I18nextProvider i18n={getI18n(useRootData().lang)}>
      <Outlet />
    </I18nextProvider>
  );
}

/** The brand and company as content/brand.yaml ships them (decision 060). */
const SHIPPED_BRAND = shippedBrand();

/** The contact page under a root route with the loader data the real root gives it. */
export const ContactStub = createRoutesStub([
  {
    id: "root",
    path: "/",
    Component: Root,
    children: [{ id: "contact", path: "contact", Component: Contact }],
  },
]);

export function contactStubData(lang: Lang, actionData?: unknown): HydrationState {
  const root: RootData = { lang, siteUrl: "", mediaBase: "/media", mailerBase: "", analyticsId: null, analyticsScriptUrl: "", brand: rootBrand(SHIPPED_BRAND, lang) };
  return {
    // The loader's company is a part of this one: the page shows that part.
    loaderData: { root, contact: { company: SHIPPED_BRAND.company } },
    ...(actionData === undefined ? {} : { actionData: { contact: actionData } }),
  };
}
