import type { Config } from "@react-router/dev/config";
import { buildDirectory } from "./build-dir.js";
import { fingerprint, recordFingerprint } from "./scripts/build-fingerprint";

// Taken when the build starts (this file is read once per `react-router build`; about 30 ms), so a
// source edited while the build runs still counts as changed for the next `npm start`.
const sourcesAtStart = fingerprint();

export default {
  ssr: true,
  buildDirectory,
  buildEnd() {
    recordFingerprint(sourcesAtStart);
  },
} satisfies Config;
