import { constantSegments } from "./constant-path.js";
import { RUBY_DEFINED, type CallableDeclaration, type CallSite, type CallSummary, type CalleeRef, type ExportBinding, type ImportBinding, type RepoPath, type SymbolRecord } from "../../model.js";
import { encodeCallSite } from "../../core/calls/call-site-codec.js";
import { callerTable, MODULE_CALLER } from "../caller-table.js";
import { columnsOf, depthGuarded, type SyntaxNode } from "../tree-sitter.js";
import { typeRef, TypeTable } from "../type-table.js";
import { symbolText } from "./symbol-text.js";

/*
 * What one Ruby file contributes to the call graph (model.ts CallSummary): calls with parentheses or
 * arguments or a receiver (`foo(x)`, `self.foo`, `Const.m`, `Mod::Const.m`, `Const.new`, `@ivar.m`,
 * `x.m`) and `super`, each with its caller (the method around it, else the class or the file's top
 * level) and its callee. A bare `foo` (a local or a call, which only the parser's state tells) is no site.
 *
 * A constant is bound as an import whose `imported` lists the full names Ruby's lexical lookup tries,
 * innermost first (`Order` in `module Shop; class Cart` is `Shop.Cart.Order|Shop.Order|Order`); the
 * linker (link-calls.ts `rubyConstant`) takes the first any Ruby file of the repository declares.
 * A receiver is typed only by `Const.new` (a local every assignment of which in its method does so,
 * an instance variable every assignment of which in its class does so); else the call is a candidate.
 */

const RUBY_CONSTANT_PREFIX = "$rb";

/** Nodes whose locals are their own. */
const OWN_SCOPES = new Set(["method", "singleton_method", "class", "module", "singleton_class"]);
/** Metaprogramming and reflection: what they call is not written. */
const DYNAMIC = new Set(["send", "public_send", "__send__", "method_missing", "instance_eval", "class_eval", "module_eval", "instance_exec", "class_exec", "define_method", "respond_to?", "method", "instance_variable_get", "instance_variable_set"]);

interface Context {
  /** Full dotted names of the enclosing classes and modules, outermost first. */
  nesting: string[];
  /** The enclosing class or module (dotted), as the symbol index names it; undefined at top level. */
  owner: string | undefined;
  /** The enclosing method: its name and whether it is `def self.x` (or in `class << self`); undefined in a class body or at top level. */
  method: { name: string; singleton: boolean } | undefined;
  /** Inside a block: `self` may be rebound (`instance_eval`, a DSL). */
  block: boolean;
}

