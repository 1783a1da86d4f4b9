// Lint for hand-written code only: generated packages are checked by their drift test and strict tsc,
// and fixtures are inputs, not code. Rules are syntax-level (no type information) to keep the run fast.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist.building-*/**",
      "**/dist.old-*/**",
      ".nx/**",
      "test-artifacts/**",
      "packages/*/**",
      "!packages/runtime/**",
      "packages/runtime/dist/**",
      "!packages/code/**",
      "packages/code/dist/**",
      "!packages/mcp/**",
      "packages/mcp/dist/**",
      "**/fixtures/**",
      "**/__snapshots__/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The Node globals the plain .js/.mjs files use (tsc checks names in .ts files).
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        performance: "readonly",
        WebAssembly: "readonly",
      },
    },
    rules: {
      // Omitting a property by destructuring it into a rest sibling is the idiom, not an unused name.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none" },
      ],
      // Escapers and format checks match control characters on purpose.
      "no-control-regex": "off",
      "no-unused-private-class-members": "error",
      // Prettier breaks code at 120 columns but never strings, comments or regexes: those are split by hand.
      "max-len": ["error", { code: 120, tabWidth: 2 }],
    },
  },
);
