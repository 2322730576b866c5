import type { CallableDeclaration, CallSite, CallSummary, CalleeRef, ExportBinding, ImportBinding, SymbolRecord } from "../../model.js";
import { encodeCallSite } from "../../core/calls/call-site-codec.js";
import { callerTable, MODULE_CALLER } from "../caller-table.js";
import { columnsOf, depthGuarded, type SyntaxNode } from "../tree-sitter.js";
import { packageName } from "./package-name.js";

/*
 * What one Go file contributes to the call graph (model.ts CallSummary): every call with its
 * caller (the func or method around it) and its callee as a head and a chain of names. A package
 * is a folder of files that see one another's declarations (the linker looks names up across
 * them); `pkg.F` goes through the import of `pkg`; `x.M()` goes through x's type when it is written
 * or plain to see (the receiver, a parameter, `var x T`, `x := T{}`, `&T{}`, `x := NewT()`, a
 * field of a struct), else it is `unknown` and only its name survives, as a candidate. Calls of
 * locals and builtins are not recorded.
 */

const BUILTINS = new Set("append cap clear close complex copy delete imag len make max min new panic print println real recover".split(" "));

interface FunctionScope {
  /** Names declared in the function (parameters, results, `:=`, `var`): they shadow the package's. */
  locals: Set<string>;
  /** Locals whose type is known: a type string. */
  types: Map<string, string>;
}