export function extractRubyCalls(root: SyntaxNode, text: string, symbols: readonly SymbolRecord[], path: RepoPath): CallSummary {
  void path;
  const column = columnsOf(text);
  const table = new TypeTable();

  const kinds = new Map<string, SymbolRecord>();
  for (const symbol of symbols) {
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    const known = kinds.get(name);
    // A method before a property of its name (`attr_reader :x` and `def x`).
    if (!known || (known.kind === "property" && symbol.kind !== "property")) kinds.set(name, symbol);
  }
  const { callers, callerOf } = callerTable(kinds);
  const { declarations, statics } = rubyDeclarations(symbols, classMethodLines(root), writers(root), conditionalDefLines(root));
  const bases = new Map<string, string[]>();

  const imports: ImportBinding[] = [];
  const bindings = new Map<string, string>();
  /** A constant as written (`A::B`, `::A`) in `context`, as the local of the binding that looks it up. */
  const constantRef = (node: SyntaxNode, context: Context): string | undefined => {
    const path = constantSegments(node);
    if (!path) return undefined;
    const written = path.segments.join(".");
    const candidates: string[] = [];
    if (!path.absolute) for (let depth = context.nesting.length; depth >= 1; depth--) candidates.push(`${context.nesting[depth - 1]}.${written}`);
    candidates.push(written);
    const imported = candidates.join("|");
    let local = bindings.get(imported);
    if (local === undefined) {
      local = `${RUBY_CONSTANT_PREFIX}${bindings.size}`;
      bindings.set(imported, local);
      imports.push({ local, specifier: `::${path.segments.join("::")}`, imported });
    }
    return local;
  };

  const sites: CallSite[] = [];
  const addSite = (caller: string, node: SyntaxNode, callee: CalleeRef, via: CallSite["via"] = "call"): void => {
    sites.push({ caller: callerOf(caller), line: node.startPosition.row + 1, column: column(node), via, callee });
  };
  const unknown = (name: string): CalleeRef => ({ head: "unknown", owner: "", names: [name] });

  /** `Const.new` (`A::B.new`): the constant's binding; else undefined. */
  const newOf = (node: SyntaxNode | null | undefined, context: Context): string | undefined => {
    if (node?.type !== "call" || node.childForFieldName("method")?.text !== "new") return undefined;
    const receiver = node.childForFieldName("receiver");
    return receiver && (receiver.type === "constant" || receiver.type === "scope_resolution") ? constantRef(receiver, context) : undefined;
  };

  /** Every assignment of each local (or, for a class, instance variable) in a body, outside nested scopes. */
  const assignments = (body: SyntaxNode | null | undefined, kind: "identifier" | "instance_variable", context: Context, deep: boolean): Map<string, (string | undefined)[]> => {
    const found = new Map<string, (string | undefined)[]>();
    const walk = depthGuarded((node: SyntaxNode, top: boolean): void => {
      if (!top && OWN_SCOPES.has(node.type) && !(deep && (node.type === "method" || node.type === "singleton_method"))) return;
      if (node.type === "assignment" || node.type === "operator_assignment") {
        const left = node.childForFieldName("left");
        const targets = left?.type === "left_assignment_list" ? left.descendantsOfType(kind) : [left];
        for (const target of targets) {
          if (target?.type !== kind) continue;
          const type = node.type === "assignment" && left === target ? newOf(node.childForFieldName("right"), context) : undefined;
          const list = found.get(target.text) ?? [];
          list.push(type);
          found.set(target.text, list);
        }
      }
      // A block's, a `for`'s, a `rescue => e`'s variables are never typed.
      if (kind === "identifier" && (node.type === "block_parameters" || node.type === "for" || node.type === "exception_variable" || node.type === "method_parameters" || node.type === "lambda_parameters")) {
        for (const variable of node.descendantsOfType("identifier")) {
          if (!variable) continue;
          const list = found.get(variable.text) ?? [];
          list.push(undefined);
          found.set(variable.text, list);
        }
      }
      for (const child of node.namedChildren) if (child) walk(child, false);
    });
    if (body) walk(body, true);
    return found;
  };
  const agreed = (list: (string | undefined)[] | undefined): string | undefined => {
    if (!list || list.length === 0 || list.some((type) => type === undefined)) return undefined;
    return list.every((type) => type === list[0]) ? list[0] : undefined;
  };

  /** The receiver of a call as a head and names; undefined when what it holds cannot be told. */
  const receiverOf = (node: SyntaxNode, context: Context, locals: Map<string, (string | undefined)[]>, ivars: Map<string, (string | undefined)[]>): CalleeRef | undefined => {
    switch (node.type) {
      case "constant":
      case "scope_resolution": {
        const local = constantRef(node, context);
        return local ? { head: "scope", owner: "", names: [local] } : undefined;
      }
      case "self":
        if (context.block || !context.owner) return undefined;
        return context.method && !context.method.singleton ? { head: "this", owner: context.owner, names: [] } : { head: "scope", owner: "", names: [selfClass(context)] };
      case "identifier": {
        const type = agreed(locals.get(node.text));
        return typeRef(type);
      }
      case "instance_variable": {
        if (!context.method || context.method.singleton || context.block) return undefined;
        const type = agreed(ivars.get(node.text));
        return typeRef(type);
      }
      case "call": {
        const type = newOf(node, context);
        return typeRef(type);
      }
      case "parenthesized_statements":
        return node.namedChildCount === 1 ? receiverOf(node.namedChildren[0]!, context, locals, ivars) : undefined;
      default:
        return undefined;
    }
  };
  /** The enclosing class as a constant binding (its own full name, absolute). */
  const selfClass = (context: Context): string => {
    const owner = context.owner!;
    const imported = owner;
    let local = bindings.get(imported);
    if (local === undefined) {
      local = `${RUBY_CONSTANT_PREFIX}${bindings.size}`;
      bindings.set(imported, local);
      imports.push({ local, specifier: `::${owner.split(".").join("::")}`, imported });
    }
    return local;
  };

  /** What a call of `name` on `receiver` (none: self) reaches; undefined for metaprogramming, which names no method. */
  const calleeOf = (name: string, receiver: SyntaxNode | null, context: Context, locals: Map<string, (string | undefined)[]>, ivars: Map<string, (string | undefined)[]>): { callee: CalleeRef; via: CallSite["via"] } | undefined => {
    if (DYNAMIC.has(name)) return undefined;
    if (!receiver) {
      // `foo(x)`: a method of self, known only in a method's own body.
      if (context.block || !context.owner || !context.method) {
        const topLevel = !context.owner && !context.block && declarations.get(name)?.kind === "function";
        return { callee: topLevel ? { head: "scope", owner: "", names: [name] } : unknown(name), via: "call" };
      }
      return { callee: context.method.singleton ? { head: "scope", owner: "", names: [selfClass(context), name] } : { head: "this", owner: context.owner, names: [name] }, via: "call" };
    }
    const ref = receiverOf(receiver, context, locals, ivars);
    if (ref && name === "new" && ref.head === "scope" && ref.names.length === 1) return { callee: ref, via: "new" };
    return { callee: ref ? { ...ref, names: [...ref.names, name] } : unknown(name), via: "call" };
  };

  const visit = depthGuarded((node: SyntaxNode, caller: string, context: Context, locals: Map<string, (string | undefined)[]>, ivars: Map<string, (string | undefined)[]>): void => {
    switch (node.type) {
      case "class":
      case "module":
        return visitType(node, context);
      case "singleton_class": {
        const body = node.childForFieldName("body");
        for (const child of body?.namedChildren ?? []) if (child) visitMember(child, { ...context, method: undefined }, true, caller, ivars);
        return;
      }
      case "method":
      case "singleton_method":
        return visitMethod(node, context, node.type === "singleton_method", ivars);
      case "block":
      case "do_block":
        for (const child of node.namedChildren) if (child) visit(child, caller, { ...context, block: true }, locals, ivars);
        return;
      case "super": {
        if (context.method && context.owner && !context.block && !context.method.singleton) addSite(caller, node, { head: "super", owner: context.owner, names: [context.method.name] });
        else if (context.method) addSite(caller, node, unknown(context.method.name));
        return;
      }
      case "call": {
        const method = node.childForFieldName("method");
        const receiver = node.childForFieldName("receiver");
        if (method?.type === "identifier" || method?.type === "constant") {
          for (const name of calledNames(node, method.text)) {
            const called = calleeOf(name, receiver, context, locals, ivars);
            if (called) addSite(caller, method, called.callee, called.via);
          }
        } else if (!receiver && method?.type === "super") {
          visit(method, caller, context, locals, ivars);
        }
        for (const child of node.namedChildren) if (child && child !== method && !(method && child.equals(method))) visit(child, caller, context, locals, ivars);
        return;
      }
      default:
        for (const child of node.namedChildren) if (child) visit(child, caller, context, locals, ivars);
    }
  });

  const visitMethod = (node: SyntaxNode, context: Context, singleton: boolean, ivars: Map<string, (string | undefined)[]>, inSingletonClass = false): void => {
    const name = node.childForFieldName("name")?.text;
    if (!name) return;
    const object = node.childForFieldName("object");
    // `def obj.x` of anything but self: not the class's.
    if (singleton && object?.type !== "self") return;
    const qualified = context.owner ? `${context.owner}.${name}` : name;
    const caller = kinds.has(qualified) ? qualified : (context.owner ?? MODULE_CALLER);
    const isSingleton = singleton || inSingletonClass;
    // A `def` in a block (`class_eval do`, `Class.new do`, `included do`) defines a method of whatever
    // self the block runs with: its calls are as unknown as the block's.
    const own: Context = { ...context, method: { name, singleton: isSingleton } };
    const locals = assignments(node, "identifier", own, false);
    for (const child of node.namedChildren) if (child && child.type !== "identifier" && child.type !== "method_parameters") visit(child, caller, own, locals, ivars);
    const parameters = node.childForFieldName("parameters");
    if (parameters) for (const child of parameters.namedChildren) if (child) visit(child, caller, own, locals, ivars);
  };

  const visitMember = (node: SyntaxNode, context: Context, inSingletonClass: boolean, caller: string, ivars: Map<string, (string | undefined)[]>): void => {
    if (node.type === "method") return visitMethod(node, context, false, ivars, inSingletonClass);
    visit(node, caller, context, new Map(), ivars);
  };

  const visitType = (node: SyntaxNode, context: Context): void => {
    const path = constantSegments(node.childForFieldName("name"));
    if (!path) return;
    const written = path.segments.join(".");
    const full = path.absolute || context.nesting.length === 0 ? written : `${context.nesting[context.nesting.length - 1]}.${written}`;
    // `class A::B` opens only B's scope: A is not searched from inside (Ruby's Module.nesting).
    const own: Context = { nesting: [...context.nesting, full], owner: full, method: undefined, block: false };
    const outer: Context = { ...context, method: undefined, block: false };
    const typeBases: string[] = [];
    const superclass = node.childForFieldName("superclass");
    const parent = superclass?.namedChildren[0];
    if (parent && (parent.type === "constant" || parent.type === "scope_resolution")) {
      const local = constantRef(parent, outer);
      if (local) typeBases.push(local);
    }
    const body = node.childForFieldName("body");
    for (const statement of body?.namedChildren ?? []) {
      if (statement?.type !== "call" || statement.childForFieldName("receiver")) continue;
      const method = statement.childForFieldName("method")?.text;
      if (method !== "include" && method !== "prepend") continue;
      for (const argument of statement.childForFieldName("arguments")?.namedChildren ?? []) {
        if (argument && (argument.type === "constant" || argument.type === "scope_resolution")) {
          const local = constantRef(argument, own);
          if (local) typeBases.unshift(local);
        }
      }
    }
    const defined = definedNames(body);
    if (defined.length > 0) typeBases.unshift(`${RUBY_DEFINED}${JSON.stringify(defined)}`);
    if (typeBases.length > 0 && declarations.has(full)) {
      const known = bases.get(full) ?? [];
      bases.set(full, [...known, ...typeBases]);
    }
    const ivars = assignments(body, "instance_variable", own, true);
    const caller = kinds.has(full) ? full : MODULE_CALLER;
    if (parent && parent.type !== "constant" && parent.type !== "scope_resolution") visit(parent, caller, outer, new Map(), new Map());
    for (const statement of body?.namedChildren ?? []) if (statement) visitMember(statement, own, false, caller, ivars);
  };

  const top: Context = { nesting: [], owner: undefined, method: undefined, block: false };
  const topLocals = assignments(root, "identifier", top, false);
  for (const statement of root.namedChildren) if (statement) visit(statement, MODULE_CALLER, top, topLocals, new Map());
  for (const [name, list] of bases) {
    const declared = declarations.get(name);
    if (declared) declared.bases = list;
  }

  const exports: ExportBinding[] = [];
  for (const declaration of declarations.values()) exports.push({ name: declaration.name, local: declaration.name });
  for (const declaration of statics) if (!declarations.has(declaration.name)) exports.push({ name: declaration.name, local: declaration.name });
  return { callers, declarations: [...declarations.values(), ...statics], imports, exports, sites: sites.map(encodeCallSite), types: table.entries };
}

