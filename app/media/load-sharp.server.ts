import type Sharp from "sharp";
import { onceUntilFailure } from "~/utils/once-until-failure";

/**
 * sharp and its libvips are loaded on the first picture a process makes, not at start-up: a
 * server whose variants and catalogue are already on disk never needs them, and they would hold
 * about 8 MB of resident memory in every instance (issue 15).
 */
export const loadSharp: () => Promise<typeof Sharp> = onceUntilFailure(() => import("sharp").then((module) => module.default));
