import type { CallableDeclaration, CallSite, CallSummary, CalleeRef, ExportBinding, ImportBinding, RepoPath, SymbolRecord } from "../../model.js";
import { encodeCallSite } from "../../core/calls/call-site-codec.js";
import { THIS_TYPE } from "../../core/calls/type-references.js";
import { callerTable, MODULE_CALLER } from "../caller-table.js";
import { columnsOf, depthGuarded, type SyntaxNode } from "../tree-sitter.js";
import { typeRef, TypeTable } from "../type-table.js";
import { phpNodesOfType } from "./file-nodes.js";

/*
 * What one PHP file contributes to the call graph (model.ts CallSummary): every function call, method
 * call (`->`, `?->`), static call (`X::m()`, `self::`, `static::`, `parent::`), `new X`, and as
 * references the first-class callables (`$x->m(...)`, `strlen(...)`) and `[X::class, 'm']` /
 * `[$this, 'm']` arrays, each with its caller (the method, function or property around it, else the
 * file's top level) and its callee as a head and a chain of names.
 *
 * A receiver is typed from what declares it — a typed property (constructor-promoted too), a typed
 * parameter, a local every assignment of which gives the same type (`$x = new X()`, what a
 * repository method declares it returns), `$this`, `self`/`static`, a class named for a static
 * call — with `?X` and `X|null` read as X; else it is `unknown` and only the name survives, as a
 * candidate. Names resolve as PHP resolves them: a class by its `use` import, else in the current
 * namespace (`CallSummary.package`, which the linker looks up across files), `\X` fully qualified
 * (bound as an import of its full name); a function by `use function`, else the namespace's, else
 * the global one (core/calls/link-calls.ts `phpName`).
 */

/** A type outside the repository whose members are outside too (link-calls `ext:`): what an enum's `cases()`, `from()` are. */
const OUTSIDE = "ext:";
/** Types PHP declares itself: no class of the repository. */
const BUILTIN_TYPES = new Set(["array", "callable", "iterable", "object", "mixed", "bool", "boolean", "int", "integer", "float", "double", "string", "void", "null", "false", "true", "never", "resource"]);
/** Docblock types that name no class. */
const PSEUDO_TYPES = new Set(["scalar", "numeric", "list", "number", "static", "self", "parent", "this", "$this", "class-string", "array-key", "positive-int", "negative-int", "non-empty-string", "non-empty-array", "callable-string"]);
/** Statements at file level that hold declarations without opening a scope (as extract-symbols.ts walks them). */
const TRANSPARENT = new Set(["if_statement", "else_if_clause", "else_clause", "colon_block", "compound_statement", "declare_statement", "ERROR"]);
const CLASS_LIKES = new Set(["class_declaration", "interface_declaration", "trait_declaration", "enum_declaration"]);
const NAMES = new Set(["name", "qualified_name"]);
/** Nodes whose variables are their own: a nested function's, a closure's, an anonymous class's. */
const OWN_SCOPES = new Set(["function_definition", "anonymous_function", "arrow_function", "anonymous_class", "class_declaration", "interface_declaration", "trait_declaration", "enum_declaration", "method_declaration"]);

interface Context {
  /** The namespace the code is written in ("" for the global one). */
  namespace: string;
  /** The enclosing class-like's name as the symbol index names it; undefined at file level and in a function. */
  owner: string | undefined;
  /** The type string of the class the enclosing class extends: what `parent::` names. */
  parent: string | undefined;
  /** Inside a trait: `parent::` is the using class's parent, not known here. */
  trait: boolean;
  /** Inside an anonymous class or a class declared in a body: `$this` and `self::` name a class that is not indexed. */
  opaque: boolean;
}

/** Where a local's value comes from: an expression assigned, a type, or unknown (null). */
type Source = { node: SyntaxNode; context: Context; scope: Scope } | { type: string | undefined };

interface Scope {
  sources: Map<string, Source[]>;
  /** An arrow function sees the enclosing scope's variables. */
  outer?: Scope;
  types: Map<string, string | undefined | null>;
}

