import type { TreeLanguage } from "../analyze-tree.js";
import { extractPythonCalls } from "./extract-calls.js";
import { extractPythonImports } from "./extract-imports.js";
import { extractPythonRoutes } from "./extract-routes.js";
import { extractPythonSymbols } from "./extract-symbols.js";

export const PYTHON: TreeLanguage = { grammar: "python", symbols: extractPythonSymbols, imports: extractPythonImports, routes: extractPythonRoutes, calls: extractPythonCalls };
