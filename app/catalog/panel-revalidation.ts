import type { ShouldRevalidateFunction } from "react-router";

/*
 * The part of the article panel's address rule (article-panel-view.ts) that every route needs: which
 * parameters are the panel's own. Kept apart so the root route's chunk, in every page's initial
 * JavaScript, does not carry the rest.
 */

/** The panel's own parameters; a change of only these is a change of view, not of data. */
export const PANEL_PARAMS = ["view", "image"] as const;

/** `search` without the panel's parameters (with `?`, or empty): what the list behind the panel keeps. */
export function withoutPanelParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PANEL_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * Whether two addresses differ only in the panel's parameters: then no loader needs to run again,
 * the panel only shows another view of what it has.
 */
export function onlyPanelChanged(current: URL, next: URL): boolean {
  return (
    current.pathname === next.pathname &&
    current.search !== next.search &&
    withoutPanelParams(current.search) === withoutPanelParams(next.search)
  );
}

/** `shouldRevalidate` for every route above the panel: another view or picture loads nothing. */
export const panelRevalidation: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  onlyPanelChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
