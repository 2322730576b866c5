import type { RepoPath, SymbolKind, SymbolRecord } from "../../model.js";
import { treeSignature } from "../tree-signature.js";
import { depthGuarded, endLine, startLine, type SyntaxNode } from "../tree-sitter.js";
import { isCsharpExported } from "./is-csharp-exported.js";

const TYPE_KINDS: Record<string, SymbolKind> = {
  class_declaration: "class",
  struct_declaration: "struct",
  interface_declaration: "interface",
  enum_declaration: "enum",
  record_declaration: "record",
  record_struct_declaration: "record",
  delegate_declaration: "type",
};

/** Keywords that open a type declaration: inside an ERROR node, the identifier after one names the container. */
const TYPE_KEYWORDS = new Set(["class", "struct", "interface", "record"]);

/**
 * Nodes that hold declarations of the scope they sit in without being one: a namespace (block or
 * file-scoped, whose declarations are its siblings) is no container; both branches of an `#if` are
 * the file's; an ERROR node keeps what parsed around a syntax error.
 */
const TRANSPARENT = new Set(["namespace_declaration", "declaration_list", "preproc_if", "preproc_elif", "preproc_else", "ERROR"]);

/**
 * Declarations an agent may ask for, as C# scopes them: types at namespace level and nested in
 * types (container: the enclosing types, dotted), and their methods, constructors, properties,
 * fields, events, indexers (`this`), enum members and a record's positional parameters (the public
 * properties it generates). Never a local function, a top-level statement, an operator or a finalizer.
 */
