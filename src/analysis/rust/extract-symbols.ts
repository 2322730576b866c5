import type { RepoPath, SymbolKind, SymbolRecord } from "../../model.js";
import { treeSignature } from "../tree-signature.js";
import { depthGuarded, endLine, startLine, type SyntaxNode } from "../tree-sitter.js";

/** What encloses a declaration list: its dotted container and what its members inherit. */
interface Scope {
  container: string;
  /** Members of an impl or trait: a fn taking `self` is a method. */
  members: boolean;
  /** Visibility a member has without writing one: a trait's items, a trait impl's items. */
  inherited?: boolean;
}

/**
 * Items as rustc scopes them: at file level, in inline `mod x { … }` (container: the module path,
 * dotted) and `extern { … }` blocks; the fns, consts and types of impl blocks (container: the
 * implemented type's name) and traits; named fields of structs and unions, enum variants. Nothing
 * inside a fn body or a macro invocation. Exported is a plain `pub` (`pub(crate)` is not); items of
 * a trait and enum variants are as exported as their trait or enum, items of `impl Trait for X`
 * always (Rust gives them the trait's visibility, which is public wherever the trait is nameable);
 * `macro_rules!` is exported by `#[macro_export]`.
 */
export function extractRustSymbols(root: SyntaxNode, text: string, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];
  const add = (name: string, kind: SymbolKind, container: string, exported: boolean, node: SyntaxNode, headEnd: number): void => {
    if (name === "_" || name === "") return;
    const signature = treeSignature(node, text, node.startIndex, headEnd);
    symbols.push({ name, kind, container, exported, path, line: startLine(firstAttribute(node)), endLine: endLine(node), signature });
  };

  const visitList: (list: SyntaxNode, scope: Scope) => void = depthGuarded((list: SyntaxNode, scope: Scope): void => {
    for (const item of list.namedChildren) if (item) visitItem(item, scope);
  });

  const visitItem = (item: SyntaxNode, scope: Scope): void => {
    const { container } = scope;
    const name = item.childForFieldName("name")?.text ?? "";
    const body = item.childForFieldName("body");
    const exported = scope.inherited ?? isPub(item);
    switch (item.type) {
      case "function_item":
      case "function_signature_item":
        add(name, scope.members && takesSelf(item) ? "method" : "function", container, exported, item, body ? body.startIndex : withoutSemicolon(item));
        return;
      case "struct_item":
      case "union_item":
        // A tuple struct's fields are its head: `struct Id(u64)`.
        add(name, "struct", container, exported, item, body?.type === "field_declaration_list" ? body.startIndex : withoutSemicolon(item));
        if (body?.type === "field_declaration_list") addFields(body, join(container, name));
        return;
      case "enum_item":
        add(name, "enum", container, exported, item, body ? body.startIndex : item.endIndex);
        if (body) addVariants(body, join(container, name), exported);
        return;
      case "trait_item":
        add(name, "trait", container, exported, item, body ? body.startIndex : item.endIndex);
        if (body) visitList(body, { container: join(container, name), members: true, inherited: exported });
        return;
      case "type_item":
      case "associated_type":
        add(name, "type", container, exported, item, withoutSemicolon(item));
        return;
      case "const_item":
        add(name, "constant", container, exported, item, withoutSemicolon(item));
        return;
      case "static_item":
        add(name, "variable", container, exported, item, withoutSemicolon(item));
        return;
      case "mod_item":
        add(name, "module", container, exported, item, body ? body.startIndex : withoutSemicolon(item));
        if (body) visitList(body, { container: join(container, name), members: false });
        return;
      case "macro_definition":
        add(name, "function", container, hasAttribute(item, "macro_export"), item, macroHeadEnd(item));
        return;
      case "foreign_mod_item":
        // `extern "C" { … }` opens no scope: its fns and statics are the enclosing module's.
        if (body) visitList(body, scope);
        return;
      case "impl_item": {
        const type = implementedType(item.childForFieldName("type"));
        // Items of `impl Trait for X` have no visibility of their own: the trait's applies.
        if (type && body) visitList(body, { container: join(container, type), members: true, ...(item.childForFieldName("trait") ? { inherited: true } : {}) });
        return;
      }
      default:
        return;
    }
  };

  function addFields(list: SyntaxNode, container: string): void {
    for (const field of list.namedChildren) {
      if (field?.type !== "field_declaration") continue;
      add(field.childForFieldName("name")?.text ?? "", "property", container, isPub(field), field, field.endIndex);
    }
  }

  function addVariants(list: SyntaxNode, container: string, exported: boolean): void {
    for (const variant of list.namedChildren) {
      if (variant?.type !== "enum_variant") continue;
      const body = variant.childForFieldName("body");
      add(variant.childForFieldName("name")?.text ?? "", "constant", container, exported, variant, body?.type === "field_declaration_list" ? body.startIndex : variant.endIndex);
    }
  }

  visitList(root, { container: "", members: false });
  return symbols;
}

