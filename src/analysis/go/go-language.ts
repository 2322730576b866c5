import type { TreeLanguage } from "../analyze-tree.js";
import { extractGoCalls } from "./extract-calls.js";
import { extractGoImports } from "./extract-imports.js";
import { extractGoRoutes } from "./extract-routes.js";
import { extractGoSymbols } from "./extract-symbols.js";

export const GO: TreeLanguage = { grammar: "go", symbols: extractGoSymbols, imports: extractGoImports, routes: extractGoRoutes, calls: extractGoCalls };
