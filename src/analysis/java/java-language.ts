import type { TreeLanguage } from "../analyze-tree.js";
import { extractJavaCalls } from "./extract-calls.js";
import { extractJavaImports } from "./extract-imports.js";
import { extractJavaRoutes } from "./extract-routes.js";
import { extractJavaSymbols } from "./extract-symbols.js";

export const JAVA: TreeLanguage = { grammar: "java", symbols: extractJavaSymbols, imports: extractJavaImports, routes: extractJavaRoutes, calls: extractJavaCalls };
