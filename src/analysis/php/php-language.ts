import type { TreeLanguage } from "../analyze-tree.js";
import { extractPhpImports } from "./extract-imports.js";
import { extractPhpSymbols } from "./extract-symbols.js";

export const PHP: TreeLanguage = { grammar: "php", symbols: extractPhpSymbols, imports: extractPhpImports };
