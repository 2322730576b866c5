import type { SyntaxNode } from "../tree-sitter.js";

const SKIPPED = new Set(["marker_annotation", "annotation", "line_comment", "block_comment"]);

/**
 * Where a declaration's signature begins: after the annotations in front of it, which belong to its
 * span (its first line) but not to its head, as a Python decorator does not (`@Override public
 * String toString()` reads `public String toString()`).
 */
export function headStart(declaration: SyntaxNode): number {
  for (let i = 0; i < declaration.childCount; i++) {
    const child = declaration.child(i);
    if (!child || SKIPPED.has(child.type)) continue;
    if (child.type !== "modifiers") return child.startIndex;
    for (let j = 0; j < child.childCount; j++) {
      const modifier = child.child(j);
      if (modifier && !SKIPPED.has(modifier.type)) return modifier.startIndex;
    }
  }
  return declaration.startIndex;
}
