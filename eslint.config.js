import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers of app/, from the bottom (decision 046). A module may import its own folder and every
 * row below its own; `neighbours: true` lets a row's folders use each other (only the language and
 * the hooks, which need each other's types); `never` takes lower folders away again. Names are
 * folders of app/ or its top-level files without their extension.
 */
export const LAYERS = [
  { row: "settings", modules: ["config"] },
  { row: "language and hooks", modules: ["i18n", "hooks"], neighbours: true },
  { row: "helpers", modules: ["utils"] },
  { row: "services", modules: ["geo", "media", "navigation", "env.server"] },
  { row: "store", modules: ["db"] },
  { row: "tables", modules: ["models"] },
  { row: "exchange formats", modules: ["exchange"] },
  { row: "features", modules: ["catalog", "contact", "content", "documents"] },
  { row: "dealers", modules: ["dealers"] },
  { row: "data commands", modules: ["import", "export"] },
  { row: "demo", modules: ["seed"] },
  { row: "components", modules: ["components"], never: ["db", "models", "exchange", "import", "export", "seed", "env.server"] },
  { row: "pages", modules: ["routes", "root", "entry.client", "entry.server", "load-context"] },
];

/** What app modules the server never imports. */
const SERVER_NEVER = ["routes", "root", "components", "entry.client", "entry.server"];

/**
 * Forbidden imports that a change under way still has to remove: file → the modules it may still
 * import. Empty since issue 27 gave where-to-buy its own resource route; delete an entry when it is gone.
 */
export const PENDING = {};

/** The modules `module` may not import (decision 046). */
export function forbiddenFor(module) {
  const index = LAYERS.findIndex((layer) => layer.modules.includes(module));
  const layer = LAYERS[index];
  const allowed = new Set([module, ...LAYERS.slice(0, index).flatMap((lower) => lower.modules), ...(layer.neighbours ? layer.modules : [])]);
  for (const never of layer.never ?? []) allowed.delete(never);
  return LAYERS.flatMap((other) => other.modules).filter((other) => !allowed.has(other));
}

/** Import patterns for a folder of app/ or one of its top-level files. */
function targets(module) {
  return [`~/${module}`, `~/${module}.*`, `~/${module}/**`];
}

const RELATIVE = { group: ["../*", "../../*", "../../../*"], message: "Use the ~/ alias for imports across folders." };
const NO_SERVER = { group: ["~/../server/*", "~/../scripts/*", "**/server/*", "**/scripts/*"], message: "The app never imports the server or the scripts." };
const LINKS = {
  name: "react-router",
  importNames: ["Link", "NavLink"],
  message: "Use AppLink / AppNavLink from ~/navigation/app-link (decision 019).",
};

function zone(files, forbidden, module, ignores = []) {
  const layer = LAYERS.find((candidate) => candidate.modules.includes(module));
  const without = layer.never ? `, without ${layer.never.join(", ")}` : "";
  return {
    files,
    ignores: ["**/*.test.ts", "**/*.test.tsx", ...ignores],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            RELATIVE,
            NO_SERVER,
            ...(forbidden.length > 0
              ? [{ group: forbidden.flatMap(targets), message: `Layers (decision 046): ${module} (row "${layer.row}") imports its own folder and the rows below it only${without}.` }]
              : []),
          ],
          paths: [LINKS],
        },
      ],
    },
  };
}

function layerZones() {
  const zones = LAYERS.flatMap((layer) =>
    layer.modules.map((module) => {
      const files = [`app/${module}/**`, `app/${module}.ts`, `app/${module}.tsx`];
      return zone(files, forbiddenFor(module), module, Object.keys(PENDING));
    }),
  );
  const pending = Object.entries(PENDING).map(([file, still]) => {
    const module = file.split("/")[1];
    return zone([file], forbiddenFor(module).filter((target) => !still.includes(target)), module);
  });
  return [...zones, ...pending];
}

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".*-data/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Inside the app, imports across folders go through the one alias.
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [RELATIVE],
          paths: [LINKS],
        },
      ],
    },
  },
  // Layers (decision 046, after 026): every folder of app/ sits in one row of LAYERS; a module
  // imports its own folder and the rows below its own, never a neighbour in its own row. Core rules
  // only: the import plugins need native resolver packages that the npm registry mirror lacks for
  // most platforms. A later block's options for a rule replace an earlier one's for the same file,
  // so every zone also carries the app-wide patterns (the ~/ alias; the app never imports the server
  // or the scripts).
  ...layerZones(),
  {
    // The server is below the scripts, and gets the pages through React Router's build.
    files: ["server/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../scripts", "../scripts/**", "~/../scripts/**"], message: "The server never imports the scripts." },
            { group: SERVER_NEVER.flatMap(targets), message: "The server gets the pages and their components through React Router's build, not by import." },
          ],
        },
      ],
    },
  },
  {
    // Pages speak our own names (issue 15, decision 026); tests/quality/provider-names.test.ts checks
    // the field names as well. The TypeScript twin of the core rule, so that neither this zone nor a
    // layer zone above replaces the other's options for the same files.
    files: ["app/root.tsx", "app/routes/**", "app/components/**", "app/documents/**"],
    ignores: ["app/routes/api/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "~/exchange/provider-schema",
                "~/exchange/provider-schema.*",
                "~/catalog/provider-format.server",
                "~/catalog/provider-format.server.*",
                "~/dealers/provider-reseller-format.server",
                "~/dealers/provider-reseller-format.server.*",
              ],
              message: "Pages read our own types (provider-adapter.ts and provider-reseller.ts convert); the provider's shapes are for the API routes and the imports.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