/**
 * The file's declarations: instance methods (and every other kind) by name, and class methods apart
 * (`static`), since Ruby keeps the two apart: `def self.find` and `def find` of one class are two
 * methods, and `Repo.find` reaches only the first. A method of a module that `extend self` or
 * `module_function` makes callable on the module itself is both. A method defined more than once
 * (reopened in the file, redefined) is the definition Ruby evaluates last: the last in the file when
 * every one is unconditional; `conditional` (a candidate) when one is under a condition.
 */
function rubyDeclarations(symbols: readonly SymbolRecord[], lines: { singleton: Set<number>; both: Set<number> }, writable: ReadonlySet<string>, conditional: ReadonlySet<number>): { declarations: Map<string, CallableDeclaration>; statics: CallableDeclaration[] } {
  const qualified = (symbol: SymbolRecord): string => (symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name);
  const isDef = (symbol: SymbolRecord): boolean => symbol.kind === "method" || symbol.kind === "function";
  const isStatic = (symbol: SymbolRecord): boolean => symbol.kind === "method" && (lines.singleton.has(symbol.line) || lines.both.has(symbol.line));
  const isInstance = (symbol: SymbolRecord): boolean => !(symbol.kind === "method" && lines.singleton.has(symbol.line));
  /** Every `def` of each name, instance and class methods apart. */
  const defs = { instance: new Map<string, SymbolRecord[]>(), static: new Map<string, SymbolRecord[]>() };
  for (const symbol of symbols) {
    if (!isDef(symbol)) continue;
    for (const [side, table] of [[isInstance(symbol), defs.instance], [isStatic(symbol), defs.static]] as const) {
      if (!side) continue;
      const list = table.get(qualified(symbol)) ?? [];
      list.push(symbol);
      table.set(qualified(symbol), list);
    }
  }
  /** What Ruby runs of a name's `def`s: the last evaluated. */
  const evaluated = (name: string, list: readonly SymbolRecord[]): CallableDeclaration => {
    if (list.length > 1 && list.some((symbol) => conditional.has(symbol.line))) return { name, kind: list[0]!.kind, line: list[0]!.line, conditional: true };
    const last = list.reduce((a, b) => (b.line > a.line ? b : a));
    return { name, kind: last.kind, line: last.line };
  };

  const declarations = new Map<string, CallableDeclaration>();
  const statics = new Map<string, CallableDeclaration>();
  for (const symbol of symbols) {
    const name = qualified(symbol);
    // `attr_accessor :a` makes the writer `a=` too: `x.a = v` lands on it (link-calls names the edge `a`).
    if (symbol.kind === "property" && writable.has(`${symbol.line}:${symbol.name}`) && !declarations.has(`${name}=`)) declarations.set(`${name}=`, { name: `${name}=`, kind: "property", line: symbol.line });
    if (isDef(symbol)) {
      if (isStatic(symbol) && !statics.has(name)) statics.set(name, { ...evaluated(name, defs.static.get(name)!), static: true });
      if (!isInstance(symbol)) continue;
      // A method before a property of its name (`attr_reader :x` and `def x`).
      const known = declarations.get(name);
      if (!known || known.kind === "property") declarations.set(name, evaluated(name, defs.instance.get(name)!));
      continue;
    }
    if (!declarations.has(name) && !defs.instance.has(name)) declarations.set(name, { name, kind: symbol.kind, line: symbol.line });
  }
  return { declarations, statics: [...statics.values()] };
}

