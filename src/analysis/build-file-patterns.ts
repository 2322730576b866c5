import type { Grammar } from "./tree-sitter.js";

// NOTE: a module of its own, importing nothing at run time: the commit hook asks whether a staged
// path is a build file before it loads any of the indexer, on every commit.

/** The build files each language's imports and modules are read from (its LanguageProject's `buildFile`). */
export const BUILD_FILE_PATTERNS: Partial<Record<Grammar, RegExp>> = {
  java: /(?:^|\/)(?:pom\.xml|(?:build|settings)\.gradle(?:\.kts)?)$/,
  "c-sharp": /(?:^|\/)(?:[^/]+\.csproj|Directory\.Build\.props|[^/]+\.sln)$/,
  rust: /(?:^|\/)Cargo\.toml$/,
  php: /(^|\/)composer\.json$/,
  ruby: /(^|\/)(Gemfile|[^/]+\.gemspec)$/,
};

/** Whether `path` is a build file some language reads. */
export function isBuildFile(path: string): boolean {
  for (const pattern of Object.values(BUILD_FILE_PATTERNS)) if (pattern?.test(path)) return true;
  return false;
}
