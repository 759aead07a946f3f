import { DECIMAL, WHOLE_DECIMAL } from "./linked-number";
import { z } from "./zod";

/*
 * The one parser for a number in a URL parameter that is checked rather than sent to its linked
 * spelling (the JSON APIs' `r`, `lat`, `lng`; the dealer search's before it is linked): plain
 * decimal digits in range, or a 400 that says so. `Number()` (z.coerce) read `1e2`, `0x64`, ` 100`
 * and `100.0` as 100, so one answer had many addresses, each a render and a cache entry of its own
 * (issue 37). Built by functions, not at load: a page that imports a module using these does not
 * carry zod unless it parses.
 */

const range = (min: number, max: number) => `from ${min} to ${max}`;

/** A whole number from `min` to `max` in plain digits (`50`, `-3`), nothing else. */
export function urlWholeNumber(min: number, max: number) {
  const message = `must be a whole number ${range(min, max)}, in plain digits`;
  return z
    .string()
    .regex(WHOLE_DECIMAL, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** A number from `min` to `max` in plain decimal notation (`48.137`, `-3`), nothing else. */
export function urlDecimal(min: number, max: number) {
  const message = `must be a number ${range(min, max)} in plain decimal notation (such as 48.137)`;
  return z
    .string()
    .regex(DECIMAL, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}
