import type { TreeLanguage } from "./analyze-tree.js";
import { CSHARP } from "./csharp/csharp-language.js";
import { GO } from "./go/go-language.js";
import { JAVA } from "./java/java-language.js";
import { PHP } from "./php/php-language.js";
import { PYTHON } from "./python/python-language.js";
import { RUBY } from "./ruby/ruby-language.js";
import { RUST } from "./rust/rust-language.js";
import type { Grammar } from "./tree-sitter.js";

/** Each tree-sitter grammar's extractors: one folder of analysis/ per language. */
export const TREE_LANGUAGES: Record<Grammar, TreeLanguage> = { python: PYTHON, go: GO, java: JAVA, "c-sharp": CSHARP, rust: RUST, php: PHP, ruby: RUBY };
