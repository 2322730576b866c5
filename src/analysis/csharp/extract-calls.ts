import type { CallableDeclaration, CallSite, CallSummary, CalleeRef, ExportBinding, ImportBinding, SymbolRecord } from "../../model.js";
import { encodeCallSite } from "../../core/calls/call-site-codec.js";
import { callerTable } from "../caller-table.js";
import { columnsOf, depthGuarded, startLine, type SyntaxNode } from "../tree-sitter.js";
import { typeRef, TypeTable } from "../type-table.js";

/*
 * What one C# file contributes to the call graph (model.ts CallSummary): every invocation, `new`
 * (target-typed too) and method group passed as a value, with its caller (the method, constructor,
 * property or field around it) and its callee as a head and a chain of names. A receiver is typed
 * from what declares it — a field or property of the enclosing classes, a primary constructor's or
 * a method's parameter, a local with a written type, `var x = new X()`, a cast, `as`, a pattern
 * variable, a loop over a declared collection, a class named for a static call, what a repository
 * method or property declares (`Task<X>` awaited as X, `X?` as X) — with generics erased; else it is
 * `unknown` and only the name survives, as a candidate. Names resolve as C# looks them up: the
 * file's own (nested) types, its namespace and the namespaces enclosing it, `using` namespaces
 * (`global using` of any file), then aliases (core/calls/link-calls.ts, CallSummary.package).
 */

const TYPE_KINDS = new Set(["class_declaration", "struct_declaration", "interface_declaration", "enum_declaration", "record_declaration", "record_struct_declaration"]);
/** A type outside the repository whose members are outside too (link-calls `ext:`): object, string, int. */
const OUTSIDE = "ext:";
/** Nodes whose names go out of scope where they end. */
const BLOCKS = new Set(["block", "for_statement", "foreach_statement", "catch_clause", "using_statement", "switch_section", "lambda_expression", "anonymous_method_expression", "local_function_statement"]);
/** Generic collections whose single type argument is what a `foreach` over them yields. */
const COLLECTIONS = new Set(["IEnumerable", "ICollection", "IList", "List", "IReadOnlyList", "IReadOnlyCollection", "HashSet", "ISet", "IAsyncEnumerable", "Collection", "ReadOnlyCollection", "IQueryable", "IOrderedEnumerable", "LinkedList", "Queue", "Stack"]);
/** Awaited, these are what they wrap. */
const TASKS = new Set(["Task", "ValueTask"]);
/** Namespaces no repository declares: a name qualified by one is outside. */
const OUTSIDE_ROOTS = new Set(["System", "Microsoft"]);
const FIELD_KINDS = new Set(["property", "constant"]);

interface TypeContext {
  /** The enclosing types' qualified names (as the symbol index names them), innermost first. */
  classes: string[];
  /** Type parameters in scope: unknown types. */
  typeParams: Set<string>;
}

interface Scope {
  /** Locals and parameters: each to its type string, or undefined when it is not known. */
  locals: Map<string, string | undefined>;
  /** What a `foreach` over a local yields, when its declared type tells. */
  elements: Map<string, string>;
  /** Local functions: not indexed, so a call of one is no candidate of a same-named method. */
  functions: Set<string>;
}