/** Where a `def` may not run, or may run after the rest of its body: a branch, a loop, a `begin` that rescues. */
const CONDITIONAL = new Set(["if", "unless", "elsif", "else", "if_modifier", "unless_modifier", "case", "when", "case_match", "in_clause", "conditional", "rescue", "rescue_modifier", "while", "until", "while_modifier", "until_modifier", "for"]);
/** Bodies that run when called, not when the file loads: a `def` in one is no declaration (extract-symbols). */
const DEF_SCOPES = new Set(["method", "singleton_method", "block", "do_block", "lambda"]);

/**
 * The lines of the `def`s that the file runs only under a condition: in an `if`/`unless`/`case`
 * branch, under a modifier `if`, in a `begin` (or body) that rescues or in its `rescue`/`else`
 * clause — around the `def` or around the class or module it is in (`if …; module M; def self.x`).
 */
function conditionalDefLines(root: SyntaxNode): Set<number> {
  const lines = new Set<number>();
  for (const type of ["method", "singleton_method"]) {
    for (const node of root.descendantsOfType(type)) {
      if (!node) continue;
      for (let up = node.parent; up && !DEF_SCOPES.has(up.type); up = up.parent) {
        const rescues = (up.type === "begin" || up.type === "body_statement") && up.namedChildren.some((child) => child?.type === "rescue");
        if (CONDITIONAL.has(up.type) || rescues) {
          lines.add(node.startPosition.row + 1);
          break;
        }
      }
    }
  }
  return lines;
}

