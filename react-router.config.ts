import type { Config } from "@react-router/dev/config";
import { buildDirectory } from "./build-dir";

export default {
  ssr: true,
  buildDirectory,
} satisfies Config;