export function extractPhpCalls(root: SyntaxNode, text: string, symbols: readonly SymbolRecord[], path: RepoPath): CallSummary {
  void path;
  const column = columnsOf(text);
  const table = new TypeTable();

  // A method before a property of the same name (PHP keeps them apart): a call lands on the method.
  const kinds = new Map<string, SymbolRecord>();
  const FIELD_KINDS = new Set(["property", "constant"]);
  for (const symbol of symbols) {
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    const known = kinds.get(name);
    if (!known || (FIELD_KINDS.has(known.kind) && symbol.kind !== "property" && symbol.kind !== "constant")) kinds.set(name, symbol);
  }
  const { callers, callerOf } = callerTable(kinds);
  const declarations = new Map<string, CallableDeclaration>();
  for (const [name, symbol] of kinds) declarations.set(name, { name, kind: symbol.kind, line: symbol.line });
  const declare = (name: string, extra: Partial<CallableDeclaration>): void => {
    const known = declarations.get(name);
    if (known) Object.assign(known, { ...extra, ...known });
  };

  const imports: ImportBinding[] = [];
  /** The file's namespace: the first it declares ("" for none). */
  const fileNamespace = phpNodesOfType(root, "namespace_definition")[0]?.childForFieldName("name")?.text.replace(/\s+/g, "").replace(/^\\/, "") ?? "";
  /** `use` imports of classes (and namespaces), by lower-cased alias: the full name and the local the binding has. */
  const classUses = new Map<string, { fqn: string; local: string }>();
  /** `use function` imports, by lower-cased alias. */
  const functionUses = new Map<string, { fqn: string; local: string }>();
  const bound = new Set<string>();
  /** A full name written in the code (`\App\Util`, `Sub\Name`), bound as an import of it would bind it. */
  const qualifiedImports = new Map<string, string>();
  const importQualified = (fqn: string): string => {
    let local = qualifiedImports.get(fqn);
    if (local === undefined) {
      local = `$fqn${qualifiedImports.size}`;
      qualifiedImports.set(fqn, local);
      imports.push({ local, specifier: fqn, imported: shortName(fqn) });
    }
    return local;
  };

  const readUses = (declaration: SyntaxNode): void => {
    const group = declaration.childForFieldName("body");
    const prefix = group ? declaration.namedChildren.find((child) => child?.type === "namespace_name")?.text.replace(/\s+/g, "").replace(/^\\/, "") : undefined;
    const kindOf = (node: SyntaxNode): string | undefined => node.children.find((child) => child?.type === "function" || child?.type === "const")?.type;
    const declared = kindOf(declaration);
    for (const clause of (group ?? declaration).namedChildren) {
      if (clause?.type !== "namespace_use_clause") continue;
      const kind = kindOf(clause) ?? declared;
      if (kind === "const") continue;
      const name = clause.namedChildren.find((child) => child !== null && (child.type === "name" || child.type === "qualified_name"));
      if (!name) continue;
      const written = name.text.replace(/\s+/g, "").replace(/^\\/, "");
      const fqn = prefix ? `${prefix}\\${written}` : written;
      const alias = clause.childForFieldName("alias")?.text ?? shortName(fqn);
      const uses = kind === "function" ? functionUses : classUses;
      if (uses.has(alias.toLowerCase())) continue;
      // A class and a function imported under one alias: the class keeps the name.
      const local = bound.has(alias) ? `$use${imports.length}` : alias;
      bound.add(local);
      uses.set(alias.toLowerCase(), { fqn, local });
      imports.push({ local, specifier: fqn, imported: shortName(fqn) });
    }
  };

  /** A class name as PHP resolves it: through a `use` alias, else in the namespace; `\X` as written. */
  const fullName = (written: string, context: Context): string => {
    const name = written.replace(/\s+/g, "");
    if (name.startsWith("\\")) return name.slice(1);
    if (name.toLowerCase().startsWith("namespace\\")) return context.namespace ? `${context.namespace}\\${name.slice(10)}` : name.slice(10);
    const slash = name.indexOf("\\");
    const first = slash < 0 ? name : name.slice(0, slash);
    const used = classUses.get(first.toLowerCase());
    if (used) return slash < 0 ? used.fqn : `${used.fqn}${name.slice(slash)}`;
    return context.namespace ? `${context.namespace}\\${name}` : name;
  };

  /** A full class name as the linker reads it in this file: a `use` binding's local, a name of the file's namespace, else a bound full name. */
  const localName = (fqn: string, context: Context): string => {
    for (const used of classUses.values()) if (used.fqn.toLowerCase() === fqn.toLowerCase()) return used.local;
    const namespace = fqn.includes("\\") ? fqn.slice(0, fqn.lastIndexOf("\\")) : "";
    if (namespace.toLowerCase() === fileNamespace.toLowerCase() && context.namespace.toLowerCase() === namespace.toLowerCase()) return shortName(fqn);
    return importQualified(fqn);
  };

  /** A class named in code (`X`, `\A\X`, `self`, `static`, `parent`) as a type string; undefined for PHP's own types. */
  const classRef = (node: SyntaxNode | string | null | undefined, context: Context, asReturn = false): string | undefined => {
    if (!node) return undefined;
    const written = (typeof node === "string" ? node : node.text).replace(/\s+/g, "");
    const lower = written.toLowerCase();
    if (lower === "self") return context.opaque || context.trait ? undefined : context.owner;
    if (lower === "static" || lower === "$this") return context.opaque || context.trait ? undefined : asReturn ? THIS_TYPE : context.owner;
    if (lower === "parent") return context.trait || context.opaque ? undefined : context.parent;
    if (BUILTIN_TYPES.has(lower.replace(/^\\/, ""))) return undefined;
    return localName(fullName(written, context), context);
  };

  /** A written type as a type string: `?X` and `X|null` as X, a union of classes as `union:`, PHP's own types undefined. */
  const typeOf = (node: SyntaxNode | null | undefined, context: Context, asReturn = false): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "named_type":
        return classRef(node.namedChildren[0], context, asReturn);
      case "optional_type":
        return typeOf(node.namedChildren[0], context, asReturn);
      case "union_type":
      case "intersection_type": {
        const parts = node.namedChildren.filter((child) => child !== null && child.type !== "primitive_type" && !(child.type === "named_type" && BUILTIN_TYPES.has(child.text.toLowerCase())));
        const types = parts.map((part) => typeOf(part, context, asReturn));
        // A part not known (a type this file cannot name) leaves the whole unknown.
        if (types.length === 0 || types.some((type) => type === undefined)) return undefined;
        if (types.length === 1) return types[0];
        return table.embed(`${node.type === "union_type" ? "union" : "inter"}:${JSON.stringify(types)}`);
      }
      default:
        return undefined;
    }
  };

  /** A function named in a call as the linker reads it: a `use function` binding, the namespace's (then the global one's), else a bound full name. */
  const functionRef = (node: SyntaxNode, context: Context): string => {
    const written = node.text.replace(/\s+/g, "");
    if (node.type === "name") {
      const used = functionUses.get(written.toLowerCase());
      if (used) return used.local;
      if (context.namespace.toLowerCase() === fileNamespace.toLowerCase()) return written;
      return importQualified(context.namespace ? `${context.namespace}\\${written}` : written);
    }
    // A qualified name is never the global function's.
    if (written.startsWith("\\")) {
      const fqn = written.slice(1);
      return fqn.includes("\\") ? importQualified(fqn) : fileNamespace ? importQualified(fqn) : fqn;
    }
    return importQualified(fullName(written, context));
  };

  const sites: CallSite[] = [];
  const addSite = (caller: string, node: SyntaxNode, callee: CalleeRef, via: CallSite["via"] = "call"): void => {
    sites.push({ caller: callerOf(caller), line: node.startPosition.row + 1, column: column(node), via, callee });
  };
  const unknown = (name: string): CalleeRef => ({ head: "unknown", owner: "", names: [name] });

  // ---- Locals: every assignment of a variable in a function, all of which must agree on its type.

  const newScope = (outer?: Scope): Scope => ({ sources: new Map(), types: new Map(), ...(outer ? { outer } : {}) });
  const addSource = (scope: Scope, name: string | undefined, source: Source): void => {
    if (!name) return;
    const list = scope.sources.get(name);
    if (list) list.push(source);
    else scope.sources.set(name, [source]);
  };
  const variableName = (node: SyntaxNode | null | undefined): string | undefined => (node?.type === "variable_name" ? node.namedChildren.find((child) => child?.type === "name")?.text : undefined);

  /** Parameters as sources: typed ones by their type, the rest unknown. */
  const declareParameters = (list: SyntaxNode | null | undefined, context: Context, scope: Scope): void => {
    for (const parameter of list?.namedChildren ?? []) {
      if (!parameter) continue;
      const name = variableName(parameter.childForFieldName("name"));
      const byRef = parameter.children.some((child) => child?.type === "reference_modifier" || child?.text === "&");
      const type = parameter.type === "variadic_parameter" || byRef ? undefined : typeOf(parameter.childForFieldName("type"), context);
      addSource(scope, name, { type });
    }
  };

  /** Every variable a node assigns, outside nested functions and classes (an arrow function's, a closure's `use (&$x)` too). */
  const collect = depthGuarded((node: SyntaxNode, context: Context, scope: Scope): void => {
    switch (node.type) {
      case "assignment_expression": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (left?.type === "variable_name" && right) addSource(scope, variableName(left), { node: right, context, scope });
        else if (left) for (const variable of left.descendantsOfType("variable_name")) addSource(scope, variableName(variable), { type: undefined });
        if (right) collect(right, context, scope);
        return;
      }
      case "augmented_assignment_expression":
      case "reference_assignment_expression":
        addSource(scope, variableName(node.childForFieldName("left")), { type: undefined });
        break;
      case "foreach_statement":
        for (const part of node.namedChildren.slice(1)) {
          if (part && part.type !== "compound_statement" && part.type !== "colon_block" && !part.type.endsWith("_statement")) for (const variable of part.type === "variable_name" ? [part] : part.descendantsOfType("variable_name")) addSource(scope, variableName(variable), { type: undefined });
        }
        break;
      case "catch_clause": {
        const types = node.childForFieldName("type");
        const listed = types?.type === "type_list" ? types.namedChildren.filter((child) => child !== null) : types ? [types] : [];
        addSource(scope, variableName(node.childForFieldName("name")), { type: listed.length === 1 ? typeOf(listed[0], context) : undefined });
        break;
      }
      case "global_declaration":
      case "function_static_declaration":
      case "unset_statement":
        for (const variable of node.descendantsOfType("variable_name")) addSource(scope, variableName(variable), { type: undefined });
        return;
      case "anonymous_function_use_clause":
        for (const reference of node.namedChildren) if (reference?.type === "by_ref") for (const variable of reference.descendantsOfType("variable_name")) addSource(scope, variableName(variable), { type: undefined });
        return;
      case "by_ref":
        // `f(&$x)`, `foreach ($a as &$x)`: assigned elsewhere.
        for (const variable of node.descendantsOfType("variable_name")) addSource(scope, variableName(variable), { type: undefined });
        return;
      case "function_call_expression": {
        // `extract($row)` and `parse_str($s)` make variables of any name.
        const name = node.childForFieldName("function")?.text.toLowerCase();
        if (name === "extract" || name === "parse_str" || name === "\\extract") scope.sources.set("*", [{ type: undefined }]);
        break;
      }
      default:
        if (OWN_SCOPES.has(node.type) && node.type !== "arrow_function") {
          // A closure's `use (&$x)` assigns the enclosing function's $x.
          if (node.type === "anonymous_function") for (const clause of node.namedChildren) if (clause?.type === "anonymous_function_use_clause") collect(clause, context, scope);
          return;
        }
        if (node.type === "arrow_function") return;
    }
    for (const child of node.namedChildren) if (child) collect(child, context, scope);
  });

  /** A local's type: what every assignment of it gives, when they agree (`null` adds nothing); undefined when not known. */
  const localType = (scope: Scope, name: string): string | undefined => {
    if (name === "this") return undefined;
    if (scope.sources.has("*")) return undefined;
    if (!scope.sources.has(name)) return scope.outer ? localType(scope.outer, name) : undefined;
    const known = scope.types.get(name);
    if (known !== undefined) return known ?? undefined;
    // Entered before computing: `$x = $x->next()` is a cycle, and unknown.
    scope.types.set(name, null);
    let agreed: string | undefined;
    let ok = true;
    for (const source of scope.sources.get(name)!) {
      if ("node" in source && source.node.type === "null") continue;
      const type = "node" in source ? valueType(source.node, source.context, source.scope) : source.type;
      if (type === undefined || (agreed !== undefined && agreed !== type)) {
        ok = false;
        break;
      }
      agreed = type;
    }
    const type = ok ? agreed : undefined;
    scope.types.set(name, type ?? null);
    return type;
  };

  // ---- Receivers and callees.

  const thisRef = (context: Context): CalleeRef | undefined => (context.opaque || !context.owner ? undefined : { head: "this", owner: context.owner, names: [] });

  /** What a class scope (`X::`, `self::`, `static::`, `parent::`, `$x::`) names, as the head a static call's chain starts with. */
  const scopeRef = (node: SyntaxNode | null | undefined, context: Context, scope: Scope): CalleeRef | undefined => {
    if (!node) return undefined;
    if (node.type === "relative_scope") {
      const word = node.text.toLowerCase();
      if (word === "parent") {
        const parent = context.trait || context.opaque ? undefined : context.parent;
        return parent ? { head: "scope", owner: "", names: [parent] } : undefined;
      }
      return thisRef(context);
    }
    if (NAMES.has(node.type)) {
      const type = classRef(node, context);
      return type ? { head: "scope", owner: "", names: [type] } : undefined;
    }
    return receiverOf(node, context, scope);
  };

  /** A receiver expression as the head and names a call's chain starts with; undefined when what it holds cannot be told. */
  const receiverOf = (node: SyntaxNode | null | undefined, context: Context, scope: Scope): CalleeRef | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "variable_name": {
        const name = variableName(node);
        if (name === "this") return thisRef(context);
        const type = name ? localType(scope, name) : undefined;
        return typeRef(type);
      }
      case "member_access_expression":
      case "nullsafe_member_access_expression": {
        const name = node.childForFieldName("name");
        if (name?.type !== "name") return undefined;
        const base = receiverOf(node.childForFieldName("object"), context, scope);
        return base ? { ...base, names: [...base.names, name.text] } : undefined;
      }
      case "scoped_property_access_expression": {
        const name = variableName(node.childForFieldName("name"));
        const base = scopeRef(node.childForFieldName("scope"), context, scope);
        return base && name ? { ...base, names: [...base.names, name] } : undefined;
      }
      case "parenthesized_expression":
        return receiverOf(node.namedChildren[0], context, scope);
      default: {
        const type = valueType(node, context, scope);
        return typeRef(type);
      }
    }
  };

  /** What an expression holds, as a type string: `new X()`, `clone`, a call's declared return, a typed variable or property; undefined when not known. */
  const valueType = (node: SyntaxNode | null | undefined, context: Context, scope: Scope): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "object_creation_expression": {
        const type = node.namedChildren[0];
        if (!type || (!NAMES.has(type.type) && type.type !== "relative_scope")) return undefined;
        return classRef(type, context);
      }
      case "clone_expression":
      case "parenthesized_expression":
        return valueType(node.namedChildren[0], context, scope);
      case "function_call_expression":
      case "member_call_expression":
      case "nullsafe_member_call_expression":
      case "scoped_call_expression": {
        const ref = callRef(node, context, scope);
        return table.returned(ref);
      }
      case "variable_name":
      case "member_access_expression":
      case "nullsafe_member_access_expression":
      case "scoped_property_access_expression": {
        return table.value(receiverOf(node, context, scope));
      }
      default:
        return undefined;
    }
  };

  /** A call's callee; undefined when it names nothing (`$f()`, `$x->$name()`). */
  const callRef = (node: SyntaxNode, context: Context, scope: Scope): CalleeRef | undefined => {
    if (node.type === "function_call_expression") {
      const called = node.childForFieldName("function");
      return called && NAMES.has(called.type) ? { head: "scope", owner: "", names: [functionRef(called, context)] } : undefined;
    }
    const name = node.childForFieldName("name");
    if (name?.type !== "name") return undefined;
    const receiver = node.type === "scoped_call_expression" ? scopeRef(node.childForFieldName("scope"), context, scope) : receiverOf(node.childForFieldName("object"), context, scope);
    return receiver ? { ...receiver, names: [...receiver.names, name.text] } : unknown(name.text);
  };

  /** Whether a call's arguments are `(...)`: a first-class callable, not a call. */
  const isCallable = (node: SyntaxNode): boolean => node.childForFieldName("arguments")?.namedChildren.some((child) => child?.type === "variadic_placeholder") ?? false;

  /** `[X::class, 'm']`, `[$this, 'm']`: a callable naming a method, as a reference at the method's name. */
  const callableArray = (node: SyntaxNode, caller: string, context: Context, scope: Scope): void => {
    const elements = node.namedChildren.filter((child) => child !== null && child.type !== "comment");
    if (elements.length !== 2 || elements.some((element) => element!.type !== "array_element_initializer" || element!.namedChildren.length !== 1)) return;
    const [target, method] = elements.map((element) => element!.namedChildren[0]!);
    const name = method ? plainString(method) : undefined;
    if (!target || !method || !name || !/^[A-Za-z_]\w*$/.test(name)) return;
    let receiver: CalleeRef | undefined;
    if (target.type === "class_constant_access_expression") {
      const [type, member] = target.namedChildren;
      if (member?.text.toLowerCase() !== "class" || !type) return;
      receiver = scopeRef(type, context, scope);
    } else if (target.type === "variable_name") {
      receiver = receiverOf(target, context, scope);
    } else return;
    if (receiver) addSite(caller, method, { ...receiver, names: [...receiver.names, name] }, "ref");
  };

  // ---- Visiting bodies.

  const visit: (node: SyntaxNode, caller: string, context: Context, scope: Scope) => void = depthGuarded((node: SyntaxNode, caller: string, context: Context, scope: Scope): void => {
    switch (node.type) {
      case "function_call_expression": {
        const called = node.childForFieldName("function");
        if (called && NAMES.has(called.type)) {
          const at = called.type === "qualified_name" ? (called.namedChildren.filter((child) => child?.type === "name").at(-1) ?? called) : called;
          addSite(caller, at, callRef(node, context, scope)!, isCallable(node) ? "ref" : "call");
        } else if (called) visit(called, caller, context, scope);
        const args = node.childForFieldName("arguments");
        if (args) visit(args, caller, context, scope);
        return;
      }
      case "member_call_expression":
      case "nullsafe_member_call_expression":
      case "scoped_call_expression": {
        const name = node.childForFieldName("name");
        const ref = callRef(node, context, scope);
        if (ref && name) addSite(caller, name, ref, isCallable(node) ? "ref" : "call");
        const receiver = node.childForFieldName(node.type === "scoped_call_expression" ? "scope" : "object");
        if (receiver && !NAMES.has(receiver.type)) visit(receiver, caller, context, scope);
        if (name && name.type !== "name") visit(name, caller, context, scope);
        const args = node.childForFieldName("arguments");
        if (args) visit(args, caller, context, scope);
        return;
      }
      case "object_creation_expression": {
        const type = node.namedChildren[0];
        if (type?.type === "anonymous_class") {
          visitAnonymousClass(type, caller, context, scope);
          return;
        }
        if (type && (NAMES.has(type.type) || type.type === "relative_scope")) {
          const written = classRef(type, context);
          if (written && written !== THIS_TYPE) addSite(caller, type.type === "qualified_name" ? (type.namedChildren.filter((child) => child?.type === "name").at(-1) ?? type) : type, { head: "scope", owner: "", names: [written] }, "new");
        }
        for (const child of node.namedChildren.slice(1)) if (child) visit(child, caller, context, scope);
        if (type && !NAMES.has(type.type) && type.type !== "relative_scope") visit(type, caller, context, scope);
        return;
      }
      case "array_creation_expression":
        callableArray(node, caller, context, scope);
        break;
      case "anonymous_function": {
        const inner = newScope();
        declareParameters(node.childForFieldName("parameters"), context, inner);
        for (const clause of node.namedChildren) {
          if (clause?.type !== "anonymous_function_use_clause") continue;
          for (const captured of clause.namedChildren) {
            const name = variableName(captured);
            if (name) addSource(inner, name, { type: localType(scope, name) });
            else if (captured?.type === "by_ref") for (const variable of captured.descendantsOfType("variable_name")) addSource(inner, variableName(variable), { type: undefined });
          }
        }
        // A static closure has no `$this`.
        const own = node.childForFieldName("static_modifier") ? { ...context, opaque: true } : context;
        const body = node.childForFieldName("body");
        if (body) {
          collect(body, own, inner);
          visit(body, caller, own, inner);
        }
        return;
      }
      case "arrow_function": {
        const inner = newScope(scope);
        declareParameters(node.childForFieldName("parameters"), context, inner);
        const body = node.childForFieldName("body");
        if (body) {
          collect(body, context, inner);
          visit(body, caller, context, inner);
        }
        return;
      }
      case "function_definition": {
        // A function declared in a body: not indexed; its calls are the enclosing declaration's, and it has no `$this`.
        visitFunction(node, caller, { ...context, opaque: true, owner: undefined, parent: undefined });
        return;
      }
      case "class_declaration":
      case "interface_declaration":
      case "trait_declaration":
      case "enum_declaration": {
        const body = node.childForFieldName("body");
        if (body) visitAnonymousClass(node, caller, context, scope);
        return;
      }
      case "attribute_list":
        return;
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) visit(child, caller, context, scope);
  });

  const visitFunction = (node: SyntaxNode, caller: string, context: Context): void => {
    const scope = newScope();
    declareParameters(node.childForFieldName("parameters"), context, scope);
    const params = node.childForFieldName("parameters");
    if (params) visit(params, caller, context, scope);
    const body = node.childForFieldName("body");
    if (body) {
      collect(body, context, scope);
      visit(body, caller, context, scope);
    }
  };

  /** An anonymous class, or one declared in a body: its methods' calls are the enclosing declaration's; `$this` there is not indexed. */
  const visitAnonymousClass = (node: SyntaxNode, caller: string, context: Context, scope: Scope): void => {
    const own: Context = { ...context, opaque: true, owner: undefined, parent: undefined };
    for (const child of node.namedChildren) {
      if (!child || child.type === "attribute_list") continue;
      if (child.type === "arguments") visit(child, caller, context, scope);
      if (child.type !== "declaration_list" && child.type !== "enum_declaration_list") continue;
      for (const member of child.namedChildren) {
        if (member?.type === "method_declaration") visitFunction(member, caller, own);
        else if (member && member.type !== "use_declaration") visit(member, caller, own, newScope());
      }
    }
  };

  /**
   * An untyped property's `/** @var X *\/` docblock, when it names one class (`?X`, `X|null` too);
   * undefined for anything else (`X[]`, `array<X>`, a union of classes, a pseudo-type).
   */
  const docblockType = (member: SyntaxNode, context: Context): string | undefined => {
    const comment = member.previousNamedSibling;
    if (comment?.type !== "comment" || !comment.text.startsWith("/**") || comment.endPosition.row + 1 < member.startPosition.row) return undefined;
    const tags = [...comment.text.matchAll(/@var\s+(\S+)/g)];
    if (tags.length !== 1) return undefined;
    const parts = tags[0]![1]!.split("|").filter((part) => part.toLowerCase() !== "null");
    if (parts.length !== 1) return undefined;
    const name = parts[0]!.replace(/^\?/, "");
    if (!/^\\?[A-Za-z_]\w*(?:\\[A-Za-z_]\w*)*$/.test(name) || PSEUDO_TYPES.has(name.toLowerCase())) return undefined;
    return classRef(name, context);
  };

  // ---- Declarations: bases, property types, returns; then each member's calls.

  const visitClass = (node: SyntaxNode, context: Context): void => {
    const name = node.childForFieldName("name")?.text;
    if (!name || !kinds.has(name)) return visitAnonymousClass(node, MODULE_CALLER, context, newScope());
    const body = node.childForFieldName("body");
    const isTrait = node.type === "trait_declaration";
    const base = node.namedChildren.find((child) => child?.type === "base_clause");
    const written = base?.namedChildren.filter((child): child is SyntaxNode => child !== null && NAMES.has(child.type)) ?? [];
    const outer: Context = { ...context, owner: name, parent: undefined, trait: isTrait, opaque: false };
    const parent = node.type === "class_declaration" && written[0] ? classRef(written[0], outer) : undefined;
    const own: Context = { ...outer, parent };
    // What a member is looked up in after the class's own: its traits (theirs win over inherited), the parent, the interfaces.
    const bases: string[] = [];
    let known = true;
    const addBase = (type: string | undefined): void => {
      if (type) bases.push(type);
      else known = false;
    };
    // A trait named first by `A::m insteadof B` is where a method both declare is looked up first.
    const preferred = new Set<string>();
    // Those of the file that lie inside the body are its descendants (a clause is never empty).
    const clauses = body ? phpNodesOfType(root, "use_instead_of_clause").filter((clause) => clause.startIndex >= body.startIndex && clause.endIndex <= body.endIndex) : [];
    for (const clause of clauses) {
      const winner = clause?.namedChildren[0]?.namedChildren[0];
      if (winner) preferred.add(winner.text.replace(/\s+/g, "").toLowerCase());
    }
    const traits: SyntaxNode[] = [];
    for (const member of body?.namedChildren ?? []) {
      if (member?.type !== "use_declaration") continue;
      for (const trait of member.namedChildren) if (trait && NAMES.has(trait.type)) traits.push(trait);
    }
    const rank = (trait: SyntaxNode): number => (preferred.has(trait.text.replace(/\s+/g, "").toLowerCase()) ? 0 : 1);
    for (const trait of [...traits].sort((a, b) => rank(a) - rank(b))) addBase(classRef(trait, own));
    for (const type of written) addBase(classRef(type, own));
    const interfaces = node.namedChildren.find((child) => child?.type === "class_interface_clause");
    for (const type of interfaces?.namedChildren ?? []) if (type && NAMES.has(type.type)) addBase(classRef(type, own));
    // An enum's `cases()`, `from()` and `tryFrom()` are PHP's.
    if (node.type === "enum_declaration") bases.push(OUTSIDE);
    // A base this file cannot name: what the class inherits is not known.
    if (!known) bases.push(OUTSIDE);
    if (bases.length > 0) declare(name, { bases });

    const empty = (): Scope => newScope();
    for (const member of body?.namedChildren ?? []) {
      if (!member) continue;
      const isStatic = member.namedChildren.some((child) => child?.type === "static_modifier");
      switch (member.type) {
        case "method_declaration": {
          const method = member.childForFieldName("name")?.text;
          if (!method) break;
          const qualified = `${name}.${method}`;
          const declared = declarations.get(qualified);
          if (declared && (declared.kind === "method" || declared.kind === "constructor")) {
            const returns = typeOf(member.childForFieldName("return_type"), own, true);
            declare(qualified, { ...(returns ? { returns } : {}), ...(isStatic ? { static: true as const } : {}) });
          }
          if (method.toLowerCase() === "__construct") {
            for (const parameter of member.childForFieldName("parameters")?.namedChildren ?? []) {
              if (parameter?.type !== "property_promotion_parameter") continue;
              const property = variableName(parameter.childForFieldName("name"));
              const type = typeOf(parameter.childForFieldName("type"), own);
              if (property && type && declarations.get(`${name}.${property}`)?.kind === "property") declare(`${name}.${property}`, { type });
            }
          }
          visitFunction(member, kinds.has(qualified) ? qualified : name, own);
          break;
        }
        case "property_declaration": {
          const written = member.childForFieldName("type");
          const type = written ? typeOf(written, own) : docblockType(member, own);
          for (const element of member.namedChildren) {
            if (element?.type !== "property_element") continue;
            const property = variableName(element.childForFieldName("name"));
            const qualified = `${name}.${property}`;
            if (property && declarations.get(qualified)?.kind === "property") declare(qualified, { ...(type ? { type } : {}), ...(isStatic ? { static: true as const } : {}) });
            const value = element.childForFieldName("default_value");
            if (value) visit(value, kinds.has(qualified) ? qualified : name, own, empty());
          }
          break;
        }
        case "const_declaration":
        case "enum_case":
          visit(member, name, own, empty());
          break;
        default:
          break;
      }
    }
  };

  /**
   * File-level statements: namespaces, declarations, and the top-level code's calls. Twice: first
   * every top-level assignment is collected (a local's type is what all of them agree on), then visited.
   */
  const topScope = newScope();
  const statements = (parent: SyntaxNode, context: Context, collecting: boolean): void => {
    let current = context;
    for (const statement of parent.namedChildren) {
      if (!statement) continue;
      if (statement.type === "namespace_definition") {
        const namespace = statement.childForFieldName("name")?.text.replace(/\s+/g, "").replace(/^\\/, "") ?? "";
        const body = statement.childForFieldName("body");
        if (body) statements(body, { ...context, namespace }, collecting);
        else current = { ...context, namespace };
      } else if (statement.type === "namespace_use_declaration") {
        continue;
      } else if (TRANSPARENT.has(statement.type)) {
        statements(statement, current, collecting);
      } else if (collecting) {
        collect(statement, current, topScope);
      } else if (statement.type === "function_definition") {
        const name = statement.childForFieldName("name")?.text;
        visitFunction(statement, name && kinds.get(name)?.kind === "function" ? name : MODULE_CALLER, current);
      } else if (CLASS_LIKES.has(statement.type)) {
        visitClass(statement, current);
      } else {
        visit(statement, MODULE_CALLER, current, topScope);
      }
    }
  };
  // `use` declarations first: a name may be used above its import.
  for (const declaration of phpNodesOfType(root, "namespace_use_declaration")) readUses(declaration);
  const fileContext: Context = { namespace: "", owner: undefined, parent: undefined, trait: false, opaque: false };
  statements(root, fileContext, true);
  statements(root, fileContext, false);

  // What another file can name: every file-level declaration.
  const exports: ExportBinding[] = [];
  for (const declaration of declarations.values()) if (!declaration.name.includes(".")) exports.push({ name: declaration.name, local: declaration.name });
  const summary: CallSummary = { callers, declarations: [...declarations.values()], imports, exports, sites: sites.map(encodeCallSite), types: table.entries };
  if (fileNamespace) summary.package = fileNamespace;
  return summary;
}

function shortName(name: string): string {
  return name.slice(name.lastIndexOf("\\") + 1);
}

/** A quoted string without interpolation: its text; undefined for anything else. */
function plainString(node: SyntaxNode): string | undefined {
  if (node.type !== "string" && node.type !== "encapsed_string") return undefined;
  let value = "";
  for (const part of node.namedChildren) {
    if (part?.type !== "string_content" && part?.type !== "string_value") return undefined;
    value += part.text;
  }
  return value;
}
