import { useEffect, useRef } from "react";
import { type UIMatch, useLocation, useMatches } from "react-router";

/**
 * A route's `handle` that says the route moves the focus itself: the article panel focuses its
 * close button when it opens and gives the focus back to its card when it closes.
 */
export const OWN_FOCUS_HANDLE = { ownFocus: true } as const;

const ownsFocus = (match: UIMatch | undefined) =>
  typeof match?.handle === "object" && match.handle !== null && (match.handle as { ownFocus?: unknown }).ownFocus === true;

interface Shown {
  pathname: string;
  ownFocus: boolean;
}

/**
 * Whether a client-side navigation from `before` to `now` moves the focus to the new page's heading.
 * Not on the first load (the browser starts at the top), not when only the query changes (a filter,
 * a page of results: the visitor stays on the control they used), not into a route that moves the
 * focus itself and not back out of it to the page it lies on (closing the panel).
 */
export function focusesHeading(before: Shown | null, now: Shown): boolean {
  if (!before || before.pathname === now.pathname || now.ownFocus) return false;
  return !(before.ownFocus && before.pathname.startsWith(`${now.pathname}/`));
}

/** The new page's main heading, made focusable for the script alone; the content area without one. */
function focusHeading() {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("main");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

/**
 * Moves the keyboard focus to the new page's `<h1>` after a client-side navigation, as a full page
 * load would start a screen reader at the new page: left alone, the focus stayed on `<body>` or on
 * the menu button that closed (issue 37, item 15). Used once, by the root route; it runs after
 * the new page's own effects.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const ownFocus = ownsFocus(matches[matches.length - 1]);
  const shown = useRef<Shown | null>(null);
  useEffect(() => {
    const now = { pathname, ownFocus };
    if (focusesHeading(shown.current, now)) focusHeading();
    shown.current = now;
  }, [pathname, ownFocus]);
}
