import type { RepoPath, SymbolRecord } from "../model.js";
import { TREE_LANGUAGES } from "./tree-languages.js";
import { grammarLoading, grammarOf, parseTree } from "./tree-sitter.js";

/**
 * The declarations of one file's text, and nothing else of its analysis: what `ctx show` and
 * `ctx outline` need of a file changed since indexing. The compiler, or the file's tree-sitter
 * grammar, is loaded only when this is called.
 */
export async function extractFileSymbols(path: RepoPath, text: string): Promise<SymbolRecord[]> {
  const grammar = grammarOf(path);
  if (!grammar) {
    const [{ parseSource }, { extractSymbols }] = await Promise.all([import("./compiler.js"), import("./extract-symbols.js")]);
    return extractSymbols(parseSource(path, text), path);
  }
  await grammarLoading(grammar);
  const tree = parseTree(grammar, text);
  try {
    return TREE_LANGUAGES[grammar].symbols(tree.rootNode, text, path);
  } finally {
    tree.delete();
  }
}
