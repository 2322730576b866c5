import type {
  CallableDeclaration,
  CalleeRef,
  CallSite,
  CallSummary,
  CallVia,
  ExportBinding,
  ImportBinding,
  SymbolRecord,
} from "../model.js";
import { hasModifier, lineOf, nameText, ts, type TS } from "./compiler.js";
import { unwrapExpression } from "./extract-symbols.js";
import { ELEMENT, encodeCallSite } from "../core/calls/call-site-codec.js";

export const MODULE_CALLER = "(module)";

/**
 * What a name means inside a function or block. `local` shadows the file scope: a call to it lands
 * on something declared in a body, which the index does not hold. `qualified`: a namespace member
 * seen from inside its namespace, which the file scope knows by its dotted name.
 */
type Binding =
  | {
      kind: "local";
      type: string | undefined;
      typeParameter?: boolean;
      /** A local function: what the callbacks it takes receive (as CallableDeclaration.params). */
      params?: CallableDeclaration["params"];
    }
  | { kind: "qualified"; name: string };

class Scope {
  readonly names = new Map<string, Binding>();
  constructor(readonly parent: Scope | undefined) {}

  lookup(name: string): Binding | undefined {
    return this.names.get(name) ?? this.parent?.lookup(name);
  }
}

interface Context {
  scope: Scope;
  caller: number;
  /** The qualified name of the indexed class `this` refers to; null where `this` is not such a class. */
  owner: string | null;
}

/**
 * Every call site of a file, as the compiler's call hierarchy counts them (calls, `new`, tagged
 * templates, decorators, JSX tags, and member references such as `this.handle` passed along),
 * with the bindings needed to link them across files: declarations with their declared types and
 * bases, imports and exports. Locals are tracked so a call to a local never links to a
 * same-named declaration elsewhere.
 */
