import type { CallSummary, FileRoutes, RepoPath, SymbolRecord } from "../model.js";
import type { FileAnalysis } from "./analyze-file.js";
import { emptyCalls, encodeCalls } from "./encode-calls.js";
import { renderLexiconField } from "../formats/lexicon.js";
import { extractTreeLexicon } from "./tree-lexicon.js";
import { countSyntaxErrors, parseTree, type Grammar, type SyntaxNode } from "./tree-sitter.js";

/** What one tree-sitter language contributes: a folder under analysis/ (python/, go/) exports one. */
export interface TreeLanguage {
  grammar: Grammar;
  symbols(root: SyntaxNode, text: string, path: RepoPath): SymbolRecord[];
  imports(root: SyntaxNode): string[];
  /** `path` for frameworks whose routes a file's place decides (Laravel serves routes/api.php under /api). */
  routes?(root: SyntaxNode, text: string, path: RepoPath): FileRoutes | undefined;
  calls?(root: SyntaxNode, text: string, symbols: readonly SymbolRecord[], path: RepoPath): CallSummary;
}

/** A file of a tree-sitter language analysed as analyzeFile does a TypeScript file, from one parse. */
export function analyzeTree(language: TreeLanguage, path: RepoPath, text: string): FileAnalysis {
  const tree = parseTree(language.grammar, text);
  try {
    const root = tree.rootNode;
    const symbols = language.symbols(root, text, path);
    const routes = unlessTooDeep(() => language.routes?.(root, text, path));
    return {
      symbols,
      ...(routes ? { routes } : {}),
      imports: language.imports(root),
      calls: encodeCalls(unlessTooDeep(() => language.calls?.(root, text, symbols, path)) ?? emptyCalls()),
      syntaxErrors: countSyntaxErrors(root),
      lexicon: renderLexiconField(extractTreeLexicon(root, symbols)),
    };
  } finally {
    // The tree lives in WebAssembly memory, which the garbage collector does not see.
    tree.delete();
  }
}

/**
 * What an extractor finds, or nothing when the file nests deeper than the stack allows (a generated
 * expression thousands of levels deep): the file keeps its declarations rather than being skipped.
 */
function unlessTooDeep<T>(extract: () => T): T | undefined {
  try {
    return extract();
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
