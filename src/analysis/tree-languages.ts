import type { TreeLanguage } from "./analyze-tree.js";
import { GO } from "./go/go-language.js";
import { PYTHON } from "./python/python-language.js";
import type { Grammar } from "./tree-sitter.js";

/** Each tree-sitter grammar's extractors: one folder of analysis/ per language. */
export const TREE_LANGUAGES: Record<Grammar, TreeLanguage> = { python: PYTHON, go: GO };
