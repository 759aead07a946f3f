import type { AnchorHTMLAttributes, Ref } from "react";
import { useLocation } from "react-router";

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A page of this site, from the root: `/products`, `/products/articles/Lenkergriffe?page=2#articles`. */
  to: string;
  /** Keep the scroll position when this link is followed in the browser (React Router's `preventScrollReset`). */
  preventScrollReset?: boolean;
  /** Replace the history entry instead of adding one (a view inside the same panel), when followed in the browser. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** Marks links whose click keeps the scroll position; read by the document's click handler. */
export const KEEP_SCROLL_ATTRIBUTE = "data-keep-scroll";

/** Marks links whose click replaces the history entry; read by the document's click handler. */
export const REPLACE_ATTRIBUTE = "data-replace";

/**
 * A link to a page of this site, followed in the browser without a full page load. It is a plain
 * anchor: the one click handler of the document (`useLinkNavigation`) does what React Router's
 * `<Link>` does for each link, and `data-discover` lets React Router fetch the route's code while
 * the link is on screen, as it does for its own links. A page renders dozens of links (menus,
 * cards, footer) and `<Link>` runs about fifteen hooks and two path resolutions for each, on the
 * server and again at hydration (decision 019).
 */
export function AppLink({ to, preventScrollReset, replace, ...rest }: AppLinkProps) {
  const marks = { ...(preventScrollReset ? { [KEEP_SCROLL_ATTRIBUTE]: "" } : {}), ...(replace ? { [REPLACE_ATTRIBUTE]: "" } : {}) };
  return <a {...rest} href={to} data-discover="true" {...marks} />;
}

/** Whether `pathname` is one of `paths` or a page below it (`/products` covers `/products/articles/x`). */
export function isWithin(pathname: string, paths: readonly string[]): boolean {
  const here = pathname.toLowerCase();
  return paths.some((path) => {
    const target = path.toLowerCase();
    return here === target || (target !== "/" && here.startsWith(target.endsWith("/") ? target : `${target}/`));
  });
}

export interface AppNavLinkProps extends AppLinkProps {
  /** Pages that belong to this entry's section without lying below its path (Service: /hinweise, /downloads). */
  also?: readonly string[];
}

/**
 * An `AppLink` in the main navigation: marked `active` with `aria-current="page"` on its page, on
 * the pages below it and on the `also` pages, as React Router's `<NavLink>` marks it.
 */
export function AppNavLink({ to, className, also = [], ...rest }: AppNavLinkProps) {
  const { pathname } = useLocation();
  const active = isWithin(pathname, [to, ...also]);
  const classes = [className, active ? "active" : undefined].filter(Boolean).join(" ");
  return <AppLink {...rest} to={to} className={classes || undefined} aria-current={active ? "page" : undefined} />;
}
