import type { SyntaxNode } from "../tree-sitter.js";

/** What the imports' and calls' extractors look for anywhere in a PHP file. */
const TYPES = [
  "namespace_definition",
  "namespace_use_declaration",
  "use_instead_of_clause",
  "require_expression",
  "require_once_expression",
  "include_expression",
  "include_once_expression",
];

const byRoot = new WeakMap<SyntaxNode, SyntaxNode[]>();

/**
 * The nodes of those types under `root`, in source order (the order of a depth-first walk), from
 * one call into the parser shared by both extractors: each whole-tree search, or walk node by node,
 * costs as much as a third of the parse (firefly-iii).
 */
export function phpFileNodes(root: SyntaxNode): readonly SyntaxNode[] {
  let nodes = byRoot.get(root);
  if (!nodes) {
    nodes = root.descendantsOfType(TYPES).filter((node): node is SyntaxNode => node !== null);
    byRoot.set(root, nodes);
  }
  return nodes;
}

/** Those of `type` under `root`, in source order: `root.descendantsOfType(type)`. */
export function phpNodesOfType(root: SyntaxNode, type: string): SyntaxNode[] {
  return phpFileNodes(root).filter((node) => node.type === type);
}
