// NOTE: the only module that loads tree-sitter, the parser of every language but TypeScript and
// JavaScript. Its runtime and each grammar are WebAssembly, compiled once per thread and only when
// a file of that language is analysed: a TypeScript-only repository never loads them.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as TreeSitter from "@vscode/tree-sitter-wasm";

export type { TreeSitter };
export type SyntaxNode = TreeSitter.Node;

const require = createRequire(import.meta.url);

export const GRAMMARS = ["python", "go", "java", "c-sharp", "rust", "php", "ruby"] as const;
export type Grammar = (typeof GRAMMARS)[number];

const EXTENSIONS: Record<string, Grammar> = {
  ".py": "python",
  ".pyi": "python",
  ".go": "go",
  ".java": "java",
  ".cs": "c-sharp",
  ".rs": "rust",
  ".php": "php",
  ".rb": "ruby",
  ".rake": "ruby",
};

/** The tree-sitter grammar that parses `path`, by its extension; undefined for the compiler's languages. */
export function grammarOf(path: string): Grammar | undefined {
  return EXTENSIONS[path.slice(path.lastIndexOf("."))];
}

let runtime: Promise<typeof TreeSitter> | undefined;
const loading = new Map<Grammar, Promise<void>>();
const parsers = new Map<Grammar, TreeSitter.Parser>();

/**
 * Makes `grammar` ready for `parseTree`: undefined when it already is, else a promise that settles
 * once it is (load it once per thread before the first file of that language).
 */
export function grammarLoading(grammar: Grammar): Promise<void> | undefined {
  if (parsers.has(grammar)) return undefined;
  let pending = loading.get(grammar);
  if (!pending) {
    pending = load(grammar);
    loading.set(grammar, pending);
  }
  return pending;
}

async function load(grammar: Grammar): Promise<void> {
  const module = await (runtime ??= (async () => {
    const loaded = require("@vscode/tree-sitter-wasm") as typeof TreeSitter;
    await loaded.Parser.init();
    return loaded;
  })());
  const folder = dirname(require.resolve("@vscode/tree-sitter-wasm"));
  const language = await module.Language.load(join(folder, `tree-sitter-${grammar}.wasm`));
  const parser = new module.Parser();
  parser.setLanguage(language);
  parsers.set(grammar, parser);
}

/**
 * The syntax tree of `text`; the caller deletes it (`tree.delete()`) when done, since its memory
 * lives in WebAssembly, outside the garbage collector's reach.
 */
export function parseTree(grammar: Grammar, text: string): TreeSitter.Tree {
  const parser = parsers.get(grammar);
  if (!parser) throw new Error(`the ${grammar} grammar is not loaded (await grammarLoading first)`);
  const tree = parser.parse(text);
  if (!tree) throw new Error(`the ${grammar} parser returned no tree`);
  return tree;
}

/** Nodes the parser could not fit into the grammar: what the TypeScript path reports as syntax errors. */
export function countSyntaxErrors(root: SyntaxNode): number {
  if (!root.hasError) return 0;
  let count = 0;
  const cursor = root.walk();
  let more = true;
  while (more) {
    const node = cursor.currentNode;
    if (node.isError || node.isMissing) {
      count += 1;
    } else if (node.hasError && cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        more = false;
        break;
      }
    }
  }
  cursor.delete();
  return count;
}

/** For one file's text, the 1-based column of a node's first character, in UTF-16 code units as the compiler counts them. */
export function columnsOf(text: string): (node: SyntaxNode) => number {
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  return (node) => node.startIndex - (lineStarts[node.startPosition.row] ?? 0) + 1;
}

/** 1-based line of a node's first character. */
export function startLine(node: SyntaxNode): number {
  return node.startPosition.row + 1;
}

/** 1-based line of a node's last character (a node ending at a line's start ends on the line before). */
export function endLine(node: SyntaxNode): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
}

/**
 * How deep the extractors walk a syntax tree. Real code stays far below it; a hostile file (a sum of
 * thirty thousand terms, parentheses three thousand deep) would otherwise overflow the stack, and
 * the whole file would be skipped instead of the part of it no one reads.
 */
export const MAX_NESTING = 256;

/** `visit` that stops descending past MAX_NESTING levels of its own recursion. */
export function depthGuarded<A extends unknown[]>(visit: (...args: A) => void): (...args: A) => void {
  let depth = 0;
  return (...args) => {
    if (depth >= MAX_NESTING) return;
    depth += 1;
    try {
      visit(...args);
    } finally {
      depth -= 1;
    }
  };
}
