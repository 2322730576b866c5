import type { TreeLanguage } from "../analyze-tree.js";
import { extractJavaImports } from "./extract-imports.js";
import { extractJavaSymbols } from "./extract-symbols.js";

export const JAVA: TreeLanguage = { grammar: "java", symbols: extractJavaSymbols, imports: extractJavaImports };
