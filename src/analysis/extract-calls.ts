import { callerTable, MODULE_CALLER } from "./caller-table.js";
import { channelText, decoratorListens, emittedKeys, everyJobOf, injectedQueue, listenedKeys, processorQueue, storedQueue, type ChannelKey } from "./channel-sites.js";
import { commonjsExport, requiredImports } from "./commonjs.js";
import {
  MODULE_EXPORTS,
  type CallableDeclaration,
  type CalleeRef,
  type CallSignature,
  type CallSite,
  type CallSummary,
  type CallVia,
  type ExportBinding,
  type ImportBinding,
  type SymbolRecord,
} from "../model.js";
import { ELEMENT, encodeCallSite } from "../core/calls/call-site-codec.js";
import { TypeTable } from "./type-table.js";
import { Scope, type Context } from "./call-scope.js";
import { hasModifier, lineOf, nameText, ts, type TS } from "./compiler.js";
import { declareBinding, declareStatements, declareVariable } from "./declare-locals.js";
import { unwrapExpression } from "./extract-symbols.js";
import { boundNames, declaredNames, embedOwner, encodeRef, entityName, isLiteralName, localClassKey, qualify, skipOuter } from "./syntax-names.js";
import { calledRef, callType, calleeOf, declaredType, declareTypeParameters, inScope, objectType, returnTypeName, signatureOf, typeName, unparenthesizedType, valueType } from "./type-strings.js";

/** Marks the key of a static member that shares its name with an instance member (no name can contain a space). */
const STATIC_TWIN = " static";
/** In the key of a class declared in a body (`User@1234`, syntax-names localClassKey). */
const LOCAL_CLASS = "@";
/** Marks the key of a function or variable that shares its name with an interface or type alias (`interface Maker` and `function Maker()`). */
const VALUE_TWIN = " value";
const TYPE_ONLY = new Set(["interface", "type"]);
const VALUE_KINDS = new Set(["function", "variable", "constant"]);
/** A declaration's name from its key. */
const nameOfKey = (key: string): string => (key.endsWith(STATIC_TWIN) ? key.slice(0, -STATIC_TWIN.length) : key.endsWith(VALUE_TWIN) ? key.slice(0, -VALUE_TWIN.length) : key);

const isStatic = (node: TS.Node): boolean => hasModifier(node, ts.SyntaxKind.StaticKeyword);

/** `a.b = …` on a value's member: not `exports.x =`, `module.exports.x =` (exports) or `this.x =` (fields). */
const replacesMember = (target: TS.Expression): boolean => {
  if (!ts.isPropertyAccessExpression(target)) return false;
  let head: TS.Expression = target.expression;
  while (ts.isPropertyAccessExpression(head)) head = head.expression;
  return !(ts.isIdentifier(head) && (head.text === "exports" || head.text === "module")) && head.kind !== ts.SyntaxKind.ThisKeyword;
};