/**
 * The lines of class methods (`def self.x`, a `def` in `class << self`), and of module methods
 * callable both ways: after a bare `module_function`, named by `module_function :x`, or in a module
 * that `extend self`s.
 */
function classMethodLines(root: SyntaxNode): { singleton: Set<number>; both: Set<number> } {
  const singleton = new Set<number>();
  const both = new Set<number>();
  const line = (node: SyntaxNode): number => node.startPosition.row + 1;
  /** The innermost class, module or `class << self` body around a node, with what its statements so far made of module methods. */
  interface Body {
    type: string;
    extendsSelf: boolean;
    moduleFunction: boolean;
    named: Set<string>;
  }
  const open = (node: SyntaxNode): Body => {
    const body: Body = { type: node.type, extendsSelf: false, moduleFunction: false, named: new Set() };
    if (node.type !== "module") return body;
    for (const call of node.childForFieldName("body")?.descendantsOfType("call") ?? []) {
      if (!call || call.childForFieldName("receiver")) continue;
      const method = call.childForFieldName("method")?.text;
      const argumentsOf = call.childForFieldName("arguments")?.namedChildren ?? [];
      if (method === "extend" && argumentsOf[0]?.type === "self") body.extendsSelf = true;
      if (method === "module_function") for (const argument of argumentsOf) if (argument?.type === "simple_symbol") body.named.add(argument.text.slice(1));
    }
    return body;
  };
  // In document order, so that a bare `module_function` reaches the `def`s after it.
  const walk = depthGuarded((node: SyntaxNode, body: Body | undefined): void => {
    if (node.type === "singleton_method") {
      if (node.childForFieldName("object")?.type === "self") singleton.add(line(node));
      return;
    }
    if (node.type === "method") {
      const name = node.childForFieldName("name")?.text ?? "";
      if (body?.type === "singleton_class") singleton.add(line(node));
      else if (body?.type === "module" && (body.extendsSelf || body.moduleFunction || body.named.has(name))) both.add(line(node));
      return;
    }
    if (node.type === "identifier" && node.text === "module_function" && body?.type === "module") body.moduleFunction = true;
    const inner = node.type === "class" || node.type === "module" || node.type === "singleton_class" ? open(node) : body;
    for (const child of node.namedChildren) if (child) walk(child, inner);
  });
  walk(root, undefined);
  return { singleton, both };
}

