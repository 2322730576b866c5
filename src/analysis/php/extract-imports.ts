import type { SyntaxNode } from "../tree-sitter.js";
import { phpFileNodes } from "./file-nodes.js";

const INCLUDES = new Set(["require_expression", "require_once_expression", "include_expression", "include_once_expression"]);
const NAMES = new Set(["name", "qualified_name", "namespace_name"]);

/**
 * What a PHP file imports, as written, in source order, without duplicates: the names its `use`
 * declarations import (`use A\B\{C, D as E};` is `A\B\C` and `A\B\D`; `use function A\f;` is `A\f`)
 * and the files it `require`s or `include`s by a literal path (`'lib/x.php'`; `__DIR__ . '/x.php'` is
 * `./x.php`, `dirname(__DIR__) . '/x.php'` is `../x.php`). A path built from variables is not an import.
 */
export function extractPhpImports(root: SyntaxNode): string[] {
  const found = new Set<string>();
  // A walk that does not enter a `use` declaration: an include inside one (in an ERROR node) is not read.
  let useEnd = -1;
  for (const node of phpFileNodes(root)) {
    const type = node.type;
    if (type === "namespace_use_declaration") {
      if (node.startIndex < useEnd) continue;
      for (const name of usedNames(node)) found.add(name);
      useEnd = node.endIndex;
    } else if (INCLUDES.has(type) && node.startIndex >= useEnd) {
      const path = includedPath(node.namedChildren[0] ?? null);
      if (path) found.add(path);
    }
  }
  return [...found];
}

function usedNames(declaration: SyntaxNode): string[] {
  const group = declaration.childForFieldName("body");
  const prefix = group ? declaration.namedChildren.find((child) => child?.type === "namespace_name")?.text : undefined;
  const clauses = (group ?? declaration).namedChildren.filter((child) => child?.type === "namespace_use_clause");
  const names: string[] = [];
  for (const clause of clauses) {
    // The imported name comes first; the alias (`as E`) is a field after it.
    const name = clause!.namedChildren.find((child) => child !== null && NAMES.has(child.type));
    if (!name) continue;
    const written = name.text.replace(/\s+/g, "").replace(/^\\/, "");
    names.push(prefix ? `${prefix.replace(/\s+/g, "").replace(/^\\/, "")}\\${written}` : written);
  }
  return names;
}

/** The path an include names literally, relative to the including file when it starts from `__DIR__`. */
function includedPath(argument: SyntaxNode | null): string | undefined {
  let expression = argument;
  while (expression?.type === "parenthesized_expression") expression = expression.namedChildren[0] ?? null;
  if (!expression) return undefined;
  const literal = literalString(expression);
  if (literal !== undefined) return literal || undefined;
  if (expression.type !== "binary_expression" || expression.childForFieldName("operator")?.type !== ".") return undefined;
  const base = directoryOf(expression.childForFieldName("left"));
  const rest = literalString(expression.childForFieldName("right"));
  if (base === undefined || rest === undefined || !rest.startsWith("/")) return undefined;
  return `${base}${rest}`;
}

/** `__DIR__` is `.`, `dirname(__DIR__)` is `..`, `dirname(__DIR__, 2)` is `../..`, `dirname(__FILE__)` is `.`. */
function directoryOf(node: SyntaxNode | null): string | undefined {
  if (!node) return undefined;
  if (node.type === "name" && node.text === "__DIR__") return ".";
  if (node.type !== "function_call_expression" || node.childForFieldName("function")?.text.toLowerCase() !== "dirname") return undefined;
  const args = (node.childForFieldName("arguments")?.namedChildren ?? []).filter((child) => child?.type === "argument").map((child) => child!.namedChildren[0] ?? null);
  const inner = args[0];
  if (!inner || args.length > 2) return undefined;
  const levels = args[1] ? (args[1].type === "integer" ? Number(args[1].text) : NaN) : 1;
  if (!Number.isInteger(levels) || levels < 1 || levels > 16) return undefined;
  if (inner.type === "name" && inner.text === "__FILE__") return levels === 1 ? "." : Array.from({ length: levels - 1 }, () => "..").join("/");
  const base = directoryOf(inner);
  if (base === undefined) return undefined;
  const up = Array.from({ length: levels }, () => "..").join("/");
  return base === "." ? up : `${base}/${up}`;
}

/** A quoted string without interpolation: its text; undefined for anything else. */
function literalString(node: SyntaxNode | null): string | undefined {
  if (!node || (node.type !== "string" && node.type !== "encapsed_string")) return undefined;
  let value = "";
  for (const part of node.namedChildren) {
    if (part?.type !== "string_content") return undefined;
    value += part.text;
  }
  return value;
}
