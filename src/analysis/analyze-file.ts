import { createHash } from "node:crypto";
import { callableNamesOf, interfaceKeyOf, isScript } from "../core/calls/link-calls.js";
import type { CallSummary, EncodedCallSummary, FileRoutes, RepoPath, SymbolRecord } from "../model.js";
import { parseSource } from "./compiler.js";
import { extractCalls } from "./extract-calls.js";
import { extractEndpoints } from "./extract-endpoints.js";
import { extractImports } from "./extract-imports.js";
import { extractLexicon } from "./extract-lexicon.js";
import { extractSymbols } from "./extract-symbols.js";
import { renderLexiconField } from "../formats/lexicon.js";

export interface FileAnalysis {
  symbols: SymbolRecord[];
  /** Route registrations as written, and what joins them to routers in other files; absent when it has none (most files). */
  routes?: FileRoutes;
  /** Module specifiers as written; resolved to files later, when the whole file set is known. */
  imports: string[];
  /** Call sites and the bindings that link them; linked across files when the whole file set is known. */
  calls: EncodedCallSummary;
  /** Syntax errors the parser recovered from; the declarations it could parse are still returned. */
  syntaxErrors: number;
  /** The words inside each declaration, rendered (formats/lexicon.ts): what brief matches tasks against. */
  lexicon: string;
}

export function analyzeFile(path: RepoPath, text: string): FileAnalysis {
  const sourceFile = parseSource(path, text);
  const diagnostics = (sourceFile as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
  const symbols = extractSymbols(sourceFile, path);
  return {
    symbols,
    ...routesOf(extractEndpoints(sourceFile, path)),
    imports: extractImports(sourceFile),
    calls: encode(extractCalls(sourceFile, symbols)),
    syntaxErrors: diagnostics.length,
    lexicon: renderLexiconField(extractLexicon(sourceFile, symbols)),
  };
}

/** Only a file with something to say about routes carries them: the per-file cache stays as small as before. */
function routesOf(routes: FileRoutes): { routes?: FileRoutes } {
  const empty = routes.registrations.length + routes.mounts.length + routes.prefixes.length + routes.exports.length === 0 && !routes.basePath;
  return empty ? {} : { routes };
}

function encode(calls: CallSummary): EncodedCallSummary {
  const shape = createHash("sha256").update(interfaceKeyOf(calls)).digest("hex").slice(0, 32);
  return { json: JSON.stringify(calls), callables: callableNamesOf(calls), script: isScript(calls), shape };
}