function join(container: string, name: string): string {
  return container ? `${container}.${name}` : name;
}

/** Exported by a plain `pub`; `pub(crate)`, `pub(super)` and `pub(in path)` keep the item inside the crate. */
function isPub(item: SyntaxNode): boolean {
  const visibility = item.namedChildren.find((child) => child?.type === "visibility_modifier");
  return visibility?.text === "pub";
}

/**
 * Where a declaration starts: its first attribute (`#[derive]`, `#[test]`), which tree-sitter
 * keeps as a sibling before it; comments between them (doc comments included) are skipped, not counted.
 */
function firstAttribute(item: SyntaxNode): SyntaxNode {
  let first = item;
  for (let previous = item.previousNamedSibling; previous; previous = previous.previousNamedSibling) {
    if (previous.type === "attribute_item") first = previous;
    else if (previous.type !== "line_comment" && previous.type !== "block_comment") break;
  }
  return first;
}

function hasAttribute(item: SyntaxNode, name: string): boolean {
  for (let previous = item.previousNamedSibling; previous; previous = previous.previousNamedSibling) {
    if (previous.type === "attribute_item") {
      if (previous.namedChildren[0]?.namedChildren[0]?.text === name) return true;
    } else if (previous.type !== "line_comment" && previous.type !== "block_comment") break;
  }
  return false;
}

/** A fn taking `self` in any form: `&self`, `mut self`, `self: Box<Self>`. */
function takesSelf(fn: SyntaxNode): boolean {
  const first = fn.childForFieldName("parameters")?.namedChildren.find((child) => child?.type !== "attribute_item" && child?.type !== "line_comment" && child?.type !== "block_comment");
  if (!first) return false;
  if (first.type === "self_parameter") return true;
  if (first.type !== "parameter") return false;
  let pattern = first.childForFieldName("pattern");
  if (pattern?.type === "mut_pattern") pattern = pattern.namedChildren.find((child) => child?.type !== "mutable_specifier") ?? null;
  return pattern?.type === "self";
}

/**
 * The implemented type's name, as an agent writes it before a method: the last path segment
 * without generics, through references and `dyn` (`impl<T> Store<T>`, `impl Display for &a::B`);
 * undefined for a type without a name (a tuple, a slice, a pointer, a fn type).
 */
function implementedType(type: SyntaxNode | null): string | undefined {
  let current = type;
  for (let steps = 0; current && steps < 64; steps++) {
    switch (current.type) {
      case "type_identifier":
      case "primitive_type":
        return current.text;
      case "reference_type":
      case "generic_type":
        current = current.childForFieldName("type");
        continue;
      case "scoped_type_identifier":
        current = current.childForFieldName("name");
        continue;
      case "dynamic_type":
        current = current.childForFieldName("trait");
        continue;
      case "bounded_type":
        current = current.namedChildren.find((child) => child?.type !== "lifetime") ?? null;
        continue;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** Where a body-less item's head ends: before its `;`. */
function withoutSemicolon(item: SyntaxNode): number {
  const last = item.child(item.childCount - 1);
  return last?.type === ";" ? last.startIndex : item.endIndex;
}

/** `macro_rules! name`, before its rules. */
function macroHeadEnd(item: SyntaxNode): number {
  return item.childForFieldName("name")?.endIndex ?? item.endIndex;
}
