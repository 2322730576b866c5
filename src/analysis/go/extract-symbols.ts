import type { RepoPath, SymbolKind, SymbolRecord } from "../../model.js";
import { treeSignature } from "../tree-signature.js";
import { endLine, startLine, type SyntaxNode } from "../tree-sitter.js";

/**
 * Package-level declarations, as Go scopes them: funcs, methods (their container is the receiver's
 * type), types, consts and vars, the fields of struct types and the methods of interface types
 * declared there. Nothing inside a function body. Exported is what Go exports: a name starting
 * with an upper-case letter. The blank identifier declares nothing.
 */
export function extractGoSymbols(root: SyntaxNode, text: string, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];
  const add = (name: string, kind: SymbolKind, container: string, node: SyntaxNode, signature: string): void => {
    if (name === "_") return;
    symbols.push({ name, kind, container, exported: isExported(name), path, line: startLine(node), endLine: endLine(node), signature });
  };
  const head = (node: SyntaxNode, end: number, prefix = ""): string => (prefix ? `${prefix} ` : "") + treeSignature(node, text, node.startIndex, end);

  for (const declaration of root.namedChildren) {
    if (!declaration) continue;
    switch (declaration.type) {
      case "function_declaration":
      case "method_declaration": {
        const name = declaration.childForFieldName("name")?.text;
        if (!name) break;
        const receiver = declaration.childForFieldName("receiver");
        const container = receiver ? receiverType(receiver) : "";
        const body = declaration.childForFieldName("body");
        add(name, receiver ? "method" : "function", container, declaration, head(declaration, body ? body.startIndex : declaration.endIndex));
        break;
      }
      case "type_declaration": {
        const grouped = declaration.namedChildren.length > 1 || declaration.text.replace(/^type\s*/, "").startsWith("(");
        for (const spec of declaration.namedChildren) {
          if (!spec || (spec.type !== "type_spec" && spec.type !== "type_alias")) continue;
          const name = spec.childForFieldName("name")?.text;
          const type = spec.childForFieldName("type");
          if (!name || !type) continue;
          const anchor = grouped ? spec : declaration;
          const prefix = grouped ? "type" : "";
          const body = type.type === "struct_type" || type.type === "interface_type" ? membersStart(type) : undefined;
          const kind: SymbolKind = spec.type === "type_alias" ? "type" : type.type === "struct_type" ? "struct" : type.type === "interface_type" ? "interface" : "type";
          add(name, kind, "", anchor, head(anchor, body ?? spec.endIndex, prefix));
          if (type.type === "struct_type") addFields(type, name);
          if (type.type === "interface_type") addInterfaceMethods(type, name);
        }
        break;
      }
      case "const_declaration":
      case "var_declaration": {
        const keyword = declaration.type === "const_declaration" ? "const" : "var";
        // Specs sit in the declaration, or in its `var ( … )` list; never deeper (a func literal's locals).
        const specs = declaration.namedChildren.flatMap((child) => (child?.type === "var_spec_list" ? child.namedChildren : [child]));
        const grouped = declaration.text.slice(keyword.length).trimStart().startsWith("(");
        for (const spec of specs) {
          if (spec?.type !== "const_spec" && spec?.type !== "var_spec") continue;
          const anchor = grouped ? spec : declaration;
          const signature = head(anchor, anchor.endIndex, grouped ? keyword : "");
          for (const name of spec.childrenForFieldName("name")) if (name) add(name.text, keyword === "const" ? "constant" : "variable", "", anchor, signature);
        }
        break;
      }
      default:
        break;
    }
  }

  function addFields(struct: SyntaxNode, container: string): void {
    const list = struct.namedChildren.find((child) => child?.type === "field_declaration_list");
    for (const field of list?.namedChildren ?? []) {
      if (field?.type !== "field_declaration") continue;
      const type = field.childForFieldName("type");
      const tag = field.childForFieldName("tag");
      const signature = head(field, tag ? tag.startIndex : field.endIndex);
      const names = field.childrenForFieldName("name");
      if (names.length === 0) {
        // An embedded field is named by its type, without package or pointer: `*pkg.Base` is `Base`.
        const embedded = type ? embeddedName(type) : undefined;
        if (embedded) add(embedded, "property", container, field, signature);
      }
      for (const name of names) if (name) add(name.text, "property", container, field, signature);
    }
  }

  function addInterfaceMethods(iface: SyntaxNode, container: string): void {
    for (const element of iface.namedChildren) {
      if (element?.type !== "method_elem") continue;
      const name = element.childForFieldName("name")?.text;
      if (name) add(name, "method", container, element, head(element, element.endIndex));
    }
  }

  return symbols;
}

function isExported(name: string): boolean {
  const first = name.codePointAt(0);
  if (first === undefined) return false;
  const char = String.fromCodePoint(first);
  return char !== char.toLowerCase() && char === char.toUpperCase();
}

/** The receiver's type name without pointer or type arguments: `(s *Store[T])` is `Store`. */
function receiverType(receiver: SyntaxNode): string {
  const parameter = receiver.namedChildren.find((child) => child?.type === "parameter_declaration");
  let type = parameter?.childForFieldName("type") ?? null;
  while (type) {
    if (type.type === "pointer_type" || type.type === "parenthesized_type") type = type.namedChildren[0] ?? null;
    else if (type.type === "generic_type") type = type.childForFieldName("type");
    else break;
  }
  return type?.type === "type_identifier" ? type.text : "";
}

function embeddedName(type: SyntaxNode): string | undefined {
  let current: SyntaxNode | null = type;
  while (current) {
    switch (current.type) {
      case "pointer_type":
        current = current.namedChildren[0] ?? null;
        continue;
      case "generic_type":
        current = current.childForFieldName("type");
        continue;
      case "qualified_type":
        current = current.childForFieldName("name");
        continue;
      case "type_identifier":
        return current.text;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** Where a struct's or interface's members begin: the signature stops before its `{`. */
function membersStart(type: SyntaxNode): number {
  for (let i = 0; i < type.childCount; i++) {
    const child = type.child(i);
    // A struct's `{` opens its field list; an interface's is its own.
    if (child?.type === "{" || child?.type === "field_declaration_list") return child.startIndex;
  }
  return type.endIndex;
}
