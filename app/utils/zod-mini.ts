import * as z from "zod/mini";

/**
 * zod's tree-shakable form, for schemas the browser loads: the dealer map's chunk carries 6 KB of it
 * gzipped instead of the whole of classic zod (25 KB), which is also less to evaluate while the page
 * becomes interactive. Code generation is off for the same reason as in ./zod.ts (our CSP).
 */
z.config({ jitless: true });

export { z };
