import { z } from "zod";

/**
 * zod with its code generation switched off. zod 4 otherwise probes `new Function` to compile fast
 * validators, which our Content-Security-Policy (no 'unsafe-eval') reports as a violation in the
 * browser. Every module that validates in the browser imports zod from here.
 */
z.config({ jitless: true });

export { z };
