import type { TreeLanguage } from "../analyze-tree.js";
import { extractCsharpCalls } from "./extract-calls.js";
import { extractCsharpImports } from "./extract-imports.js";
import { extractCSharpRoutes } from "./extract-routes.js";
import { extractCsharpSymbols } from "./extract-symbols.js";

export const CSHARP: TreeLanguage = { grammar: "c-sharp", symbols: extractCsharpSymbols, imports: extractCsharpImports, routes: extractCSharpRoutes, calls: extractCsharpCalls };
