import type { TreeLanguage } from "../analyze-tree.js";
import { extractPhpCalls } from "./extract-calls.js";
import { extractPhpImports } from "./extract-imports.js";
import { extractPhpRoutes } from "./extract-routes.js";
import { extractPhpSymbols } from "./extract-symbols.js";

export const PHP: TreeLanguage = { grammar: "php", symbols: extractPhpSymbols, imports: extractPhpImports, routes: extractPhpRoutes, calls: extractPhpCalls };
