import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { type Plugin, defineConfig } from "vite";
import { buildDirectory } from "./build-dir.js";
import { LANGUAGES } from "./app/i18n/language.ts";

const LOCALE_CHUNKS = "virtual:locale-chunks";

/**
 * `virtual:locale-chunks`: the client chunks of each language's texts, so that the server can
 * preload the page's language with the page (decision 013). Chunk names carry content hashes that
 * only the client build knows; the server build runs after it and reads them from the client's Vite
 * manifest, which React Router keeps until the server build is done. The browser and the
 * development server get an empty map (the browser loads the chunk by its own import).
 */
function localeChunks(): Plugin {
  let serverBuild = false;
  let base = "/";
  return {
    name: "velocat:locale-chunks",
    configResolved(config) {
      serverBuild = config.command === "build" && Boolean(config.build.ssr);
      base = config.base;
    },
    resolveId(id) {
      return id === LOCALE_CHUNKS ? `\0${LOCALE_CHUNKS}` : undefined;
    },
    load(id) {
      if (id !== `\0${LOCALE_CHUNKS}`) return undefined;
      if (!serverBuild) return "export default {};";
      const manifestPath = path.join(buildDirectory, "client", ".vite", "manifest.json");
      const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<string, { file: string; imports?: string[] }>;
      const urls = (key: string): string[] => {
        const chunk = manifest[key];
        if (!chunk) throw new Error(`${manifestPath} has no chunk for ${key}`);
        return [`${base}${chunk.file}`, ...(chunk.imports ?? []).flatMap(urls)];
      };
      return `export default ${JSON.stringify(Object.fromEntries(LANGUAGES.map((lang) => [lang, urls(`app/i18n/locales/${lang}.ts`)])))};`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), localeChunks()],
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  build: {
    // Source maps of the server build, for `--enable-source-maps`.
    sourcemap: Boolean(isSsrBuild),
    // Leaflet and friends are split per route; keep the warning meaningful for our own chunks.
    chunkSizeWarningLimit: 250,
    rolldownOptions: isSsrBuild
      ? {
          // The server build starts at the HTTP server, which imports the routes (React Router's
          // node-custom-server layout): one module graph, so no module exists twice at run time.
          // React Router reads it as `rollupOptions.input`, which Vite 8 keeps as an alias of this.
          input: "./server/entry.ts",
        }
      : {
          // What every page loads goes into two chunks instead of a dozen: gzip costs less on a few
          // larger files, and the framework chunk stays cached when only app code changes. The shell
          // is the root and the site layout with all they import. Routes and dynamic imports keep
          // their own chunks.
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/,
                  priority: 2,
                },
                {
                  name: "shell",
                  test: /[\\/]app[\\/](root|routes[\\/]site-layout)\.tsx$/,
                  priority: 1,
                },
              ],
            },
          },
        },
  },
}));
