import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
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
  {
    // Layers (issue 15): lower folders never import higher ones, and no module imports itself in a circle.
    files: ["app/**", "server/**", "scripts/**"],
    // Tests may take fixtures from anywhere.
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { "import-x": importX },
    settings: {
      // Without the TypeScript extensions and parser, import-x skips .ts modules and finds no cycle.
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app", from: ["./server", "./scripts"], message: "The app never imports the server or the scripts." },
            { target: "./app/db", from: "./app/models", message: "app/db is below the models." },
            {
              target: "./app/models",
              from: ["./app/dealers", "./app/catalog", "./app/seed", "./app/routes", "./app/components"],
              message: "Models only read and write tables; features use them, not the other way round.",
            },
            {
              target: ["./app/utils", "./app/geo", "./app/i18n", "./app/config"],
              from: ["./app/models", "./app/db", "./app/dealers", "./app/catalog", "./app/seed", "./app/routes", "./app/components"],
              message: "Helpers sit below every feature.",
            },
            { target: "./app/components", from: ["./app/root.tsx", "./app/routes"], message: "Components get their data from props or hooks, not from route modules." },
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