export function extractCsharpSymbols(root: SyntaxNode, text: string, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];
  const add = (name: string, kind: SymbolKind, container: string, exported: boolean, node: SyntaxNode, signature: string): void => {
    symbols.push({ name, kind, container, exported, path, line: startLine(node), endLine: endLine(node), signature });
  };
  const head = (node: SyntaxNode, end: number): string => treeSignature(node, text, headStart(node), end);

  const visit: (scope: SyntaxNode, container: string, inInterface: boolean) => void = depthGuarded((scope: SyntaxNode, container: string, inInterface: boolean): void => {
    // Inside an ERROR node, a type whose body failed to parse still names the members after its `class X {`.
    let within = container;
    for (const node of scope.type === "ERROR" ? scope.children : scope.namedChildren) {
      if (!node) continue;
      if (!node.isNamed) {
        const name = TYPE_KEYWORDS.has(node.type) ? node.nextNamedSibling : null;
        if (name?.type === "identifier") within = container ? `${container}.${name.text}` : name.text;
        continue;
      }
      if (TRANSPARENT.has(node.type)) {
        const body = node.type === "namespace_declaration" ? node.childForFieldName("body") : node;
        if (body) visit(body, within, inInterface);
        continue;
      }
      declare(node, within, inInterface);
    }
  });

  function declare(node: SyntaxNode, container: string, inInterface: boolean): void {
    const exported = isCsharpExported(modifiers(node), inInterface);
    const typeKind = TYPE_KINDS[node.type];
    if (typeKind) {
      const name = node.childForFieldName("name")?.text;
      if (!name) return;
      const body = node.childForFieldName("body");
      add(name, typeKind, container, exported, node, head(node, body ? body.startIndex : beforeSemicolon(node)));
      const inner = container ? `${container}.${name}` : name;
      if (typeKind === "record") addPositional(node, inner);
      if (!body) return;
      if (typeKind === "enum") addEnumMembers(body, inner);
      else visit(body, inner, typeKind === "interface");
      return;
    }
    switch (node.type) {
      case "method_declaration":
      case "constructor_declaration": {
        const name = node.childForFieldName("name")?.text;
        if (!name) return;
        if (node.type === "constructor_declaration" && name === "extension" && container.split(".").pop() !== "extension") {
          addExtensionBlock(node, container);
          return;
        }
        const body = node.childForFieldName("body");
        add(name, node.type === "method_declaration" ? "method" : "constructor", container, exported, node, head(node, body ? body.startIndex : beforeSemicolon(node)));
        return;
      }
      case "property_declaration":
      case "event_declaration":
      case "indexer_declaration": {
        const name = node.type === "indexer_declaration" ? "this" : node.childForFieldName("name")?.text;
        if (!name) return;
        add(name, "property", container, exported, node, head(node, accessorsStart(node)));
        return;
      }
      case "field_declaration":
      case "event_field_declaration": {
        const kind: SymbolKind = modifiers(node).includes("const") ? "constant" : "property";
        const signature = head(node, beforeSemicolon(node));
        const declaration = node.namedChildren.find((child) => child?.type === "variable_declaration");
        for (const declarator of declaration?.namedChildren ?? []) {
          if (declarator?.type !== "variable_declarator") continue;
          const name = declarator.childForFieldName("name")?.text;
          if (name) add(name, kind, container, exported, node, signature);
        }
        return;
      }
      default:
        // Operators, conversions and finalizers are called by syntax, never by name; global statements declare nothing.
        return;
    }
  }

  /**
   * C# 14's `extension(HttpContext context) { … }`, which the grammar reads as a constructor whose
   * methods are local functions: its methods are the enclosing static class's members.
   */
  function addExtensionBlock(block: SyntaxNode, container: string): void {
    for (const member of block.childForFieldName("body")?.namedChildren ?? []) {
      if (member?.type !== "local_function_statement") continue;
      const name = member.childForFieldName("name")?.text;
      const body = member.childForFieldName("body");
      if (name) add(name, "method", container, isCsharpExported(modifiers(member), false), member, head(member, body ? body.startIndex : beforeSemicolon(member)));
    }
  }

  function addEnumMembers(list: SyntaxNode, container: string): void {
    // An explicit stack, children pushed last first: `#if` blocks nest as deep as a hostile file likes.
    const stack: SyntaxNode[] = [list];
    while (stack.length > 0) {
      const member = stack.pop()!;
      if (member.type === "enum_member_declaration") {
        const name = member.childForFieldName("name")?.text;
        // An enum member has the enum's accessibility: it carries no modifier of its own.
        if (name) add(name, "constant", container, true, member, head(member, member.endIndex));
      } else if (member === list || TRANSPARENT.has(member.type)) {
        const children = member.namedChildren;
        for (let i = children.length - 1; i >= 0; i--) if (children[i]) stack.push(children[i]!);
      }
    }
  }

  /** `record Order(string Id, int Lines)`: each positional parameter is a public property of the record. */
  function addPositional(record: SyntaxNode, container: string): void {
    const list = record.namedChildren.find((child) => child?.type === "parameter_list");
    for (const parameter of list?.namedChildren ?? []) {
      if (parameter?.type !== "parameter") continue;
      const name = parameter.childForFieldName("name")?.text;
      if (name) add(name, "property", container, true, parameter, head(parameter, parameter.endIndex));
    }
  }

  visit(root, "", false);
  return symbols;
}

/** The access and other modifiers a declaration writes (`public`, `static`, `const`, …). */
function modifiers(node: SyntaxNode): string[] {
  const found: string[] = [];
  for (const child of node.namedChildren) if (child?.type === "modifier") found.push(child.text);
  return found;
}

/** Where the head begins: after the attributes, which belong to the span (`line`), not the signature. */
function headStart(node: SyntaxNode): number {
  for (const child of node.children) {
    if (child && child.type !== "attribute_list" && child.type !== "comment" && !child.type.startsWith("preproc")) return child.startIndex;
  }
  return node.startIndex;
}

/** The end of a declaration that has no body (`;`-terminated), without its `;`. */
function beforeSemicolon(node: SyntaxNode): number {
  const last = node.child(node.childCount - 1);
  return last?.type === ";" ? last.startIndex : node.endIndex;
}

/** A property's, event's or indexer's head ends before its `{ get; set; }` or `=>`. */
function accessorsStart(node: SyntaxNode): number {
  for (const child of node.children) if (child && (child.type === "accessor_list" || child.type === "arrow_expression_clause")) return child.startIndex;
  return beforeSemicolon(node);
}