export function extractCsharpCalls(root: SyntaxNode, text: string, symbols: readonly SymbolRecord[]): CallSummary {
  const column = columnsOf(text);
  const table = new TypeTable();

  // A method before a property of the same name: a call lands on the method.
  const kinds = new Map<string, SymbolRecord>();
  for (const symbol of symbols) {
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    const known = kinds.get(name);
    if (!known || (FIELD_KINDS.has(known.kind) && symbol.kind === "method")) kinds.set(name, symbol);
  }
  const { callers, callerOf } = callerTable(kinds);
  const typeNames = new Set([...kinds].filter(([, symbol]) => ["class", "interface", "enum", "record", "struct", "type"].includes(symbol.kind)).map(([name]) => name));

  // The namespace: the first one the file declares (file-scoped or block); "" for the global one.
  let packageName = "";
  const imports: ImportBinding[] = [];
  const aliases = new Set<string>();
  const usingRoots = new Set<string>();
  const readUsings = (holder: SyntaxNode, depth: number): void => {
    for (const node of holder.namedChildren) {
      if (!node) continue;
      if (node.type === "using_directive") {
        const alias = node.childForFieldName("name");
        const target = node.namedChildren.find((child) => child !== null && child.id !== alias?.id && (child.type === "identifier" || child.type === "qualified_name"));
        if (!target || node.hasError) continue;
        const dotted = target.text.replace(/\s+/g, "");
        const segments = dotted.split(".");
        usingRoots.add(segments[0]!);
        const isGlobal = node.children.some((child) => child?.type === "global");
        const isStatic = node.children.some((child) => child?.type === "static");
        if (alias) {
          if (segments.length < 2) continue;
          imports.push({ local: alias.text, specifier: segments.slice(0, -1).join("."), imported: segments[segments.length - 1]! });
          aliases.add(alias.text);
        } else if (isStatic) {
          if (segments.length < 2) continue;
          imports.push({ local: `*static:${dotted}`, specifier: segments.slice(0, -1).join("."), imported: segments[segments.length - 1]! });
        } else {
          imports.push({ local: `*${isGlobal ? "global:" : ""}${dotted}`, specifier: dotted, imported: "*" });
        }
      } else if ((node.type === "namespace_declaration" || node.type === "file_scoped_namespace_declaration") && depth < 8) {
        const name = node.childForFieldName("name")?.text.replace(/\s+/g, "");
        // The first one the file declares; one nested in it (`namespace A { namespace B { … } }`) is `A.B`.
        if (name && packageName === "") packageName = name;
        else if (name && depth > 0 && holder.parent?.childForFieldName("name")?.text.replace(/\s+/g, "") === packageName) packageName = `${packageName}.${name}`;
        const body = node.childForFieldName("body");
        if (body) readUsings(body, depth + 1);
      }
    }
  };
  readUsings(root, 0);
  for (const segment of packageName.split(".")) if (segment) usingRoots.add(segment);

  const declarations = new Map<string, CallableDeclaration>();
  for (const [name, symbol] of kinds) declarations.set(name, { name, kind: symbol.kind, line: symbol.line });
  const overloaded: CallableDeclaration[] = [];
  const overloadAt = new Map<string, CallableDeclaration>();
  for (const symbol of symbols) {
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    if (kinds.get(name) === symbol || (symbol.kind !== "method" && symbol.kind !== "constructor") || kinds.get(name)?.kind !== symbol.kind) continue;
    const declaration: CallableDeclaration = { name, kind: symbol.kind, line: symbol.line };
    overloaded.push(declaration);
    overloadAt.set(`${name}@${symbol.line}`, declaration);
  }
  const declare = (name: string, extra: Partial<CallableDeclaration>): void => {
    const known = declarations.get(name);
    if (known) Object.assign(known, { ...extra, ...known });
  };
  const declareParams = (name: string, member: SyntaxNode, params: (string | null)[], extra: Partial<CallableDeclaration> = {}): void => {
    const rest = member.childForFieldName("parameters")?.namedChildren.some((child) => child?.type === "parameter" && child.children.some((c) => c?.type === "modifier" && c.text === "params")) ? { rest: true as const } : {};
    const other = overloadAt.get(`${name}@${startLine(member)}`);
    if (other) Object.assign(other, { params, ...rest, ...extra });
    else declare(name, { params, ...rest, ...extra });
  };

  /** A type name as this file resolves it: a nested type of an enclosing class by its qualified name, else as written. */
  const qualify = (name: string, context: TypeContext): string => {
    for (const owner of context.classes) {
      for (let at = owner; at; at = at.includes(".") ? at.slice(0, at.lastIndexOf(".")) : "") {
        if (typeNames.has(`${at}.${name}`)) return `${at}.${name}`;
      }
    }
    return name;
  };

  /** A written type as a type string: generics erased (`Task<X>` is X), `X?` as X, arrays as `arr:`; undefined when not known. */
  const typeOf = (node: SyntaxNode | null | undefined, context: TypeContext): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "identifier": {
        const name = node.text;
        if (context.typeParams.has(name) || name === "dynamic") return undefined;
        return qualify(name, context);
      }
      case "predefined_type":
        return node.text === "object" || node.text === "dynamic" ? undefined : OUTSIDE;
      case "nullable_type":
        return typeOf(node.namedChildren[0], context);
      case "generic_name": {
        const name = node.namedChildren.find((child) => child?.type === "identifier")?.text;
        if (!name) return undefined;
        if (TASKS.has(name)) return typeOf(node.namedChildren.find((child) => child?.type === "type_argument_list")?.namedChildren[0], context);
        if (context.typeParams.has(name)) return undefined;
        return qualify(name, context);
      }
      case "qualified_name": {
        const segments = node.text.replace(/\s+/g, "").replace(/<[\s\S]*$/, "").split(".");
        if (OUTSIDE_ROOTS.has(segments[0]!)) return OUTSIDE;
        // A type of this file named through its outer type; a namespace-qualified name is not followed.
        const first = qualify(segments[0]!, context);
        return typeNames.has(first) ? [first, ...segments.slice(1)].join(".") : undefined;
      }
      case "array_type": {
        const element = typeOf(node.childForFieldName("type"), context);
        return element ? `arr:${element}` : undefined;
      }
      default:
        return undefined;
    }
  };
  /** What a `foreach` over a value of this written type yields: an array's element, a collection's single type argument. */
  const elementOf = (node: SyntaxNode | null | undefined, context: TypeContext): string | undefined => {
    if (!node) return undefined;
    if (node.type === "nullable_type") return elementOf(node.namedChildren[0], context);
    if (node.type === "array_type") return typeOf(node.childForFieldName("type"), context);
    if (node.type === "generic_name") {
      const name = node.namedChildren.find((child) => child?.type === "identifier")?.text;
      const args = node.namedChildren.find((child) => child?.type === "type_argument_list")?.namedChildren.filter((child) => child !== null) ?? [];
      if (name && COLLECTIONS.has(name) && args.length === 1) return typeOf(args[0], context);
    }
    return undefined;
  };

  const typeParamsOf = (node: SyntaxNode, context: TypeContext): Set<string> => {
    const params = new Set(context.typeParams);
    const list = node.namedChildren.find((child) => child?.type === "type_parameter_list");
    for (const parameter of list?.namedChildren ?? []) {
      const name = parameter?.type === "type_parameter" ? (parameter.childForFieldName("name") ?? parameter.namedChildren.find((child) => child?.type === "identifier")) : null;
      if (name) params.add(name.text);
    }
    return params;
  };

  const parameterEntries = (list: SyntaxNode | null | undefined, context: TypeContext): [string, string | undefined, string | undefined][] => {
    const entries: [string, string | undefined, string | undefined][] = [];
    for (const parameter of list?.namedChildren ?? []) {
      if (parameter?.type !== "parameter") continue;
      const name = parameter.childForFieldName("name")?.text;
      const type = parameter.childForFieldName("type");
      if (name) entries.push([name, typeOf(type, context), elementOf(type, context)]);
    }
    return entries;
  };
  const isExtension = (member: SyntaxNode): boolean => {
    const first = member.childForFieldName("parameters")?.namedChildren.find((child) => child?.type === "parameter");
    return first?.children.some((child) => child?.type === "modifier" && child.text === "this") ?? false;
  };

  /** Fields and properties of each type of this file (primary constructor parameters too): what a bare name reads. */
  const fields = new Map<string, Map<string, { type: string | undefined; element: string | undefined }>>();
  /** Methods of each type of this file: an unqualified call of one is a call on `this`. */
  const methods = new Map<string, Set<string>>();
  /** Whether a type of this file may inherit members from a class (a base not named like an interface). */
  const classBased = new Map<string, boolean>();
  const overloads = new Set<string>();
  const modifiersOf = (node: SyntaxNode): Set<string> => new Set(node.namedChildren.filter((child) => child?.type === "modifier").map((child) => child!.text));

  const declareType = depthGuarded((node: SyntaxNode, outer: TypeContext): void => {
    const simple = node.childForFieldName("name")?.text;
    if (!simple) return;
    const owner = outer.classes[0] ? `${outer.classes[0]}.${simple}` : simple;
    const context: TypeContext = { classes: [owner, ...outer.classes], typeParams: typeParamsOf(node, outer) };
    const partial = modifiersOf(node).has("partial");
    const bases: string[] = [];
    let based = false;
    for (const base of node.namedChildren.find((child) => child?.type === "base_list")?.namedChildren ?? []) {
      if (!base) continue;
      const written = base.type === "primary_constructor_base_type" ? base.namedChildren[0] : base;
      const type = typeOf(written, context);
      const simpleBase = (written?.type === "generic_name" ? written.namedChildren[0]?.text : written?.text.split(".").pop()) ?? "";
      if (!/^I[A-Z]/.test(simpleBase)) based = true;
      // A base that cannot be told: what no repository base declares may be its.
      bases.push(type ?? "");
    }
    classBased.set(owner, based || partial);
    // object (or Enum, ValueType) last where nothing else declares a member; never for a partial type, whose other parts are elsewhere.
    const kept = bases.filter(Boolean);
    if (!partial && kept.length === bases.length) kept.push(OUTSIDE);
    declare(owner, { bases: kept });
    const fieldsOf = fields.get(owner) ?? new Map<string, { type: string | undefined; element: string | undefined }>();
    fields.set(owner, fieldsOf);
    const methodsOf = methods.get(owner) ?? new Set<string>();
    methods.set(owner, methodsOf);
    // A primary constructor's parameters (a record's are its properties too).
    for (const [name, type, element] of parameterEntries(node.namedChildren.find((child) => child?.type === "parameter_list"), context)) {
      fieldsOf.set(name, { type, element });
      if (FIELD_KINDS.has(declarations.get(`${owner}.${name}`)?.kind ?? "") && type) declare(`${owner}.${name}`, { type });
    }
    if (node.type === "enum_declaration") {
      for (const member of node.childForFieldName("body")?.namedChildren ?? []) {
        const name = member?.type === "enum_member_declaration" ? member.childForFieldName("name")?.text : undefined;
        if (name) {
          fieldsOf.set(name, { type: owner, element: undefined });
          declare(`${owner}.${name}`, { type: owner, static: true });
        }
      }
      return;
    }
    for (const member of node.childForFieldName("body")?.namedChildren ?? []) {
      if (!member) continue;
      if (TYPE_KINDS.has(member.type)) {
        declareType(member, context);
        continue;
      }
      const isStatic = modifiersOf(member).has("static") || modifiersOf(member).has("const");
      switch (member.type) {
        case "field_declaration":
        case "event_field_declaration": {
          const declaration = member.namedChildren.find((child) => child?.type === "variable_declaration");
          const typeNode = declaration?.childForFieldName("type");
          const type = typeOf(typeNode, context);
          for (const declarator of declaration?.namedChildren ?? []) {
            const name = declarator?.type === "variable_declarator" ? declarator.childForFieldName("name")?.text : undefined;
            if (!name) continue;
            fieldsOf.set(name, { type, element: elementOf(typeNode, context) });
            if (FIELD_KINDS.has(declarations.get(`${owner}.${name}`)?.kind ?? "")) declare(`${owner}.${name}`, { ...(type ? { type } : {}), ...(isStatic ? { static: true as const } : {}) });
          }
          break;
        }
        case "property_declaration":
        case "event_declaration": {
          const name = member.childForFieldName("name")?.text;
          const typeNode = member.childForFieldName("type");
          const type = typeOf(typeNode, context);
          if (!name) break;
          fieldsOf.set(name, { type, element: elementOf(typeNode, context) });
          if (FIELD_KINDS.has(declarations.get(`${owner}.${name}`)?.kind ?? "")) declare(`${owner}.${name}`, { ...(type ? { type } : {}), ...(isStatic ? { static: true as const } : {}) });
          break;
        }
        case "method_declaration": {
          const name = member.childForFieldName("name")?.text;
          if (!name) break;
          methodsOf.add(name);
          const own: TypeContext = { ...context, typeParams: typeParamsOf(member, context) };
          const params = parameterEntries(member.childForFieldName("parameters"), own).map(([, type]) => type ?? null);
          const returns = typeOf(member.childForFieldName("returns"), own);
          const declared = declarations.get(`${owner}.${name}`);
          if (!declared || declared.kind !== "method") break;
          declareParams(declared.name, member, params, isExtension(member) ? { extension: true as const } : {});
          if (!overloads.has(declared.name)) {
            overloads.add(declared.name);
            declare(declared.name, { ...(returns ? { returns } : {}), ...(isStatic ? { static: true as const } : {}) });
          } else if (declared.returns !== returns) {
            delete declared.returns;
          }
          break;
        }
        case "constructor_declaration": {
          const declared = declarations.get(`${owner}.${simple}`);
          if (declared?.kind === "constructor") declareParams(declared.name, member, parameterEntries(member.childForFieldName("parameters"), context).map(([, type]) => type ?? null));
          break;
        }
        default:
          break;
      }
    }
  });
  const topContext: TypeContext = { classes: [], typeParams: new Set() };
  const eachType = (holder: SyntaxNode, each: (node: SyntaxNode) => void, depth = 0): void => {
    for (const node of holder.namedChildren) {
      if (!node) continue;
      if (TYPE_KINDS.has(node.type)) each(node);
      else if (depth < 16 && (node.type === "namespace_declaration" || node.type === "declaration_list" || node.type.startsWith("preproc_"))) {
        eachType(node.type === "namespace_declaration" ? (node.childForFieldName("body") ?? node) : node, each, depth + 1);
      }
    }
  };
  eachType(root, (node) => declareType(node, topContext));

  const sites: CallSite[] = [];
  const arities: number[] = [];
  const addSite = (caller: string, node: SyntaxNode, callee: CalleeRef, via: CallSite["via"] = "call", args?: SyntaxNode | null): void => {
    sites.push({ caller: callerOf(caller), line: node.startPosition.row + 1, column: column(node), via, callee });
    arities.push(args ? args.namedChildren.filter((child) => child?.type === "argument").length : -1);
  };

  /** The innermost enclosing class of this file declaring a member of that name; null when a class inside it may inherit one; undefined when none does. */
  const memberOwner = <T>(members: Map<string, { has(name: string): boolean } & T>, name: string, context: TypeContext): string | null | undefined => {
    let based = false;
    for (const owner of context.classes) {
      if (members.get(owner)?.has(name)) return based ? null : owner;
      if (classBased.get(owner)) based = true;
    }
    return undefined;
  };

  const scopeRef = (name: string, context: TypeContext): CalleeRef => ({ head: "scope", owner: "", names: qualify(name, context).split(".") });

  /** A receiver expression as the head and names a call's chain starts with; undefined when what it holds cannot be told. */
  const receiverOf = (node: SyntaxNode | null | undefined, context: TypeContext, scope: Scope): CalleeRef | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "identifier": {
        const name = node.text;
        if (scope.locals.has(name)) {
          const type = scope.locals.get(name);
          return typeRef(type);
        }
        const owner = memberOwner(fields, name, context);
        if (owner === null) return undefined;
        if (owner) return { head: "this", owner, names: [name] };
        if (context.typeParams.has(name)) return undefined;
        if (aliases.has(name)) return { head: "scope", owner: "", names: [name] };
        // A namespace's name: outside when it is .NET's; else not followed.
        if (OUTSIDE_ROOTS.has(name) && !typeNames.has(name)) return { head: "type", owner: OUTSIDE, names: [] };
        if (usingRoots.has(name) && !typeNames.has(qualify(name, context))) return undefined;
        if (/^[A-Z_]/.test(name)) return scopeRef(name, context);
        return undefined;
      }
      case "this":
        return context.classes[0] ? { head: "this", owner: context.classes[0], names: [] } : undefined;
      case "base":
        return context.classes[0] ? { head: "super", owner: context.classes[0], names: [] } : undefined;
      case "member_access_expression": {
        const object = node.childForFieldName("expression");
        const name = memberName(node.childForFieldName("name"));
        if (!name) return undefined;
        const base = object ? receiverOf(object, context, scope) : thisOrBase(node, context);
        if (!base) return undefined;
        if (base.head === "super") return { ...base, names: [...base.names, name] };
        return { ...base, names: [...base.names, name] };
      }
      case "parenthesized_expression":
        return receiverOf(node.namedChildren[0], context, scope);
      default: {
        const type = valueType(node, context, scope);
        return typeRef(type);
      }
    }
  };
  /** `this.x`, `base.x`: the receiver a member access without an expression names. */
  const thisOrBase = (node: SyntaxNode, context: TypeContext): CalleeRef | undefined => {
    const first = node.child(0)?.type;
    if (!context.classes[0]) return undefined;
    if (first === "this") return { head: "this", owner: context.classes[0], names: [] };
    if (first === "base") return { head: "super", owner: context.classes[0], names: [] };
    return undefined;
  };

  /** What an expression holds, as a type string; undefined when not known. */
  const valueType = (node: SyntaxNode | null | undefined, context: TypeContext, scope: Scope): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "object_creation_expression":
        return typeOf(node.childForFieldName("type"), context);
      case "cast_expression":
        return typeOf(node.childForFieldName("type"), context);
      case "as_expression":
        return typeOf(node.childForFieldName("right"), context);
      case "parenthesized_expression":
        return valueType(node.namedChildren[0], context, scope);
      case "await_expression":
        // A declared `Task<X>` is already read as X.
        return valueType(node.namedChildren[0], context, scope);
      case "string_literal":
      case "verbatim_string_literal":
      case "raw_string_literal":
      case "interpolated_string_expression":
      case "integer_literal":
      case "boolean_literal":
        return OUTSIDE;
      case "invocation_expression": {
        const ref = invocationRef(node, context, scope);
        return table.returned(ref);
      }
      case "identifier":
      case "member_access_expression":
      case "this": {
        return table.value(receiverOf(node, context, scope));
      }
      case "element_access_expression": {
        const array = valueType(node.childForFieldName("expression"), context, scope);
        return array?.startsWith("arr:") ? array.slice(4) : undefined;
      }
      default:
        return undefined;
    }
  };

  /** An invocation's callee; undefined when it calls a local function or a delegate that is not followed. */
  const invocationRef = (node: SyntaxNode, context: TypeContext, scope: Scope): CalleeRef | undefined => {
    const fn = node.childForFieldName("function");
    if (!fn) return undefined;
    if (fn.type === "identifier" || fn.type === "generic_name") {
      const name = memberName(fn);
      if (!name || nameof(name, fn)) return undefined;
      if (scope.functions.has(name) || scope.locals.has(name)) return undefined;
      const owner = memberOwner(methods, name, context);
      if (owner) return { head: "this", owner, names: [name] };
      // Inherited, or a `using static` class's: a candidate.
      if (owner === null || !context.classes[0]) return { head: "unknown", owner: "", names: [name] };
      if (imports.some((binding) => binding.local.startsWith("*static:"))) return { head: "unknown", owner: "", names: [name] };
      return { head: "this", owner: context.classes[0], names: [name] };
    }
    if (fn.type === "member_access_expression") {
      const name = memberName(fn.childForFieldName("name"));
      if (!name) return undefined;
      const object = fn.childForFieldName("expression");
      const receiver = object ? receiverOf(object, context, scope) : thisOrBase(fn, context);
      return receiver ? { ...receiver, names: [...receiver.names, name] } : { head: "unknown", owner: "", names: [name] };
    }
    if (fn.type === "conditional_access_expression") {
      const binding = fn.namedChildren.find((child) => child?.type === "member_binding_expression");
      const name = memberName(binding?.childForFieldName("name"));
      if (!name) return undefined;
      const receiver = receiverOf(fn.childForFieldName("condition"), context, scope);
      return receiver ? { ...receiver, names: [...receiver.names, name] } : { head: "unknown", owner: "", names: [name] };
    }
    return undefined;
  };

  const declareLocal = (scope: Scope, name: string | undefined, type: string | undefined, element?: string): void => {
    if (!name) return;
    scope.locals.set(name, type);
    if (element) scope.elements.set(name, element);
    else scope.elements.delete(name);
  };
  const inner = (scope: Scope): Scope => ({ locals: new Map(scope.locals), elements: new Map(scope.elements), functions: new Set(scope.functions) });
  /** What a `foreach` over this expression yields: a local's or field's declared collection, an array. */
  const elementOfValue = (node: SyntaxNode | null | undefined, context: TypeContext, scope: Scope): string | undefined => {
    if (!node) return undefined;
    if (node.type === "identifier") {
      if (scope.locals.has(node.text)) return scope.elements.get(node.text);
      const owner = memberOwner(fields, node.text, context);
      return owner ? fields.get(owner)?.get(node.text)?.element : undefined;
    }
    if (node.type === "member_access_expression" && node.child(0)?.type === "this") {
      const name = node.childForFieldName("name")?.text;
      const owner = name && context.classes[0];
      return owner ? fields.get(owner)?.get(name)?.element : undefined;
    }
    const type = valueType(node, context, scope);
    return type?.startsWith("arr:") ? type.slice(4) : undefined;
  };

  const visit: (node: SyntaxNode, caller: string, context: TypeContext, scope: Scope) => void = depthGuarded((node: SyntaxNode, caller: string, context: TypeContext, scope: Scope): void => {
    if (BLOCKS.has(node.type)) {
      const own = inner(scope);
      if (node.type === "lambda_expression" || node.type === "anonymous_method_expression" || node.type === "local_function_statement") {
        const parameters = node.childForFieldName("parameters") ?? node.namedChildren.find((child) => child?.type === "parameter_list");
        if (parameters?.type === "identifier") declareLocal(own, parameters.text, undefined);
        else for (const [name, type, element] of parameterEntries(parameters, context)) declareLocal(own, name, node.type === "local_function_statement" ? type : type, element);
        // An implicitly typed lambda parameter (`x => x.Run()`): not known.
        for (const parameter of parameters?.namedChildren ?? []) if (parameter?.type === "parameter" && !parameter.childForFieldName("type")) declareLocal(own, parameter.childForFieldName("name")?.text, undefined);
        const body = node.childForFieldName("body");
        if (body) visit(body, caller, node.type === "local_function_statement" ? { ...context, typeParams: typeParamsOf(node, context) } : context, own);
        return;
      }
      if (node.type === "foreach_statement") {
        const right = node.childForFieldName("right");
        if (right) visit(right, caller, context, scope);
        const typeNode = node.childForFieldName("type");
        const declared = typeNode?.type === "implicit_type" ? elementOfValue(right, context, scope) : typeOf(typeNode, context);
        const left = node.childForFieldName("left");
        if (left?.type === "identifier") declareLocal(own, left.text, declared);
        else for (const name of left?.descendantsOfType("identifier") ?? []) declareLocal(own, name?.text, undefined);
        const body = node.childForFieldName("body");
        if (body) visit(body, caller, context, own);
        return;
      }
      // Local functions are seen from anywhere in their block.
      for (const child of node.namedChildren) if (child?.type === "local_function_statement") own.functions.add(child.childForFieldName("name")?.text ?? "");
      for (const child of node.namedChildren) if (child) visit(child, caller, context, own);
      return;
    }
    visitChild(node, caller, context, scope);
  });

  const visitChild = (node: SyntaxNode, caller: string, context: TypeContext, scope: Scope): void => {
    switch (node.type) {
      case "invocation_expression": {
        const fn = node.childForFieldName("function");
        const args = node.childForFieldName("arguments");
        const ref = invocationRef(node, context, scope);
        const at = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : fn?.type === "conditional_access_expression" ? fn.namedChildren.find((child) => child?.type === "member_binding_expression")?.childForFieldName("name") : fn;
        if (ref && at) addSite(caller, at.type === "generic_name" ? (at.namedChildren[0] ?? at) : at, ref, "call", args);
        if (fn?.type === "member_access_expression") {
          const object = fn.childForFieldName("expression");
          if (object) visit(object, caller, context, scope);
        } else if (fn?.type === "conditional_access_expression") {
          const condition = fn.childForFieldName("condition");
          if (condition) visit(condition, caller, context, scope);
        }
        if (args) visitArguments(args, caller, context, scope);
        return;
      }
      case "object_creation_expression": {
        const type = node.childForFieldName("type");
        const written = typeOf(type, context);
        if (type && written && !written.startsWith("arr:") && written !== OUTSIDE) addSite(caller, type.type === "generic_name" ? (type.namedChildren[0] ?? type) : type.type === "qualified_name" ? (type.childForFieldName("name") ?? type) : type, { head: "scope", owner: "", names: written.split(".") }, "new");
        for (const child of node.namedChildren) if (child && child !== type) visit(child, caller, context, scope);
        return;
      }
      case "local_declaration_statement":
      case "field_declaration":
      case "using_statement": {
        const declaration = node.namedChildren.find((child) => child?.type === "variable_declaration");
        if (!declaration) break;
        const typeNode = declaration.childForFieldName("type");
        const implicit = typeNode?.type === "implicit_type";
        const declared = implicit ? undefined : typeOf(typeNode, context);
        for (const declarator of declaration.namedChildren) {
          if (declarator?.type !== "variable_declarator") continue;
          const value = declarator.namedChildren.find((child) => child !== null && child.type !== "identifier" && child.type !== "bracketed_argument_list") ?? declarator.namedChildren.slice(1).find((child) => child !== null);
          if (value?.type === "implicit_object_creation_expression") newTargetTyped(value, declared, caller, context, scope);
          else if (value) visit(value, caller, context, scope);
          declareLocal(scope, declarator.childForFieldName("name")?.text, implicit ? valueType(value, context, scope) : declared, implicit ? elementOfValue(value, context, scope) : elementOf(typeNode, context));
        }
        for (const child of node.namedChildren) if (child && child !== declaration && child.type !== "modifier" && child.type !== "attribute_list") visit(child, caller, context, scope);
        return;
      }
      case "declaration_pattern": {
        const name = node.childForFieldName("name");
        if (name?.type === "identifier") declareLocal(scope, name.text, typeOf(node.childForFieldName("type"), context));
        return;
      }
      case "declaration_expression": {
        // `out var x`, `out Order x`
        const name = node.childForFieldName("name");
        const type = node.childForFieldName("type");
        if (name?.type === "identifier") declareLocal(scope, name.text, type?.type === "implicit_type" ? undefined : typeOf(type, context));
        return;
      }
      case "catch_declaration": {
        declareLocal(scope, node.childForFieldName("name")?.text, typeOf(node.childForFieldName("type"), context));
        return;
      }
      case "implicit_object_creation_expression":
        newTargetTyped(node, undefined, caller, context, scope);
        return;
      case "local_function_statement":
      case "lambda_expression":
      case "anonymous_method_expression":
        visit(node, caller, context, scope);
        return;
      case "class_declaration":
      case "struct_declaration":
      case "record_declaration":
      case "interface_declaration":
        return;
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) visit(child, caller, context, scope);
  };

  /** `new(…)` where the type is written where it is declared: a `new` of that type. */
  const newTargetTyped = (node: SyntaxNode, declared: string | undefined, caller: string, context: TypeContext, scope: Scope): void => {
    if (declared && !declared.startsWith("arr:") && declared !== OUTSIDE) addSite(caller, node, { head: "scope", owner: "", names: declared.split(".") }, "new");
    for (const child of node.namedChildren) if (child) visit(child, caller, context, scope);
  };

  /** Arguments; a bare name of a method of the enclosing classes passed as a value (`Select(Map)`) is a method group, a `ref`. */
  const visitArguments = (args: SyntaxNode, caller: string, context: TypeContext, scope: Scope): void => {
    for (const argument of args.namedChildren) {
      if (!argument) continue;
      const value = argument.namedChildren[argument.namedChildren.length - 1];
      if (argument.type === "argument" && value?.type === "identifier" && argument.namedChildren.length === 1 && !scope.locals.has(value.text) && !scope.functions.has(value.text)) {
        const owner = memberOwner(methods, value.text, context);
        if (owner && memberOwner(fields, value.text, context) === undefined) addSite(caller, value, { head: "this", owner, names: [value.text] }, "ref");
        continue;
      }
      visit(argument, caller, context, scope);
    }
  };

  const visitType = depthGuarded((node: SyntaxNode, outer: TypeContext): void => {
    const simple = node.childForFieldName("name")?.text;
    if (!simple) return;
    const owner = outer.classes[0] ? `${outer.classes[0]}.${simple}` : simple;
    const context: TypeContext = { classes: [owner, ...outer.classes], typeParams: typeParamsOf(node, outer) };
    // A class's primary constructor parameters are seen by every member (a record's are its properties).
    const primary = node.type === "record_declaration" || node.type === "record_struct_declaration" ? [] : parameterEntries(node.namedChildren.find((child) => child?.type === "parameter_list"), context);
    const empty = (): Scope => {
      const scope: Scope = { locals: new Map(), elements: new Map(), functions: new Set() };
      for (const [name, type, element] of primary) declareLocal(scope, name, type, element);
      return scope;
    };
    const callerAt = (name: string | undefined): string => (name && kinds.has(`${owner}.${name}`) ? `${owner}.${name}` : owner);
    // A primary constructor's base arguments (`: Base(x)`) are the type's.
    for (const base of node.namedChildren.find((child) => child?.type === "base_list")?.namedChildren ?? []) {
      if (base?.type === "primary_constructor_base_type") for (const child of base.namedChildren.slice(1)) if (child) visit(child, owner, context, empty());
    }
    for (const member of node.childForFieldName("body")?.namedChildren ?? []) {
      if (!member) continue;
      if (TYPE_KINDS.has(member.type)) {
        visitType(member, context);
        continue;
      }
      switch (member.type) {
        case "field_declaration":
        case "event_field_declaration": {
          const declaration = member.namedChildren.find((child) => child?.type === "variable_declaration");
          const declared = typeOf(declaration?.childForFieldName("type"), context);
          for (const declarator of declaration?.namedChildren ?? []) {
            if (declarator?.type !== "variable_declarator") continue;
            const name = declarator.childForFieldName("name")?.text;
            for (const value of declarator.namedChildren.slice(1)) {
              if (!value) continue;
              if (value.type === "implicit_object_creation_expression") newTargetTyped(value, declared, callerAt(name), context, empty());
              else visit(value, callerAt(name), context, empty());
            }
          }
          break;
        }
        case "property_declaration":
        case "indexer_declaration":
        case "event_declaration": {
          const name = member.type === "indexer_declaration" ? "this" : member.childForFieldName("name")?.text;
          const declared = typeOf(member.childForFieldName("type"), context);
          const scope = empty();
          for (const [param, type, element] of parameterEntries(member.childForFieldName("parameters"), context)) declareLocal(scope, param, type, element);
          for (const child of member.namedChildren) {
            if (!child || child.type === "modifier" || child.type === "attribute_list" || child === member.childForFieldName("type") || child === member.childForFieldName("name")) continue;
            if (child.type === "implicit_object_creation_expression") newTargetTyped(child, declared, callerAt(name), context, scope);
            else visit(child, callerAt(name), context, scope);
          }
          break;
        }
        case "method_declaration":
        case "constructor_declaration": {
          const name = member.type === "method_declaration" ? member.childForFieldName("name")?.text : simple;
          const own: TypeContext = { ...context, typeParams: typeParamsOf(member, context) };
          const scope = empty();
          for (const [param, type, element] of parameterEntries(member.childForFieldName("parameters"), own)) declareLocal(scope, param, type, element);
          const at = callerAt(name);
          const initializer = member.namedChildren.find((child) => child?.type === "constructor_initializer");
          if (initializer) {
            const isBase = initializer.children.some((child) => child?.type === "base");
            const args = initializer.namedChildren.find((child) => child?.type === "argument_list");
            // `: this(…)` runs a constructor of this class; `: base(…)` one of the base class's, not followed.
            if (!isBase) addSite(at, initializer, { head: "this", owner, names: [simple] }, "call", args);
            if (args) visitArguments(args, at, own, scope);
          }
          const body = member.childForFieldName("body") ?? member.namedChildren.find((child) => child?.type === "arrow_expression_clause");
          if (body) visit(body, at, own, scope);
          break;
        }
        default:
          break;
      }
    }
  });
  eachType(root, (node) => visitType(node, topContext));

  // What another file can name: every type (by its dotted name in the file) and every static member (a `using static`'s).
  const exports: ExportBinding[] = [];
  for (const declaration of declarations.values()) {
    if (typeNames.has(declaration.name) || declaration.static) exports.push({ name: declaration.name, local: declaration.name });
  }
  const summary: CallSummary = { callers, declarations: [...declarations.values(), ...overloaded], imports, exports, sites: sites.map(encodeCallSite), types: table.entries };
  summary.package = packageName;
  if (arities.some((arity) => arity >= 0)) summary.arities = arities;
  return summary;
}

/** The name an identifier or generic name (`M<T>`) calls. */
function memberName(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type === "identifier") return node.text;
  if (node?.type === "generic_name") return node.namedChildren.find((child) => child?.type === "identifier")?.text;
  return undefined;
}

/** `nameof(x)`: not a call. */
function nameof(name: string, node: SyntaxNode): boolean {
  return name === "nameof" && node.type === "identifier";
}
