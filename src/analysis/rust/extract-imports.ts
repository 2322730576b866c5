import { MAX_NESTING, type SyntaxNode } from "../tree-sitter.js";

/**
 * Paths this file imports, one per leaf of each `use` tree, in source order without duplicates:
 * `use a::b::{c, d as e, f::*};` is `a::b::c`, `a::b::d`, `a::b::f::*`; `mod x;` is `self::x`
 * (the file that module lives in); `extern crate x;` is `x`. Inside an inline `mod m { … }`,
 * `self::` and `super::` are rewritten from the file's module: `super::*` in `mod tests` is `self::*`
 * and `mod x;` in `mod m` is `self::m::x`, so a specifier means the same from anywhere in the file.
 */
export function extractRustImports(root: SyntaxNode): string[] {
  const specifiers = new Set<string>();
  // Inline modules open around the current node, found by sweeping the nodes in document order:
  // asking each node for its parents costs the depth of the tree every time.
  const open: { name: string; end: number }[] = [];
  for (const node of root.descendantsOfType(["use_declaration", "mod_item", "extern_crate_declaration"])) {
    if (!node) continue;
    while (open.length > 0 && open[open.length - 1]!.end <= node.startIndex) open.pop();
    // Past MAX_NESTING modules deep the file is hostile, not code anyone imports from.
    const inline = open.length <= MAX_NESTING ? open.map((module) => module.name) : undefined;
    const name = node.childForFieldName("name")?.text;
    if (node.type === "use_declaration") {
      const argument = node.childForFieldName("argument");
      const leaves: string[] = [];
      if (argument && inline) useLeaves(argument, "", leaves, 0);
      for (const leaf of leaves) specifiers.add(fromFileModule(leaf, inline ?? []));
    } else if (node.type === "mod_item") {
      if (!name) continue;
      if (node.childForFieldName("body")) open.push({ name, end: node.endIndex });
      else if (inline) specifiers.add(fromFileModule(`self::${name}`, inline));
    } else if (name) {
      specifiers.add(name);
    }
  }
  return [...specifiers];
}

/** The leaf paths of a `use` tree, each prefixed by the path leading to it. */
function useLeaves(node: SyntaxNode, prefix: string, leaves: string[], depth: number): void {
  if (depth > MAX_NESTING) return;
  switch (node.type) {
    case "use_as_clause": {
      const path = node.childForFieldName("path");
      if (path) useLeaves(path, prefix, leaves, depth + 1);
      return;
    }
    case "scoped_use_list": {
      const path = node.childForFieldName("path");
      const list = node.childForFieldName("list");
      const inner = path ? `${prefix}${pathText(path)}::` : prefix;
      if (list) useLeaves(list, inner, leaves, depth + 1);
      return;
    }
    case "use_list":
      for (const item of node.namedChildren) if (item && item.type !== "line_comment" && item.type !== "block_comment") useLeaves(item, prefix, leaves, depth + 1);
      return;
    case "self":
      // `a::{self, b}` imports `a` itself.
      if (prefix) leaves.push(prefix.slice(0, -2));
      else leaves.push("self");
      return;
    default: {
      const text = pathText(node);
      if (text) leaves.push(prefix + text);
    }
  }
}

/** A path as written without spaces or a leading `::` (`::std::io` names the crate `std`). */
function pathText(node: SyntaxNode): string {
  return node.text.replace(/\s+/g, "").replace(/^::/, "");
}

/** `self::`/`super::` written inside inline modules, as the file's own module would write it. */
function fromFileModule(path: string, inline: readonly string[]): string {
  if (inline.length === 0) return path;
  const segments = path.split("::");
  if (segments[0] === "self") return ["self", ...inline, ...segments.slice(1)].join("::");
  let supers = 0;
  while (segments[supers] === "super") supers++;
  if (supers === 0) return path;
  const rest = segments.slice(supers);
  if (supers <= inline.length) return ["self", ...inline.slice(0, inline.length - supers), ...rest].join("::");
  return [...Array<string>(supers - inline.length).fill("super"), ...rest].join("::");
}
