import type { TreeLanguage } from "../analyze-tree.js";
import { extractRubyCalls } from "./extract-calls.js";
import { extractRubyImports } from "./extract-imports.js";
import { extractRubyRoutes } from "./extract-routes.js";
import { extractRubySymbols } from "./extract-symbols.js";

export const RUBY: TreeLanguage = { grammar: "ruby", symbols: extractRubySymbols, imports: extractRubyImports, routes: extractRubyRoutes, calls: extractRubyCalls };
