import { useEffect } from "react";
import { preloadModule } from "react-dom";
import { I18nextProvider } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
} from "react-router";
import { type RootData, useRootData } from "~/hooks/use-root-data";
import { rootBrand } from "~/content/root-brand";
import { themeCss } from "~/content/theme";
import localeChunks from "virtual:locale-chunks";
import { useI18nFor } from "~/i18n/i18n";
import { useLinkNavigation } from "~/navigation/link-navigation";
import { whenIdle } from "~/utils/yield-to-main";
import {
  LANGUAGE_STORAGE_KEY,
  type Lang,
  languageCookie,
  parseLang,
  resolveLanguage,
  storedLanguage,
} from "~/i18n/language";
import { ErrorScreen } from "~/components/error-screen";
import stylesheet from "~/styles/app.css?url";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const { lang, fromQuery } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  const payload: RootData = {
    lang,
    siteUrl: context.env.SITE_URL,
    mediaBase: context.env.MEDIA_BASE_URL,
    mailerBase: context.env.MAILER_API_URL,
    analyticsId: context.env.ANALYTICS_ID || null,
    analyticsScriptUrl: context.env.ANALYTICS_SCRIPT_URL,
    // What every page shows of the brand: from the content files, so an editor's change shows without a build.
    brand: rootBrand(context.content.get("brand"), lang),
  };
  // A language chosen by ?lang becomes the stored choice, so the next page keeps it.
  return data(payload, fromQuery ? { headers: { "Set-Cookie": languageCookie(lang, context.env.SITE_URL.startsWith("https:")) } } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { lang, brand } = useRootData();
  const theme = themeCss(brand.colors);
  const i18n = useI18nFor(lang);
  // The browser needs the page's texts before it can hydrate: fetch them with the other modules.
  for (const href of localeChunks[lang] ?? []) preloadModule(href);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {brand.colors.primary ? <meta name="theme-color" content={brand.colors.primary} /> : null}
        <Meta />
        <Links />
        {theme ? <style>{theme}</style> : null}
        {/* Without JavaScript the hamburger cannot open anything: the plain navigation shows instead.
            The dealer page's "near me" needs the browser's position: without JavaScript it is not there. */}
        <noscript>
          <style>{".menu-toggle{display:none!important}.dealer-search__near-me{display:none!important}.site-nav{display:block!important}@media (max-width:960px){.site-header{position:static;height:auto}.site-header__inner{flex-wrap:wrap;padding-block:.5rem}main{padding-top:0}}"}</style>
        </noscript>
      </head>
      <body>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Keeps localStorage and the cookie in step with the language the server rendered. When the cookie
 * is gone but localStorage still holds a choice, that stored choice wins and the page is reloaded
 * in it (the server can only see the cookie; a full reload also keeps the first paint honest).
 */
function useStoredLanguage(lang: Lang) {
  // When the browser is idle: localStorage and document.cookie are synchronous, and the effect would
  // otherwise run in the task that finishes hydration, the longest of the page's load.
  useEffect(() => whenIdle(() => rememberLanguage(lang)), [lang]);
}

function rememberLanguage(lang: Lang) {
  const secure = window.location.protocol === "https:";
  let stored: Lang | null = null;
  try {
    stored = parseLang(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage can be disabled (private mode); the cookie alone carries the choice then.
  }
  // Only a cookie or a query the server could read counts: a stored `fr` is no choice (decision 004).
  const hasCookie = storedLanguage(document.cookie) !== null;
  const hasQuery = parseLang(new URL(window.location.href).searchParams.get("lang")) !== null;
  if (!hasCookie && !hasQuery && stored !== null && stored !== lang) {
    document.cookie = languageCookie(stored, secure);
    // Reload only when the cookie took (cookies may be blocked), or this would loop.
    if (document.cookie.includes(`${LANGUAGE_STORAGE_KEY}=${stored}`)) window.location.reload();
    return;
  }
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // See above.
  }
  document.cookie = languageCookie(lang, secure);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useStoredLanguage(loaderData.lang);
  useLinkNavigation();
  return <Outlet />;
}

/** Last resort, when even the site layout cannot render: the bare error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="error-page">
      <ErrorScreen status={status} />
    </main>
  );
}
