import type Sharp from "sharp";

type SharpModule = typeof Sharp;

let loading: Promise<SharpModule> | null = null;

/**
 * sharp and its libvips are loaded on the first picture a process makes, not at start-up: a
 * server whose variants and catalogue are already on disk never needs them, and they would hold
 * about 8 MB of resident memory in every instance (issue 15).
 */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import("sharp").then(
    (module) => module.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
