import type { TreeLanguage } from "../analyze-tree.js";
import { extractGoImports } from "./extract-imports.js";
import { extractGoRoutes } from "./extract-routes.js";
import { extractGoSymbols } from "./extract-symbols.js";

export const GO: TreeLanguage = { grammar: "go", symbols: extractGoSymbols, imports: extractGoImports, routes: extractGoRoutes };
