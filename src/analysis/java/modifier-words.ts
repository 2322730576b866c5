import type { SyntaxNode } from "../tree-sitter.js";

/** A declaration's modifier keywords (`public`, `static`, `final`, …), without its annotations. */
export function modifierWords(declaration: SyntaxNode): Set<string> {
  const words = new Set<string>();
  const modifiers = declaration.namedChildren.find((child) => child?.type === "modifiers");
  if (!modifiers) return words;
  for (let i = 0; i < modifiers.childCount; i++) {
    const child = modifiers.child(i);
    if (child && !child.isNamed) words.add(child.type);
  }
  return words;
}
