import { CSHARP_PROJECT } from "./csharp/csharp-project.js";
import { JAVA_PROJECT } from "./java/java-project.js";
import type { LanguageProject } from "./language-project.js";
import { PHP_PROJECT } from "./php/php-project.js";
import { RUBY_PROJECT } from "./ruby/ruby-project.js";
import { RUST_PROJECT } from "./rust/rust-project.js";
import type { Grammar } from "./tree-sitter.js";

/**
 * The build files of each language whose imports they decide. Python and Go resolve in
 * core/index/resolve-language-import.ts (go.mod is read apart); their entries are absent.
 */
export const LANGUAGE_PROJECTS: Partial<Record<Grammar, LanguageProject>> = { java: JAVA_PROJECT, "c-sharp": CSHARP_PROJECT, rust: RUST_PROJECT, php: PHP_PROJECT, ruby: RUBY_PROJECT };
