/**
 * Numbers in URL parameters (`?page=`, `?limit=`, `?r=`, `?lat=`, …) as the site itself writes them
 * (issue 25): every other spelling of a value (`limit=99999`, `page=02`, `lat=48.13712345`) would
 * be a render and a cache entry of its own for a page the site already has, so a request for one
 * is sent to the value the site links instead. One rule for every numeric parameter, here.
 */
export type LinkedNumbers =
  /** Exactly these values (the dealer search's radii). */
  | { readonly oneOf: readonly number[] }
  /** Multiples of `step` from `min` to `max`, written with `decimals` places (a position's 3). */
  | { readonly min: number; readonly max: number; readonly step: number; readonly decimals?: number };

/** Plain decimal notation only: `1e3`, `0x10`, ` 2` or `Infinity` are not how the site writes numbers. */
export const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;
/** The same for whole numbers: `1.0`, `1e2` and `+1` are not one. */
export const WHOLE_DECIMAL = /^-?\d{1,15}$/;

/** A value in the parameter's own spelling: `2`, `40`, `48.137`. */
export function spellLinkedNumber(value: number, rule: LinkedNumbers): string {
  return value.toFixed("oneOf" in rule ? 0 : (rule.decimals ?? 0));
}

/** The linked value nearest to `raw`; null when `raw` is no number at all (the caller's default applies). */
export function nearestLinkedNumber(raw: string, rule: LinkedNumbers): number | null {
  if (!DECIMAL.test(raw)) return null;
  const asked = Number(raw);
  if ("oneOf" in rule) {
    let best: number | null = null;
    for (const value of rule.oneOf) if (best === null || Math.abs(value - asked) < Math.abs(best - asked)) best = value;
    return best;
  }
  // Whole steps counted from `min`; then clamped, where the last step may overshoot `max`.
  const steps = Math.round((Math.min(Math.max(asked, rule.min), rule.max) - rule.min) / rule.step);
  const value = Math.min(rule.min + steps * rule.step, rule.max);
  return Number(spellLinkedNumber(value, rule));
}

/**
 * The spelling the site links for `raw`: `raw` itself when it is one, another value's when not,
 * null when `raw` is no number. A caller redirects when the answer is not `raw`.
 */
export function linkedSpelling(raw: string, rule: LinkedNumbers): string | null {
  const value = nearestLinkedNumber(raw, rule);
  return value === null ? null : spellLinkedNumber(value, rule);
}
