import type { RepoPath, SymbolKind, SymbolRecord } from "../../model.js";
import { treeSignature } from "../tree-signature.js";
import { depthGuarded, endLine, MAX_NESTING, startLine, type SyntaxNode } from "../tree-sitter.js";

/**
 * Statements that hold declarations of the scope they sit in without opening one of their own:
 * a definition under `if TYPE_CHECKING:`, in a `try:`/`except ImportError:` fallback, or in a
 * `with` block is a module's (or a class's) as much as one at its top level.
 */
const TRANSPARENT = new Set([
  "if_statement",
  "elif_clause",
  "else_clause",
  "try_statement",
  "except_clause",
  "except_group_clause",
  "finally_clause",
  "with_statement",
  "for_statement",
  "while_statement",
  "match_statement",
  "case_clause",
]);
const CONSTANT_NAME = /^_*[A-Z][A-Z0-9_]*$/;

/**
 * Declarations an agent may ask for, as Python scopes them: module-level and class-level classes,
 * functions, methods, assignments and `type` aliases; never locals inside a function.
 * Public is what `__all__` lists when the module declares it statically, else a name without a
 * leading underscore (dunder names such as `__init__` are public protocol).
 */
export function extractPythonSymbols(root: SyntaxNode, text: string, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];
  const listed = staticAll(root);
  const isPublic = (name: string, container: string): boolean =>
    container === "" && listed ? listed.has(name) : !name.startsWith("_") || (name.startsWith("__") && name.endsWith("__") && name.length > 4);

  const add = (name: string, kind: SymbolKind, container: string, outer: SyntaxNode, head: SyntaxNode, headEnd: number): void => {
    symbols.push({
      name,
      kind,
      container,
      exported: isPublic(name, container),
      path,
      line: startLine(outer),
      endLine: endLine(outer),
      signature: treeSignature(head, text, head.startIndex, headEnd),
    });
  };

  const visitBlock = (block: SyntaxNode, container: string): void => {
    for (const statement of block.namedChildren) if (statement) visitStatement(statement, statement, container, []);
  };

  const visitStatement: (statement: SyntaxNode, outer: SyntaxNode, container: string, decorators: string[]) => void = depthGuarded((statement: SyntaxNode, outer: SyntaxNode, container: string, decorators: string[]): void => {
    switch (statement.type) {
      case "decorated_definition": {
        const definition = statement.childForFieldName("definition");
        const names = statement.namedChildren.filter((child) => child?.type === "decorator").map((child) => decoratorName(child!));
        if (definition) visitStatement(definition, outer, container, names);
        return;
      }
      case "function_definition": {
        const name = statement.childForFieldName("name")?.text;
        const body = statement.childForFieldName("body");
        if (!name) return;
        add(name, functionKind(name, container, decorators), container, outer, statement, headEnd(statement, body));
        return;
      }
      case "class_definition": {
        const name = statement.childForFieldName("name")?.text;
        const body = statement.childForFieldName("body");
        if (!name) return;
        add(name, "class", container, outer, statement, headEnd(statement, body));
        if (body) visitBlock(body, container ? `${container}.${name}` : name);
        return;
      }
      case "type_alias_statement": {
        const name = statement.childForFieldName("left")?.namedChildren[0];
        if (name?.type === "identifier") add(name.text, "type", container, outer, statement, statement.endIndex);
        return;
      }
      case "expression_statement": {
        const assignment = statement.namedChildren[0];
        if (assignment?.type !== "assignment") return;
        for (const name of assignedNames(assignment)) {
          const kind: SymbolKind = container ? "property" : CONSTANT_NAME.test(name) ? "constant" : "variable";
          add(name, kind, container, outer, statement, statement.endIndex);
        }
        return;
      }
      default:
        if (!TRANSPARENT.has(statement.type)) return;
        for (const child of statement.namedChildren) {
          if (child?.type === "block") visitBlock(child, container);
          else if (child && TRANSPARENT.has(child.type)) visitStatement(child, child, container, []);
        }
    }
  });

  visitBlock(root, "");
  return symbols;
}

function functionKind(name: string, container: string, decorators: readonly string[]): SymbolKind {
  if (!container) return "function";
  if (decorators.some((decorator) => decorator === "property" || decorator === "functools.cached_property" || decorator === "cached_property")) return "getter";
  if (decorators.some((decorator) => decorator === `${name}.setter` || decorator === `${name}.deleter`)) return "setter";
  return "method";
}

/** What a decorator applies, without its arguments or a trailing comment: `@app.get("/")` is `app.get`. */
function decoratorName(decorator: SyntaxNode): string {
  const expression = decorator.namedChildren.find((child) => child !== null && child.type !== "comment") ?? null;
  const applied = expression?.type === "call" ? expression.childForFieldName("function") : expression;
  return applied ? applied.text.replace(/\s+/g, "") : "";
}

/** Where a `def` or `class` head ends: before the `:` that opens its body. */
function headEnd(definition: SyntaxNode, body: SyntaxNode | null): number {
  let end = body ? body.startIndex : definition.endIndex;
  for (let i = 0; i < definition.childCount; i++) {
    const child = definition.child(i);
    if (child?.type === ":" && child.startIndex < end) end = child.startIndex;
  }
  return end;
}

/** The names an assignment statement binds: `a = b = 1`, `a, (b, c) = …`, `x: int = 1`, `x: int`. */
function assignedNames(assignment: SyntaxNode): string[] {
  const names: string[] = [];
  let current: SyntaxNode | null = assignment;
  while (current?.type === "assignment") {
    collectTargets(current.childForFieldName("left"), names);
    current = current.childForFieldName("right");
  }
  return names;
}

function collectTargets(target: SyntaxNode | null, names: string[], depth = 0): void {
  if (!target || depth > MAX_NESTING) return;
  switch (target.type) {
    case "identifier":
      names.push(target.text);
      return;
    case "pattern_list":
    case "tuple_pattern":
    case "list_pattern":
    case "parenthesized_expression":
    case "tuple":
    case "list":
      for (const child of target.namedChildren) collectTargets(child, names, depth + 1);
      return;
    case "list_splat_pattern":
      collectTargets(target.namedChildren[0] ?? null, names, depth + 1);
      return;
    default:
      // Attributes and subscripts (`self.x = …`, `d[k] = …`) bind no name in this scope.
      return;
  }
}

/** `__all__ = [...]` (or a tuple) of string literals at module level; undefined when absent or computed. */
function staticAll(root: SyntaxNode): Set<string> | undefined {
  let listed: Set<string> | undefined;
  for (const statement of root.namedChildren) {
    const assignment = statement?.type === "expression_statement" ? statement.namedChildren[0] : undefined;
    if (assignment?.type !== "assignment" || assignment.childForFieldName("left")?.text !== "__all__") continue;
    const value = assignment.childForFieldName("right");
    if (!value || (value.type !== "list" && value.type !== "tuple")) return undefined;
    const names = new Set<string>();
    for (const item of value.namedChildren) {
      if (item?.type !== "string") return undefined;
      const parts = item.namedChildren.filter((part) => part?.type === "string_content");
      if (parts.length !== 1) return undefined;
      names.add(parts[0]!.text);
    }
    listed = names;
  }
  return listed;
}
