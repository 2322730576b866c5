import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "coverage/", "test/fixtures/", ".ai/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "error",
    },
  },
  {
    // Layering: only io/ touches the file system, processes and git; only analysis/ loads the compiler;
    // core/ and formats/ are pure.
    files: ["src/core/**/*.ts", "src/formats/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:fs", "node:fs/*", "node:child_process", "node:worker_threads", "fast-glob", "execa"], message: "core/ and formats/ are pure: do effects in src/io/." },
            { group: ["typescript", "**/analysis/**"], message: "only src/analysis/ may use the compiler." },
            { group: ["**/io/**", "**/cli/**"], message: "core/ and formats/ must not depend on io/ or cli/." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/cli/**/*.ts", "src/io/**/*.ts"],
    ignores: ["src/io/analyze-worker.ts", "src/io/analyze-pool.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["typescript"], message: "only src/analysis/ may use the compiler." }] }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "test/**/*.ts"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", performance: "readonly" } },
    rules: { "no-console": "off" },
  },
  {
    // A mocha reporter must be CommonJS: mocha require()s it.
    files: ["test/**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable", process: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
