import { useEffect } from "react";
import { useNavigate } from "react-router";
import { KEEP_SCROLL_ATTRIBUTE, REPLACE_ATTRIBUTE } from "./app-link";

export interface LinkNavigation {
  to: string;
  replace: boolean;
  preventScrollReset: boolean;
}

interface Here {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}

/** The `AppLink` a click landed on, as far as the rules below need it. */
export interface ClickedLink {
  href: string;
  target: string;
  download: boolean;
  keepScroll: boolean;
  /** The link asks to replace the history entry (`AppLink`'s `replace`). */
  replace?: boolean;
}

type Click = Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">;

/**
 * What a click means for the router: where to go, or null when the browser should handle it.
 * The rules of React Router's `<Link>`: only an unmodified primary click on an `AppLink` to this
 * origin, without `download` or another target, and not one a handler has already cancelled.
 * A link to the page already shown, or one marked so, replaces its history entry.
 */
export function linkNavigation(click: Click, link: ClickedLink | null, here: Here): LinkNavigation | null {
  if (!link || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if ((link.target && link.target !== "_self") || link.download) return null;
  const url = new URL(link.href, here.origin);
  if (url.origin !== here.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  const same = to === `${here.pathname}${here.search}${here.hash}`;
  return { to, replace: same || link.replace === true, preventScrollReset: link.keepScroll };
}

function clickedLink(event: MouseEvent): ClickedLink | null {
  // A click on the SVG inside a link has an Element target, not an HTMLElement one.
  const anchor = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  return {
    href: anchor.href,
    target: anchor.target,
    download: anchor.hasAttribute("download"),
    keepScroll: anchor.hasAttribute(KEEP_SCROLL_ATTRIBUTE),
    replace: anchor.hasAttribute(REPLACE_ATTRIBUTE),
  };
}

/** Follows clicks on every `AppLink` of the document in the browser; used once, by the root route. */
export function useLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    // React's own click handlers (a menu that closes, a handler that cancels) run first: React
    // listens on the same document and was there before this effect.
    const onClick = (event: MouseEvent) => {
      const target = linkNavigation(event, clickedLink(event), window.location);
      if (!target) return;
      event.preventDefault();
      void navigate(target.to, { replace: target.replace, preventScrollReset: target.preventScrollReset });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
