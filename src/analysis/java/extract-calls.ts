import type { CallableDeclaration, CallSite, CallSummary, CalleeRef, ExportBinding, ImportBinding, SymbolRecord } from "../../model.js";
import { importDeclaration } from "./import-declaration.js";
import { encodeCallSite } from "../../core/calls/call-site-codec.js";
import { callerTable } from "../caller-table.js";
import { columnsOf, depthGuarded, startLine, type SyntaxNode } from "../tree-sitter.js";
import { typeRef, TypeTable } from "../type-table.js";
import { modifierWords } from "./modifier-words.js";

/*
 * What one Java file contributes to the call graph (model.ts CallSummary): every method invocation,
 * `new`, method reference and explicit constructor call (`this(…)`, `super(…)`) with its caller
 * (the method, constructor or field around it) and its callee as a head and a chain of names.
 * A receiver is typed from what declares it — a local or parameter with a written type, `var x =
 * new X()`, a field of the enclosing classes, `this`, a class named for a static call, what a
 * method of the repository declares it returns — with generics erased to the raw type; else it is
 * `unknown` and only the name survives, as a candidate. Names resolve as javac looks them up: the
 * file's own (nested) types, single-type imports, the package (CallSummary.package, which the
 * linker reads across files), on-demand imports, then java.lang (core/calls/link-calls.ts).
 */

const TYPE_KINDS = new Set(["class_declaration", "interface_declaration", "enum_declaration", "record_declaration", "annotation_type_declaration"]);
/** A type outside the repository whose members are outside too (link-calls `ext:`): java.lang's Object, Enum, Record, String. */
const OUTSIDE = "ext:";
/** Nodes whose names go out of scope where they end. */
const BLOCKS = new Set(["block", "constructor_body", "for_statement", "enhanced_for_statement", "catch_clause", "try_with_resources_statement", "switch_block_statement_group", "switch_rule", "lambda_expression"]);

interface TypeContext {
  /** The enclosing types' qualified names (as the symbol index names them), innermost first. */
  classes: string[];
  /** Type parameters in scope: each to its bound's type string, or undefined (unknown). */
  typeParams: Map<string, string | undefined>;
  /** Inside an anonymous or local class: `this` and unqualified calls name a class that is not indexed. */
  opaque: boolean;
}

interface Scope {
  /** Locals and parameters: each to its type string, or undefined when it is not known. */
  locals: Map<string, string | undefined>;
  /** Classes declared in a body: their names shadow the file's and the package's. */
  localTypes: Set<string>;
}

