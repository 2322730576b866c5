import type { RepoPath, SymbolKind, SymbolRecord } from "../../model.js";
import { treeSignature } from "../tree-signature.js";
import { depthGuarded, endLine, startLine, type SyntaxNode } from "../tree-sitter.js";
import { constantPath } from "./constant-path.js";
import { symbolText } from "./symbol-text.js";

/**
 * Statements that hold declarations of the body they sit in without opening a scope of their own:
 * a method under `if defined?(Rails)`, a constant in a `begin … rescue LoadError` fallback, a
 * `def` after `case RUBY_PLATFORM when …` belong to the class (or file) as much as one outside them.
 * Only their branches are read, never their conditions.
 */
const BRANCHES: Record<string, readonly string[]> = {
  if: ["then", "elsif", "else"],
  unless: ["then", "elsif", "else"],
  elsif: ["then", "elsif", "else"],
  case: ["when", "else"],
  when: ["then"],
  rescue: ["then"],
};
/** Nodes whose named children are statements (and the `rescue`/`else`/`ensure` clauses of a `begin`). */
const STATEMENT_LISTS = new Set(["then", "else", "ensure", "begin", "body_statement"]);
/** `X = 1 unless defined?(X)`, `def x; end if RUBY_VERSION >= "3"`: the statement is the body. */
const MODIFIERS = new Set(["if_modifier", "unless_modifier"]);
const ATTRIBUTES = new Set(["attr_reader", "attr_writer", "attr_accessor"]);
const VISIBILITIES = new Set(["private", "protected", "public"]);
/** `Error = Class.new(StandardError)`, `Point = Struct.new(:x, :y)`: a class by another syntax. */
const CLASS_FACTORIES: Record<string, SymbolKind> = { "Class.new": "class", "Struct.new": "class", "Data.define": "class", "Module.new": "module" };

interface Scope {
  /** Dotted names of the enclosing classes and modules. */
  container: string;
  /** Inside a class, module or `class << self` body: a `def` there is a method, not a function. */
  inType: boolean;
}

/** What one class, module or `class << self` body (or the file) says about visibility. */
interface Body {
  /** What a bare `private`/`protected`/`public` last set: it applies to the `def`s and `attr_*`s after it. */
  defaultPublic: boolean;
  /** Names that `private :x`, `private_class_method :x` and `private_constant :X` set, wherever they appear in the body. */
  named: Record<Category, Map<string, boolean>>;
  declared: { record: SymbolRecord; category: Category }[];
}
type Category = "instance" | "singleton" | "constant";

/**
 * Declarations as Ruby scopes them: classes, modules, methods (`def`, `def self.x`, those of
 * `class << self`), constants and `attr_*` properties in class and module bodies and at the top
 * of a file, including inside `if`/`unless`/`case`/`begin` there; never inside a method or a block
 * (`included do … end`, an RSpec `describe`). Exported is Ruby's public: the default, until a bare
 * `private`/`protected` in that body, or when named by `private :x`, `private def x`,
 * `private_class_method` or `private_constant`. Top-level `def`s count as public: any file that
 * requires this one calls them.
 */