/** A class body's statements that define methods without `def`, and where the name of each is. */
const DEFINERS: Record<string, (argumentsOf: SyntaxNode[]) => SyntaxNode[]> = {
  alias_method: (args) => args.slice(0, 1),
  define_method: (args) => args.slice(0, 1),
  delegate: (args) => args,
  def_delegators: (args) => args.slice(1),
  def_delegator: (args) => args.slice(args.length > 2 ? 2 : 1, 3),
  def_instance_delegators: (args) => args.slice(1),
  def_instance_delegator: (args) => args.slice(args.length > 2 ? 2 : 1, 3),
};

/** The instance methods a class body defines by `alias`, `alias_method`, `define_method`, `delegate` or Forwardable. */
function definedNames(body: SyntaxNode | null | undefined): string[] {
  const names = new Set<string>();
  for (const statement of body?.namedChildren ?? []) {
    if (statement?.type === "alias") {
      const name = statement.childForFieldName("name")?.text;
      if (name) names.add(name);
      continue;
    }
    if (statement?.type !== "call" || statement.childForFieldName("receiver")) continue;
    const definer = DEFINERS[statement.childForFieldName("method")?.text ?? ""];
    const argumentsOf = (statement.childForFieldName("arguments")?.namedChildren ?? []).filter((argument): argument is SyntaxNode => argument !== null);
    for (const argument of definer?.(argumentsOf) ?? []) {
      const name = argument.type === "simple_symbol" || argument.type === "string" ? symbolText(argument) : undefined;
      if (name !== undefined) names.add(name);
    }
  }
  return [...names].sort();
}

/** `line:name` of each attribute `attr_writer` or `attr_accessor` declares. */
function writers(root: SyntaxNode): Set<string> {
  const found = new Set<string>();
  for (const call of root.descendantsOfType("call")) {
    const method = call?.childForFieldName("method")?.text;
    if (!call || call.childForFieldName("receiver") || (method !== "attr_writer" && method !== "attr_accessor")) continue;
    for (const argument of call.childForFieldName("arguments")?.namedChildren ?? []) {
      const name = argument ? symbolText(argument) : undefined;
      if (argument && name !== undefined) found.add(`${argument.startPosition.row + 1}:${name}`);
    }
  }
  return found;
}

/** The methods a call calls: `x.foo = v` calls the writer `foo=`, `x.foo += v` the reader and the writer. */
function calledNames(node: SyntaxNode, name: string): string[] {
  const parent = node.parent;
  const assigned = parent?.type === "left_assignment_list" || ((parent?.type === "assignment" || parent?.type === "operator_assignment") && parent.childForFieldName("left")?.equals(node) === true);
  if (!assigned) return [name];
  return parent.type === "operator_assignment" ? [name, `${name}=`] : [`${name}=`];
}

