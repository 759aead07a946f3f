import { type PANEL_PARAMS, withoutPanelParams } from "./panel-revalidation";

/*
 * What the article panel shows, as its address says: `?view=properties` for the properties beside a
 * description, `?image=2` for the second picture. Links, not state, so both work without JavaScript
 * and the server renders the chosen view. The defaults (the description, the first picture) have no
 * parameter, so each panel has one address per view and picture and nothing else: any other value is
 * answered with a redirect to the canonical address, and the page cache stores only the finite set.
 */

/** Pictures an article panel shows; its `?image=` runs from 2 to this (1 is the address without it). */
export const MAX_THUMBNAILS = 4;

export type PanelView = "description" | "properties";

/** The values a panel's links carry (the page cache stores no other; the loader redirects them). */
export const PANEL_PARAM_VALUES: Record<(typeof PANEL_PARAMS)[number], RegExp> = {
  view: /^properties$/,
  image: new RegExp(`^[2-${MAX_THUMBNAILS}]$`),
};

export interface PanelState {
  view: PanelView;
  /** The picture shown, from 0. */
  image: number;
}

export interface PanelShape {
  /** Whether the article has a description; without one the properties are the only view. */
  hasDescription: boolean;
  imageCount: number;
}

const DEFAULT_STATE: PanelState = { view: "description", image: 0 };

/**
 * The state the address asks for, and whether the address is the canonical one for it. A value
 * the panel does not link (another view, image 1, 0 or beyond the last, a repeated parameter)
 * falls back to the default for that parameter and makes the address not canonical.
 */
export function readPanelState(params: URLSearchParams, shape: PanelShape): { state: PanelState; canonical: boolean } {
  const views = params.getAll("view");
  const images = params.getAll("image");
  const view: PanelView = views.length === 1 && views[0] === "properties" && shape.hasDescription ? "properties" : "description";
  const asked = images.length === 1 && /^[1-9]\d{0,2}$/.test(images[0] ?? "") ? Number(images[0]) : 1;
  const image = asked <= shape.imageCount ? asked - 1 : 0;
  const state = { view, image };
  const canonical = views.length === (view === "properties" ? 1 : 0) && images.length === (image > 0 ? 1 : 0);
  return { state, canonical };
}

/** The query string (with `?`, or empty) for `state`, keeping every other parameter of `search`. */
export function panelSearch(search: string, state: Partial<PanelState>): string {
  const next = { ...DEFAULT_STATE, ...state };
  const params = new URLSearchParams(withoutPanelParams(search));
  if (next.view !== DEFAULT_STATE.view) params.set("view", next.view);
  if (next.image !== DEFAULT_STATE.image) params.set("image", String(next.image + 1));
  const query = params.toString();
  return query ? `?${query}` : "";
}
