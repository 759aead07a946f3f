import { useHydrated } from "~/hooks/use-hydrated";

type HydratedButtonProps = Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> & {
  /** Disabled while its work runs (locating, sending). */
  busy?: boolean;
};

/**
 * A button that only JavaScript can serve ("near me"): in the HTML from the start, so its place is
 * kept and nothing moves when it comes alive, but inert and marked `data-pending` (the styles of
 * the dealer locator and where-to-buy hide it) until the page has hydrated. A component of its own,
 * so hydration re-renders just the button.
 */
export function HydratedButton({ busy = false, ...props }: HydratedButtonProps) {
  const hydrated = useHydrated();
  return <button type="button" {...props} disabled={!hydrated || busy} data-pending={hydrated ? undefined : ""} />;
}
