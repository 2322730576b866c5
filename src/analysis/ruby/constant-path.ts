import type { SyntaxNode } from "../tree-sitter.js";

/**
 * The name and dotted container a constant path declares from inside `container`: `Order` in
 * `Shop` is Order in Shop; `Shop::Order` is Order in `<container>.Shop`; `::Order` is Order at the
 * top. Undefined for a path through anything but constants (`self::X`, `obj.class::X`).
 */
export function constantPath(node: SyntaxNode | null, container: string): { name: string; container: string } | undefined {
  const segments: string[] = [];
  let current = node;
  let absolute = false;
  // Iterative: `A::B::C` nests to the left, as deep as it is long.
  while (current) {
    if (current.type === "constant") {
      segments.unshift(current.text);
      break;
    }
    if (current.type !== "scope_resolution") return undefined;
    const name = current.childForFieldName("name");
    if (name?.type !== "constant") return undefined;
    segments.unshift(name.text);
    current = current.childForFieldName("scope");
    if (!current) absolute = true;
  }
  const name = segments.pop();
  if (!name) return undefined;
  const outer = absolute ? segments : container ? [container, ...segments] : segments;
  return { name, container: outer.join(".") };
}
