import { useEffect } from "react";
import { useLocation } from "react-router";

/*
 * The address the page showed before the navigation now being rendered: a route that opens on top
 * of another page (the article panel) reads it while it renders for the first time, before the root
 * route's effect has moved on, to know whether Back would lead to the page beneath it.
 */
let shown: string | null = null;

/** The path and query shown until the current render is committed; null before the first page. */
export function shownLocation(): string | null {
  return shown;
}

/** Records each address once its page is on screen; used once, by the root route. */
export function useShownLocation(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    shown = `${pathname}${search}`;
  }, [pathname, search]);
}