export function extractRubySymbols(root: SyntaxNode, text: string, path: RepoPath): SymbolRecord[] {
  const symbols: SymbolRecord[] = [];

  // `first`/`last`: the nodes whose lines the row spans (one constant of `A, B = …`, one name of `attr_reader :a, :b`).
  const add = (body: Body, category: Category, name: string, kind: SymbolKind, container: string, exported: boolean, first: SyntaxNode, last: SyntaxNode, head: SyntaxNode, headEnd: number): void => {
    const record: SymbolRecord = { name, kind, container, exported, path, line: startLine(first), endLine: endLine(last), signature: treeSignature(head, text, head.startIndex, headEnd) };
    symbols.push(record);
    body.declared.push({ record, category });
  };

  const visitBody = (statements: SyntaxNode | null, scope: Scope): void => {
    const body: Body = { defaultPublic: true, named: { instance: new Map(), singleton: new Map(), constant: new Map() }, declared: [] };
    if (statements) for (const statement of statements.namedChildren) if (statement) visit(statement, scope, body, undefined);
    for (const { record, category } of body.declared) {
      // `private :a` reaches the reader `attr_accessor :a` makes; its writer is `private :a=`, the same property here.
      const names = body.named[category];
      const named = names.get(record.name) ?? (record.kind === "property" ? names.get(`${record.name}=`) : undefined);
      if (named !== undefined) record.exported = named;
    }
  };

  // `forced`: the visibility a wrapping `private def x` / `public attr_reader :y` gives, else undefined.
  const visit: (node: SyntaxNode, scope: Scope, body: Body, forced: boolean | undefined) => void = depthGuarded((node: SyntaxNode, scope: Scope, body: Body, forced: boolean | undefined): void => {
    switch (node.type) {
      case "class":
      case "module": {
        const target = constantPath(node.childForFieldName("name"), scope.container);
        if (!target) return;
        const head = node.childForFieldName("superclass") ?? node.childForFieldName("name")!;
        add(body, "constant", target.name, node.type, target.container, true, node, node, node, head.endIndex);
        visitBody(node.childForFieldName("body"), { container: target.container ? `${target.container}.${target.name}` : target.name, inType: true });
        return;
      }
      case "singleton_class":
        // `class << self`: its methods are the class's own, listed with the class; its `private` is its own.
        visitBody(node.childForFieldName("body"), { container: scope.container, inType: true });
        return;
      case "method":
      case "singleton_method": {
        const name = node.childForFieldName("name");
        if (!name) return;
        const singleton = node.type === "singleton_method";
        const parameters = node.childForFieldName("parameters");
        // A bare `private` does not reach `def self.x`: Ruby applies it to instance methods only.
        const exported = forced ?? (singleton ? true : body.defaultPublic);
        add(body, singleton ? "singleton" : "instance", name.text, scope.inType ? "method" : "function", scope.container, exported, node, node, node, (parameters ?? name).endIndex);
        return;
      }
      case "assignment":
      case "operator_assignment":
        addConstants(node, scope, body);
        return;
      case "identifier":
        if (VISIBILITIES.has(node.text)) body.defaultPublic = node.text === "public";
        return;
      case "call":
        visitCall(node, scope, body, forced);
        return;
      default:
        if (MODIFIERS.has(node.type)) {
          const statement = node.childForFieldName("body");
          if (statement) visit(statement, scope, body, forced);
        } else if (STATEMENT_LISTS.has(node.type)) {
          for (const child of node.namedChildren) if (child) visit(child, scope, body, undefined);
        } else if (BRANCHES[node.type]) {
          for (const child of node.namedChildren) if (child && BRANCHES[node.type]!.includes(child.type)) visit(child, scope, body, undefined);
        }
    }
  });

  const visitCall = (call: SyntaxNode, scope: Scope, body: Body, forced: boolean | undefined): void => {
    // `Foo.bar …` and any call with a block (`included do`, `describe … do`) declare nothing for us.
    if (call.childForFieldName("receiver") || call.childForFieldName("block")) return;
    const method = call.childForFieldName("method")?.text ?? "";
    const argumentList = call.childForFieldName("arguments");
    const args = argumentList ? argumentList.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment") : [];
    if (ATTRIBUTES.has(method)) {
      for (const arg of args) {
        const name = symbolText(arg);
        if (name !== undefined) add(body, "instance", name, "property", scope.container, forced ?? body.defaultPublic, arg, arg, call, call.endIndex);
      }
      return;
    }
    const category: Category | undefined = VISIBILITIES.has(method)
      ? "instance"
      : method === "private_class_method" || method === "public_class_method"
        ? "singleton"
        : method === "private_constant" || method === "public_constant"
          ? "constant"
          : undefined;
    if (category === "instance" && args.length === 0) {
      body.defaultPublic = method === "public";
      return;
    }
    const visibility = category ? method.startsWith("public") : undefined;
    for (const arg of args) {
      const name = category ? symbolText(arg) : undefined;
      if (name !== undefined) body.named[category!].set(name, visibility!);
      // `private def x`, `memoize def y`, `private attr_reader :z`: the argument is a declaration.
      else visit(arg, scope, body, visibility ?? forced);
    }
  };

  const addConstants = (assignment: SyntaxNode, scope: Scope, body: Body): void => {
    // `A = B = Struct.new(:x)`: every constant of the chain, of the kind the value at its end gives.
    const chain: SyntaxNode[] = [];
    let value: SyntaxNode | null = assignment;
    while (value && (value.type === "assignment" || value.type === "operator_assignment")) {
      chain.push(value);
      value = value.childForFieldName("right");
    }
    const kind = (value && factoryKind(value)) ?? "constant";
    const headEnd = value?.type === "call" ? (value.childForFieldName("block")?.startIndex ?? assignment.endIndex) : assignment.endIndex;
    for (const link of chain) {
      const left = link.childForFieldName("left");
      const targets = left?.type === "left_assignment_list" ? left.namedChildren : [left];
      for (const target of targets) {
        if (target?.type !== "constant" && target?.type !== "scope_resolution") continue;
        const constant = constantPath(target, scope.container);
        if (constant) add(body, "constant", constant.name, kind, constant.container, true, target, assignment, assignment, headEnd);
      }
    }
  };

  visitBody(root, { container: "", inType: false });
  return symbols;
}

/** `Class.new(…)`, `::Struct.new(…) do … end`, `Data.define(…)`: the kind of declaration they make. */
function factoryKind(value: SyntaxNode): SymbolKind | undefined {
  if (value.type !== "call") return undefined;
  const receiver = value.childForFieldName("receiver");
  const method = value.childForFieldName("method")?.text;
  if (!receiver || !method) return undefined;
  const owner = receiver.type === "constant" ? receiver.text : receiver.type === "scope_resolution" && !receiver.childForFieldName("scope") ? receiver.childForFieldName("name")?.text : undefined;
  return owner ? CLASS_FACTORIES[`${owner}.${method}`] : undefined;
}
