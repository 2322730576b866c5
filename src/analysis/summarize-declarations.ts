import type { CallSummary } from "../model.js";
import { parseSource } from "./compiler.js";
import { extractCalls } from "./extract-calls.js";
import { extractSymbols } from "./extract-symbols.js";

/**
 * A package's declaration file summarised as the linker reads an indexed file's: its declarations,
 * imports and exports (its call sites are never linked). `key` names it in what the summary says.
 */
export function summarizeDeclarations(key: string, text: string): CallSummary {
  const sourceFile = parseSource(key, text);
  const summary = extractCalls(sourceFile, extractSymbols(sourceFile, key));
  return { ...summary, sites: [], callers: [] };
}
