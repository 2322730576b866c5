import { BUILD_FILE_PATTERNS } from "../build-file-patterns.js";
import type { LanguageProject } from "../language-project.js";
import { gemPackages } from "./gem-packages.js";
import { rubyResolver } from "./ruby-resolver.js";

/** Gemfiles and gemspecs: a repository's gems (engines, a monorepo's gems) as modules; requires and Zeitwerk's constants resolve by file layout. */
export const RUBY_PROJECT: LanguageProject = { buildFile: BUILD_FILE_PATTERNS.ruby!, packages: gemPackages, resolver: rubyResolver };
