import type { EncodedCallSummary, FileRoutes, RepoPath, SymbolRecord } from "../model.js";
import { parseSource } from "./compiler.js";
import { encodeCalls } from "./encode-calls.js";
import { extractCalls } from "./extract-calls.js";
import { extractEndpoints } from "./extract-endpoints.js";
import { extractImports } from "./extract-imports.js";
import { extractLexicon } from "./extract-lexicon.js";
import { extractSymbols } from "./extract-symbols.js";
import { renderLexiconField } from "../formats/lexicon.js";
import { analyzeTree } from "./analyze-tree.js";
import { TREE_LANGUAGES } from "./tree-languages.js";
import { grammarLoading, grammarOf } from "./tree-sitter.js";

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

/**
 * Undefined when `analyzeFile` can take `path` now; else a promise that settles once it can (its
 * language's parser is loaded, once per thread).
 */
export function analysisReady(path: RepoPath): Promise<void> | undefined {
  const grammar = grammarOf(path);
  return grammar ? grammarLoading(grammar) : undefined;
}

/** What one source file declares, imports, routes and calls; Python and Go by tree-sitter, the rest by the compiler. */
export function analyzeFile(path: RepoPath, text: string): FileAnalysis {
  const grammar = grammarOf(path);
  return grammar ? analyzeTree(TREE_LANGUAGES[grammar], path, text) : analyzeScript(path, text);
}

function analyzeScript(path: RepoPath, text: string): FileAnalysis {
  const sourceFile = parseSource(path, text);
  const diagnostics = (sourceFile as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
  const symbols = extractSymbols(sourceFile, path);
  return {
    symbols,
    ...routesOf(extractEndpoints(sourceFile, path)),
    imports: extractImports(sourceFile),
    calls: encodeCalls(extractCalls(sourceFile, symbols)),
    syntaxErrors: diagnostics.length,
    lexicon: renderLexiconField(extractLexicon(sourceFile, symbols)),
  };
}

/** Only a file with something to say about routes carries them: the per-file cache stays as small as before. */
function routesOf(routes: FileRoutes): { routes?: FileRoutes } {
  const empty = routes.registrations.length + routes.mounts.length + routes.prefixes.length + routes.exports.length === 0 && !routes.basePath;
  return empty ? {} : { routes };
}
