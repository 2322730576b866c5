import type { TreeLanguage } from "../analyze-tree.js";
import { extractRustSymbols } from "./extract-symbols.js";

export const RUST: TreeLanguage = { grammar: "rust", symbols: extractRustSymbols, imports: () => [] };