export function extractCalls(sourceFile: TS.SourceFile, symbols: readonly SymbolRecord[]): CallSummary {
  const line = (node: TS.Node): number => lineOf(sourceFile, node.getStart(sourceFile));
  const kinds = new Map<string, { kind: string; line: number }>();
  for (const symbol of symbols) {
    const name = qualify(symbol.container, symbol.name);
    if (!kinds.has(name)) kinds.set(name, { kind: symbol.kind, line: symbol.line });
  }

  const callers: CallSummary["callers"] = [];
  const callerIndex = new Map<string, number>();
  const callerOf = (name: string): number => {
    let index = callerIndex.get(name);
    if (index === undefined) {
      const known = kinds.get(name);
      index = callers.length;
      callers.push({ name, kind: known?.kind ?? (name === MODULE_CALLER ? "module" : "namespace"), line: known?.line ?? 1 });
      callerIndex.set(name, index);
    }
    return index;
  };

  const extras = new Map<string, Pick<CallableDeclaration, "type" | "bases" | "baseArgs" | "typeParams" | "params" | "returns">>();
  const members: CallableDeclaration[] = [];
  const imports: ImportBinding[] = [];
  const exports: ExportBinding[] = [];
  const sites: CallSite[] = [];
  const used = new Set<number>();

  const record = (nameNode: TS.Node, via: CallVia, callee: CalleeRef, ctx: Context): void => {
    const position = sourceFile.getLineAndCharacterOfPosition(nameNode.getStart(sourceFile));
    sites.push({ caller: ctx.caller, line: position.line + 1, column: position.character + 1, via, callee });
    used.add(ctx.caller);
  };

  /** The callee of `expression` and the node naming it, or undefined when nothing can be named. */
  const calleeOf = (expression: TS.Expression, ctx: Context): { ref: CalleeRef; nameNode: TS.Node } | undefined => {
    const names: string[] = [];
    let nameNode: TS.Node | undefined;
    let current = skipOuter(expression);
    for (;;) {
      if (ts.isPropertyAccessExpression(current)) {
        const name = nameText(current.name);
        if (name === undefined) return undefined;
        names.unshift(name);
        nameNode ??= current.name;
        current = skipOuter(current.expression);
      } else if (ts.isElementAccessExpression(current) && isLiteralName(current.argumentExpression)) {
        names.unshift(current.argumentExpression.text);
        nameNode ??= current.argumentExpression;
        current = skipOuter(current.expression);
      } else if (ts.isElementAccessExpression(current) && nameNode !== undefined) {
        // `items[i].run()`: an element of whatever `items` is declared as.
        names.unshift(ELEMENT);
        current = skipOuter(current.expression);
      } else {
        break;
      }
    }
    if (ts.isIdentifier(current)) {
      nameNode ??= current;
      const binding = ctx.scope.lookup(current.text);
      if (!binding) return { ref: { head: "scope", owner: "", names: [current.text, ...names] }, nameNode };
      if (binding.kind === "qualified") return { ref: { head: "scope", owner: "", names: [...binding.name.split("."), ...names] }, nameNode };
      if (names.length === 0) return undefined;
      if (binding.type !== undefined) return { ref: { head: "type", owner: binding.type, names }, nameNode };
      return { ref: { head: "unknown", owner: "", names: [names[names.length - 1]!] }, nameNode };
    }
    if (names.length === 0 || !nameNode) return undefined;
    // `new Repo().find()`: the receiver is an instance of the class.
    if (ts.isNewExpression(current)) {
      const name = entityName(current.expression);
      const type = name === undefined ? undefined : inScope(name, ctx.scope);
      if (type !== undefined) return { ref: { head: "type", owner: type, names }, nameNode };
    }
    // `(await import("./x.js")).run()`: a member of the module it loads.
    const loaded = ts.isAwaitExpression(current) ? skipOuter(current.expression) : current;
    if (ts.isCallExpression(loaded) && loaded.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = loaded.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) return { ref: { head: "import", owner: specifier.text, names }, nameNode };
    }
    if (current.kind === ts.SyntaxKind.ThisKeyword || current.kind === ts.SyntaxKind.SuperKeyword) {
      const head = current.kind === ts.SyntaxKind.ThisKeyword ? "this" : "super";
      if (ctx.owner !== null) return { ref: { head, owner: ctx.owner, names }, nameNode };
    }
    // `make().run()`, `(items ?? []).map(…)`, `(a ? b : c).run()`: whatever type the receiver has.
    const type = valueType(current, ctx.scope, ctx.owner);
    if (type !== undefined) return { ref: { head: "type", owner: type, names }, nameNode };
    return { ref: { head: "unknown", owner: "", names: [names[names.length - 1]!] }, nameNode };
  };

  /** Records the callee of a call-like node; its receiver is visited for member references of its own. */
  const visitCallee = (expression: TS.Expression, via: CallVia, ctx: Context): void => {
    const callee = calleeOf(expression, ctx);
    if (callee) record(callee.nameNode, via, callee.ref, ctx);
    const inner = skipOuter(expression);
    if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) {
      visit(inner.expression, ctx);
      if (ts.isElementAccessExpression(inner)) visit(inner.argumentExpression, ctx);
    } else {
      visit(inner, ctx);
    }
  };

  /** For a parameter of function type, the declared types of that function's own parameters. */
  const callbackTypes = (type: TS.TypeNode | undefined, scope: Scope): (string | null)[] | undefined => {
    let current = type;
    while (current && ts.isParenthesizedTypeNode(current)) current = current.type;
    if (current && ts.isUnionTypeNode(current)) {
      const named = current.types.filter((member) => !isNullish(member));
      current = named.length === 1 ? named[0] : undefined;
      while (current && ts.isParenthesizedTypeNode(current)) current = current.type;
    }
    if (!current || !ts.isFunctionTypeNode(current)) return undefined;
    const inner = new Scope(scope);
    for (const parameter of current.typeParameters ?? []) inner.names.set(parameter.name.text, { kind: "local", type: undefined });
    return current.parameters
      .filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === "this"))
      .map((parameter) => typeName(parameter.type, inner) ?? null);
  };

  /**
   * Visits a call's arguments; a function passed as argument `i` gets, for each untyped parameter
   * `j`, the type the callee's signature declares for it (`cb:i.j:<callee>`, linked later).
   */
  const visitArguments = (callee: TS.Expression, args: readonly TS.Expression[] | undefined, ctx: Context): void => {
    let encoded: string | null | undefined;
    const visitArgument = (argument: TS.Expression, i: number): void => {
      const fn = unwrapExpression(argument);
      // `cond ? (x) => … : (x) => …`: each branch is typed by the same parameter.
      if (fn && ts.isConditionalExpression(fn)) {
        visit(fn.condition, ctx);
        visitArgument(fn.whenTrue, i);
        visitArgument(fn.whenFalse, i);
        return;
      }
      if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parameters.some((parameter) => !parameter.type)) {
        // A local function's own signature types the callback directly.
        const local = ts.isIdentifier(callee) ? ctx.scope.lookup(callee.text) : undefined;
        if (local?.kind === "local" && local.params) {
          const declared = local.params[i];
          visitFunction(fn, ctx, undefined, (j) => (Array.isArray(declared) ? (declared[j] ?? undefined) : undefined));
          return;
        }
        if (encoded === undefined) {
          const ref = calleeOf(callee, ctx)?.ref;
          encoded = ref && ref.head !== "unknown" ? encodeRef(ref) : null;
        }
        const prefix = encoded;
        if (prefix !== null) {
          visitFunction(fn, ctx, undefined, (j) => `cb:${i}.${j}:${prefix}`);
          return;
        }
      }
      visit(argument, ctx);
    };
    (args ?? []).forEach(visitArgument);
  };

  /**
   * A type annotation as a type string (see CallableDeclaration.type): a dotted name in file scope,
   * `arr:<element>`, `union:[…]` or `inter:[…]`; undefined for what names no class or interface.
   */
  const typeName = (type: TS.TypeNode | undefined, scope: Scope): string | undefined => {
    if (!type) return undefined;
    if (ts.isTypeReferenceNode(type)) {
      const name = qualifiedNameText(type.typeName);
      const [argument] = type.typeArguments ?? [];
      // Wrappers that keep (some of) the members of what they wrap.
      if (WRAPPER_TYPES.has(name) && argument) return typeName(argument, scope);
      if ((name === "Array" || name === "ReadonlyArray") && type.typeArguments?.length === 1) {
        const element = typeName(argument, scope);
        return element === undefined ? undefined : `arr:${element}`;
      }
      const named = inScope(name, scope);
      // `Repo<User>`: the arguments bind the generic's type parameters (`gen:[name, args]`).
      const args = (type.typeArguments ?? []).map((node) => typeName(node, scope) ?? null);
      return named !== undefined && args.some((arg) => arg !== null) ? `gen:${JSON.stringify([named, args])}` : named;
    }
    if (ts.isParenthesizedTypeNode(type) || ts.isTypeOperatorNode(type)) return typeName(type.type, scope);
    // `new (…) => T`: what it constructs.
    if (ts.isConstructorTypeNode(type)) return typeName(type.type, scope);
    if (ts.isTypeLiteralNode(type)) {
      // `{ subs: Subscription }`: the declared types of its properties (`obj:{…}`).
      const members: Record<string, string> = {};
      for (const member of type.members) {
        const name = ts.isPropertySignature(member) ? nameText(member.name) : undefined;
        const memberType = name === undefined ? undefined : typeName((member as TS.PropertySignature).type, scope);
        if (name !== undefined && memberType !== undefined) members[name] = memberType;
      }
      return Object.keys(members).length > 0 ? `obj:${JSON.stringify(members)}` : undefined;
    }
    if (ts.isTupleTypeNode(type)) {
      // `[A, ...B[]]`: an element is any of them.
      const parts = [
        ...new Set(
          type.elements.map((element) => {
            let inner: TS.TypeNode = ts.isNamedTupleMember(element) ? element.type : element;
            if (ts.isRestTypeNode(inner) || ts.isOptionalTypeNode(inner)) inner = inner.type;
            if (ts.isArrayTypeNode(inner)) inner = inner.elementType;
            return typeName(inner, scope);
          }),
        ),
      ];
      if (parts.length === 0 || parts.some((part) => part === undefined)) return undefined;
      return `arr:${parts.length === 1 ? parts[0]! : `union:${JSON.stringify(parts)}`}`;
    }
    if (ts.isArrayTypeNode(type)) {
      const element = typeName(type.elementType, scope);
      return element === undefined ? undefined : `arr:${element}`;
    }
    if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) {
      const named = type.types.filter((member) => !isNullish(member));
      // A member read on a union compiles only where narrowing left the parts that have the
      // member, so parts that name no class or interface (a function type, a primitive) drop out;
      // on an intersection, the member comes from any part.
      const known = named.map((member) => typeName(member, scope)).filter((part) => part !== undefined);
      if (known.length <= 1) return known[0];
      return `${ts.isUnionTypeNode(type) ? "union" : "inter"}:${JSON.stringify(known)}`;
    }
    return undefined;
  };

  /**
   * A dotted type or value name as the file scope knows it; for a constrained type parameter, its
   * constraint; undefined when a local shadows it.
   */
  const inScope = (dotted: string, scope: Scope): string | undefined => {
    const head = dotted.split(".", 1)[0]!;
    const binding = scope.lookup(head);
    if (!binding) return dotted;
    if (binding.kind === "qualified") return binding.name + dotted.slice(head.length);
    // A type parameter: what it is bound to where the type is used, else its constraint (`tp:[name, constraint]`).
    if (binding.typeParameter && head === dotted) return `tp:${JSON.stringify([head, binding.type ?? null])}`;
    return head === dotted ? binding.type : undefined;
  };

  /** The declared type of a variable, parameter or property: its annotation, else what its initializer evaluates to. */
  const declaredType = (node: { type?: TS.TypeNode; initializer?: TS.Expression }, scope: Scope, owner: string | null): string | undefined => {
    if (node.type) return typeName(node.type, scope);
    return node.initializer ? valueType(node.initializer, scope, owner) : undefined;
  };

  /**
   * The type of an expression, where it can be told without a checker: `this`, `new C()`, a typed
   * local, and what is linked later — `ret:<callee>` (what a call declares it returns) and
   * `val:<ref>` (the declared type of what a name or member chain refers to).
   */
  const valueType = (expression: TS.Expression, scope: Scope, owner: string | null): string | undefined => {
    // `x as T` and `<T>x` are what they assert (`as const` asserts nothing new).
    const asserted = ts.isParenthesizedExpression(expression) ? expression.expression : expression;
    if ((ts.isAsExpression(asserted) || ts.isTypeAssertionExpression(asserted)) && !ts.isConstTypeReference(asserted.type)) {
      const type = typeName(asserted.type, scope);
      if (type !== undefined) return type;
    }
    let value = skipOuter(expression);
    if (ts.isAwaitExpression(value)) value = skipOuter(value.expression);
    if (value.kind === ts.SyntaxKind.ThisKeyword) return owner ?? undefined;
    if (ts.isNewExpression(value)) {
      const name = entityName(value.expression);
      return name === undefined ? undefined : inScope(name, scope);
    }
    if (ts.isCallExpression(value)) {
      // `items.reduce(fn)` without a seed returns an element.
      const method = ts.isPropertyAccessExpression(value.expression) ? value.expression.name.text : undefined;
      if ((method === "reduce" || method === "reduceRight") && value.arguments.length === 1) {
        const array = valueType((value.expression as TS.PropertyAccessExpression).expression, scope, owner);
        return array === undefined ? undefined : `elem:${array}`;
      }
      const ref = calleeOf(value.expression, { scope, caller: 0, owner })?.ref;
      return ref && ref.head !== "unknown" ? `ret:${encodeRef(ref)}` : undefined;
    }
    if (ts.isIdentifier(value)) {
      const binding = scope.lookup(value.text);
      if (binding?.kind === "local") return binding.type;
    }
    if (ts.isBinaryExpression(value)) {
      const operator = value.operatorToken.kind;
      if (operator === ts.SyntaxKind.EqualsToken || operator === ts.SyntaxKind.AmpersandAmpersandToken) return valueType(value.right, scope, owner);
      if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) {
        // `items ?? []`: an empty array adds no element and no member an array of items lacks.
        const right = skipOuter(value.right);
        if (ts.isArrayLiteralExpression(right) && right.elements.length === 0) return valueType(value.left, scope, owner);
        const parts = [valueType(value.left, scope, owner), valueType(value.right, scope, owner)];
        if (parts[0] === undefined || parts[1] === undefined) return undefined;
        return parts[0] === parts[1] ? parts[0] : `union:${JSON.stringify(parts)}`;
      }
      return undefined;
    }
    if (ts.isElementAccessExpression(value) && !isLiteralName(value.argumentExpression)) {
      const array = valueType(value.expression, scope, owner);
      return array === undefined ? undefined : `elem:${array}`;
    }
    if (ts.isConditionalExpression(value)) {
      const parts = [valueType(value.whenTrue, scope, owner), valueType(value.whenFalse, scope, owner)];
      if (parts[0] === undefined || parts[1] === undefined) return undefined;
      return parts[0] === parts[1] ? parts[0] : `union:${JSON.stringify(parts)}`;
    }
    if (ts.isArrayLiteralExpression(value)) {
      const first = value.elements.find((element) => !ts.isSpreadElement(element) && !ts.isOmittedExpression(element));
      const element = first && valueType(first, scope, owner);
      return element === undefined ? undefined : `arr:${element}`;
    }
    if (ts.isIdentifier(value) || ts.isPropertyAccessExpression(value) || ts.isElementAccessExpression(value)) {
      const ref = calleeOf(value, { scope, caller: 0, owner })?.ref;
      return ref && ref.head !== "unknown" ? `val:${encodeRef(ref)}` : undefined;
    }
    return undefined;
  };

  /** Type parameters shadow file-scope types; one with a constraint (`T extends Repo`) has that type's members. */
  const declareTypeParameters = (scope: Scope, parameters: readonly TS.TypeParameterDeclaration[] | undefined): void => {
    for (const parameter of parameters ?? []) scope.names.set(parameter.name.text, { kind: "local", type: undefined, typeParameter: true });
    for (const parameter of parameters ?? []) {
      const constraint = parameter.constraint ? typeName(parameter.constraint, scope) : undefined;
      if (constraint !== undefined) scope.names.set(parameter.name.text, { kind: "local", type: constraint, typeParameter: true });
    }
  };

  /** Each parameter's declared type; for one of function type, its own parameters' types. */
  const signatureParams = (node: TS.SignatureDeclaration, outer: Scope): CallableDeclaration["params"] => {
    const scope = new Scope(outer);
    declareTypeParameters(scope, node.typeParameters);
    return node.parameters
      .filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === "this"))
      .map((parameter) => callbackTypes(parameter.type, scope) ?? typeName(parameter.type, scope) ?? null);
  };

  /** Declares the names a binding introduces; destructured ones get the type of the member (`mem:`) or element (`elem:`) they take. */
  const declareBinding = (scope: Scope, name: TS.BindingName, type: string | undefined): void => {
    if (ts.isIdentifier(name)) {
      scope.names.set(name.text, { kind: "local", type });
      return;
    }
    for (const element of name.elements) {
      if (ts.isOmittedExpression(element)) continue;
      let part: string | undefined;
      if (type !== undefined && !element.dotDotDotToken) {
        if (ts.isArrayBindingPattern(name)) part = `elem:${type}`;
        else {
          const property = nameText(element.propertyName ?? (ts.isIdentifier(element.name) ? element.name : undefined));
          if (property !== undefined) part = `mem:${JSON.stringify([property, type])}`;
        }
      }
      declareBinding(scope, element.name, part);
    }
  };

  /** Lexical declarations made directly in a list of statements (block scope). */
  const declareStatements = (scope: Scope, statements: readonly TS.Statement[], owner: string | null): void => {
    for (const statement of statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          declareBinding(scope, declaration.name, declaredType(declaration, scope, owner));
          const fn = unwrapExpression(declaration.initializer);
          if (ts.isIdentifier(declaration.name) && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
            scope.names.set(declaration.name.text, { kind: "local", type: undefined, params: signatureParams(fn, scope) });
          }
        }
      } else if (ts.isFunctionDeclaration(statement) && statement.name) {
        scope.names.set(statement.name.text, { kind: "local", type: undefined, params: signatureParams(statement, scope) });
      } else {
        const name = declarationName(statement);
        if (name !== undefined) scope.names.set(name, { kind: "local", type: undefined });
      }
    }
  };

  /** `var` declarations anywhere in a function body, outside nested functions: they belong to the function. */
  const declareVars = (scope: Scope, node: TS.Node, owner: string | null): void => {
    // Most bodies have no `var`; a text search spares them a second walk.
    const at = sourceFile.text.indexOf("var", node.pos);
    if (at < 0 || at >= node.end) return;
    const walk = (child: TS.Node): void => {
      if (ts.isFunctionLike(child) || ts.isClassLike(child)) return;
      if (ts.isVariableDeclarationList(child) && (child.flags & ts.NodeFlags.BlockScoped) === 0) {
        for (const declaration of child.declarations) declareBinding(scope, declaration.name, declaredType(declaration, scope, owner));
      }
      ts.forEachChild(child, walk);
    };
    ts.forEachChild(node, walk);
  };

  /**
   * Visits a function's parameters and body. `declared`: the qualified name of the declaration it
   * implements, whose parameter and return types are recorded for calls elsewhere. `contextual`:
   * for a callback passed to a call, the type each untyped parameter gets from the callee's signature.
   */
  const visitFunction = (node: TS.SignatureDeclaration, ctx: Context, declared?: string, contextual?: (index: number) => string | undefined): void => {
    const scope = new Scope(ctx.scope);
    // A named function expression sees its own name.
    if (ts.isFunctionExpression(node) && node.name) scope.names.set(node.name.text, { kind: "local", type: undefined });
    declareTypeParameters(scope, node.typeParameters);
    const parameters = node.parameters.filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === "this"));
    parameters.forEach((parameter, index) => {
      const type = parameter.type ? typeName(parameter.type, scope) : contextual?.(index);
      declareBinding(scope, parameter.name, type);
    });
    if (declared !== undefined && !extras.get(declared)?.params) {
      const params = signatureParams(node, ctx.scope);
      const returns = typeName(node.type, scope);
      extras.set(declared, { ...extras.get(declared), params, ...(returns === undefined ? {} : { returns }) });
    }
    // A `function` has its own `this`; an arrow function keeps the enclosing one; a declared
    // `this: T` parameter says what it is.
    const rebindsThis = ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node);
    const thisParameter = node.parameters.find((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === "this");
    const declaredThis = thisParameter?.type ? typeName(thisParameter.type, scope) : undefined;
    const inner: Context = { ...ctx, scope, owner: declaredThis ?? (rebindsThis ? null : ctx.owner) };
    const body = (node as { body?: TS.Node }).body;
    if (body && ts.isBlock(body)) {
      declareVars(scope, body, inner.owner);
      declareStatements(scope, body.statements, inner.owner);
    }
    for (const parameter of node.parameters) {
      visitDecorators(parameter, inner);
      if (parameter.initializer) visit(parameter.initializer, inner);
    }
    if (body) {
      if (ts.isBlock(body)) body.statements.forEach((statement) => visit(statement, inner));
      else visit(body, inner);
    }
  };

  const visitDecorators = (node: TS.Node, ctx: Context): void => {
    for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []) {
      const expression = skipOuter(decorator.expression);
      if (ts.isCallExpression(expression)) {
        visitCallee(expression.expression, "decorator", ctx);
        expression.arguments.forEach((argument) => visit(argument, ctx));
      } else {
        visitCallee(expression, "decorator", ctx);
      }
    }
  };

  /**
   * A class's members, each the caller of what it contains. `owner` is the class `this` refers to
   * when the class is indexed; a local class's `this` is unknown.
   */
  /** What a class or interface extends or implements, with the type arguments it passes (in `scope`, where its own type parameters are declared). */
  const recordHeritage = (node: TS.ClassLikeDeclaration | TS.InterfaceDeclaration, qualified: string, outer: Scope, scope: Scope): void => {
    const bases: string[] = [];
    const baseArgs: (string | null)[][] = [];
    for (const type of (node.heritageClauses ?? []).flatMap((clause) => [...clause.types])) {
      const name = entityName(type.expression);
      // `extends Mixin("Tag")<…>`: the class a factory call returns (`ret:<factory>`).
      const call = skipOuter(type.expression);
      const factory = ts.isCallExpression(call) ? calleeOf(call.expression, { scope: outer, caller: 0, owner: null })?.ref : undefined;
      const resolved = name !== undefined ? inScope(name, outer) : factory && factory.head !== "unknown" ? `ret:${encodeRef(factory)}` : undefined;
      if (resolved === undefined) continue;
      bases.push(resolved);
      baseArgs.push((type.typeArguments ?? []).map((argument) => typeName(argument, scope) ?? null));
    }
    const typeParams = (node.typeParameters ?? []).map((parameter) => parameter.name.text);
    extras.set(qualified, {
      ...extras.get(qualified),
      ...(bases.length > 0 ? { bases } : {}),
      ...(baseArgs.some((args) => args.some((arg) => arg !== null)) ? { baseArgs } : {}),
      ...(typeParams.length > 0 ? { typeParams } : {}),
    });
  };

  const visitClass = (node: TS.ClassLikeDeclaration, qualified: string | null, ctx: Context): void => {
    const classCaller = qualified === null ? ctx.caller : callerOf(qualified);
    const classCtx: Context = { ...ctx, caller: classCaller };
    visitDecorators(node, classCtx);
    const scope = new Scope(ctx.scope);
    if (node.name && ts.isClassExpression(node)) scope.names.set(node.name.text, { kind: "local", type: undefined });
    declareTypeParameters(scope, node.typeParameters);
    for (const clause of node.heritageClauses ?? []) {
      for (const type of clause.types) visit(type.expression, { ...classCtx, scope });
    }
    if (qualified !== null) recordHeritage(node, qualified, ctx.scope, scope);
    const owner = qualified;
    for (const member of node.members) {
      const name = nameText(member.name);
      const memberName = qualified !== null && name !== undefined ? `${qualified}.${name}` : null;
      const caller = memberName !== null && !ts.isConstructorDeclaration(member) && kinds.has(memberName) ? callerOf(memberName) : classCaller;
      const memberCtx: Context = { scope, caller, owner };
      visitDecorators(member, memberCtx);
      if (ts.isConstructorDeclaration(member)) {
        for (const parameter of member.parameters) {
          const parameterName = nameText(parameter.name);
          if (qualified !== null && parameterName !== undefined && ts.isParameterPropertyDeclaration(parameter, member)) {
            const type = typeName(parameter.type, scope);
            if (type !== undefined) extras.set(`${qualified}.${parameterName}`, { type });
          }
        }
      }
      if (memberName !== null && ts.isPropertyDeclaration(member)) {
        const type = declaredType(member, scope, qualified);
        if (type !== undefined) extras.set(memberName, { type });
      }
      if (memberName !== null && ts.isGetAccessorDeclaration(member)) {
        const type = typeName(member.type, scope);
        if (type !== undefined) extras.set(memberName, { type });
      }
      if (member.name && ts.isComputedPropertyName(member.name)) visit(member.name.expression, memberCtx);
      const declared = ts.isConstructorDeclaration(member) ? (qualified === null ? undefined : `${qualified}.constructor`) : (memberName ?? undefined);
      if (declared !== undefined && ts.isConstructorDeclaration(member) && !members.some((m) => m.name === declared)) {
        members.push({ name: declared, kind: "constructor", line: line(member) });
      }
      if (ts.isFunctionLike(member)) visitFunction(member, memberCtx, declared);
      else if (ts.isPropertyDeclaration(member) && member.initializer) visit(member.initializer, memberCtx);
      else if (ts.isClassStaticBlockDeclaration(member)) visitFunctionBody(member.body, memberCtx);
    }
  };

  const visitFunctionBody = (body: TS.Block, ctx: Context): void => {
    const scope = new Scope(ctx.scope);
    declareVars(scope, body, ctx.owner);
    declareStatements(scope, body.statements, ctx.owner);
    body.statements.forEach((statement) => visit(statement, { ...ctx, scope }));
  };

  const visitJsxTag = (tag: TS.JsxTagNameExpression, ctx: Context): void => {
    // Lower-case tags are intrinsic elements (`<div>`), not calls of anything declared.
    if (ts.isIdentifier(tag) && !/^[A-Z_$]/.test(tag.text)) return;
    if (ts.isIdentifier(tag) || ts.isPropertyAccessExpression(tag)) visitCallee(tag, "jsx", ctx);
  };

  // Children are visited in `current`, so walking a node allocates no closure for it.
  let current: Context = { scope: new Scope(undefined), caller: 0, owner: null };
  const visitChild = (child: TS.Node): void => visit(child, current);
  const visitChildren = (node: TS.Node, ctx: Context): void => {
    const saved = current;
    current = ctx;
    ts.forEachChild(node, visitChild);
    current = saved;
  };

  /** Any node inside a body: finds call sites and keeps the scope in step with blocks and functions. */
  const visit = (node: TS.Node, ctx: Context): void => {
    const K = ts.SyntaxKind;
    switch (node.kind) {
      // Leaves, and declarations that hold no calls.
      case K.Identifier:
      case K.PrivateIdentifier:
      case K.StringLiteral:
      case K.NumericLiteral:
      case K.BigIntLiteral:
      case K.NoSubstitutionTemplateLiteral:
      case K.RegularExpressionLiteral:
      case K.ThisKeyword:
      case K.SuperKeyword:
      case K.TrueKeyword:
      case K.FalseKeyword:
      case K.NullKeyword:
      case K.InterfaceDeclaration:
      case K.TypeAliasDeclaration:
      case K.ImportDeclaration:
      case K.TypeParameter:
      case K.JsxClosingElement:
        return;
      case K.CallExpression: {
        const callee = (node as TS.CallExpression).expression;
        if (callee.kind !== K.SuperKeyword && callee.kind !== K.ImportKeyword) visitCallee(callee, "call", ctx);
        visitArguments(callee, (node as TS.CallExpression).arguments, ctx);
        return;
      }
      case K.NewExpression:
        visitCallee((node as TS.NewExpression).expression, "new", ctx);
        visitArguments((node as TS.NewExpression).expression, (node as TS.NewExpression).arguments, ctx);
        return;
      case K.TaggedTemplateExpression:
        visitCallee((node as TS.TaggedTemplateExpression).tag, "tag", ctx);
        visit((node as TS.TaggedTemplateExpression).template, ctx);
        return;
      case K.PropertyAccessExpression:
      case K.ElementAccessExpression: {
        const access = node as TS.PropertyAccessExpression | TS.ElementAccessExpression;
        if (ts.isElementAccessExpression(access) && !isLiteralName(access.argumentExpression)) break;
        // A member read that is not called still counts: `this.handle` passed as a callback.
        const callee = calleeOf(access, ctx);
        if (callee && callee.ref.head !== "unknown") record(callee.nameNode, "ref", callee.ref, ctx);
        visit(access.expression, ctx);
        return;
      }
      case K.JsxSelfClosingElement:
      case K.JsxOpeningElement: {
        const element = node as TS.JsxSelfClosingElement | TS.JsxOpeningElement;
        visitJsxTag(element.tagName, ctx);
        visit(element.attributes, ctx);
        return;
      }
      case K.FunctionDeclaration:
      case K.FunctionExpression:
      case K.MethodDeclaration:
      case K.GetAccessor:
      case K.SetAccessor:
      case K.Constructor:
        // Reached here, a method or accessor belongs to an object literal, whose `this` is the object.
        visitDecorators(node, ctx);
        visitFunction(node as TS.SignatureDeclaration, { ...ctx, owner: null });
        return;
      case K.ArrowFunction:
        visitFunction(node as TS.ArrowFunction, ctx);
        return;
      case K.ClassDeclaration:
      case K.ClassExpression:
        visitClass(node as TS.ClassLikeDeclaration, null, ctx);
        return;
      case K.Block:
      case K.ModuleBlock:
      case K.CaseBlock: {
        const scope = new Scope(ctx.scope);
        const statements = ts.isCaseBlock(node) ? node.clauses.flatMap((clause) => [...clause.statements]) : (node as TS.Block).statements;
        declareStatements(scope, statements, ctx.owner);
        visitChildren(node, { ...ctx, scope });
        return;
      }
      case K.ForStatement:
      case K.ForInStatement:
      case K.ForOfStatement: {
        const scope = new Scope(ctx.scope);
        const initializer = (node as TS.ForStatement).initializer;
        if (initializer && ts.isVariableDeclarationList(initializer)) {
          // `for (const x of xs)`: x is an element of what xs is declared as.
          const iterated = ts.isForOfStatement(node) ? valueType(node.expression, ctx.scope, ctx.owner) : undefined;
          for (const declaration of initializer.declarations) {
            const type = declaration.type || !iterated ? declaredType(declaration, scope, ctx.owner) : `elem:${iterated}`;
            declareBinding(scope, declaration.name, type);
          }
        }
        visitChildren(node, { ...ctx, scope });
        return;
      }
      case K.CatchClause: {
        const scope = new Scope(ctx.scope);
        const clause = node as TS.CatchClause;
        if (clause.variableDeclaration) declareBinding(scope, clause.variableDeclaration.name, undefined);
        visit(clause.block, { ...ctx, scope });
        return;
      }
      default:
        // Types hold no calls; skipping them also keeps `typeof x.y` from counting as a reference.
        if (node.kind >= K.FirstTypeNode && node.kind <= K.LastTypeNode) return;
    }
    visitChildren(node, ctx);
  };

  // ── File and namespace level: declarations, their callers, imports and exports ──

  const visitStatements = (statements: readonly TS.Statement[], container: string, scope: Scope): void => {
    const moduleCaller = callerOf(container || MODULE_CALLER);
    const base: Context = { scope, caller: moduleCaller, owner: null };
    for (const statement of statements) {
      const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
      const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
      if (ts.isFunctionDeclaration(statement)) {
        const name = nameText(statement.name) ?? (isDefault ? "default" : undefined);
        const qualified = name === undefined ? null : qualify(container, name);
        if (container === "" && exported && name !== undefined) exports.push({ name: isDefault ? "default" : name, local: name });
        visitDecorators(statement, base);
        visitFunction(statement, { ...base, caller: qualified !== null && kinds.has(qualified) ? callerOf(qualified) : moduleCaller }, qualified ?? undefined);
      } else if (ts.isClassDeclaration(statement)) {
        const name = nameText(statement.name) ?? (isDefault ? "default" : undefined);
        if (container === "" && exported && name !== undefined) exports.push({ name: isDefault ? "default" : name, local: name });
        visitClass(statement, name === undefined ? null : qualify(container, name), base);
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          visitVariable(declaration, container, scope, moduleCaller, exported);
        }
      } else if (ts.isModuleDeclaration(statement)) {
        visitNamespace(statement, container, scope, exported);
      } else if (ts.isEnumDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
        if (container === "" && exported) exports.push({ name: statement.name.text, local: statement.name.text });
        if (ts.isInterfaceDeclaration(statement)) declareInterface(statement, qualify(container, statement.name.text), scope);
        else for (const member of statement.members) if (member.initializer) visit(member.initializer, base);
      } else if (ts.isTypeAliasDeclaration(statement)) {
        if (container === "" && exported) exports.push({ name: statement.name.text, local: statement.name.text });
        // `type Repo = BaseRepo<User>` has the members of what it names.
        const aliasScope = new Scope(scope);
        for (const parameter of statement.typeParameters ?? []) aliasScope.names.set(parameter.name.text, { kind: "local", type: undefined });
        const aliased = typeName(statement.type, aliasScope);
        if (aliased !== undefined) extras.set(qualify(container, statement.name.text), { type: aliased });
      } else if (ts.isImportDeclaration(statement)) {
        if (container === "") collectImport(statement);
      } else if (ts.isImportEqualsDeclaration(statement)) {
        const reference = statement.moduleReference;
        if (ts.isExternalModuleReference(reference) && ts.isStringLiteralLike(reference.expression)) {
          imports.push({ local: statement.name.text, specifier: reference.expression.text, imported: "*" });
        }
      } else if (ts.isExportDeclaration(statement)) {
        if (container === "") collectExport(statement);
      } else if (ts.isExportAssignment(statement)) {
        const expression = unwrapExpression(statement.expression);
        if (!statement.isExportEquals) {
          if (expression && ts.isIdentifier(expression)) exports.push({ name: "default", local: expression.text });
          else exports.push({ name: "default", local: "default" });
        }
        visit(statement.expression, { ...base, caller: kinds.has("default") ? callerOf("default") : moduleCaller });
      } else {
        visit(statement, base);
      }
    }
  };

  const visitVariable = (declaration: TS.VariableDeclaration, container: string, scope: Scope, moduleCaller: number, exported: boolean): void => {
    const name = ts.isIdentifier(declaration.name) ? declaration.name.text : undefined;
    const qualified = name === undefined ? null : qualify(container, name);
    if (container === "" && exported) for (const bound of boundNames(declaration.name)) exports.push({ name: bound, local: bound });
    const caller = qualified !== null && kinds.has(qualified) ? callerOf(qualified) : moduleCaller;
    const ctx: Context = { scope, caller, owner: null };
    if (qualified === null) {
      if (declaration.initializer) visit(declaration.initializer, ctx);
      return;
    }
    const type = declaredType(declaration, scope, null);
    if (type !== undefined) extras.set(qualified, { type });
    // `const make: (tag: T) => new () => Base = …`: a variable of function type has a signature too.
    if (declaration.type && ts.isFunctionTypeNode(declaration.type)) {
      const returns = typeName(declaration.type.type, scope);
      extras.set(qualified, { ...extras.get(qualified), params: signatureParams(declaration.type, scope), ...(returns === undefined ? {} : { returns }) });
    }
    const initializer = unwrapExpression(declaration.initializer);
    if (initializer && ts.isClassExpression(initializer)) {
      visitClass(initializer, qualified, ctx);
    } else if (initializer && ts.isObjectLiteralExpression(initializer)) {
      declareObjectMembers(initializer, qualified, scope);
      // Inside the object's own methods, `this` is the object, or the type it is declared as:
      // `this.toJSON()` lands on that member.
      const thisType = declaration.type ? (typeName(declaration.type, scope) ?? qualified) : qualified;
      for (const property of initializer.properties) {
        if (ts.isMethodDeclaration(property) || ts.isGetAccessorDeclaration(property) || ts.isSetAccessorDeclaration(property)) {
          const name = nameText(property.name);
          const caller = name !== undefined && kinds.has(`${qualified}.${name}`) ? callerOf(`${qualified}.${name}`) : ctx.caller;
          visitDecorators(property, ctx);
          if (property.name && ts.isComputedPropertyName(property.name)) visit(property.name.expression, ctx);
          visitFunction(property, { ...ctx, caller, owner: thisType });
        } else {
          visit(property, ctx);
        }
      }
    } else if (initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))) {
      visitFunction(initializer, ctx, qualified);
    } else if (declaration.initializer) {
      visit(declaration.initializer, ctx);
    }
  };

  /** `const api = { get() {}, put: () => … }`: members a call like `api.get()` lands on. */
  const declareObjectMembers = (object: TS.ObjectLiteralExpression, qualified: string, scope: Scope): void => {
    // `{ ...schemas, iso }`: what the spreads hold is reached through the object too.
    const spreads = object.properties.flatMap((property) => {
      const type = ts.isSpreadAssignment(property) ? valueType(property.expression, scope, null) : undefined;
      return type === undefined ? [] : [type];
    });
    if (spreads.length > 0) extras.set(qualified, { ...extras.get(qualified), bases: spreads });
    for (const property of object.properties) {
      if (ts.isShorthandPropertyAssignment(property)) {
        const type = valueType(property.name, scope, null);
        members.push({ name: `${qualified}.${property.name.text}`, kind: "property", line: line(property), ...(type === undefined ? {} : { type }) });
        continue;
      }
      const name = nameText(property.name);
      if (name === undefined) continue;
      const memberName = `${qualified}.${name}`;
      const value = ts.isPropertyAssignment(property) ? unwrapExpression(property.initializer) : undefined;
      const kind = ts.isMethodDeclaration(property) || (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)))
        ? "method"
        : ts.isGetAccessorDeclaration(property)
          ? "getter"
          : ts.isSetAccessorDeclaration(property)
            ? "setter"
            : "property";
      // `iso: isoSchemas`: a member holding a namespace or object is reached through.
      const type = value && kind === "property" && !ts.isObjectLiteralExpression(value) ? valueType(value, scope, null) : undefined;
      members.push({ name: memberName, kind, line: line(property), ...(type === undefined ? {} : { type }) });
      if (value && ts.isObjectLiteralExpression(value)) declareObjectMembers(value, memberName, scope);
    }
  };

  const declareInterface = (node: TS.InterfaceDeclaration, qualified: string, outer: Scope): void => {
    const scope = new Scope(outer);
    declareTypeParameters(scope, node.typeParameters);
    recordHeritage(node, qualified, outer, scope);
    for (const member of node.members) {
      const name = nameText(member.name);
      if (name === undefined) continue;
      if (ts.isMethodSignature(member)) {
        const signature = new Scope(scope);
        declareTypeParameters(signature, member.typeParameters);
        const params = member.parameters.map((parameter) => callbackTypes(parameter.type, signature) ?? typeName(parameter.type, signature) ?? null);
        const returns = typeName(member.type, signature);
        extras.set(`${qualified}.${name}`, { params, ...(returns === undefined ? {} : { returns }) });
      }
      const type = ts.isPropertySignature(member) ? typeName(member.type, scope) : undefined;
      // A property of function type is called like a method (`next: (value: T) => void`).
      const isFunctionProperty = ts.isPropertySignature(member) && member.type !== undefined && ts.isFunctionTypeNode(member.type);
      const kind = ts.isMethodSignature(member) || isFunctionProperty ? "method" : ts.isPropertySignature(member) ? "property" : undefined;
      if (kind) members.push({ name: `${qualified}.${name}`, kind, line: line(member), ...(type === undefined ? {} : { type }) });
    }
  };

  const visitNamespace = (node: TS.ModuleDeclaration, container: string, scope: Scope, exported: boolean): void => {
    if ((node.flags & ts.NodeFlags.GlobalAugmentation) !== 0 || !ts.isIdentifier(node.name)) {
      // `declare global {}` and `declare module "x" {}` declare nothing callers in this repository reach by name.
      return;
    }
    if (container === "" && exported) exports.push({ name: node.name.text, local: node.name.text });
    let qualified = qualify(container, node.name.text);
    let body = node.body;
    while (body && ts.isModuleDeclaration(body) && ts.isIdentifier(body.name)) {
      qualified = `${qualified}.${body.name.text}`;
      body = body.body;
    }
    if (!body || !ts.isModuleBlock(body)) return;
    // Inside the namespace its members are reached by their bare names.
    const inner = new Scope(scope);
    for (const statement of body.statements) {
      for (const name of declaredNames(statement)) inner.names.set(name, { kind: "qualified", name: `${qualified}.${name}` });
    }
    visitStatements(body.statements, qualified, inner);
  };

  const collectImport = (statement: TS.ImportDeclaration): void => {
    if (!ts.isStringLiteralLike(statement.moduleSpecifier)) return;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!clause) return;
    if (clause.name) imports.push({ local: clause.name.text, specifier, imported: "default" });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imports.push({ local: bindings.name.text, specifier, imported: "*" });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        imports.push({ local: element.name.text, specifier, imported: nameText(element.propertyName) ?? element.name.text });
      }
    }
  };

  const collectExport = (statement: TS.ExportDeclaration): void => {
    const specifier = statement.moduleSpecifier && ts.isStringLiteralLike(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    const clause = statement.exportClause;
    if (!clause) {
      if (specifier !== undefined) exports.push({ name: "*", specifier, imported: "*" });
      return;
    }
    if (ts.isNamespaceExport(clause)) {
      if (specifier !== undefined) exports.push({ name: nameText(clause.name) ?? "", specifier, imported: "*" });
      return;
    }
    for (const element of clause.elements) {
      const local = nameText(element.propertyName) ?? nameText(element.name) ?? "";
      const name = nameText(element.name) ?? "";
      exports.push(specifier === undefined ? { name, local } : { name, specifier, imported: local });
    }
  };

  visitStatements(sourceFile.statements, "", new Scope(undefined));

  const declarations: CallableDeclaration[] = [];
  for (const [name, { kind, line: declared }] of kinds) declarations.push({ name, kind: kind as CallableDeclaration["kind"], line: declared, ...extras.get(name) });
  for (const member of members) if (!kinds.has(member.name)) declarations.push({ ...member, ...extras.get(member.name) });
  // Only callers with a site are kept; site indices are renumbered to match.
  const kept = [...used].sort((a, b) => a - b);
  const renumbered = new Map(kept.map((old, index) => [old, index]));
  return {
    callers: kept.map((index) => callers[index]!),
    declarations,
    imports,
    exports,
    sites: sites.map((site) => encodeCallSite({ ...site, caller: renumbered.get(site.caller)! })),
  };
}

