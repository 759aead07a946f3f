import { Suspense, lazy } from "react";
import { useT } from "~/i18n/use-t";
import { Outlet, isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "~/components/error-screen";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { menuFor } from "~/catalog/menu";
import { resolveLanguage } from "~/i18n/language";
import { withSoftHyphens } from "~/i18n/soft-hyphens.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRootData } from "~/hooks/use-root-data";
import type { Route } from "./+types/site-layout";

// The cookie banner renders only in the browser, after it has read localStorage, so its code can
// follow the page instead of delaying hydration. Only analytics needs consent: without an analytics
// id (ANALYTICS_ID) there is nothing to ask, so no banner and no cookie button (brief section 4.9).
const ConsentManager = lazy(() => import("~/components/consent/consent-manager").then((m) => ({ default: m.ConsentManager })));

/**
 * Apart from the frame: its switch to "hydrated" re-renders only itself, not the header, menu and
 * footer with it, in the task that ends the page's hydration.
 */
function Consent() {
  const hydrated = useHydrated();
  const { analyticsId } = useRootData();
  return hydrated && analyticsId ? (
    <Suspense fallback={null}>
      <ConsentManager />
    </Suspense>
  ) : null;
}

function Frame({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <Consent />
    </>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  return { menu: withSoftHyphens(menuFor(await context.catalog.categories(), lang)) };
}

export default function SiteLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export function meta({ error }: Route.MetaArgs) {
  return error ? [{ title: "Unexpected Application Error!" }, { name: "robots", content: "noindex" }] : [];
}

/** One error screen for every page, inside the site's header and footer so visitors can go on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Frame>
      <ErrorScreen status={status} />
    </Frame>
  );
}
