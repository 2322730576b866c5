import type { RepoPath, SymbolKind, SymbolRecord } from "../../model.js";
import { treeSignature } from "../tree-signature.js";
import { depthGuarded, endLine, startLine, type SyntaxNode } from "../tree-sitter.js";

const CLASS_LIKES: Record<string, SymbolKind> = {
  class_declaration: "class",
  interface_declaration: "interface",
  trait_declaration: "trait",
  enum_declaration: "enum",
};

/**
 * Statements that hold file-level declarations without opening a scope: `if (!function_exists('x')) { function x() … }`
 * and its `elseif`/`else` branches (braced or `:`…`endif;`), a bare `{ … }` block, a `declare(…)` block
 * and a braced `namespace X { … }` (a namespace is not a container). An ERROR node is walked too, so
 * that what parses around a syntax error is kept.
 */
const TRANSPARENT = new Set(["if_statement", "else_if_clause", "else_clause", "colon_block", "compound_statement", "declare_statement", "namespace_definition", "ERROR"]);

/**
 * Declarations an agent may ask for, as PHP scopes them: file-level functions, constants, classes,
 * interfaces, traits and enums, and in a class-like its methods, properties (constructor-promoted
 * parameters too), constants and enum cases; never anything inside a function body (closures,
 * anonymous classes, locals). The container is the class-like's name, never the namespace.
 * Exported is what other code may reach: everything but a `private` member (PHP's default is public).
 */
export function extractPhpSymbols(root: SyntaxNode, text: string, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];
  const add = (name: string, kind: SymbolKind, container: string, node: SyntaxNode, exported: boolean, signature: string): void => {
    symbols.push({ name, kind, container, exported, path, line: startLine(node), endLine: endLine(node), signature });
  };
  const head = (node: SyntaxNode): string => treeSignature(node, text, headStart(node), headEnd(node));

  const visitStatements = depthGuarded((parent: SyntaxNode): void => {
    for (const statement of parent.namedChildren) {
      if (!statement) continue;
      const kind = CLASS_LIKES[statement.type];
      if (kind) {
        const name = statement.childForFieldName("name")?.text;
        if (!name) continue;
        add(name, kind, "", statement, true, head(statement));
        const body = statement.childForFieldName("body");
        if (body) addMembers(body, name);
      } else if (statement.type === "function_definition") {
        const name = statement.childForFieldName("name")?.text;
        if (name) add(name, "function", "", statement, true, head(statement));
      } else if (statement.type === "const_declaration") {
        for (const name of constNames(statement)) add(name, "constant", "", statement, true, head(statement));
      } else if (TRANSPARENT.has(statement.type)) {
        visitStatements(statement);
      }
    }
  });

  function addMembers(body: SyntaxNode, container: string): void {
    for (const member of body.namedChildren) {
      if (!member) continue;
      switch (member.type) {
        case "method_declaration": {
          const name = member.childForFieldName("name")?.text;
          if (!name) break;
          add(name, name.toLowerCase() === "__construct" ? "constructor" : "method", container, member, isVisible(member), head(member));
          if (name.toLowerCase() === "__construct") addPromoted(member, container);
          break;
        }
        case "property_declaration":
          for (const element of member.namedChildren) {
            const name = element?.type === "property_element" ? element.childForFieldName("name") : undefined;
            if (name) add(variableName(name), "property", container, member, isVisible(member), head(member));
          }
          break;
        case "const_declaration":
          for (const name of constNames(member)) add(name, "constant", container, member, isVisible(member), head(member));
          break;
        case "enum_case": {
          const name = member.childForFieldName("name")?.text;
          if (name) add(name, "constant", container, member, true, head(member));
          break;
        }
        default:
          break;
      }
    }
  }

  /** `public function __construct(private readonly Clock $clock)` declares the property `clock`. */
  function addPromoted(constructor: SyntaxNode, container: string): void {
    for (const parameter of constructor.childForFieldName("parameters")?.namedChildren ?? []) {
      if (parameter?.type !== "property_promotion_parameter") continue;
      const name = parameter.childForFieldName("name");
      if (!name) continue;
      const visibility = parameter.childForFieldName("visibility")?.text;
      add(variableName(name), "property", container, parameter, visibility !== "private", head(parameter));
    }
  }

  visitStatements(root);
  return symbols;
}

/** A member is private only when it says so; `public`, `protected` and no modifier (PHP's default) are reachable. */
function isVisible(member: SyntaxNode): boolean {
  return !member.namedChildren.some((child) => child?.type === "visibility_modifier" && child.text.toLowerCase() === "private");
}

function constNames(declaration: SyntaxNode): string[] {
  const names: string[] = [];
  for (const element of declaration.namedChildren) {
    if (element?.type !== "const_element") continue;
    const name = element.namedChildren.find((child) => child?.type === "name");
    if (name) names.push(name.text);
  }
  return names;
}

/** `$total` is the property `total`, as `$this->total` reads it. */
function variableName(variable: SyntaxNode): string {
  return variable.namedChildren.find((child) => child?.type === "name")?.text ?? variable.text.replace(/^\$/, "");
}

/** The signature starts after the attributes, which the line range keeps. */
function headStart(node: SyntaxNode): number {
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && child.type !== "attribute_list" && child.type !== "comment") return child.startIndex;
  }
  return node.startIndex;
}

/** The signature ends before the body (`{`, `;` of an abstract method, the `;` ending a property list). */
function headEnd(node: SyntaxNode): number {
  const body = node.childForFieldName("body");
  if (body) return body.startIndex;
  const last = node.child(node.childCount - 1);
  return last?.type === ";" ? last.startIndex : node.endIndex;
}