/** What a namespace of the same name merges into. */
const MERGES_INTO = new Set(["class", "interface", "function", "enum"]);

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
  /** Every declaration of a name, where there is more than the one `kinds` keeps (a static and an instance member). */
  const declaredAt = new Map<string, { kind: string; line: number }[]>();
  for (const symbol of symbols) {
    const name = qualify(symbol.container, symbol.name);
    declaredAt.set(name, [...(declaredAt.get(name) ?? []), { kind: symbol.kind, line: symbol.line }]);
    // `namespace Column {}` merged with `class Column`: the name is the class, as a type and as a
    // value; the namespace's members keep their qualified names.
    const known = kinds.get(name);
    const own = { kind: symbol.kind, line: symbol.line };
    if (!known || (known.kind === "namespace" && MERGES_INTO.has(symbol.kind))) kinds.set(name, own);
    // A type and a value of one name are two declarations: calls reach the value, annotations the
    // type. A declaration file's (`interface Map` with `declare var Map: MapConstructor`) stay one.
    else if (!sourceFile.isDeclarationFile && !kinds.has(`${name}${VALUE_TWIN}`) && TYPE_ONLY.has(known.kind) && VALUE_KINDS.has(symbol.kind)) kinds.set(`${name}${VALUE_TWIN}`, own);
    else if (!sourceFile.isDeclarationFile && !kinds.has(`${name}${VALUE_TWIN}`) && VALUE_KINDS.has(known.kind) && TYPE_ONLY.has(symbol.kind)) {
      kinds.set(name, own);
      kinds.set(`${name}${VALUE_TWIN}`, known);
    }
  }
  /** The key of a function's or variable's declaration: its name, or with VALUE_TWIN where a type shares the name. */
  const valueKey = (qualified: string): string => (kinds.has(`${qualified}${VALUE_TWIN}`) ? `${qualified}${VALUE_TWIN}` : qualified);

  const table = new TypeTable();
  table.self = `./${sourceFile.fileName.slice(sourceFile.fileName.lastIndexOf("/") + 1)}`;
  const { callers, callerOf } = callerTable(kinds);

  const extras = new Map<string, Pick<CallableDeclaration, "type" | "bases" | "baseArgs" | "typeParams" | "params" | "rest" | "returns" | "signatures">>();
  /** Per declaration, its overload signatures (bodiless declarations), which hide the implementation's from callers. */
  const overloads = new Map<string, CallSignature[]>();
  /** The first signature declared for a name is its `params`; a bodiless one is an overload too. */
  const recordSignature = (declared: string, signature: CallSignature, overload: boolean): void => {
    const known = extras.get(declared);
    if (!known?.params) extras.set(declared, { ...known, ...signature });
    if (overload) overloads.set(declared, [...(overloads.get(declared) ?? []), signature]);
  };
  /** A function whose untyped parameters take their types from a declared function type (`const h: Handler = (c) => …`). */
  const typedBy = (type: string, ctx: Context) => (index: number) => `sig:${JSON.stringify([index, ctx.scope.table.embed(type)])}`;
  /** An inferred type that is one of several (`either:`): unlike a declared union, unknown if any of them is. */
  const unionType = (types: readonly string[], scope: Scope): string => (types.length === 1 ? types[0]! : `either:${JSON.stringify(types.map((type) => scope.table.embed(type)))}`);
  const untypedFunction = (node: TS.Node | undefined): TS.ArrowFunction | TS.FunctionExpression | undefined => {
    const fn = unwrapExpression(node as TS.Expression | undefined);
    return fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parameters.some((parameter) => !parameter.type) ? fn : undefined;
  };
  /** A type written in a declaration (`Repo`, `gen:[…]`), not one the extractor inferred. */
  const DECLARED_TYPE = /^(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*|gen:.*|#\d+)$/s;
  const functionValue = (node: TS.Node | undefined): TS.ArrowFunction | TS.FunctionExpression | undefined => {
    const fn = unwrapExpression(node as TS.Expression | undefined);
    return fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ? fn : undefined;
  };
  /** A call passed as an argument (its callee expression), with the callee it is passed to and where. */
  const passedTo = new Map<TS.Node, { callee: string; index: number }>();
  /** Member reads passed as arguments (CallSite.passed). */
  const passedReads = new Set<TS.Node>();
  /** `Class.property` → the key of the queue injected there (`@InjectQueue(QUEUE)`). */
  const injectedQueues = new Map<string, ChannelKey>();
  const members: CallableDeclaration[] = [];
  const imports: ImportBinding[] = [];
  const exports: ExportBinding[] = [];
  const sites: CallSite[] = [];
  const used = new Set<number>();

  const record = (nameNode: TS.Node, via: CallVia, callee: CalleeRef, ctx: Context, passed = false): void => {
    const position = sourceFile.getLineAndCharacterOfPosition(nameNode.getStart(sourceFile));
    sites.push({ caller: ctx.caller, line: position.line + 1, column: position.character + 1, via, callee, ...(passed ? { passed: true as const } : {}) });
    used.add(ctx.caller);
  };

  /**
   * A declaration handed on by name (`register(createOrder)`, `onClick={save}`): not a call, but what
   * receives it may call it. Locals are left out: their calls are the function's own.
   */
  const recordValue = (identifier: TS.Identifier, ctx: Context): void => {
    const binding = ctx.scope.lookup(identifier.text);
    if (binding !== undefined && binding.kind !== "required") return;
    const callee = calleeOf(identifier, ctx);
    if (callee) record(callee.nameNode, "value", callee.ref, ctx);
  };

  /** Where `ctx`'s declaration listens on (`listen`) or publishes to (`emit`) a channel; a local names none. */
  const recordChannel = (key: ChannelKey, via: "listen" | "emit", ctx: Context, at?: TS.Node): void => {
    if ("text" in key) {
      record(at ?? key.node, via, { head: "unknown", owner: "", names: [channelText(key.text)] }, ctx);
      return;
    }
    const callee = calleeOf(key.expression, ctx);
    if (callee && callee.ref.head !== "unknown") record(at ?? callee.nameNode, via, callee.ref, ctx);
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
        const prefix = calleeRef();
        if (prefix !== null) {
          // `o$.pipe(map((x) => …))`: a generic callee's type parameters may be bound only by where its call is passed.
          const outer = passedTo.get(callee);
          visitFunction(fn, ctx, undefined, (j) => (outer ? `cbx:${JSON.stringify([i, j, prefix, outer.callee, outer.index])}` : `cb:${i}.${j}:${prefix}`));
          return;
        }
      }
      if (fn && ts.isObjectLiteralExpression(fn) && calleeRef() !== null) {
        visitOptions(fn, i, []);
        return;
      }
      if (fn && (ts.isPropertyAccessExpression(fn) || ts.isElementAccessExpression(fn))) passedReads.add(fn);
      if (fn && ts.isIdentifier(fn)) recordValue(fn, ctx);
      if (fn && ts.isCallExpression(fn) && fn.arguments.some((inner) => ts.isArrowFunction(inner) || ts.isFunctionExpression(inner))) {
        const outer = calleeRef();
        if (outer !== null) passedTo.set(fn.expression, { callee: outer, index: i });
      }
      visit(argument, ctx);
    };
    const calleeRef = (): string | null => {
      if (encoded === undefined) {
        const ref = calledRef(callee, ctx);
        encoded = ref && ref.head !== "unknown" ? encodeRef(ref, ctx.scope.table) : null;
      }
      return encoded;
    };
    /**
     * `bodyLimit({ onError: (c) => … })`: a function in an object passed as argument `i` is typed
     * by the property it is assigned to, in the type of that parameter (`cbo:[i, path, j, <callee>]`).
     */
    const visitOptions = (object: TS.ObjectLiteralExpression, i: number, path: readonly string[]): void => {
      for (const property of object.properties) {
        const name = nameText(property.name);
        const value = ts.isPropertyAssignment(property) ? unwrapExpression(property.initializer) : undefined;
        const typed = (j: number): string => `cbo:${JSON.stringify([i, [...path, name], j, calleeRef()])}`;
        if (name !== undefined && value && ts.isObjectLiteralExpression(value)) visitOptions(value, i, [...path, name]);
        else if (name !== undefined && untypedFunction(value)) visitFunction(untypedFunction(value)!, ctx, undefined, typed);
        else if (name !== undefined && ts.isMethodDeclaration(property) && property.parameters.some((parameter) => !parameter.type)) {
          visitDecorators(property, ctx);
          visitFunction(property, { ...ctx, owner: null }, undefined, typed);
        } else visit(property, ctx);
      }
    };
    (args ?? []).forEach(visitArgument);
  };

  /** `var` declarations anywhere in a function body, outside nested functions: they belong to the function. */
  const declareVars = (scope: Scope, node: TS.Node, owner: string | null): void => {
    // Most bodies have no `var`; a text search spares them a second walk.
    const at = sourceFile.text.indexOf("var", node.pos);
    if (at < 0 || at >= node.end) return;
    const walk = (child: TS.Node): void => {
      if (ts.isFunctionLike(child) || ts.isClassLike(child)) return;
      if (ts.isVariableDeclarationList(child) && (child.flags & ts.NodeFlags.BlockScoped) === 0) {
        for (const declaration of child.declarations) declareVariable(scope, declaration, owner);
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
    const body = (node as { body?: TS.Node }).body;
    // A `function` has its own `this`; an arrow function keeps the enclosing one; a declared
    // `this: T` parameter says what it is.
    const rebindsThis = ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node);
    const thisParameter = node.parameters.find((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === "this");
    const declaredThis = thisParameter?.type ? typeName(thisParameter.type, scope) : undefined;
    const returns = returnTypeName(node, scope);
    // With no declared return type, what its `return`s evaluate to is collected while visiting them (a generator's never is).
    const returned = declared !== undefined && !node.type && body && !(node as { asteriskToken?: TS.Node }).asteriskToken ? { types: new Set<string>(), unknown: false } : undefined;
    const inner: Context = {
      scope,
      caller: ctx.caller,
      owner: declaredThis ?? (rebindsThis ? null : ctx.owner),
      ...(returns === undefined ? {} : { returns }),
      ...(returned === undefined ? {} : { returned }),
    };
    if (body && ts.isBlock(body)) {
      declareVars(scope, body, inner.owner);
      declareLocalClasses(scope, body.statements);
      declareStatements(scope, body.statements, inner.owner);
    }
    for (const parameter of node.parameters) {
      visitDecorators(parameter, inner);
      if (parameter.initializer) visit(parameter.initializer, inner);
    }
    if (body) {
      if (ts.isBlock(body)) body.statements.forEach((statement) => visit(statement, inner));
      else visitReturned(body as TS.Expression, inner);
    }
    if (declared !== undefined) {
      const signature = signatureOf(node, ctx.scope);
      const inferred = returned && !returned.unknown && returned.types.size > 0 ? unionType([...returned.types], scope) : undefined;
      recordSignature(declared, inferred === undefined ? signature : { ...signature, returns: inferred }, !body);
    }
  };

  /**
   * What a function returns: a function returned where the return type is declared is typed by
   * it. Where none is declared, the type is inferred as the compiler does, from every `return`:
   * each one's type when it can be told (`new C()`, a typed member, another call's declared
   * return), a union when they differ; `null` and `undefined` add nothing. One that cannot be told
   * leaves the whole unknown — a guess would link calls to the wrong declaration.
   */
  const visitReturned = (expression: TS.Expression, ctx: Context): void => {
    if (ctx.returned && !ctx.returned.unknown) {
      const value = skipOuter(expression);
      if (value.kind !== ts.SyntaxKind.NullKeyword && !(ts.isIdentifier(value) && value.text === "undefined")) {
        const type = ts.isObjectLiteralExpression(value) ? objectType(value, ctx.scope, ctx.owner) : valueType(expression, ctx.scope, ctx.owner);
        if (type === undefined) ctx.returned.unknown = true;
        else ctx.returned.types.add(type);
      }
    }
    const fn = ctx.returns === undefined ? undefined : untypedFunction(expression);
    if (fn) visitFunction(fn, ctx, undefined, typedBy(ctx.returns!, ctx));
    else visit(expression, ctx);
  };

  const visitDecorators = (node: TS.Node, ctx: Context): void => {
    for (const decorator of (ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined) ?? []) {
      const expression = skipOuter(decorator.expression);
      if (ts.isMethodDeclaration(node)) for (const key of decoratorListens(decorator, false)?.keys ?? []) recordChannel(key, "listen", ctx);
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
      const resolved = name !== undefined ? inScope(name, outer) : factory && factory.head !== "unknown" ? `ret:${encodeRef(factory, outer.table)}` : undefined;
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

  /**
   * The names of a class's static members that an instance member shares (`static getId()` beside
   * `getId()`): two declarations, which calls through the class and through an instance reach apart.
   * The instance member keeps the name's key; the static one is keyed with STATIC_TWIN.
   */
  /** The keys of static members (CallableDeclaration.static). */
  const staticKeys = new Set<string>();
  const staticTwins = (node: TS.ClassLikeDeclaration, qualified: string): Set<string> => {
    const lines = { static: new Map<string, number[]>(), instance: new Map<string, number[]>() };
    for (const member of node.members) {
      const name = ts.isConstructorDeclaration(member) || ts.isClassStaticBlockDeclaration(member) ? undefined : nameText(member.name);
      if (name === undefined) continue;
      const side = isStatic(member) ? lines.static : lines.instance;
      side.set(name, [...(side.get(name) ?? []), line(member)]);
    }
    const twins = new Set<string>();
    for (const [name, staticLines] of lines.static) {
      const instanceLines = lines.instance.get(name);
      const records = declaredAt.get(`${qualified}.${name}`) ?? [];
      const own = records.find((record) => staticLines.includes(record.line));
      const other = instanceLines && records.find((record) => instanceLines.includes(record.line));
      if (!own || !other) continue;
      kinds.set(`${qualified}.${name}`, other);
      kinds.set(`${qualified}.${name}${STATIC_TWIN}`, own);
      twins.add(name);
    }
    return twins;
  };

  /** The type string of a class's value (its static side), as `typeof Class` is written. */
  const classValue = (qualified: string): string => `val:${encodeRef({ head: "scope", owner: "", names: qualified.split(".") }, table)}`;

  const visitClass = (node: TS.ClassLikeDeclaration, qualified: string | null, ctx: Context): void => {
    // A local class's calls are its enclosing declaration's, as they were before it had a key.
    const classCaller = qualified === null || qualified.includes(LOCAL_CLASS) ? ctx.caller : callerOf(qualified);
    const classCtx: Context = { ...ctx, caller: classCaller };
    visitDecorators(node, classCtx);
    // `@EventsHandler(E) class H { handle(e) {} }`: the method the framework runs for each channel.
    for (const decorator of (qualified === null ? undefined : ts.getDecorators(node)) ?? []) {
      const listens = decoratorListens(decorator, true);
      const handler = listens && `${qualified}.${listens.method}`;
      if (handler !== undefined && kinds.has(handler)) for (const key of listens!.keys) recordChannel(key, "listen", { ...classCtx, caller: callerOf(handler) });
    }
    const processor = qualified === null ? undefined : processorQueue(node);
    for (const method of processor?.methods ?? []) {
      const handler = `${qualified}.${method.name.text}`;
      if (!kinds.has(handler)) continue;
      const handlerCtx = { ...classCtx, caller: callerOf(handler) };
      recordChannel(processor!.key, "listen", handlerCtx, method.name);
      const everyJob = method.everyJob ? everyJobOf(processor!.key) : undefined;
      if (everyJob) recordChannel(everyJob, "listen", handlerCtx, method.name);
    }
    // Queues injected by key into its properties (constructor parameters included), for the `add` calls in its members.
    if (qualified !== null) {
      for (const member of node.members) {
        const parameters = ts.isConstructorDeclaration(member) ? member.parameters.filter((p) => ts.isParameterPropertyDeclaration(p, member)) : [member];
        for (const holder of parameters) {
          const key = injectedQueue(holder);
          const name = nameText((holder as TS.ParameterDeclaration | TS.ClassElement).name);
          if (key && name !== undefined) injectedQueues.set(`${qualified}.${name}`, key);
        }
      }
    }
    const scope = new Scope(ctx.scope);
    if (node.name && ts.isClassExpression(node)) scope.names.set(node.name.text, { kind: "local", type: undefined });
    declareTypeParameters(scope, node.typeParameters);
    for (const clause of node.heritageClauses ?? []) {
      for (const type of clause.types) visit(type.expression, { ...classCtx, scope });
    }
    if (qualified !== null) recordHeritage(node, qualified, ctx.scope, scope);
    const owner = qualified;
    const statics = qualified === null ? new Set<string>() : staticTwins(node, qualified);
    for (const member of node.members) {
      const name = nameText(member.name);
      const memberName = qualified !== null && name !== undefined ? (statics.has(name) && isStatic(member) ? `${qualified}.${name}${STATIC_TWIN}` : `${qualified}.${name}`) : null;
      if (memberName !== null && isStatic(member)) staticKeys.add(memberName);
      const caller = memberName !== null && !ts.isConstructorDeclaration(member) && kinds.has(memberName) && !memberName.includes(LOCAL_CLASS) ? callerOf(memberName) : classCaller;
      // In a static member `this` is the class itself, not an instance of it.
      const memberCtx: Context = { scope, caller, owner: owner !== null && isStatic(member) ? classValue(owner) : owner };
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
        const type = declaredType(member, scope, memberCtx.owner);
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
      const initializer = ts.isPropertyDeclaration(member) ? unwrapExpression(member.initializer) : undefined;
      if (ts.isFunctionLike(member)) visitFunction(member, memberCtx, declared);
      // `static create = (…): ZodString => …`: a property holding a function is called like a method.
      else if (initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))) {
        const type = ts.isPropertyDeclaration(member) && member.type ? typeName(member.type, scope) : undefined;
        visitFunction(initializer, memberCtx, declared, type === undefined ? undefined : typedBy(type, memberCtx));
      } else if (ts.isPropertyDeclaration(member) && member.initializer) visit(member.initializer, memberCtx);
      else if (ts.isClassStaticBlockDeclaration(member)) visitFunctionBody(member.body, memberCtx);
    }
  };

  const visitFunctionBody = (body: TS.Block, ctx: Context): void => {
    const scope = new Scope(ctx.scope);
    declareVars(scope, body, ctx.owner);
    declareLocalClasses(scope, body.statements);
    declareStatements(scope, body.statements, ctx.owner);
    body.statements.forEach((statement) => visit(statement, { ...ctx, scope }));
  };

  /**
   * Classes declared in a body (`class User extends Model {}` in a test's setup callback): a
   * declaration of the file's summary keyed `User@36` (LOCAL_CLASS: no name contains `@`), so that
   * what is called through them reaches their bases. Never a call's target or a caller itself.
   */
  const localClasses = new Map<TS.Node, string>();
  const declareLocalClasses = (scope: Scope, statements: readonly TS.Statement[]): void => {
    for (const statement of statements) {
      const key = ts.isClassDeclaration(statement) ? localClassKey(statement) : undefined;
      if (key === undefined) continue;
      if (!kinds.has(key)) kinds.set(key, { kind: "class", line: line(statement) });
      // Its own members too: a call of one lands there (never a target), not on a base's member of that name.
      for (const member of (statement as TS.ClassDeclaration).members) {
        const name = ts.isConstructorDeclaration(member) || ts.isClassStaticBlockDeclaration(member) ? undefined : nameText(member.name);
        const kind = ts.isMethodDeclaration(member) ? "method" : ts.isGetAccessor(member) ? "getter" : ts.isSetAccessor(member) ? "setter" : ts.isPropertyDeclaration(member) ? "property" : undefined;
        if (name === undefined || kind === undefined || kinds.has(`${key}.${name}`)) continue;
        kinds.set(`${key}.${name}`, { kind, line: line(member) });
        if (isStatic(member)) staticKeys.add(`${key}.${name}`);
      }
      localClasses.set(statement, key);
      scope.names.set((statement as TS.ClassDeclaration).name!.text, { kind: "qualified", name: key });
    }
  };

  const visitJsxTag = (tag: TS.JsxTagNameExpression, ctx: Context): void => {
    // Lower-case tags are intrinsic elements (`<div>`), not calls of anything declared.
    if (ts.isIdentifier(tag) && !/^[A-Z_$]/.test(tag.text)) return;
    if (ts.isIdentifier(tag) || ts.isPropertyAccessExpression(tag)) visitCallee(tag, "jsx", ctx);
  };

  // Children are visited in `current`, so walking a node allocates no closure for it.
  let current: Context = { scope: new Scope(undefined, table), caller: 0, owner: null };
  const visitChild = (child: TS.Node): void => visit(child, current);
  const visitChildren = (node: TS.Node, ctx: Context): void => {
    const saved = current;
    current = ctx;
    ts.forEachChild(node, visitChild);
    current = saved;
  };

  /** Any node inside a body: finds call sites and keeps the scope in step with blocks and functions. */
  /** The context where `condition` holds: each `name instanceof C` among its `&&` terms makes that name a C. */
  const narrowedBy = (condition: TS.Expression, ctx: Context): Context => {
    const facts: [string, string][] = [];
    const collect = (expression: TS.Expression): void => {
      let current = expression;
      while (ts.isParenthesizedExpression(current)) current = current.expression;
      // `isOperationNodeSource(value)`: what the guard's `value is T` says, linked later (`guard:`);
      // the local's declared type where the callee is no such guard.
      if (ts.isCallExpression(current)) {
        const guard = calleeOf(current.expression, ctx)?.ref;
        if (guard === undefined || guard.head === "unknown") return;
        current.arguments.forEach((argument, i) => {
          const subject = skipOuter(argument);
          const binding = ts.isIdentifier(subject) ? ctx.scope.lookup(subject.text) : undefined;
          if (binding?.kind !== "local" || binding.typeParameter) return;
          const declared = binding.type === undefined ? null : ctx.scope.table.embed(binding.type);
          // The call as a return is typed (`call:` with its arguments' types), so a generic guard's parameters bind.
          const call = callType(current, encodeRef(guard, ctx.scope.table), ctx.scope, ctx.owner);
          facts.push([(subject as TS.Identifier).text, `guard:${JSON.stringify([i, ctx.scope.table.embed(call), declared])}`]);
        });
        return;
      }
      if (!ts.isBinaryExpression(current)) return;
      if (current.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
        collect(current.left);
        collect(current.right);
      } else if (current.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword) {
        const subject = skipOuter(current.left);
        const name = entityName(current.right);
        const type = name === undefined ? undefined : inScope(name, ctx.scope);
        if (ts.isIdentifier(subject) && type !== undefined) facts.push([subject.text, type]);
      }
    };
    collect(condition);
    if (facts.length === 0) return ctx;
    const scope = new Scope(ctx.scope);
    for (const [name, type] of facts) scope.names.set(name, { kind: "local", type });
    return { ...ctx, scope };
  };

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
        for (const key of listenedKeys(node as TS.CallExpression)) recordChannel(key, "listen", ctx);
        const emitted = emittedKeys(node as TS.CallExpression);
        for (const key of emitted.keys) recordChannel(key, "emit", ctx);
        if (emitted.queue) {
          // `this.queue.add(name, data)` on a queue injected by key: the job name, when it is one, says which handler;
          // else any of the queue's. A queue stored in the property (storedQueue) is that property.
          const receiver = skipOuter(emitted.queue);
          const injected = ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === K.ThisKeyword && ctx.owner !== null ? injectedQueues.get(`${ctx.owner}.${receiver.name.text}`) : undefined;
          const at = (node as TS.CallExpression).expression;
          const everyJob = injected && everyJobOf(injected);
          if (injected === undefined) recordChannel({ expression: emitted.queue }, "emit", ctx);
          else if (emitted.keys.length === 0) recordChannel(injected, "emit", ctx, at);
          else if (everyJob) recordChannel(everyJob, "emit", ctx, at);
        }
        visitArguments(callee, (node as TS.CallExpression).arguments, ctx);
        return;
      }
      case K.NewExpression:
        visitCallee((node as TS.NewExpression).expression, "new", ctx);
        for (const key of listenedKeys(node as TS.NewExpression)) recordChannel(key, "listen", ctx);
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
        // A member read that is not called still counts: `this.handle` passed as a callback. One
        // passed as an argument is kept even on an unknown receiver, to be listed if it is not linked.
        const callee = calleeOf(access, ctx);
        const passed = passedReads.has(access);
        if (callee && (callee.ref.head !== "unknown" || passed)) record(callee.nameNode, "ref", callee.ref, ctx, passed);
        visit(access.expression, ctx);
        return;
      }
      case K.JsxSelfClosingElement:
      case K.JsxOpeningElement: {
        const element = node as TS.JsxSelfClosingElement | TS.JsxOpeningElement;
        visitJsxTag(element.tagName, ctx);
        // `onClick={form.submit}` hands the method to the component, as an argument does.
        for (const attribute of element.attributes.properties) {
          const value = ts.isJsxAttribute(attribute) && attribute.initializer && ts.isJsxExpression(attribute.initializer) && attribute.initializer.expression ? unwrapExpression(attribute.initializer.expression) : undefined;
          if (value && (ts.isPropertyAccessExpression(value) || ts.isElementAccessExpression(value))) passedReads.add(value);
          if (value && ts.isIdentifier(value)) recordValue(value, ctx);
        }
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
      case K.ReturnStatement:
        if ((node as TS.ReturnStatement).expression) visitReturned((node as TS.ReturnStatement).expression!, ctx);
        return;
      case K.VariableDeclaration: {
        const declaration = node as TS.VariableDeclaration;
        // `const process: OrderProcess = { onTransitionEnd() { … } }` in a function: declared as the function's
        // member (`configure.process`), so that its methods implement the type's, as a file-level object's do.
        const object = declaration.type && ts.isIdentifier(declaration.name) ? unwrapExpression(declaration.initializer) : undefined;
        const objectType = object && ts.isObjectLiteralExpression(object) ? typeName(declaration.type, ctx.scope) : undefined;
        const enclosing = nameOfKey(callers[ctx.caller]!.name);
        if (object && ts.isObjectLiteralExpression(object) && objectType !== undefined && enclosing !== MODULE_CALLER && DECLARED_TYPE.test(objectType)) {
          const qualified = `${enclosing}.${(declaration.name as TS.Identifier).text}`;
          members.push({ name: qualified, kind: "constant", line: line(declaration), type: objectType });
          declareObjectMembers(object, qualified, ctx.scope);
          visitObjectMethods(object, qualified, objectType, ctx);
          return;
        }
        // `const queue = createQueue({ process })` at file level: whoever reads it to add a job publishes to that process function.
        if (ts.isIdentifier(declaration.name) && storedQueue(declaration.initializer)) recordChannel({ expression: declaration.name }, "listen", ctx);
        // `const handler: Handler = (c) => …`: the declared function type types its parameters.
        const fn = declaration.type ? untypedFunction(declaration.initializer) : undefined;
        const type = fn && typeName(declaration.type, ctx.scope);
        if (!fn || type === undefined) break;
        visit(declaration.name, ctx);
        visitFunction(fn, ctx, undefined, typedBy(type, ctx));
        return;
      }
      case K.ClassDeclaration:
      case K.ClassExpression:
        visitClass(node as TS.ClassLikeDeclaration, localClasses.get(node) ?? null, ctx);
        return;
      case K.Block:
      case K.ModuleBlock:
      case K.CaseBlock: {
        const scope = new Scope(ctx.scope);
        const statements = ts.isCaseBlock(node) ? node.clauses.flatMap((clause) => [...clause.statements]) : (node as TS.Block).statements;
        declareLocalClasses(scope, statements);
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
      // `if (x instanceof C) x.run()`, `x instanceof C && x.run()`, `x instanceof C ? x.run() : …`:
      // where the test holds, x is a C, as the compiler narrows it.
      case K.IfStatement: {
        const statement = node as TS.IfStatement;
        visit(statement.expression, ctx);
        visit(statement.thenStatement, narrowedBy(statement.expression, ctx));
        if (statement.elseStatement) visit(statement.elseStatement, ctx);
        return;
      }
      case K.ConditionalExpression: {
        const conditional = node as TS.ConditionalExpression;
        visit(conditional.condition, ctx);
        visit(conditional.whenTrue, narrowedBy(conditional.condition, ctx));
        visit(conditional.whenFalse, ctx);
        return;
      }
      case K.BinaryExpression: {
        const binary = node as TS.BinaryExpression;
        // `model.findOne = sinon.stub()` replaces the method: listed, as a read passed on is, if it cannot be linked.
        if (binary.operatorToken.kind === K.EqualsToken && replacesMember(binary.left)) passedReads.add(binary.left);
        // `this.queue = await jobs.createQueue({ process })`: whoever reads `this.queue` to add a job publishes to that process function.
        if (binary.operatorToken.kind === K.EqualsToken && storedQueue(binary.right)) recordChannel({ expression: binary.left }, "listen", ctx);
        // `db.$cache.invalidate = cache?.onMutate` hands the method on, as an argument does.
        const assigned = binary.operatorToken.kind === K.EqualsToken && (ts.isPropertyAccessExpression(binary.left) || ts.isElementAccessExpression(binary.left)) ? unwrapExpression(binary.right) : undefined;
        if (assigned && (ts.isPropertyAccessExpression(assigned) || ts.isElementAccessExpression(assigned))) passedReads.add(assigned);
        if (binary.operatorToken.kind !== K.AmpersandAmpersandToken) break;
        visit(binary.left, ctx);
        visit(binary.right, narrowedBy(binary.left, ctx));
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
        const qualified = name === undefined ? null : valueKey(qualify(container, name));
        if (container === "" && exported && name !== undefined) exports.push({ name: isDefault ? "default" : name, local: name });
        visitDecorators(statement, base);
        visitFunction(statement, { ...base, caller: qualified !== null && kinds.has(qualified) ? callerOf(qualified) : moduleCaller }, qualified ?? undefined);
      } else if (ts.isClassDeclaration(statement)) {
        const name = nameText(statement.name) ?? (isDefault ? "default" : undefined);
        if (container === "" && exported && name !== undefined) exports.push({ name: isDefault ? "default" : name, local: name });
        visitClass(statement, name === undefined ? null : qualify(container, name), base);
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          // `const lib = require("./lib")` imports, as ES `import` does.
          if (container === "") imports.push(...requiredImports(declaration));
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
        // A generic alias (`type OmitConstructors<T> = Pick<T, …>`) is bound where it is used (`gen:`).
        const aliasScope = new Scope(scope);
        declareTypeParameters(aliasScope, statement.typeParameters);
        const typeParams = (statement.typeParameters ?? []).map((parameter) => parameter.name.text);
        const literal = unparenthesizedType(statement.type);
        // `type Interceptor = { execute(…): R }` is an interface by another name: its members are declarations that
        // calls land on and a class `implements`; one with an index signature alone stays a record (`map:`).
        if (ts.isTypeLiteralNode(literal) && literal.members.some((member) => (ts.isPropertySignature(member) || ts.isMethodSignature(member)) && nameText(member.name) !== undefined)) {
          declareTypeMembers(literal.members, qualify(container, statement.name.text), aliasScope);
          if (typeParams.length > 0) extras.set(qualify(container, statement.name.text), { typeParams });
        } else {
          const aliased = typeName(statement.type, aliasScope);
          if (aliased !== undefined) extras.set(qualify(container, statement.name.text), { type: aliased, ...(typeParams.length > 0 ? { typeParams } : {}) });
        }
        // `type H = Handler | Middleware`, `type Handler = (c: Context) => R`: what a function of this type is passed.
        const functions = (ts.isUnionTypeNode(statement.type) ? statement.type.types : [statement.type]).map(unparenthesizedType).filter((type) => ts.isFunctionTypeNode(type));
        if (functions.length > 0) {
          const name = qualify(container, statement.name.text);
          extras.set(name, { ...extras.get(name), signatures: functions.map((type) => signatureOf(type, aliasScope)) });
        }
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
        } else if (expression && ts.isIdentifier(expression)) {
          // `export = React` (a package's declarations): the module is that namespace or value.
          exports.push({ name: MODULE_EXPORTS, local: expression.text });
        }
        visit(statement.expression, { ...base, caller: kinds.has("default") ? callerOf("default") : moduleCaller });
      } else {
        const commonjs = container === "" ? commonjsExport(statement) : undefined;
        if (commonjs) visitCommonjsExport(commonjs, base);
        else visit(statement, base);
      }
    }
  };

  /**
   * `exports.parse = function (…) {…}`, `module.exports.parse = parse`, `module.exports = { format }`,
   * `module.exports = render`: recorded as the exports an ES module would write, so that what
   * `require()` binds in another file resolves as an import does.
   */
  const visitCommonjsExport = ({ name, value }: { name: string; value: TS.Expression }, base: Context): void => {
    const expression = unwrapExpression(value);
    if (name === MODULE_EXPORTS && expression && ts.isObjectLiteralExpression(expression)) {
      // The module is this object: its properties are its exports, and an ES default import binds it whole.
      exports.push({ name: MODULE_EXPORTS, local: MODULE_EXPORTS });
      for (const property of expression.properties) {
        const initializer = ts.isPropertyAssignment(property) ? unwrapExpression(property.initializer) : undefined;
        const local = ts.isShorthandPropertyAssignment(property) ? property.name.text : initializer && ts.isIdentifier(initializer) ? initializer.text : undefined;
        const exported = nameText(property.name);
        if (local !== undefined && exported !== undefined) exports.push({ name: exported, local });
        // `parse() {}`, `format: function () {}`: declared by the name it is exported as (extract-symbols.ts).
        const fn = ts.isMethodDeclaration(property) ? property : initializer && (ts.isFunctionExpression(initializer) || ts.isArrowFunction(initializer)) ? initializer : undefined;
        if (fn && exported !== undefined && kinds.has(exported)) {
          exports.push({ name: exported, local: exported });
          // `this` in a method of the exported object is the module's exports.
          visitFunction(fn, { ...base, caller: callerOf(exported), owner: ts.isArrowFunction(fn) ? base.owner : MODULE_EXPORTS }, exported);
        } else {
          visit(property, base);
        }
      }
      return;
    } else if (name === MODULE_EXPORTS && expression && (ts.isFunctionExpression(expression) || ts.isClassExpression(expression)) && expression.name && kinds.has(expression.name.text)) {
      // `module.exports = function render() {}`: the module is that function, declared by its own name.
      const own = expression.name.text;
      exports.push({ name, local: own });
      if (ts.isFunctionExpression(expression)) visitFunction(expression, { ...base, caller: callerOf(own) }, own);
      else visitClass(expression, own, base);
      return;
    } else if (expression && ts.isIdentifier(expression)) {
      exports.push({ name, local: expression.text });
    } else if (name !== MODULE_EXPORTS && kinds.has(name) && expression && (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression))) {
      // Declared by the name it is exported as (extract-symbols.ts).
      exports.push({ name, local: name });
      visitFunction(expression, { ...base, caller: callerOf(name) }, name);
      return;
    } else if (name !== MODULE_EXPORTS && kinds.has(name) && expression && ts.isClassExpression(expression)) {
      exports.push({ name, local: name });
      visitClass(expression, name, base);
      return;
    }
    visit(value, base);
  };

  const visitVariable = (declaration: TS.VariableDeclaration, container: string, scope: Scope, moduleCaller: number, exported: boolean): void => {
    const name = ts.isIdentifier(declaration.name) ? declaration.name.text : undefined;
    const qualified = name === undefined ? null : valueKey(qualify(container, name));
    if (container === "" && exported) for (const bound of boundNames(declaration.name)) exports.push({ name: bound, local: bound });
    const caller = qualified !== null && kinds.has(qualified) ? callerOf(qualified) : moduleCaller;
    const ctx: Context = { scope, caller, owner: null };
    if (qualified === null) {
      // `const { arrange, act } = setup()`: each name declared with the member of what it is taken from.
      const source = ts.isObjectBindingPattern(declaration.name) ? declaredType(declaration, scope, null) : undefined;
      if (source !== undefined && ts.isObjectBindingPattern(declaration.name)) {
        for (const element of declaration.name.elements) {
          const property = nameText(element.propertyName ?? (ts.isIdentifier(element.name) ? element.name : undefined));
          if (element.dotDotDotToken || !ts.isIdentifier(element.name) || property === undefined) continue;
          const bound = qualify(container, element.name.text);
          if (kinds.has(bound)) extras.set(bound, { ...extras.get(bound), type: `mem:${JSON.stringify([property, scope.table.embed(source)])}` });
        }
      }
      if (declaration.initializer) visit(declaration.initializer, ctx);
      return;
    }
    const type = declaredType(declaration, scope, null);
    // `interface Map<K, V> {…}` with `declare var Map: MapConstructor`: the value's type joins the interface's parameters.
    if (type !== undefined) extras.set(qualified, { ...extras.get(qualified), type });
    // `const make: (tag: T) => new () => Base = …`: a variable of function type has a signature too.
    if (declaration.type && ts.isFunctionTypeNode(declaration.type)) recordSignature(qualified, signatureOf(declaration.type, scope), false);
    const initializer = unwrapExpression(declaration.initializer);
    if (initializer && ts.isClassExpression(initializer)) {
      visitClass(initializer, qualified, ctx);
    } else if (initializer && ts.isObjectLiteralExpression(initializer)) {
      declareObjectMembers(initializer, qualified, scope);
      visitObjectMethods(initializer, qualified, declaration.type ? typeName(declaration.type, scope) : undefined, ctx);
    } else if (initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))) {
      const declared = declaration.type && untypedFunction(initializer) ? typeName(declaration.type, scope) : undefined;
      visitFunction(initializer, ctx, qualified, declared === undefined ? undefined : typedBy(declared, ctx));
    } else if (declaration.initializer) {
      visit(declaration.initializer, ctx);
    }
  };

  /**
   * The methods of an object literal held by `qualified`. Inside them `this` is the object, or the
   * type it is declared as (`this.toJSON()` lands on that member). Each method's calls are its own
   * (`RESTRequest.toRequest`, not `RESTRequest`): what calls it reaches what it calls, and a method
   * of an object declared with a type implements that type's member (`process.onTransitionEnd()`).
   */
  const visitObjectMethods = (object: TS.ObjectLiteralExpression, qualified: string, declared: string | undefined, ctx: Context): void => {
    const thisType = declared ?? qualified;
    // `const encoders: { [K in Kind]: (ast: …) => Code } = { table(ast) { … } }`: an untyped
    // parameter takes its type from the member's type in the declared one.
    const typedAs = (name: string | undefined, fn: TS.SignatureDeclaration) =>
      declared !== undefined && name !== undefined && fn.parameters.some((parameter) => !parameter.type) ? typedBy(`mem:${JSON.stringify([name, ctx.scope.table.embed(declared)])}`, ctx) : undefined;
    for (const property of object.properties) {
      if (ts.isMethodDeclaration(property) || ts.isGetAccessorDeclaration(property) || ts.isSetAccessorDeclaration(property)) {
        const name = nameText(property.name);
        const caller =
          name !== undefined && kinds.has(`${qualified}.${name}`)
            ? callerOf(`${qualified}.${name}`)
            : name !== undefined && ts.isMethodDeclaration(property)
              ? callerOf(`${qualified}.${name}`, { kind: "method", line: line(property) })
              : ctx.caller;
        visitDecorators(property, ctx);
        if (property.name && ts.isComputedPropertyName(property.name)) visit(property.name.expression, ctx);
        visitFunction(property, { ...ctx, caller, owner: thisType }, undefined, ts.isMethodDeclaration(property) ? typedAs(name, property) : undefined);
      } else if (ts.isPropertyAssignment(property) && functionValue(property.initializer)) {
        const name = nameText(property.name);
        const fn = functionValue(property.initializer)!;
        const caller = name !== undefined ? callerOf(`${qualified}.${name}`, { kind: "method", line: line(property) }) : ctx.caller;
        visitFunction(fn, { ...ctx, caller }, undefined, untypedFunction(fn) ? typedAs(name, fn) : undefined);
      } else {
        visit(property, ctx);
      }
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
    declareTypeMembers(node.members, qualified, scope);
  };

  /** An interface's members, or an object type alias's (`type Interceptor = { execute: (r: Req) => Res }`). */
  const declareTypeMembers = (typeMembers: readonly TS.TypeElement[], qualified: string, scope: Scope): void => {
    for (const member of typeMembers) {
      // `interface HandlerInterface { (path: string, ...handlers: H[]): App }`: calling a value of this type.
      if (ts.isCallSignatureDeclaration(member)) recordSignature(qualified, signatureOf(member, scope), true);
      // `[K: string]: Column`: what any key (`shape[key]`, `shape.id`) holds.
      if (ts.isIndexSignatureDeclaration(member)) {
        const type = typeName(member.type, scope);
        if (type !== undefined) members.push({ name: `${qualified}.${ELEMENT}`, kind: "property", line: line(member), type });
        continue;
      }
      const name = nameText(member.name);
      if (name === undefined) continue;
      if (ts.isMethodSignature(member)) recordSignature(`${qualified}.${name}`, signatureOf(member, scope), true);
      const type = ts.isPropertySignature(member) ? typeName(member.type, scope) : undefined;
      // A property of function type is called like a method (`next: (value: T) => void`).
      const isFunctionProperty = ts.isPropertySignature(member) && member.type !== undefined && ts.isFunctionTypeNode(unparenthesizedType(member.type));
      if (isFunctionProperty) recordSignature(`${qualified}.${name}`, signatureOf(unparenthesizedType(member.type!) as TS.FunctionTypeNode, scope), false);
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

  visitStatements(sourceFile.statements, "", new Scope(undefined, table));

  // More than one overload, or the call signatures of a type: callers see these, not the implementation.
  for (const [name, signatures] of overloads) {
    const known = extras.get(name);
    const isType = kinds.get(name)?.kind === "interface";
    if (signatures.length > 1 || isType) extras.set(name, { ...known, signatures });
  }
  const declarations: CallableDeclaration[] = [];
  for (const [key, { kind, line: declared }] of kinds) {
    const name = nameOfKey(key);
    declarations.push({ name, kind: kind as CallableDeclaration["kind"], line: declared, ...(staticKeys.has(key) ? { static: true as const } : {}), ...extras.get(key) });
  }
  for (const member of members) if (!kinds.has(member.name)) declarations.push({ ...member, ...extras.get(member.name) });
  // Only callers with a site are kept; site indices are renumbered to match.
  const kept = [...used].sort((a, b) => a - b);
  const renumbered = new Map(kept.map((old, index) => [old, index]));
  return {
    callers: kept.map((index) => {
      const caller = callers[index]!;
      const name = nameOfKey(caller.name);
      return name === caller.name ? caller : { ...caller, name };
    }),
    declarations,
    imports: [...imports, ...table.typeImports],
    exports,
    sites: sites.map((site) => encodeCallSite({ ...site, caller: renumbered.get(site.caller)!, callee: { ...site.callee, owner: embedOwner(site.callee, table) } })),
    types: table.entries,
  };
}