export function extractGoCalls(root: SyntaxNode, text: string, symbols: readonly SymbolRecord[]): CallSummary {
  const column = columnsOf(text);

  const kinds = new Map<string, SymbolRecord>();
  for (const symbol of symbols) {
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    if (!kinds.has(name)) kinds.set(name, symbol);
  }
  const { callers, callerOf } = callerTable(kinds);

  const imports: ImportBinding[] = [];
  const packages = new Set<string>();
  for (const spec of root.descendantsOfType("import_spec")) {
    const path = spec?.childForFieldName("path")?.text.replace(/^["`]|["`]$/g, "");
    if (!spec || !path) continue;
    const alias = spec.childForFieldName("name")?.text;
    if (alias === "_" || alias === ".") continue;
    const local = alias ?? packageName(path);
    imports.push({ local, specifier: path, imported: "*" });
    packages.add(local);
  }

  const declarations = new Map<string, CallableDeclaration>();
  for (const [name, symbol] of kinds) declarations.set(name, { name, kind: symbol.kind, line: symbol.line });
  const declare = (name: string, extra: Partial<CallableDeclaration>): void => {
    const known = declarations.get(name);
    if (known) Object.assign(known, { ...extra, ...known });
  };

  /** A Go type as a type string: `T`, `pkg.T`, `*T` as `T`, `[]T` as `arr:T`, `T[U]` as `T`; undefined for the rest. */
  const typeOf = (node: SyntaxNode | null | undefined): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "type_identifier":
        return node.text;
      case "qualified_type":
        return `${node.childForFieldName("package")?.text}.${node.childForFieldName("name")?.text}`;
      case "pointer_type":
      case "parenthesized_type":
        return typeOf(node.namedChildren[0]);
      case "generic_type": {
        // `atomic.Pointer[Config]`: marked, since one declared outside may hold a repository type (link-calls EXTERNAL_SEALED).
        const base = typeOf(node.childForFieldName("type"));
        const args = (node.childForFieldName("type_arguments")?.namedChildren ?? []).map((argument) => (argument ? (typeOf(argument.type === "type_elem" ? argument.namedChildren[0] : argument) ?? null) : null));
        return base ? `gen:${JSON.stringify([base, args])}` : undefined;
      }
      case "slice_type":
      case "array_type": {
        const element = typeOf(node.childForFieldName("element"));
        return element ? `arr:${element}` : undefined;
      }
      default:
        return undefined;
    }
  };
  /** A type without its type arguments: `Stack` of `gen:["Stack",["T"]]`. */
  const baseType = (type: string | undefined): string | undefined => (type?.startsWith("gen:") ? (JSON.parse(type.slice(4)) as [string])[0] : type);
  /** The type a method's receiver names, without its type parameters (`Stack` of `func (s *Stack[T])`). */
  const ownerOf = (receiver: SyntaxNode): string | undefined => baseType(typeOf(receiver.namedChildren.find((p) => p?.type === "parameter_declaration")?.childForFieldName("type")));
  /** A parameter list's types, one per parameter (a variadic one last): the shape an implementation must have. */
  const parameterTypes = (list: SyntaxNode | null | undefined): (string | null)[] => {
    const types: (string | null)[] = [];
    for (const parameter of list?.namedChildren ?? []) {
      if (parameter?.type !== "parameter_declaration" && parameter?.type !== "variadic_parameter_declaration") continue;
      const type = typeOf(parameter.childForFieldName("type")) ?? null;
      const names = parameter.childrenForFieldName("name").length;
      for (let i = 0; i < Math.max(1, names); i++) types.push(type);
    }
    return types;
  };
  /** The first result of a signature: what `x := f()` and `x, err := f()` hold. */
  /** Each result's type, where a function declares several (`(*User, error)`, `(n, m int)`). */
  const resultsOf = (result: SyntaxNode | null | undefined): (string | null)[] | undefined => {
    if (result?.type !== "parameter_list") return undefined;
    const types: (string | null)[] = [];
    for (const declaration of result.namedChildren) {
      if (declaration?.type !== "parameter_declaration") continue;
      const type = typeOf(declaration.childForFieldName("type")) ?? null;
      for (let i = 0; i < Math.max(1, declaration.childrenForFieldName("name").length); i++) types.push(type);
    }
    return types.length > 1 ? types : undefined;
  };
  const resultOf = (result: SyntaxNode | null | undefined): string | undefined => {
    if (!result) return undefined;
    if (result.type !== "parameter_list") return typeOf(result);
    const first = result.namedChildren.find((child) => child?.type === "parameter_declaration");
    return typeOf(first?.childForFieldName("type"));
  };

  // Declarations' types: struct fields, embedded types as bases, results, package-level vars.
  for (const declaration of root.namedChildren) {
    if (!declaration) continue;
    if (declaration.type === "type_declaration") {
      for (const spec of declaration.namedChildren) {
        const name = spec?.childForFieldName("name")?.text;
        const type = spec?.childForFieldName("type");
        if (!name || !type) continue;
        if (spec!.type === "type_alias" || (type.type !== "struct_type" && type.type !== "interface_type")) {
          const aliased = typeOf(type);
          if (aliased) declare(name, { type: aliased });
          continue;
        }
        const bases: string[] = [];
        if (type.type === "struct_type") {
          const list = type.namedChildren.find((child) => child?.type === "field_declaration_list");
          for (const field of list?.namedChildren ?? []) {
            if (field?.type !== "field_declaration") continue;
            const fieldType = typeOf(field.childForFieldName("type"));
            const names = field.childrenForFieldName("name");
            if (names.length === 0 && fieldType) bases.push(fieldType);
            for (const fieldName of names) if (fieldName && fieldType) declare(`${name}.${fieldName.text}`, { type: fieldType });
          }
        } else {
          for (const element of type.namedChildren) {
            if (element?.type === "method_elem") {
              const returns = resultOf(element.childForFieldName("result"));
              const results = resultsOf(element.childForFieldName("result"));
              declare(`${name}.${element.childForFieldName("name")?.text}`, { params: parameterTypes(element.childForFieldName("parameters")), ...(returns ? { returns } : {}), ...(results ? { results } : {}) });
            } else if (element?.type === "type_elem") {
              const embedded = typeOf(element.namedChildren[0]);
              if (embedded && element.namedChildren.length === 1) bases.push(embedded);
            }
          }
        }
        if (bases.length > 0) declare(name, { bases });
      }
    } else if (declaration.type === "function_declaration" || declaration.type === "method_declaration") {
      const returns = resultOf(declaration.childForFieldName("result"));
      const results = resultsOf(declaration.childForFieldName("result"));
      const receiver = declaration.childForFieldName("receiver");
      const owner = receiver ? ownerOf(receiver) : undefined;
      const name = declaration.childForFieldName("name")?.text ?? "";
      declare(owner ? `${owner}.${name}` : name, { params: parameterTypes(declaration.childForFieldName("parameters")), ...(returns ? { returns } : {}), ...(results ? { results } : {}) });
    }
  }

  const sites: CallSite[] = [];
  const addSite = (caller: string, node: SyntaxNode, callee: CalleeRef, via: CallSite["via"] = "call"): void => {
    sites.push({ caller: callerOf(caller), line: node.startPosition.row + 1, column: column(node), via, callee });
  };
  /**
   * A function or method handed on by name (`r.GET("/x", h.List)`, `http.HandlerFunc(serve)`): not a
   * call, but what receives it may call it — a route's handler is linked this way. The linker keeps
   * it only where it lands on a function or method; a receiver that cannot be known is left out.
   */
  const addValues = (caller: string, args: readonly (SyntaxNode | null)[], scope: FunctionScope | undefined): void => {
    for (const argument of args) {
      if (argument?.type !== "identifier" && argument?.type !== "selector_expression") continue;
      const ref = calleeOf(argument, scope);
      if (ref && ref.head !== "unknown") addSite(caller, argument.type === "selector_expression" ? (argument.childForFieldName("field") ?? argument) : argument, ref, "value");
    }
  };

  /** A callee expression as a CalleeRef; undefined for a local's or a builtin's call. */
  const calleeOf = (node: SyntaxNode, scope: FunctionScope | undefined): CalleeRef | undefined => {
    const chain: string[] = [];
    let head: SyntaxNode | null = node;
    while (head?.type === "selector_expression") {
      chain.unshift(head.childForFieldName("field")?.text ?? "");
      head = head.childForFieldName("operand");
    }
    while (head?.type === "parenthesized_expression") head = head.namedChildren[0] ?? null;
    if (!head) return undefined;
    if (head.type === "identifier") {
      const name = head.text;
      if (scope?.locals.has(name)) {
        const type = scope.types.get(name);
        if (type && chain.length > 0) return { head: "type", owner: type, names: chain };
        return chain.length > 0 ? { head: "unknown", owner: "", names: [chain[chain.length - 1]!] } : undefined;
      }
      if (chain.length === 0 && BUILTINS.has(name) && !kinds.has(name)) return undefined;
      return { head: "scope", owner: "", names: [name, ...chain] };
    }
    const made = head.type === "call_expression" || head.type === "composite_literal" || head.type === "unary_expression" ? valueType(head, scope) : undefined;
    if (made && chain.length > 0) return { head: "type", owner: made, names: chain };
    return chain.length > 0 ? { head: "unknown", owner: "", names: [chain[chain.length - 1]!] } : undefined;
  };

  /** What a value expression holds, as a type string: `T{}`, `&T{}`, `NewT()`, `pkg.NewT()`, `x.Method()`. */
  const valueType = (node: SyntaxNode | null | undefined, scope: FunctionScope | undefined): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "composite_literal":
        return typeOf(node.childForFieldName("type"));
      case "unary_expression":
        return node.childForFieldName("operator")?.text === "&" ? valueType(node.childForFieldName("operand"), scope) : undefined;
      case "call_expression": {
        const callee = node.childForFieldName("function");
        // `new(T)`
        if (callee?.type === "identifier" && callee.text === "new") return typeOf(node.childForFieldName("arguments")?.namedChildren[0]);
        const ref = callee ? calleeOf(callee, scope) : undefined;
        return ref && ref.head !== "unknown" ? `ret:${JSON.stringify([ref.head, ref.owner, ref.names])}` : undefined;
      }
      case "identifier":
        return scope?.types.get(node.text);
      case "parenthesized_expression":
        return valueType(node.namedChildren[0], scope);
      // `x.(*T)`
      case "type_assertion_expression":
        return typeOf(node.childForFieldName("type"));
      // `s.items`, `pkg.Default`: what the field or variable holds.
      case "selector_expression": {
        const ref = calleeOf(node, scope);
        return ref && ref.head !== "unknown" ? `val:${JSON.stringify([ref.head, ref.owner, ref.names])}` : undefined;
      }
      // `items[i]`
      case "index_expression":
        return elementOf(valueType(node.childForFieldName("operand"), scope));
      default:
        return undefined;
    }
  };
  /** Result `i` of a call that hands back several (`user, err := find()`): `res:[i, <callee>]`, typed when linked. */
  const resultAt = (node: SyntaxNode | null | undefined, i: number, scope: FunctionScope | undefined): string | undefined => {
    const callee = node?.type === "call_expression" ? node.childForFieldName("function") : null;
    const ref = callee ? calleeOf(callee, scope) : undefined;
    return ref && ref.head !== "unknown" ? `res:${JSON.stringify([i, ref.head, ref.owner, ref.names])}` : undefined;
  };
  /** What an element of a value of `type` is: a slice's element (`arr:T`), or what `elem:` resolves to when linked. */
  const elementOf = (type: string | undefined): string | undefined => (type === undefined ? undefined : type.startsWith("arr:") ? type.slice(4) : `elem:${type}`);

  const declareLocal = (scope: FunctionScope, name: string): void => {
    scope.locals.add(name);
    scope.types.delete(name);
  };
  const declareLocals = (node: SyntaxNode | null | undefined, scope: FunctionScope, type: (i: number) => string | undefined): void => {
    (node?.namedChildren ?? []).forEach((name, i) => {
      if (name?.type !== "identifier" || name.text === "_") return;
      scope.locals.add(name.text);
      const known = type(i);
      if (known) scope.types.set(name.text, known);
      else scope.types.delete(name.text);
    });
  };

  const parametersInto = (list: SyntaxNode | null | undefined, scope: FunctionScope): void => {
    for (const parameter of list?.namedChildren ?? []) {
      if (parameter?.type !== "parameter_declaration" && parameter?.type !== "variadic_parameter_declaration") continue;
      const type = parameter.type === "parameter_declaration" ? typeOf(parameter.childForFieldName("type")) : undefined;
      for (const name of parameter.childrenForFieldName("name")) {
        if (!name) continue;
        scope.locals.add(name.text);
        if (type) scope.types.set(name.text, type);
      }
    }
  };

  const visit: (node: SyntaxNode, caller: string, scope: FunctionScope | undefined) => void = depthGuarded((node: SyntaxNode, caller: string, scope: FunctionScope | undefined): void => {
    switch (node.type) {
      case "call_expression": {
        const callee = node.childForFieldName("function");
        const ref = callee ? calleeOf(callee, scope) : undefined;
        if (ref && callee) addSite(caller, callee.type === "selector_expression" ? (callee.childForFieldName("field") ?? callee) : callee, ref);
        break;
      }
      // A call's arguments, read once for what is handed on by name and for what is inside them.
      case "argument_list": {
        const args = node.namedChildren;
        addValues(caller, args, scope);
        for (const child of args) if (child) visit(child, caller, scope);
        return;
      }
      case "short_var_declaration": {
        const right = node.childForFieldName("right")?.namedChildren ?? [];
        for (const value of right) if (value) visit(value, caller, scope);
        if (scope) declareLocals(node.childForFieldName("left"), scope, (i) => (right.length === 1 && i > 0 ? resultAt(right[0], i, scope) : valueType(right[i], scope)));
        return;
      }
      case "var_spec": {
        const values = node.childForFieldName("value")?.namedChildren ?? [];
        for (const value of values) if (value) visit(value, caller, scope);
        const declared = typeOf(node.childForFieldName("type"));
        if (scope) {
          for (const [i, name] of node.childrenForFieldName("name").entries()) {
            if (!name || name.text === "_") continue;
            scope.locals.add(name.text);
            const type = declared ?? valueType(values[i], scope);
            if (type) scope.types.set(name.text, type);
          }
        } else {
          for (const [i, name] of node.childrenForFieldName("name").entries()) {
            const type = declared ?? valueType(values[i], undefined);
            if (name && type) declare(name.text, { type });
          }
        }
        return;
      }
      case "range_clause":
      case "type_switch_statement": {
        // Names bound here hold what the loop or switch gives them: a slice's element for a range's
        // second name, else unknown, but local.
        const bound = node.childForFieldName(node.type === "range_clause" ? "left" : "alias");
        if (scope && (node.type === "type_switch_statement" || node.text.slice((bound?.endIndex ?? 0) - node.startIndex).trimStart().startsWith(":="))) {
          for (const name of bound?.namedChildren ?? []) if (name?.type === "identifier") declareLocal(scope, name.text);
          const value = node.type === "range_clause" ? bound?.namedChildren[1] : undefined;
          const element = value?.type === "identifier" && value.text !== "_" ? elementOf(valueType(node.childForFieldName("right"), scope)) : undefined;
          if (element) scope.types.set(value!.text, element);
        }
        break;
      }
      case "func_literal": {
        const inner: FunctionScope = { locals: new Set(scope?.locals ?? []), types: new Map(scope?.types ?? []) };
        parametersInto(node.childForFieldName("parameters"), inner);
        parametersInto(node.childForFieldName("result"), inner);
        const body = node.childForFieldName("body");
        if (body) visit(body, caller, inner);
        return;
      }
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) visit(child, caller, scope);
  });

  for (const declaration of root.namedChildren) {
    if (!declaration) continue;
    if (declaration.type === "function_declaration" || declaration.type === "method_declaration") {
      const name = declaration.childForFieldName("name")?.text ?? "";
      const receiver = declaration.childForFieldName("receiver");
      const owner = receiver ? ownerOf(receiver) : undefined;
      const qualified = owner ? `${owner}.${name}` : name;
      const scope: FunctionScope = { locals: new Set(), types: new Map() };
      parametersInto(receiver, scope);
      parametersInto(declaration.childForFieldName("parameters"), scope);
      parametersInto(declaration.childForFieldName("result"), scope);
      const body = declaration.childForFieldName("body");
      if (body) visit(body, kinds.has(qualified) ? qualified : MODULE_CALLER, scope);
    } else if (declaration.type === "var_declaration" || declaration.type === "const_declaration") {
      visit(declaration, MODULE_CALLER, undefined);
    }
  }

  // Every package-level name is visible to the package's other files (the linker reads them there).
  const exports: ExportBinding[] = [...kinds.values()].filter((symbol) => !symbol.container).map((symbol) => ({ name: symbol.name, local: symbol.name }));
  return { callers, declarations: [...declarations.values()], imports, exports, sites: sites.map(encodeCallSite), types: [] };
}