function qualify(container: string, name: string): string {
  return container ? `${container}.${name}` : name;
}

function isLiteralName(node: TS.Expression): node is TS.StringLiteral | TS.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** Parentheses, `as`, `satisfies`, `!` and `<T>x` around a callee, as the compiler skips them. */
function skipOuter(node: TS.Expression): TS.Expression {
  return unwrapExpression(node) ?? node;
}

/** `a.b.c` of an identifier or property-access chain; undefined for anything else. */
function entityName(node: TS.Expression): string | undefined {
  const expression = skipOuter(node);
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.name)) {
    const left = entityName(expression.expression);
    return left === undefined ? undefined : `${left}.${expression.name.text}`;
  }
  return undefined;
}

// `Promise<T>` counts as `T`: what is called on it is almost always called on the awaited value.
const WRAPPER_TYPES = new Set(["Partial", "Readonly", "Required", "NonNullable", "Promise", "PromiseLike", "Awaited", "Omit", "Pick"]);

function isNullish(type: TS.TypeNode): boolean {
  if (type.kind === ts.SyntaxKind.UndefinedKeyword || type.kind === ts.SyntaxKind.NullKeyword) return true;
  return ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword;
}

function qualifiedNameText(name: TS.EntityName): string {
  return ts.isIdentifier(name) ? name.text : `${qualifiedNameText(name.left)}.${name.right.text}`;
}

function boundNames(name: TS.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

/** Names a namespace-level statement declares. */
function declaredNames(statement: TS.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => boundNames(declaration.name));
  const name = declarationName(statement);
  return name === undefined ? [] : [name];
}

/** The name a function, class, enum, interface, type alias, namespace or `import x =` statement declares. */
function declarationName(statement: TS.Statement): string | undefined {
  const isNamed =
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isModuleDeclaration(statement) ||
    ts.isImportEqualsDeclaration(statement);
  return isNamed && statement.name && ts.isIdentifier(statement.name) ? statement.name.text : undefined;
}

/** A callee reference as one string, inside a type linked later (`ret:<ref>`, `cb:i.j:<ref>`). */
function encodeRef(ref: CalleeRef): string {
  return JSON.stringify([ref.head, ref.owner, ref.names]);
}
