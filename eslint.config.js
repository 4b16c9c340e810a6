import js from "@eslint/js";
import pluginQuery from "@tanstack/eslint-plugin-query";
import pluginRouter from "@tanstack/eslint-plugin-router";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", ".data/", "node_modules/", "src-client/routeTree.gen.ts", "db/migrations/", "coverage/", "docs/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "log"] }],
    },
  },
  {
    files: ["src-client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ["src-client/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  ...pluginQuery.configs["flat/recommended"],
  ...pluginRouter.configs["flat/recommended"],
  {
    // One operation per file (issue #38): no hand-written source file over 400 lines, no function over 150. Tests,
    // test helpers, seed data, migrations and generated files aside.
    files: ["src/**/*.{ts,tsx}", "src-server/**/*.{ts,tsx}", "src-client/**/*.{ts,tsx}", "db/schema/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "src-server/test/**", "src-client/test/**", "src-client/routeTree.gen.ts", "src/i18n/compiled/**"],
    rules: {
      "max-lines": ["error", { max: 400 }],
      "max-lines-per-function": ["error", { max: 150 }],
    },
  },
  {
    // Nothing in src/ may know about HTTP, React or SQL (ARCHITECTURE.md).
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "react",
            "react-dom",
            "fastify",
            "@fastify/*",
            "drizzle-orm*",
            "postgres",
            "node:*",
            "../src-server/*",
            "../db/*",
          ],
        },
      ],
    },
  },
  {
    // The client imports only the router's type from the server.
    files: ["src-client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/src-server/**", "**/db/**"], allowTypeImports: true }] }],
      // The client's build leaves these statics out (scripts/lib/mantine-unused-statics.ts).
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name=/^(Button|ActionIcon)$/][property.name=/^Group(Section)?$/]",
          message: "Import ButtonGroup / ActionIconGroup (and their GroupSection) from @mantine/core: the build drops the statics.",
        },
      ],
    },
  },
);
