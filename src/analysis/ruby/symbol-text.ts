import type { SyntaxNode } from "../tree-sitter.js";

/** The name a literal symbol or string argument spells (`:total`, `:"total"`, `"total"`); undefined for anything computed. */
export function symbolText(node: SyntaxNode): string | undefined {
  if (node.type === "simple_symbol") return node.text.slice(1);
  if (node.type !== "string" && node.type !== "delimited_symbol") return undefined;
  const parts = node.namedChildren;
  if (parts.length !== 1 || parts[0]?.type !== "string_content") return undefined;
  return parts[0].text;
}
