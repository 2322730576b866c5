import type { SyntaxNode } from "../tree-sitter.js";

/**
 * The name and dotted container a constant path declares from inside `container`: `Order` in
 * `Shop` is Order in Shop; `Shop::Order` is Order in `<container>.Shop`; `::Order` is Order at the
 * top. Undefined for a path through anything but constants (`self::X`, `obj.class::X`).
 */
export function constantPath(node: SyntaxNode | null, container: string): { name: string; container: string } | undefined {
  const path = constantSegments(node);
  const name = path?.segments.pop();
  if (!path || !name) return undefined;
  const outer = path.absolute ? path.segments : container ? [container, ...path.segments] : path.segments;
  return { name, container: outer.join(".") };
}

/** The constants of `Shop::Order`, `::Order` (absolute), `Order`; undefined for a path through anything else. */
export function constantSegments(node: SyntaxNode | null | undefined): { segments: string[]; absolute: boolean } | undefined {
  const segments: string[] = [];
  let current = node;
  // Iterative: `A::B::C` nests to the left, as deep as it is long.
  while (current) {
    if (current.type === "constant") {
      segments.unshift(current.text);
      return { segments, absolute: false };
    }
    if (current.type !== "scope_resolution") return undefined;
    const name = current.childForFieldName("name");
    if (name?.type !== "constant") return undefined;
    segments.unshift(name.text);
    current = current.childForFieldName("scope");
  }
  return segments.length > 0 ? { segments, absolute: true } : undefined;
}
