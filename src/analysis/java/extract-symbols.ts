import type { RepoPath, SymbolKind, SymbolRecord } from "../../model.js";
import { treeSignature } from "../tree-signature.js";
import { depthGuarded, endLine, startLine, type SyntaxNode } from "../tree-sitter.js";
import { headStart } from "./head-start.js";
import { modifierWords } from "./modifier-words.js";

const TYPE_KINDS: Record<string, SymbolKind> = {
  class_declaration: "class",
  interface_declaration: "interface",
  annotation_type_declaration: "interface",
  enum_declaration: "enum",
  record_declaration: "record",
};

/** Where the members of a type sit, and what its body says about them. */
interface Scope {
  container: string;
  /** The type's simple name: what a constructor is called. */
  name: string;
  /** An interface's or annotation type's members are public unless private, and its fields constants. */
  interfaceLike: boolean;
}

/**
 * Declarations an agent may ask for, as Java scopes them: types (classes, interfaces, annotation
 * types, enums, records) at top level and nested in one another, and their fields, methods,
 * constructors, enum constants, record components and annotation elements. Never inside a body
 * (local classes) or an initialiser (anonymous classes, an enum constant's body). Exported is what
 * other packages may use: `public` or `protected`, an interface's member unless `private`, and an
 * enum constant or record component (public by the language, through the constant or the accessor).
 */
export function extractJavaSymbols(root: SyntaxNode, text: string, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];
  const add = (name: string, kind: SymbolKind, container: string, node: SyntaxNode, exported: boolean, headEnd: number): void => {
    symbols.push({ name, kind, container, exported, path, line: startLine(node), endLine: endLine(node), signature: treeSignature(node, text, headStart(node), headEnd) });
  };
  const visible = (node: SyntaxNode, scope: Scope | undefined): boolean => {
    const words = modifierWords(node);
    return words.has("public") || words.has("protected") || (scope?.interfaceLike === true && !words.has("private"));
  };

  const visitMembers: (parent: SyntaxNode, scope: Scope | undefined) => void = depthGuarded((parent: SyntaxNode, scope: Scope | undefined): void => {
    for (const member of parent.namedChildren) {
      if (!member) continue;
      const typeKind = TYPE_KINDS[member.type];
      if (typeKind) {
        visitType(member, typeKind, scope);
        continue;
      }
      // A file's top level holds types only; what a broken file leaves there belongs to no type.
      if (!scope) {
        if (member.type === "ERROR") visitMembers(member, scope);
        continue;
      }
      switch (member.type) {
        case "field_declaration":
        case "constant_declaration": {
          const words = modifierWords(member);
          const kind: SymbolKind = scope.interfaceLike || (words.has("static") && words.has("final")) ? "constant" : "property";
          const end = semicolonStart(member);
          for (const declarator of member.childrenForFieldName("declarator")) {
            const name = declarator?.childForFieldName("name")?.text;
            if (name) add(name, kind, scope.container, member, visible(member, scope), end);
          }
          break;
        }
        case "method_declaration":
        case "annotation_type_element_declaration": {
          const name = member.childForFieldName("name")?.text;
          const body = member.childForFieldName("body");
          if (name) add(name, "method", scope.container, member, visible(member, scope), body ? body.startIndex : semicolonStart(member));
          break;
        }
        case "constructor_declaration":
        case "compact_constructor_declaration": {
          const body = member.childForFieldName("body");
          add(scope.name, "constructor", scope.container, member, visible(member, scope), body ? body.startIndex : member.endIndex);
          break;
        }
        case "enum_constant": {
          const name = member.childForFieldName("name")?.text;
          // The constant's own class body is an anonymous class: its head stops before it, and nothing in it is listed.
          const body = member.childForFieldName("body");
          if (name) add(name, "constant", scope.container, member, true, body ? body.startIndex : member.endIndex);
          break;
        }
        case "enum_body_declarations":
        case "ERROR":
          visitMembers(member, scope);
          break;
        default:
          break;
      }
    }
  });

  const visitType = (node: SyntaxNode, kind: SymbolKind, outer: Scope | undefined): void => {
    const name = node.childForFieldName("name")?.text;
    if (!name) return;
    const container = outer?.container ?? "";
    const body = node.childForFieldName("body");
    add(name, kind, container, node, visible(node, outer), body ? body.startIndex : node.endIndex);
    const scope: Scope = { container: container ? `${container}.${name}` : name, name, interfaceLike: node.type === "interface_declaration" || node.type === "annotation_type_declaration" };
    if (node.type === "record_declaration") {
      for (const component of node.childForFieldName("parameters")?.namedChildren ?? []) {
        if (component?.type !== "formal_parameter" && component?.type !== "spread_parameter") continue;
        const componentName = componentNameOf(component);
        if (componentName) add(componentName, "property", scope.container, component, true, component.endIndex);
      }
    }
    if (body) visitMembers(body, scope);
  };

  visitMembers(root, undefined);
  return symbols;
}

/** Where a declaration without a body ends: before its `;` (a field, an abstract method). */
function semicolonStart(node: SyntaxNode): number {
  const last = node.child(node.childCount - 1);
  return last?.type === ";" ? last.startIndex : node.endIndex;
}

/** A record component's name: `int x` names it in a field, `int... xs` inside its declarator. */
function componentNameOf(component: SyntaxNode): string | undefined {
  const direct = component.childForFieldName("name");
  if (direct) return direct.text;
  const declarator = component.namedChildren.find((child) => child?.type === "variable_declarator");
  return declarator?.childForFieldName("name")?.text;
}
