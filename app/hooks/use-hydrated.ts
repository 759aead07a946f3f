import { useEffect, useState } from "react";

/** Set by the first effect after the page's hydration; module state, so only the browser sets it. */
let pageHydrated = false;

/**
 * False on the server and during hydration, true afterwards: for behaviour that needs JavaScript.
 * Components that mount later (a client-side navigation) start with true.
 *
 * A state set from an effect, not `useSyncExternalStore`: React re-renders after a store whose
 * server snapshot differs synchronously, at the end of the task that runs hydration's effects,
 * which made that the longest task of a page's load. A state update from an effect is rendered in a
 * task of its own. (No part of our server HTML hydrates separately in a Suspense boundary, where
 * `true` during its hydration would not match the server's markup.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