export function extractJavaCalls(root: SyntaxNode, text: string, symbols: readonly SymbolRecord[]): CallSummary {
  const column = columnsOf(text);
  const table = new TypeTable();

  // A method before a field of the same name (their names do not clash in Java): a call lands on the method.
  const kinds = new Map<string, SymbolRecord>();
  const FIELD_KINDS = new Set(["property", "constant"]);
  for (const symbol of symbols) {
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    const known = kinds.get(name);
    if (!known || (FIELD_KINDS.has(known.kind) && symbol.kind === "method")) kinds.set(name, symbol);
  }
  const { callers, callerOf } = callerTable(kinds);
  const typeNames = new Set([...kinds].filter(([, symbol]) => ["class", "interface", "enum", "record"].includes(symbol.kind)).map(([name]) => name));

  let packageName: string | undefined;
  const imports: ImportBinding[] = [];
  /** Names bound by single imports and static imports: a receiver of that name is no inherited field. */
  const imported = new Set<string>();
  let staticOnDemand = false;
  for (const declaration of root.namedChildren) {
    if (declaration?.type === "package_declaration") {
      const name = declaration.namedChildren.find((child) => child?.type === "scoped_identifier" || child?.type === "identifier");
      if (name) packageName = name.text.replace(/\s+/g, "");
    }
    const found = declaration ? importDeclaration(declaration) : undefined;
    if (!found) continue;
    const { isStatic, onDemand, segments } = found;
    const specifier = segments.join(".");
    if (onDemand) {
      // Bound to a name no source can write: the linker looks a name up there after the package (`*a.b`, `*static:a.b.C`).
      imports.push({ local: `*${isStatic ? "static:" : ""}${specifier}`, specifier: isStatic ? specifier : `${specifier}.*`, imported: classPart(segments).join(".") });
      if (isStatic) staticOnDemand = true;
      continue;
    }
    const local = segments[segments.length - 1]!;
    if (isStatic) {
      if (segments.length < 2) continue;
      const owner = segments.slice(0, -1);
      imports.push({ local, specifier: owner.join("."), imported: `${classPart(owner).join(".")}.${local}` });
    } else {
      imports.push({ local, specifier, imported: classPart(segments).join(".") });
    }
    imported.add(local);
  }
  /** A fully qualified name written in the code (`com.x.Util.run()`), bound as an import would bind it. */
  const qualifiedImports = new Map<string, string>();
  const importQualified = (segments: readonly string[]): string => {
    const specifier = segments.join(".");
    let local = qualifiedImports.get(specifier);
    if (local === undefined) {
      local = `$fqn${qualifiedImports.size}`;
      qualifiedImports.set(specifier, local);
      imports.push({ local, specifier, imported: classPart(segments).join(".") });
    }
    return local;
  };

  const declarations = new Map<string, CallableDeclaration>();
  for (const [name, symbol] of kinds) declarations.set(name, { name, kind: symbol.kind, line: symbol.line });
  // A method's or constructor's other overloads, after every first declaration: linking picks one by a call's arguments.
  const overloaded: CallableDeclaration[] = [];
  const overloadAt = new Map<string, CallableDeclaration>();
  for (const symbol of symbols) {
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    if (kinds.get(name) === symbol || (symbol.kind !== "method" && symbol.kind !== "constructor") || kinds.get(name)?.kind !== symbol.kind) continue;
    const declaration: CallableDeclaration = { name, kind: symbol.kind, line: symbol.line };
    overloaded.push(declaration);
    overloadAt.set(`${name}@${symbol.line}`, declaration);
  }
  /** The parameters of the overload declared at `member` (the first's, or another's). */
  const declareParams = (name: string, member: SyntaxNode, params: (string | null)[]): void => {
    const rest = member.childForFieldName("parameters")?.namedChildren.some((child) => child?.type === "spread_parameter") ? { rest: true as const } : {};
    const other = overloadAt.get(`${name}@${startLine(member)}`);
    if (other) Object.assign(other, { params, ...rest });
    else declare(name, { params, ...rest });
  };
  const declare = (name: string, extra: Partial<CallableDeclaration>): void => {
    const known = declarations.get(name);
    if (known) Object.assign(known, { ...extra, ...known });
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

  /** A written type as a type string: a class by its (qualified) name, generics erased, arrays as `arr:`; undefined for primitives, type variables without a bound and local classes. */
  const typeOf = (node: SyntaxNode | null | undefined, context: TypeContext, scope?: Scope): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "type_identifier": {
        const name = node.text;
        if (name === "var") return undefined;
        if (context.typeParams.has(name)) return context.typeParams.get(name);
        if (scope?.localTypes.has(name)) return undefined;
        return qualify(name, context);
      }
      case "scoped_type_identifier": {
        const segments = node.text.replace(/\s+/g, "").replace(/@\w+/g, "").split(".");
        // `java.util.List`: a package's name first.
        const firstType = segments.findIndex((segment) => /^[A-Z]/.test(segment));
        if (firstType > 0) return [importQualified(segments.slice(0, firstType + 1)), ...segments.slice(firstType + 1)].join(".");
        if (context.typeParams.has(segments[0]!) || scope?.localTypes.has(segments[0]!)) return undefined;
        return [qualify(segments[0]!, context), ...segments.slice(1)].join(".");
      }
      case "generic_type":
        return typeOf(node.namedChildren.find((child) => child?.type === "type_identifier" || child?.type === "scoped_type_identifier"), context, scope);
      case "annotated_type":
        return typeOf(node.namedChildren.find((child) => child?.type !== "marker_annotation" && child?.type !== "annotation"), context, scope);
      case "array_type": {
        const element = typeOf(node.childForFieldName("element"), context, scope);
        return element ? `arr:${element}` : undefined;
      }
      default:
        return undefined;
    }
  };

  const typeParamsOf = (node: SyntaxNode, context: TypeContext): Map<string, string | undefined> => {
    const params = new Map(context.typeParams);
    const list = node.childForFieldName("type_parameters");
    const names = (list?.namedChildren ?? []).filter((p): p is SyntaxNode => p?.type === "type_parameter");
    // Shadowing first: a bound may name another parameter of the list.
    for (const parameter of names) {
      const name = parameter.namedChildren.find((child) => child?.type === "type_identifier")?.text;
      if (name) params.set(name, undefined);
    }
    for (const parameter of names) {
      const name = parameter.namedChildren.find((child) => child?.type === "type_identifier")?.text;
      const bound = parameter.namedChildren.find((child) => child?.type === "type_bound");
      const types = bound?.namedChildren.filter((child) => child !== null) ?? [];
      // One bound: its members are what a value of the parameter has; several, or none, unknown.
      if (name && types.length === 1) params.set(name, typeOf(types[0], { ...context, typeParams: params }));
    }
    return params;
  };

  const parameterEntries = (list: SyntaxNode | null | undefined, context: TypeContext, scope: Scope): [string, string | undefined][] => {
    const entries: [string, string | undefined][] = [];
    for (const parameter of list?.namedChildren ?? []) {
      if (parameter?.type === "formal_parameter") {
        const name = parameter.childForFieldName("name")?.text;
        if (name) entries.push([name, typeOf(parameter.childForFieldName("type"), context, scope)]);
      } else if (parameter?.type === "spread_parameter") {
        const type = typeOf(parameter.namedChildren.find((child) => child?.type !== "variable_declarator" && child?.type !== "modifiers"), context, scope);
        const name = parameter.namedChildren.find((child) => child?.type === "variable_declarator")?.childForFieldName("name")?.text;
        if (name) entries.push([name, type ? `arr:${type}` : undefined]);
      } else if (parameter?.type === "identifier") {
        entries.push([parameter.text, undefined]);
      }
    }
    return entries;
  };

  /** Fields of each type of this file, by the type's qualified name: what a bare name in its methods reads. */
  const fields = new Map<string, Set<string>>();
  /** Methods of each type of this file: an unqualified call of one is a call on `this`. */
  const methods = new Map<string, Set<string>>();
  /** Whether a type of this file extends a class (else its superclass is Object, outside). */
  const extendsClass = new Map<string, boolean>();
  /** The simple name of the class each type of this file extends: what `super(…)` calls. */
  const superNames = new Map<string, string>();
  /** Methods declared once already: a second declaration of the name is an overload. */
  const overloads = new Set<string>();
  const addTo = (map: Map<string, Set<string>>, owner: string, name: string): void => {
    const set = map.get(owner) ?? new Set<string>();
    set.add(name);
    map.set(owner, set);
  };

  /** Declarations' types, bases, parameters and returns, and what each type declares; types nested in it too. */
  const declareType = depthGuarded((node: SyntaxNode, outer: TypeContext): void => {
    const simple = node.childForFieldName("name")?.text;
    if (!simple) return;
    const owner = outer.classes[0] ? `${outer.classes[0]}.${simple}` : simple;
    const context: TypeContext = { classes: [owner, ...outer.classes], typeParams: typeParamsOf(node, outer), opaque: false };
    const bases: string[] = [];
    const superclass = node.childForFieldName("superclass");
    const superType = superclass ? typeOf(superclass.namedChildren[0], context) : undefined;
    extendsClass.set(owner, superclass !== null);
    const superName = simpleName(superclass?.namedChildren[0]);
    if (superName) superNames.set(owner, superName);
    // Object (or Enum, Record) first where no class is extended: `super.x()` reaches it, and what no base has is its.
    if (node.type === "class_declaration") bases.push(superclass ? (superType ?? OUTSIDE) : OUTSIDE);
    if (node.type === "enum_declaration" || node.type === "record_declaration") bases.push(OUTSIDE);
    for (const child of node.namedChildren) {
      if (child?.type !== "super_interfaces" && child?.type !== "extends_interfaces") continue;
      const list = child.namedChildren.find((c) => c?.type === "type_list");
      for (const type of list?.namedChildren ?? []) {
        const written = typeOf(type, context);
        if (written) bases.push(written);
      }
    }
    if (node.type === "interface_declaration" || node.type === "annotation_type_declaration") bases.push(OUTSIDE);
    declare(owner, { bases });
    if (node.type === "record_declaration") {
      for (const component of node.childForFieldName("parameters")?.namedChildren ?? []) {
        if (component?.type !== "formal_parameter") continue;
        const name = component.childForFieldName("name")?.text;
        const type = typeOf(component.childForFieldName("type"), context);
        if (name && type && FIELD_KINDS.has(declarations.get(`${owner}.${name}`)?.kind ?? "")) declare(`${owner}.${name}`, { type });
        if (name) addTo(fields, owner, name);
      }
    }
    const members = (body: SyntaxNode | null | undefined): void => {
      for (const member of body?.namedChildren ?? []) {
        if (!member) continue;
        if (TYPE_KINDS.has(member.type)) {
          declareType(member, context);
          continue;
        }
        switch (member.type) {
          case "enum_body_declarations":
            members(member);
            break;
          case "enum_constant": {
            const name = member.childForFieldName("name")?.text;
            if (name) {
              addTo(fields, owner, name);
              declare(`${owner}.${name}`, { type: owner, static: true });
            }
            break;
          }
          case "field_declaration":
          case "constant_declaration": {
            const type = typeOf(member.childForFieldName("type"), context);
            const isStatic = modifierWords(member).has("static") || node.type === "interface_declaration";
            for (const declarator of member.childrenForFieldName("declarator")) {
              const name = declarator?.childForFieldName("name")?.text;
              if (!name) continue;
              addTo(fields, owner, name);
              const dimensions = declarator?.childForFieldName("dimensions");
              const declared = declarations.get(`${owner}.${name}`);
              if (declared && FIELD_KINDS.has(declared.kind)) declare(`${owner}.${name}`, { ...(type ? { type: dimensions ? `arr:${type}` : type } : {}), ...(isStatic ? { static: true as const } : {}) });
            }
            break;
          }
          case "method_declaration":
          case "annotation_type_element_declaration": {
            const name = member.childForFieldName("name")?.text;
            if (!name) break;
            addTo(methods, owner, name);
            const own: TypeContext = { ...context, typeParams: typeParamsOf(member, context) };
            const scope: Scope = { locals: new Map(), localTypes: new Set() };
            const params = parameterEntries(member.childForFieldName("parameters"), own, scope).map(([, type]) => type ?? null);
            const returns = typeOf(member.childForFieldName("type"), own);
            const declared = declarations.get(`${owner}.${name}`);
            if (!declared || declared.kind !== "method") break;
            const isStatic = modifierWords(member).has("static");
            declareParams(declared.name, member, params);
            if (!overloads.has(declared.name)) {
              overloads.add(declared.name);
              declare(`${owner}.${name}`, { ...(returns ? { returns } : {}), ...(isStatic ? { static: true as const } : {}) });
            } else if (declared.returns !== returns) {
              // Overloads that return different types: what a call returns depends on which one it is.
              delete declared.returns;
            }
            break;
          }
          case "constructor_declaration":
          case "compact_constructor_declaration": {
            const declared = declarations.get(`${owner}.${simple}`);
            if (declared?.kind === "constructor") {
              // A compact constructor takes the record's components.
              const list = member.type === "compact_constructor_declaration" ? node.childForFieldName("parameters") : member.childForFieldName("parameters");
              const params = parameterEntries(list, context, { locals: new Map(), localTypes: new Set() }).map(([, type]) => type ?? null);
              declareParams(declared.name, member, params);
            }
            break;
          }
          default:
            break;
        }
      }
    };
    members(node.childForFieldName("body"));
  });
  const topContext: TypeContext = { classes: [], typeParams: new Map(), opaque: false };
  for (const declaration of root.namedChildren) if (declaration && TYPE_KINDS.has(declaration.type)) declareType(declaration, topContext);

  const sites: CallSite[] = [];
  /** Per site, how many arguments it passes (-1: not a call with arguments): what picks an overload. */
  const arities: number[] = [];
  const addSite = (caller: string, node: SyntaxNode, callee: CalleeRef, via: CallSite["via"] = "call", args?: SyntaxNode | null): void => {
    sites.push({ caller: callerOf(caller), line: node.startPosition.row + 1, column: column(node), via, callee });
    arities.push(args ? args.namedChildren.filter((child) => child !== null && child.type !== "line_comment" && child.type !== "block_comment").length : -1);
  };

  /** The class of this file a field name belongs to, seen from the enclosing classes (innermost first). */
  const fieldOwner = (name: string, context: TypeContext): string | null | undefined => memberOwner(fields, name, context);
  const methodOwner = (name: string, context: TypeContext): string | null | undefined => memberOwner(methods, name, context);
  /**
   * The innermost enclosing class of this file declaring a member of that name; null when a class
   * inside it has bases that may declare it too (Java takes the innermost class that has it,
   * inherited or not); undefined when none does.
   */
  const memberOwner = (members: Map<string, Set<string>>, name: string, context: TypeContext): string | null | undefined => {
    let based = false;
    for (const owner of context.classes) {
      if (members.get(owner)?.has(name)) return based ? null : owner;
      if ((declarations.get(owner)?.bases ?? []).some((base) => base !== OUTSIDE)) based = true;
    }
    return undefined;
  };

  /**
   * A receiver expression as the head and names a call's chain starts with; undefined when what it
   * holds cannot be told. `Type.x` names a type; `x` a local, a field of the enclosing classes, an
   * imported or a type name, else a field inherited from a base.
   */
  const receiverOf = (node: SyntaxNode | null | undefined, context: TypeContext, scope: Scope): CalleeRef | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "identifier": {
        const name = node.text;
        if (scope.locals.has(name)) {
          const type = scope.locals.get(name);
          return typeRef(type);
        }
        const owner = fieldOwner(name, context);
        if (owner === null) return undefined;
        if (owner) return { head: "this", owner, names: [name] };
        if (scope.localTypes.has(name) || context.typeParams.has(name)) return undefined;
        if (/^[A-Z]/.test(name) || imported.has(name)) {
          const qualified = qualify(name, context);
          const [first, ...rest] = qualified.split(".");
          return { head: "scope", owner: "", names: [first!, ...rest] };
        }
        // A field inherited from a base class (`baseMapper` of a framework's service): through `this`.
        if (context.opaque || !context.classes[0]) return undefined;
        return { head: "this", owner: context.classes[0], names: [name] };
      }
      case "this":
        return context.opaque || !context.classes[0] ? undefined : { head: "this", owner: context.classes[0], names: [] };
      case "field_access": {
        const object = node.childForFieldName("object");
        const field = node.childForFieldName("field");
        if (!object || !field) return undefined;
        // `Outer.this`
        if (field.type === "this") {
          const owner = qualify(object.text.replace(/\s+/g, ""), context);
          return context.classes.includes(owner) ? { head: "this", owner, names: [] } : undefined;
        }
        if (field.type !== "identifier") return undefined;
        // `com.x.Util.run()`: a package's name, then a type's.
        const segments = dottedNames(node);
        if (segments && !scope.locals.has(segments[0]!) && fieldOwner(segments[0]!, context) === undefined && /^[a-z]/.test(segments[0]!) && !imported.has(segments[0]!)) {
          const firstType = segments.findIndex((segment) => /^[A-Z]/.test(segment));
          if (firstType > 0) return { head: "scope", owner: "", names: [importQualified(segments.slice(0, firstType + 1)), ...segments.slice(firstType + 1)] };
        }
        const base = receiverOf(object, context, scope);
        return base ? { ...base, names: [...base.names, field.text] } : undefined;
      }
      case "parenthesized_expression":
        return receiverOf(node.namedChildren[0], context, scope);
      default: {
        const type = valueType(node, context, scope);
        return typeRef(type);
      }
    }
  };

  /** What an expression holds, as a type string: `new X()`, a cast, a call's declared return, a literal string; undefined when not known. */
  const valueType = (node: SyntaxNode | null | undefined, context: TypeContext, scope: Scope): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "object_creation_expression":
        // An anonymous class's own members are not indexed: a call on it may run one of them.
        if (node.namedChildren.some((child) => child?.type === "class_body")) return undefined;
        return node.namedChildren[0]?.type === "identifier" || node.namedChildren[0]?.type === "field_access" ? undefined : typeOf(node.childForFieldName("type"), context, scope);
      case "cast_expression":
        return typeOf(node.childForFieldName("type"), context, scope);
      case "parenthesized_expression":
        return valueType(node.namedChildren[0], context, scope);
      case "string_literal":
      case "text_block":
      case "class_literal":
        return OUTSIDE;
      case "method_invocation": {
        const ref = invocationRef(node, context, scope);
        return table.returned(ref);
      }
      case "identifier":
      case "field_access":
      case "this": {
        return table.value(receiverOf(node, context, scope));
      }
      case "array_access": {
        const array = valueType(node.childForFieldName("array"), context, scope);
        return array?.startsWith("arr:") ? array.slice(4) : undefined;
      }
      default:
        return undefined;
    }
  };

  /** A method invocation's callee. */
  const invocationRef = (node: SyntaxNode, context: TypeContext, scope: Scope): CalleeRef | undefined => {
    const name = node.childForFieldName("name")?.text;
    if (!name) return undefined;
    const object = node.childForFieldName("object");
    if (!object) {
      const owner = methodOwner(name, context);
      if (owner === null) return { head: "unknown", owner: "", names: [name] };
      if (owner && !context.opaque) return { head: "this", owner, names: [name] };
      if (context.opaque || !context.classes[0]) return { head: "unknown", owner: "", names: [name] };
      if (imported.has(name)) return { head: "scope", owner: "", names: [name] };
      // A static import on demand, where the class inherits nothing but Object's: the imported class's.
      if (staticOnDemand && !extendsClass.get(context.classes[0])) return { head: "scope", owner: "", names: [name] };
      return { head: "this", owner: context.classes[0], names: [name] };
    }
    if (object.type === "super") return context.opaque || !context.classes[0] ? { head: "unknown", owner: "", names: [name] } : { head: "super", owner: context.classes[0], names: [name] };
    const receiver = receiverOf(object, context, scope);
    return receiver ? { ...receiver, names: [...receiver.names, name] } : { head: "unknown", owner: "", names: [name] };
  };

  const declareLocal = (scope: Scope, name: string | undefined, type: string | undefined): void => {
    if (name) scope.locals.set(name, type);
  };

  const visit: (node: SyntaxNode, caller: string, context: TypeContext, scope: Scope) => void = depthGuarded((node: SyntaxNode, caller: string, context: TypeContext, scope: Scope): void => {
    if (BLOCKS.has(node.type)) {
      const inner: Scope = { locals: new Map(scope.locals), localTypes: new Set(scope.localTypes) };
      if (node.type === "lambda_expression") {
        const parameters = node.childForFieldName("parameters");
        if (parameters?.type === "identifier") declareLocal(inner, parameters.text, undefined);
        else for (const [name, type] of parameterEntries(parameters, context, inner)) declareLocal(inner, name, type);
        const body = node.childForFieldName("body");
        if (body) visit(body, caller, context, inner);
        return;
      }
      if (node.type === "enhanced_for_statement") {
        const value = node.childForFieldName("value");
        if (value) visit(value, caller, context, scope);
        const declared = typeOf(node.childForFieldName("type"), context, scope);
        const iterated = declared === undefined ? valueType(value, context, scope) : undefined;
        declareLocal(inner, node.childForFieldName("name")?.text, declared ?? (iterated?.startsWith("arr:") ? iterated.slice(4) : undefined));
        const body = node.childForFieldName("body");
        if (body) visit(body, caller, context, inner);
        return;
      }
      for (const child of node.namedChildren) if (child) visit(child, caller, context, inner);
      return;
    }
    visitChild(node, caller, context, scope);
  });

  const visitChild = (node: SyntaxNode, caller: string, context: TypeContext, scope: Scope): void => {
    switch (node.type) {
      case "method_invocation": {
        const ref = invocationRef(node, context, scope);
        const name = node.childForFieldName("name");
        if (ref && name) addSite(caller, name, ref, "call", node.childForFieldName("arguments"));
        break;
      }
      case "object_creation_expression": {
        const type = node.childForFieldName("type");
        const outer = node.namedChildren[0];
        const body = node.namedChildren.find((child) => child?.type === "class_body");
        // `outer.new Inner()` names a member class of outer's type: not followed.
        const written = outer?.type === "identifier" || outer?.type === "field_access" || outer?.type === "parenthesized_expression" ? undefined : typeOf(type, context, scope);
        if (type) {
          if (written && !written.startsWith("arr:") && written !== OUTSIDE) addSite(caller, type.type === "generic_type" ? (type.namedChildren[0] ?? type) : type, { head: "scope", owner: "", names: written.split(".") }, "new");
        }
        for (const child of node.namedChildren) {
          if (!child || child === type) continue;
          // An anonymous class's methods: their calls are the enclosing declaration's; `this` there is not indexed.
          if (child === body) visitClassBody(child, caller, { ...context, opaque: true }, scope);
          else visit(child, caller, context, scope);
        }
        return;
      }
      case "explicit_constructor_invocation": {
        const constructor = node.childForFieldName("constructor");
        const owner = context.classes[0];
        const hasObject = node.childForFieldName("object") !== null;
        if (constructor && owner && !context.opaque && !hasObject) {
          const simple = owner.slice(owner.lastIndexOf(".") + 1);
          if (constructor.type === "this") addSite(caller, constructor, { head: "this", owner, names: [simple] }, "call", node.childForFieldName("arguments"));
          else if (constructor.type === "super") {
            const baseName = superNames.get(owner);
            if (baseName) addSite(caller, constructor, { head: "super", owner, names: [baseName] }, "call", node.childForFieldName("arguments"));
          }
        }
        break;
      }
      case "method_reference": {
        const [target, ...rest] = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "type_arguments");
        const member = rest[rest.length - 1];
        const isNew = node.children.some((child) => child?.type === "new");
        if (!target) break;
        let receiver: CalleeRef | undefined;
        if (target.type === "super") receiver = context.opaque || !context.classes[0] ? undefined : { head: "super", owner: context.classes[0], names: [] };
        else if (target.type.endsWith("_type") || target.type === "type_identifier") {
          const type = typeOf(target, context, scope);
          receiver = type && !type.startsWith("arr:") ? { head: "scope", owner: "", names: type.split(".") } : undefined;
        } else receiver = receiverOf(target, context, scope);
        if (isNew) {
          if (receiver?.head === "scope") addSite(caller, target, receiver, "ref");
        } else if (member?.type === "identifier") {
          addSite(caller, member, receiver ? { ...receiver, names: [...receiver.names, member.text] } : { head: "unknown", owner: "", names: [member.text] }, "ref");
        }
        if (target.type !== "identifier" && target.type !== "type_identifier" && target.type !== "this" && target.type !== "super") visit(target, caller, context, scope);
        return;
      }
      case "local_variable_declaration": {
        const declared = typeOf(node.childForFieldName("type"), context, scope);
        for (const declarator of node.childrenForFieldName("declarator")) {
          const value = declarator?.childForFieldName("value");
          if (value) visit(value, caller, context, scope);
          const dimensions = declarator?.childForFieldName("dimensions");
          declareLocal(scope, declarator?.childForFieldName("name")?.text, declared ? (dimensions ? `arr:${declared}` : declared) : node.childForFieldName("type")?.text === "var" ? valueType(value, context, scope) : undefined);
        }
        return;
      }
      case "resource": {
        const value = node.childForFieldName("value");
        if (value) visit(value, caller, context, scope);
        const name = node.childForFieldName("name")?.text;
        if (name) {
          const type = node.childForFieldName("type");
          declareLocal(scope, name, type?.text === "var" ? valueType(value, context, scope) : typeOf(type, context, scope));
        }
        return;
      }
      case "catch_formal_parameter": {
        const parameter = node;
        const types = parameter?.namedChildren.find((child) => child?.type === "catch_type")?.namedChildren.filter((child) => child !== null) ?? [];
        declareLocal(scope, parameter?.childForFieldName("name")?.text, types.length === 1 ? typeOf(types[0], context, scope) : undefined);
        break;
      }
      case "instanceof_expression": {
        const name = node.childForFieldName("name")?.text;
        if (name) declareLocal(scope, name, typeOf(node.childForFieldName("right"), context, scope));
        break;
      }
      case "type_pattern": {
        const [type, name] = node.namedChildren;
        if (name?.type === "identifier") declareLocal(scope, name.text, typeOf(type, context, scope));
        return;
      }
      case "record_pattern_component":
      case "record_pattern": {
        // Names a deconstruction binds shadow whatever else bears them.
        for (const child of node.namedChildren) {
          if (child?.type === "identifier" && node.type === "record_pattern_component") declareLocal(scope, child.text, undefined);
          else if (child && child.type !== "identifier") visitChild(child, caller, context, scope);
        }
        return;
      }
      case "class_declaration":
      case "interface_declaration":
      case "enum_declaration":
      case "record_declaration": {
        // A local class: its name shadows the file's and the package's types; its calls are the enclosing declaration's.
        const name = node.childForFieldName("name")?.text;
        if (name) scope.localTypes.add(name);
        const body = node.childForFieldName("body");
        if (body) visitClassBody(body, caller, { ...context, opaque: true }, scope);
        return;
      }
      case "lambda_expression":
        visit(node, caller, context, scope);
        return;
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) visit(child, caller, context, scope);
  };

  /** The members of an anonymous or local class: visited for their calls, their parameters and fields as locals. */
  const visitClassBody = (body: SyntaxNode, caller: string, context: TypeContext, outer: Scope): void => {
    const scope: Scope = { locals: new Map(outer.locals), localTypes: new Set(outer.localTypes) };
    for (const member of body.namedChildren) {
      if (member?.type === "field_declaration") for (const declarator of member.childrenForFieldName("declarator")) declareLocal(scope, declarator?.childForFieldName("name")?.text, undefined);
    }
    for (const member of body.namedChildren) {
      if (!member) continue;
      if (member.type === "method_declaration" || member.type === "constructor_declaration") {
        const inner: Scope = { locals: new Map(scope.locals), localTypes: new Set(scope.localTypes) };
        const own: TypeContext = { ...context, typeParams: typeParamsOf(member, context) };
        for (const [name, type] of parameterEntries(member.childForFieldName("parameters"), own, inner)) declareLocal(inner, name, type);
        const methodBody = member.childForFieldName("body");
        if (methodBody) visit(methodBody, caller, own, inner);
      } else visit(member, caller, context, scope);
    }
  };

  /** The calls in a type's members, each under its caller; nested types in turn. */
  const visitType = depthGuarded((node: SyntaxNode, outer: TypeContext): void => {
    const simple = node.childForFieldName("name")?.text;
    if (!simple) return;
    const owner = outer.classes[0] ? `${outer.classes[0]}.${simple}` : simple;
    const context: TypeContext = { classes: [owner, ...outer.classes], typeParams: typeParamsOf(node, outer), opaque: false };
    const empty = (): Scope => ({ locals: new Map(), localTypes: new Set() });
    const members = (body: SyntaxNode | null | undefined): void => {
      for (const member of body?.namedChildren ?? []) {
        if (!member) continue;
        if (TYPE_KINDS.has(member.type)) {
          visitType(member, context);
          continue;
        }
        switch (member.type) {
          case "enum_body_declarations":
            members(member);
            break;
          case "enum_constant": {
            const args = member.childForFieldName("arguments");
            if (args) visit(args, owner, context, empty());
            const constantBody = member.childForFieldName("body");
            const name = member.childForFieldName("name")?.text;
            if (constantBody) visitClassBody(constantBody, kinds.has(`${owner}.${name}`) ? `${owner}.${name}` : owner, { ...context, opaque: true }, empty());
            break;
          }
          case "field_declaration":
          case "constant_declaration":
            for (const declarator of member.childrenForFieldName("declarator")) {
              const value = declarator?.childForFieldName("value");
              const name = declarator?.childForFieldName("name")?.text;
              if (value) visit(value, kinds.has(`${owner}.${name}`) ? `${owner}.${name}` : owner, context, empty());
            }
            break;
          case "method_declaration":
          case "constructor_declaration":
          case "compact_constructor_declaration": {
            const name = member.type === "method_declaration" ? member.childForFieldName("name")?.text : simple;
            const own: TypeContext = { ...context, typeParams: typeParamsOf(member, context) };
            const scope = empty();
            for (const [param, type] of parameterEntries(member.childForFieldName("parameters"), own, scope)) declareLocal(scope, param, type);
            // A record's compact constructor sees its components as parameters.
            if (member.type === "compact_constructor_declaration") for (const [param, type] of parameterEntries(node.childForFieldName("parameters"), own, scope)) declareLocal(scope, param, type);
            const body = member.childForFieldName("body");
            if (body) visit(body, kinds.has(`${owner}.${name}`) ? `${owner}.${name}` : owner, own, scope);
            break;
          }
          case "static_initializer":
          case "block":
            visit(member, owner, context, empty());
            break;
          default:
            break;
        }
      }
    };
    members(node.childForFieldName("body"));
  });
  for (const declaration of root.namedChildren) if (declaration && TYPE_KINDS.has(declaration.type)) visitType(declaration, topContext);

  // What another file can name: every type (by its dotted name in the file) and every static member (a static import's).
  const exports: ExportBinding[] = [];
  for (const declaration of declarations.values()) {
    if (typeNames.has(declaration.name) || declaration.static) exports.push({ name: declaration.name, local: declaration.name });
  }
  const summary: CallSummary = { callers, declarations: [...declarations.values(), ...overloaded], imports, exports, sites: sites.map(encodeCallSite), types: table.entries };
  if (packageName !== undefined) summary.package = packageName;
  if (arities.some((arity) => arity >= 0)) summary.arities = arities;
  return summary;
}

