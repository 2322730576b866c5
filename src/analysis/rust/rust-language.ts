import type { TreeLanguage } from "../analyze-tree.js";
import { extractRustImports } from "./extract-imports.js";
import { extractRustRoutes } from "./extract-routes.js";
import { extractRustSymbols } from "./extract-symbols.js";

export const RUST: TreeLanguage = { grammar: "rust", symbols: extractRustSymbols, imports: extractRustImports, routes: extractRustRoutes };
