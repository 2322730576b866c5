import { oneLine, SIGNATURE_MAX } from "./one-line.js";
import { isShowableLiteral } from "./secret-literals.js";
import type { SyntaxNode } from "./tree-sitter.js";

/** String literal node types of the tree-sitter grammars, and the child types that hold their text. */
const STRING_TYPES = new Set(["string", "interpreted_string_literal", "raw_string_literal", "string_literal", "verbatim_string_literal", "encapsed_string", "interpolated_string_expression", "heredoc"]);
const CONTENT_TYPES = new Set([
  "string_content",
  "interpreted_string_literal_content",
  "raw_string_literal_content",
  "escape_sequence",
  "string_fragment",
  "multiline_string_fragment",
  "string_literal_content",
  "raw_string_content",
  "heredoc_body",
]);

/**
 * The text of `[start, end)` inside `node` on one line, cut at SIGNATURE_MAX, with string literals
 * that are long or look like credentials written `"…"` (secret-literals.ts), as the TypeScript path does.
 */
export function treeSignature(node: SyntaxNode, text: string, start: number, end: number): string {
  const stop = Math.min(Math.max(start, end), start + SIGNATURE_MAX * 4);
  let raw = "";
  let at = start;
  for (const literal of hiddenStrings(node, start, stop)) {
    if (literal.startIndex < at) continue;
    raw += `${text.slice(at, literal.startIndex)}"…"`;
    at = Math.min(literal.endIndex, stop);
  }
  return oneLine(raw + text.slice(at, stop));
}

function hiddenStrings(node: SyntaxNode, start: number, end: number): SyntaxNode[] {
  const hidden: SyntaxNode[] = [];
  // An explicit stack, children pushed last first: a left-nested sum thousands of terms long is as deep as it is long.
  const stack: SyntaxNode[] = [node];
  while (stack.length > 0) {
    const child = stack.pop()!;
    if (child.endIndex <= start || child.startIndex >= end) continue;
    if (STRING_TYPES.has(child.type)) {
      let value = "";
      for (const part of child.namedChildren) if (part && CONTENT_TYPES.has(part.type)) value += part.text;
      // A literal the grammar keeps whole (C#'s `@"…"`): its text inside the quotes.
      if (child.namedChildCount === 0) value = child.text.replace(/^[@$]*"+|"+$/g, "");
      if (child.startIndex >= start && !isShowableLiteral(value)) hidden.push(child);
      continue;
    }
    const children = child.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) if (children[i]) stack.push(children[i]!);
  }
  return hidden;
}
