import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
          patterns: [{ group: ["../*", "../../*"], message: "Use the ~/ alias for imports across folders." }],
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Use AppLink / AppNavLink from ~/navigation/app-link (decision 019).",
            },
          ],
        },
      ],
    },
  },
  // Layers (issue 15, decision 026): lower folders never import higher ones. Core rules only: the
  // import plugins need native resolver packages that the npm registry mirror lacks for most platforms.
  // A later block's options for a rule replace an earlier one's for the same file, so every zone
  // also carries the app-wide one (the app never imports the server or the scripts).
  ...[
    { files: ["app/**"], from: [], message: "" },
    { files: ["app/db/**"], from: ["models"], message: "app/db is below the models." },
    {
      files: ["app/models/**"],
      from: ["dealers", "catalog", "seed", "routes", "components"],
      message: "Models only read and write tables; features use them, not the other way round.",
    },
    {
      files: ["app/utils/**", "app/geo/**", "app/i18n/**", "app/config/**"],
      from: ["models", "db", "dealers", "catalog", "seed", "routes", "components"],
      message: "Helpers sit below every feature.",
    },
    { files: ["app/components/**"], from: ["root", "routes"], message: "Components get their data from props or hooks, not from route modules." },
  ].map(({ files, from, message }) => ({
    files,
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../*", "../../*"], message: "Use the ~/ alias for imports across folders." },
            { group: ["~/../server/*", "~/../scripts/*", "**/server/*", "**/scripts/*"], message: "The app never imports the server or the scripts." },
            ...(from.length > 0 ? [{ group: from.flatMap((folder) => [`~/${folder}`, `~/${folder}/*`, `~/${folder}.*`]), message }] : []),
          ],
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Use AppLink / AppNavLink from ~/navigation/app-link (decision 019).",
            },
          ],
        },
      ],
    },
  })),
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
              group: ["~/catalog/provider-schema", "~/catalog/provider-schema.*", "~/catalog/provider-format.server", "~/catalog/provider-format.server.*"],
              message: "Pages read our own types (provider-adapter.ts converts); the provider's shapes are for the API routes and the imports.",
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
