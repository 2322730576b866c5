import type { EncodedCallSummary, FileRoutes, RepoPath, SymbolRecord } from "../model.js";
import type * as ScriptAnalysis from "./analyze-script.js";
import { analyzeTree } from "./analyze-tree.js";
import { analyzeSymfonyRouteConfig } from "./php/symfony-route-config.js";
import { isRouteConfigPath } from "../core/index/route-config-path.js";
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
  if (grammar) return grammarLoading(grammar);
  if (isRouteConfigPath(path)) return undefined;
  return script ? undefined : loadScriptAnalysis();
}

/** The compiler's analysis (analysis/analyze-script.ts), once loaded. */
let script: typeof ScriptAnalysis | undefined;
let scriptLoading: Promise<void> | undefined;

/**
 * Loads the compiler's analysis, and the TypeScript compiler with it, ahead of the first file that
 * needs it: a worker warming up for a TypeScript repository. A thread that parses only Python and
 * Go never loads it.
 */
export function loadScriptAnalysis(): Promise<void> {
  scriptLoading ??= import("./analyze-script.js").then((loaded) => {
    script = loaded;
  });
  return scriptLoading;
}

/** What one source file declares, imports, routes and calls: tree-sitter's languages, Symfony's YAML route files, the rest by the compiler. */
export function analyzeFile(path: RepoPath, text: string): FileAnalysis {
  const grammar = grammarOf(path);
  if (grammar) return analyzeTree(TREE_LANGUAGES[grammar], path, text);
  if (isRouteConfigPath(path)) return analyzeSymfonyRouteConfig(path, text);
  if (!script) throw new Error("the compiler is not loaded (await analysisReady first)");
  return script.analyzeScript(path, text);
}
