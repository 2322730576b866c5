import type { TreeLanguage } from "../analyze-tree.js";
import { extractRustImports } from "./extract-imports.js";
import { extractRustCalls } from "./extract-calls.js";
import { extractRustRoutes } from "./extract-routes.js";
import { extractRustSymbols } from "./extract-symbols.js";

export const RUST: TreeLanguage = { grammar: "rust", symbols: extractRustSymbols, imports: extractRustImports, routes: extractRustRoutes, calls: extractRustCalls };
