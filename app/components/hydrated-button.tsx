import { useHydrated } from "~/hooks/use-hydrated";

type HydratedButtonProps = Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> & {
  /** Busy while its work runs (locating, sending): clicks do nothing then. */
  busy?: boolean;
};

/**
 * A button that only JavaScript can serve ("near me"): in the HTML from the start, so its place is
 * kept and nothing moves when it comes alive, but inert and marked `data-pending` (the styles of
 * the dealer locator and where-to-buy hide it) until the page has hydrated. A component of its own,
 * so hydration re-renders just the button.
 *
 * While busy it is `aria-disabled`, not `disabled`: a focused button that becomes disabled drops
 * the focus to `<body>`, behind the article panel's dialog and away from where the visitor was
 * (issue 37, item 15).
 */
export function HydratedButton({ busy = false, onClick, ...props }: HydratedButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      {...props}
      onClick={busy ? undefined : onClick}
      disabled={!hydrated}
      aria-disabled={busy ? true : undefined}
      data-pending={hydrated ? undefined : ""}
    />
  );
}
