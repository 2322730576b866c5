import type { SyntaxNode } from "../tree-sitter.js";

/** What a `using` can name: a namespace or a type, never a tuple or array type an alias stands for. */
const NAMES = new Set(["identifier", "qualified_name", "generic_name", "alias_qualified_name"]);
/** Where using directives sit: the file, a namespace's body, either branch of an `#if`. */
const HOLDERS = new Set(["compilation_unit", "namespace_declaration", "declaration_list", "preproc_if", "preproc_elif", "preproc_else"]);

/**
 * The namespaces and types `using` directives name, in source order, without duplicates:
 * `using A.B;`, `global using A.B;`, `using static A.B.C;` and `using X = A.B.C;` give
 * `A.B`, `A.B`, `A.B.C` and `A.B.C`; `global::` (the global namespace, where every name is) is dropped.
 */
export function extractCsharpImports(root: SyntaxNode): string[] {
  const specifiers = new Set<string>();
  // An explicit stack, children pushed last first: namespaces and `#if` blocks nest as deep as a hostile file likes.
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "using_directive") {
      const alias = node.childForFieldName("name");
      const target = node.namedChildren.find((child) => child !== null && child.id !== alias?.id && NAMES.has(child.type));
      if (target) specifiers.add(target.text.replace(/\s+/g, "").replace(/^global::/, ""));
      continue;
    }
    if (!HOLDERS.has(node.type)) continue;
    const children = node.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) if (children[i]) stack.push(children[i]!);
  }
  return [...specifiers];
}
