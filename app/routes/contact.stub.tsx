import { I18nextProvider } from "react-i18next";
import { type HydrationState, Outlet, createRoutesStub } from "react-router";
import { addLanguage, getI18n } from "~/i18n/i18n";
import type { Lang } from "~/i18n/language";
import { de } from "~/i18n/locales/de";
import { en } from "~/i18n/locales/en";
import { type RootData, useRootData } from "~/hooks/use-root-data";
import Contact from "./contact";

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

/** The brand and company as content/brand.yaml ships them (decision 060), as much as the page shows. */
const STUB_BRAND: RootData["brand"] = {
  name: "VIVA",
  legalName: "VIVA Bikeparts GmbH",
  tagline: { de: "Fahrradteile und Zubehör vom Fachhändler", en: "Bicycle parts and accessories from your specialist dealer" },
  description: "",
  social: { label: "Instagram", url: "https://www.instagram.com/" },
  colors: { primary: "#0b5d3b", primaryDark: "#073f28", primaryLight: "#e6f2ec", accent: "#f2b705", ink: "#1b1f1d", paper: "#ffffff" },
};
const STUB_COMPANY = {
  legalName: "VIVA Bikeparts GmbH",
  street: "Speichenweg 12",
  postalCode: "34117",
  city: "Kassel",
  phone: "+49 561 000000",
  email: "info@example.de",
};

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
  const root: RootData = { lang, siteUrl: "", mediaBase: "/media", mailerBase: "", analyticsId: null, analyticsScriptUrl: "", brand: STUB_BRAND };
  return {
    loaderData: { root, contact: { company: STUB_COMPANY } },
    ...(actionData === undefined ? {} : { actionData: { contact: actionData } }),
  };
}
