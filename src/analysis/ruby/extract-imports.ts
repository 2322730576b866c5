import { constantSegments } from "./constant-path.js";
import type { SyntaxNode } from "../tree-sitter.js";
import { symbolText } from "./symbol-text.js";

/**
 * Ruby's own classes and modules and the frameworks' namespaces: a file names them without
 * depending on any file of the repository, and an `app/models/file.rb` must not be taken for `File`.
 */
const CORE = new Set([
  "ARGV", "ActiveJob", "ActiveModel", "ActiveRecord", "ActiveStorage", "ActiveSupport", "ActionCable", "ActionController", "ActionDispatch", "ActionMailer", "ActionView",
  "ArgumentError", "Array", "BasicObject", "Comparable", "Data", "Date", "DateTime", "Dir", "ENV", "Encoding", "Enumerable", "Enumerator", "Exception", "FalseClass",
  "Fiber", "File", "FileUtils", "Float", "Hash", "IO", "IOError", "IndexError", "Integer", "JSON", "Kernel", "KeyError", "Math", "Method", "Module", "Mutex",
  "NameError", "NilClass", "NoMethodError", "NotImplementedError", "Numeric", "Object", "ObjectSpace", "Pathname", "Proc", "Process", "Rails", "Rake", "Range",
  "RangeError", "Rational", "Regexp", "RSpec", "RuntimeError", "STDERR", "STDIN", "STDOUT", "ScriptError", "Set", "Signal", "StandardError", "StopIteration",
  "String", "StringIO", "Struct", "Symbol", "Thread", "Time", "TrueClass", "TypeError", "URI", "ZeroDivisionError", "Class",
]);
/** `MAX_SIZE` alone is a value constant of the class at hand; no file is named after it. */
const VALUE_CONSTANT = /^[A-Z][A-Z0-9_]*$/;
const REQUIRES = new Set(["require", "require_relative", "autoload"]);

/**
 * What a file loads, as written, in source order without duplicates: `require "x/y"` is `x/y`,
 * `require_relative "y"` is `./y` (`"../y"` stays `../y`), `autoload :X, "x"` is `x`; and, for
 * Zeitwerk's autoloading, the constants it names but does not declare, `::` in front
 * (`Shop::Order.new` is `::Shop::Order`, `include Trackable` is `::Trackable`), without Ruby's own
 * classes and single value constants (`MAX_SIZE`). Inside methods and blocks too.
 */
export function extractRubyImports(root: SyntaxNode): string[] {
  // Files as written, and constants as `{ constant }` until the whole file says which it declares.
  const found: (string | { constant: string })[] = [];
  const declared: string[] = [];
  // Children pushed last first, so nodes come off in source order; each with the names it is nested in.
  const stack: { node: SyntaxNode; nesting: string }[] = [{ node: root, nesting: "" }];
  while (stack.length > 0) {
    const { node, nesting } = stack.pop()!;
    let inner = nesting;
    let skip: SyntaxNode | null = null;
    switch (node.type) {
      case "class":
      case "module": {
        skip = node.childForFieldName("name");
        const path = constantSegments(skip);
        if (path) {
          inner = path.absolute || !nesting ? path.segments.join("::") : `${nesting}::${path.segments.join("::")}`;
          declared.push(inner);
        }
        break;
      }
      case "assignment":
      case "operator_assignment": {
        const left = node.childForFieldName("left");
        for (const target of left?.type === "left_assignment_list" ? left.namedChildren : [left]) {
          const path = constantSegments(target);
          if (path) declared.push(path.absolute || !nesting ? path.segments.join("::") : `${nesting}::${path.segments.join("::")}`);
        }
        if (left?.type === "constant" || left?.type === "scope_resolution" || left?.type === "left_assignment_list") skip = left;
        break;
      }
      case "call": {
        const method = node.childForFieldName("method");
        if (!node.childForFieldName("receiver") && method && REQUIRES.has(method.text)) {
          const args = node.childForFieldName("arguments")?.namedChildren ?? [];
          const written = args[method.text === "autoload" ? 1 : 0];
          const target = written?.type === "string" ? symbolText(written) : undefined;
          if (target) found.push(method.text === "require_relative" && !target.startsWith("./") && !target.startsWith("../") ? `./${target}` : target);
        }
        // `Integer("1")`: a Kernel method named like a constant.
        if (method?.type === "constant") skip = method;
        break;
      }
      case "method":
      case "singleton_method":
        skip = node.childForFieldName("name");
        break;
      case "constant":
      case "scope_resolution": {
        const path = constantSegments(node);
        if (path) found.push({ constant: path.segments.join("::") });
        // A path through something but constants (`self::X`, `Foo::bar`) still names what it starts from.
        if (path || node.type === "constant") continue;
        break;
      }
      default:
        break;
    }
    const children = node.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child && !(skip && child.equals(skip))) stack.push({ node: child, nesting: inner });
    }
    if (skip && (node.type === "class" || node.type === "module")) {
      // `class Shop::Order`: `Shop` must exist before it can hold Order; the file does not declare it.
      const scope = skip.type === "scope_resolution" ? skip.childForFieldName("scope") : null;
      if (scope) stack.push({ node: scope, nesting });
    }
  }
  const isDeclared = (path: string): boolean => declared.some((name) => name === path || name.endsWith(`::${path}`));
  const specifiers = new Set<string>();
  for (const item of found) {
    if (typeof item === "string") {
      specifiers.add(item);
      continue;
    }
    const path = item.constant;
    if (CORE.has(path.split("::", 1)[0]!) || (!path.includes("::") && VALUE_CONSTANT.test(path) && path.length > 1) || isDeclared(path)) continue;
    specifiers.add(`::${path}`);
  }
  return [...specifiers];
}