/** An import's class and nested classes: from the first segment that names a type (by Java's capitalisation), else the last. */
function classPart(segments: readonly string[]): string[] {
  const first = segments.findIndex((segment) => /^[A-Z]/.test(segment));
  return first < 0 ? [segments[segments.length - 1]!] : segments.slice(first);
}

/** The simple name of a written class type: `Base` of `a.b.Base<T>`. */
function simpleName(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type === "type_identifier") return node.text;
  if (node?.type === "generic_type" || node?.type === "annotated_type") return simpleName(node.namedChildren.find((child) => child?.type === "type_identifier" || child?.type === "scoped_type_identifier"));
  if (node?.type === "scoped_type_identifier") return simpleName(node.namedChildren[node.namedChildren.length - 1]);
  return undefined;
}

/** `a.b.C` of nested field accesses on identifiers; undefined for anything else. */
function dottedNames(node: SyntaxNode): string[] | undefined {
  const names: string[] = [];
  let current: SyntaxNode | null = node;
  while (current?.type === "field_access") {
    const field = current.childForFieldName("field");
    if (field?.type !== "identifier") return undefined;
    names.unshift(field.text);
    current = current.childForFieldName("object");
  }
  if (current?.type !== "identifier") return undefined;
  names.unshift(current.text);
  return names;
}
