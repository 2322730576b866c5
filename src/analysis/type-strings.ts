// The type strings of core/calls/CALLS.md, read off the syntax of one file: what a receiver, a
// variable or a parameter is declared as, in the scope it is written in, to be resolved when linking.
import { MODULE_EXPORTS, type CallableDeclaration, type CalleeRef, type CallSignature } from "../model.js";
import { ELEMENT } from "../core/calls/call-site-codec.js";
import { THIS_TYPE } from "../core/calls/type-references.js";
import { Scope, type Context } from "./call-scope.js";
import { requiredSpecifier } from "./commonjs.js";
import { nameText, ts, type TS } from "./compiler.js";
import { encodeRef, entityName, isLiteralName, isNullish, localClassKey, qualifiedNameText, skipOuter, WRAPPER_TYPES } from "./syntax-names.js";

/** The callee of `expression` and the node naming it, or undefined when nothing can be named. */
/**
 * What a call's callee refers to, for typing what the call returns and the callbacks passed to it:
 * as calleeOf, and also a local holding a function of a known type (`const { arrange } = setup();
 * arrange(…)`), whose call is no call site of its own.
 */
export const calledRef = (expression: TS.Expression, ctx: Context): CalleeRef | undefined => {
  const ref = calleeOf(expression, ctx)?.ref;
  if (ref !== undefined || !ts.isIdentifier(expression)) return ref;
  const binding = ctx.scope.lookup(expression.text);
  return binding?.kind === "local" && binding.type !== undefined && !binding.typeParameter ? { head: "type", owner: binding.type, names: [] } : undefined;
};

export const calleeOf = (expression: TS.Expression, ctx: Context): { ref: CalleeRef; nameNode: TS.Node } | undefined => {
  const names: string[] = [];
  let nameNode: TS.Node | undefined;
  let current = skipOuter(expression);
  for (;;) {
    let receiver: TS.Expression;
    if (ts.isPropertyAccessExpression(current)) {
      const name = nameText(current.name);
      if (name === undefined) return undefined;
      names.unshift(name);
      nameNode ??= current.name;
      receiver = current.expression;
    } else if (ts.isElementAccessExpression(current) && isLiteralName(current.argumentExpression)) {
      names.unshift(current.argumentExpression.text);
      nameNode ??= current.argumentExpression;
      receiver = current.expression;
    } else if (ts.isElementAccessExpression(current) && nameNode !== undefined) {
      // `items[i].run()`: an element of whatever `items` is declared as.
      names.unshift(ELEMENT);
      receiver = current.expression;
    } else {
      break;
    }
    // `(x as T).run()` is T's run, whatever x is: the assertion is what the compiler goes by.
    const asserted = assertedType(receiver, ctx.scope);
    if (asserted !== undefined && nameNode !== undefined) {
      return asserted === null ? { ref: { head: "unknown", owner: "", names: [names[names.length - 1]!] }, nameNode } : { ref: { head: "type", owner: asserted, names }, nameNode };
    }
    current = skipOuter(receiver);
  }
  if (ts.isIdentifier(current)) {
    nameNode ??= current;
    const binding = ctx.scope.lookup(current.text);
    // CommonJS `exports.parse()`, `module.exports.parse()`: the file's own exports, as an importer reaches them.
    if (!binding && ctx.scope.table.self !== "" && names.length > 0 && (current.text === "exports" || (current.text === "module" && names[0] === "exports"))) {
      const reached = current.text === "module" ? names.slice(1) : names;
      return { ref: { head: "import", owner: ctx.scope.table.self, names: reached.length === 0 ? [MODULE_EXPORTS] : reached }, nameNode };
    }
    if (!binding) return { ref: { head: "scope", owner: "", names: [current.text, ...names] }, nameNode };
    if (binding.kind === "qualified") return { ref: { head: "scope", owner: "", names: [...binding.name.split("."), ...names] }, nameNode };
    // What a module exports is reached through it, as `import("./x")` is; the module itself called is what `module.exports =` holds.
    if (binding.kind === "required") {
      const reached = binding.imported === "*" ? names : [binding.imported, ...names];
      return { ref: { head: "import", owner: binding.specifier, names: reached.length === 0 ? [MODULE_EXPORTS] : reached }, nameNode };
    }
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
  // `require("./x").run()`: a member of the module it loads, as `import("./x")`'s.
  const required = requiredSpecifier(current);
  if (required !== undefined) return { ref: { head: "import", owner: required, names }, nameNode };
  // `(await import("./x.js")).run()`: a member of the module it loads.
  const loaded = ts.isAwaitExpression(current) ? skipOuter(current.expression) : current;
  if (ts.isCallExpression(loaded) && loaded.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [specifier] = loaded.arguments;
    if (specifier && ts.isStringLiteralLike(specifier)) return { ref: { head: "import", owner: specifier.text, names }, nameNode };
  }
  // `this.inner()` in a method of `module.exports = { … }`: the module's own export.
  if (current.kind === ts.SyntaxKind.ThisKeyword && ctx.owner === MODULE_EXPORTS && ctx.scope.table.self !== "") {
    return { ref: { head: "import", owner: ctx.scope.table.self, names }, nameNode };
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

/**
 * The type an expression is asserted to be (`x as T`, `<T>x`, inside parentheses): the type's
 * name, null when it names nothing a member could be found on (`any`, `unknown`, a literal type),
 * undefined when there is no assertion (or only `as const`, which asserts nothing new).
 */
const assertedType = (expression: TS.Expression, scope: Scope): string | null | undefined => {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isNonNullExpression(current)) current = current.expression;
  if (!ts.isAsExpression(current) && !ts.isTypeAssertionExpression(current)) return undefined;
  if (ts.isConstTypeReference(current.type)) return undefined;
  return typeName(current.type, scope) ?? null;
};

/** For a parameter of function type, the declared types of that function's own parameters. */
export const callbackTypes = (type: TS.TypeNode | undefined, scope: Scope): (string | null)[] | undefined => {
  let current = type && unparenthesizedType(type);
  if (current && ts.isUnionTypeNode(current)) {
    // `Brackets | string | ((qb: this) => string)`: a function passed there can only be the one function type.
    const functions = current.types.map(unparenthesizedType).filter((member) => ts.isFunctionTypeNode(member));
    const named = current.types.filter((member) => !isNullish(member));
    current = functions.length === 1 ? functions[0] : named.length === 1 ? unparenthesizedType(named[0]!) : undefined;
  }
  if (!current || !ts.isFunctionTypeNode(current)) return undefined;
  const inner = new Scope(scope);
  for (const parameter of current.typeParameters ?? []) inner.names.set(parameter.name.text, { kind: "local", type: undefined });
  return current.parameters
    .filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === "this"))
    .map((parameter) => typeName(parameter.type, inner) ?? null);
};

/**
 * A type annotation as a type string (see CallableDeclaration.type): a dotted name in file scope,
 * `arr:<element>`, `union:[…]` or `inter:[…]`; undefined for what names no class or interface.
 */
export const typeName = (type: TS.TypeNode | undefined, scope: Scope): string | undefined => {
  if (!type) return undefined;
  if (ts.isTypeReferenceNode(type)) {
    const name = qualifiedNameText(type.typeName);
    const [argument] = type.typeArguments ?? [];
    // Wrappers that keep (some of) the members of what they wrap.
    if (WRAPPER_TYPES.has(name) && argument) return typeName(argument, scope);
    // `ReturnType<typeof make>`, `ReturnType<Driver['getPlatform']>`: what that function returns, as a call of it would.
    if (name === "ReturnType" && argument) return returnTypeOf(argument, scope);
    // `InstanceType<typeof Repo>`: what `new` of that value makes.
    if (name === "InstanceType" && argument) {
      const constructor = typeName(argument, scope);
      return constructor === undefined ? undefined : `new:${constructor}`;
    }
    // `Record<string, Repo>`: every member a Repo, as a mapped type's.
    if (name === "Record" && type.typeArguments?.length === 2 && inScope(name, scope) === name) {
      const value = typeName(type.typeArguments[1], scope);
      return value === undefined ? undefined : `map:${value}`;
    }
    if ((name === "Array" || name === "ReadonlyArray") && type.typeArguments?.length === 1) {
      const element = typeName(argument, scope);
      return element === undefined ? undefined : `arr:${element}`;
    }
    const named = inScope(name, scope);
    // `Repo<User>`: the arguments bind the generic's type parameters (`gen:[name, args]`).
    const args = (type.typeArguments ?? []).map((node) => typeName(node, scope) ?? null);
    return named !== undefined && args.some((arg) => arg !== null) ? `gen:${JSON.stringify([named, args.map((arg) => (arg === null ? null : scope.table.embed(arg)))])}` : named;
  }
  // `import("../service/order.service").OrderService`: a type of another module, named without an import statement.
  if (ts.isImportTypeNode(type) && !type.isTypeOf && type.qualifier && ts.isLiteralTypeNode(type.argument) && ts.isStringLiteral(type.argument.literal)) {
    const named = `${scope.table.importType(type.argument.literal.text)}.${qualifiedNameText(type.qualifier)}`;
    const args = (type.typeArguments ?? []).map((node) => typeName(node, scope) ?? null);
    return args.some((arg) => arg !== null) ? `gen:${JSON.stringify([named, args.map((arg) => (arg === null ? null : scope.table.embed(arg)))])}` : named;
  }
  if (type.kind === ts.SyntaxKind.ThisType) return THIS_TYPE;
  // `Options['logger']`: the declared type of that member.
  if (ts.isIndexedAccessTypeNode(type)) {
    const member = literalIndex(type);
    const holder = member === undefined ? undefined : typeName(type.objectType, scope);
    return holder === undefined ? undefined : `mem:${JSON.stringify([member, scope.table.embed(holder)])}`;
  }
  // `typeof BaseEntity`: the value itself (a class's static side), as the name refers to it.
  if (ts.isTypeQueryNode(type) && !type.typeArguments) {
    const named = typeofRef(type, scope);
    if (named === undefined) {
      // `typeof local`: the local's own type.
      const binding = scope.lookup(qualifiedNameText(type.exprName));
      return binding?.kind === "local" && !binding.typeParameter ? binding.type : undefined;
    }
    return `val:${encodeRef(named, scope.table)}`;
  }
  if (ts.isParenthesizedTypeNode(type) || ts.isTypeOperatorNode(type)) return typeName(type.type, scope);
  // `new (…) => T`: what it constructs.
  if (ts.isConstructorTypeNode(type)) return typeName(type.type, scope);
  if (ts.isTypeLiteralNode(type)) {
    // `{ subs: Subscription }`: the declared types of its properties (`obj:{…}`).
    const members: Record<string, string> = {};
    for (const member of type.members) {
      const name = ts.isPropertySignature(member) || ts.isMethodSignature(member) ? nameText(member.name) : undefined;
      if (name === undefined) continue;
      // `{ onError?: (c: Context) => Response }`: a function's signature (`fn:`), for a function assigned there.
      const declared = (member as TS.PropertySignature).type;
      const fn = ts.isMethodSignature(member) ? member : declared && unparenthesizedType(declared);
      const memberType = fn && ts.isFunctionLike(fn) ? `fn:${JSON.stringify(signatureOf(fn, scope))}` : typeName((member as TS.PropertySignature).type, scope);
      if (memberType !== undefined) members[name] = scope.table.embed(memberType);
    }
    if (Object.keys(members).length > 0) return `obj:${JSON.stringify(members)}`;
    // `{ [K: string]: Column }`: every member a Column, as a mapped type's.
    const index = type.members.find((member) => ts.isIndexSignatureDeclaration(member));
    const value = index && typeName(index.type, scope);
    return value === undefined ? undefined : `map:${value}`;
  }
  if (ts.isMappedTypeNode(type) && type.type) {
    // `{ [K in keyof T]: K extends 'then' ? … : T[K] }`: T's members, some retyped (not its methods).
    const constraint = type.typeParameter.constraint;
    if (constraint && ts.isTypeOperatorNode(constraint) && constraint.operator === ts.SyntaxKind.KeyOfKeyword && keepsMembers(type.type, constraint.type, type.typeParameter.name.text)) {
      return typeName(constraint.type, scope);
    }
    // `{ [K in keyof T]: Table<T[K]> }`: every member has the value's type (`map:<value>`).
    const inner = new Scope(scope);
    inner.names.set(type.typeParameter.name.text, { kind: "local", type: undefined, typeParameter: true });
    // `{ [K in Kind]: (ast: …) => Code }`: a member is a function of that signature.
    const template = unparenthesizedType(type.type);
    const value = ts.isFunctionTypeNode(template) ? `fn:${JSON.stringify(signatureOf(template, inner))}` : typeName(template, inner);
    return value === undefined ? undefined : `map:${value}`;
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
    return `arr:${parts.length === 1 ? parts[0]! : `union:${JSON.stringify(parts.map((part) => scope.table.embed(part!)))}`}`;
  }
  if (ts.isArrayTypeNode(type)) {
    const element = typeName(type.elementType, scope);
    return element === undefined ? undefined : `arr:${element}`;
  }
  if (ts.isConditionalTypeNode(type)) {
    // `A extends B ? C : D` is one of its branches (a `never` one is none); a type `infer` declares is not known here.
    const inner = new Scope(scope);
    const declareInferred = (node: TS.Node): void => {
      if (ts.isInferTypeNode(node)) inner.names.set(node.typeParameter.name.text, { kind: "local", type: undefined, typeParameter: true });
      ts.forEachChild(node, declareInferred);
    };
    declareInferred(type.extendsType);
    // `A extends new (...args: infer P) => infer I ? … I …`: I is what `new` of A makes (InstanceType<A>).
    const pattern = unparenthesizedType(type.extendsType);
    if (ts.isConstructorTypeNode(pattern) && ts.isInferTypeNode(pattern.type)) {
      const check = typeName(type.checkType, scope);
      if (check !== undefined) inner.names.set(pattern.type.typeParameter.name.text, { kind: "local", type: `new:${check}`, typeParameter: true });
    }
    const branches = [
      ...(type.trueType.kind === ts.SyntaxKind.NeverKeyword ? [] : [typeName(type.trueType, inner)]),
      ...(type.falseType.kind === ts.SyntaxKind.NeverKeyword ? [] : [typeName(type.falseType, scope)]),
    ];
    if (branches.length === 0 || branches.some((branch) => branch === undefined)) return undefined;
    const parts = [...new Set(branches as string[])];
    return parts.length === 1 ? parts[0] : `either:${JSON.stringify(parts.map((part) => scope.table.embed(part)))}`;
  }
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) {
    // `unknown | Expression` is `unknown` (and `any | X` is `any`): nothing is known of its members.
    if (ts.isUnionTypeNode(type) && type.types.some((member) => member.kind === ts.SyntaxKind.UnknownKeyword || member.kind === ts.SyntaxKind.AnyKeyword)) return undefined;
    const named = type.types.filter((member) => !isNullish(member));
    // A member read on a union compiles only where narrowing left the parts that have the
    // member, so parts that name no class or interface (a function type, a primitive) drop out;
    // on an intersection, the member comes from any part.
    // `A & ((...args: P) => I)`: a function part of an intersection is how the whole is called.
    const partType = (member: TS.TypeNode): string | undefined => {
      const fn = ts.isIntersectionTypeNode(type) ? unparenthesizedType(member) : undefined;
      return fn && ts.isFunctionTypeNode(fn) ? `fn:${JSON.stringify(signatureOf(fn, scope))}` : typeName(member, scope);
    };
    const known = named.map(partType).filter((part) => part !== undefined);
    if (known.length <= 1) return known[0];
    return `${ts.isUnionTypeNode(type) ? "union" : "inter"}:${JSON.stringify(known.map((part) => scope.table.embed(part)))}`;
  }
  return undefined;
};

/**
 * An object literal a function returns (`return { arrange, act }`), as `obj:` of its members whose
 * types can be told: a function by its signature, anything else by its value's type. A member
 * left out is not known (unresolved where called); a spread may hold any member: the whole is unknown.
 */
export const objectType = (object: TS.ObjectLiteralExpression, scope: Scope, owner: string | null): string | undefined => {
  const members: Record<string, string> = {};
  for (const property of object.properties) {
    if (ts.isSpreadAssignment(property)) return undefined;
    const name = ts.isShorthandPropertyAssignment(property) ? property.name.text : nameText(property.name);
    if (name === undefined) continue;
    const value = ts.isShorthandPropertyAssignment(property) ? property.name : ts.isPropertyAssignment(property) ? skipOuter(property.initializer) : undefined;
    const fn = ts.isMethodDeclaration(property) ? property : value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) ? value : undefined;
    const type = fn ? `fn:${JSON.stringify(signatureOf(fn, scope))}` : value && valueType(value, scope, owner);
    if (type !== undefined) members[name] = scope.table.embed(type);
  }
  return Object.keys(members).length > 0 ? `obj:${JSON.stringify(members)}` : undefined;
};

/**
 * Whether a mapped type's template keeps the member of `source` at key `key` in some branch
 * (`T[K]`, or a conditional with such a branch): the mapped type then has source's members.
 */
const keepsMembers = (template: TS.TypeNode, source: TS.TypeNode, key: string): boolean => {
  const current = unparenthesizedType(template);
  if (ts.isConditionalTypeNode(current)) return keepsMembers(current.trueType, source, key) || keepsMembers(current.falseType, source, key);
  if (!ts.isIndexedAccessTypeNode(current)) return false;
  const index = unparenthesizedType(current.indexType);
  const object = unparenthesizedType(current.objectType);
  const base = unparenthesizedType(source);
  return (
    ts.isTypeReferenceNode(index) && qualifiedNameText(index.typeName) === key &&
    ts.isTypeReferenceNode(object) && ts.isTypeReferenceNode(base) && !object.typeArguments && !base.typeArguments &&
    qualifiedNameText(object.typeName) === qualifiedNameText(base.typeName)
  );
};

/** What `typeof a.b` names, as a reference from file scope; undefined when a local shadows its head. */
const typeofRef = (type: TS.TypeQueryNode, scope: Scope): CalleeRef | undefined => {
  const names = qualifiedNameText(type.exprName).split(".");
  const binding = scope.lookup(names[0]!);
  if (binding?.kind === "local" || binding?.kind === "required") return undefined;
  return { head: "scope", owner: "", names: binding ? [...binding.name.split("."), ...names.slice(1)] : names };
};

/** The member an indexed access type names by a string literal (`T['name']`). */
const literalIndex = (type: TS.IndexedAccessTypeNode): string | undefined => {
  const index = type.indexType;
  return ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) ? index.literal.text : undefined;
};

/** `ReturnType<…>` of a function named by `typeof f` or by a member of a type (`T['m']`): a call of it (`ret:`). */
const returnTypeOf = (argument: TS.TypeNode, scope: Scope): string | undefined => {
  const type = unparenthesizedType(argument);
  if (ts.isTypeQueryNode(type) && !type.typeArguments) {
    const named = typeofRef(type, scope);
    return named === undefined ? undefined : `ret:${encodeRef(named, scope.table)}`;
  }
  if (ts.isIndexedAccessTypeNode(type)) {
    const member = literalIndex(type);
    const holder = member === undefined ? undefined : typeName(type.objectType, scope);
    return holder === undefined ? undefined : `ret:${encodeRef({ head: "type", owner: holder, names: [member!] }, scope.table)}`;
  }
  return undefined;
};

/**
 * A dotted type or value name as the file scope knows it; for a constrained type parameter, its
 * constraint; undefined when a local shadows it.
 */
export const inScope = (dotted: string, scope: Scope): string | undefined => {
  const head = dotted.split(".", 1)[0]!;
  const binding = scope.lookup(head);
  if (!binding) return dotted;
  if (binding.kind === "qualified") return binding.name + dotted.slice(head.length);
  if (binding.kind === "required") return undefined;
  // A type parameter: what it is bound to where the type is used, else its constraint (`tp:[name, constraint]`).
  if (binding.typeParameter && head === dotted) return `tp:${JSON.stringify([head, binding.type === undefined ? null : scope.table.embed(binding.type)])}`;
  return head === dotted ? binding.type : undefined;
};

/** The declared type of a variable, parameter or property: its annotation, else what its initializer evaluates to. */
export const declaredType = (node: { type?: TS.TypeNode; initializer?: TS.Expression }, scope: Scope, owner: string | null): string | undefined => {
  if (node.type) return typeName(node.type, scope);
  return node.initializer ? valueType(node.initializer, scope, owner) : undefined;
};

/**
 * The type of an expression, where it can be told without a checker: `this`, `new C()`, a typed
 * local, and what is linked later — `ret:<callee>` (what a call declares it returns) and
 * `val:<ref>` (the declared type of what a name or member chain refers to).
 */
/**
 * What a callback returns, when that is one expression (its body, or a block's only `return`) whose
 * type does not hang on the callback's own parameters or locals: it is then typed where the call is.
 */
const returnedExpression = (argument: TS.Expression): TS.Expression | undefined => {
  const fn = skipOuter(argument);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return undefined;
  let returned: TS.Expression | undefined;
  if (!ts.isBlock(fn.body)) returned = fn.body;
  else {
    const returns: TS.ReturnStatement[] = [];
    const visit = (node: TS.Node): void => {
      if (ts.isReturnStatement(node)) returns.push(node);
      else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
    };
    ts.forEachChild(fn.body, visit);
    returned = returns.length === 1 ? returns[0]!.expression : undefined;
  }
  if (returned === undefined) return undefined;
  const own = new Set<string>();
  const declare = (node: TS.Node): void => {
    if ((ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) own.add(node.name.text);
    ts.forEachChild(node, declare);
  };
  fn.parameters.forEach(declare);
  if (ts.isBlock(fn.body)) declare(fn.body);
  // Parsed files carry no parent pointers: a member name (`x.item`) is told apart from above.
  let namesOwn = false;
  // A call's arguments do not make its type (`this.providerFor(source)` is a Provider whatever `source` is).
  const check = (node: TS.Node): void => {
    if (ts.isIdentifier(node) && own.has(node.text)) namesOwn = true;
    else if (ts.isPropertyAccessExpression(node)) check(node.expression);
    else if (ts.isCallExpression(node)) check(node.expression);
    else ts.forEachChild(node, check);
  };
  check(returned);
  return namesOwn ? undefined : returned;
};

export const valueType = (expression: TS.Expression, scope: Scope, owner: string | null): string | undefined => {
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
    const named = name === undefined ? undefined : inScope(name, scope);
    // `new Map<string, Repo>()`: the arguments bind the generic's type parameters, as an annotation's do.
    const args = (value.typeArguments ?? []).map((node) => typeName(node, scope) ?? null);
    if (named !== undefined && args.some((arg) => arg !== null)) return `gen:${JSON.stringify([named, args.map((arg) => (arg === null ? null : scope.table.embed(arg)))])}`;
    if (named !== undefined) return named;
    // `new (this.constructor as typeof Repo)()`, `new Store()` of `const Store = require("./store")`: an instance of the class the expression holds.
    const constructor = valueType(value.expression, scope, owner);
    return constructor === undefined ? undefined : `new:${constructor}`;
  }
  if (ts.isCallExpression(value)) {
    // `items.reduce(fn)` without a seed returns an element.
    const method = ts.isPropertyAccessExpression(value.expression) ? value.expression.name.text : undefined;
    if ((method === "reduce" || method === "reduceRight") && value.arguments.length === 1) {
      const array = valueType((value.expression as TS.PropertyAccessExpression).expression, scope, owner);
      return array === undefined ? undefined : `elem:${array}`;
    }
    const known = scope.table.callTypes.get(value);
    if (known && known.scope === scope && known.owner === owner) return known.type;
    // `providers.map((p) => this.lookUp(p))`: an array of what the callback returns, when its result is plain.
    let type: string | undefined;
    if ((method === "map" || method === "flatMap") && value.arguments.length >= 1) {
      const returned = returnedExpression(value.arguments[0]!);
      const element = returned && valueType(returned, scope, owner);
      if (element !== undefined) type = method === "map" ? `arr:${element}` : element;
    }
    if (type === undefined) {
      const ref = calledRef(value.expression, { scope, caller: 0, owner });
      type = ref && ref.head !== "unknown" ? callType(value, encodeRef(ref, scope.table), scope, owner) : undefined;
    }
    scope.table.callTypes.set(value, { scope, owner, type });
    return type;
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
      return parts[0] === parts[1] ? parts[0] : `union:${JSON.stringify(parts.map((part) => scope.table.embed(part!)))}`;
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
    return parts[0] === parts[1] ? parts[0] : `union:${JSON.stringify(parts.map((part) => scope.table.embed(part!)))}`;
  }
  // `{ User: await makeUser() }` (a callback's result that binds a generic's `T`): its members' types.
  if (ts.isObjectLiteralExpression(value)) return objectType(value, scope, owner);
  if (ts.isArrayLiteralExpression(value)) {
    const first = value.elements.find((element) => !ts.isSpreadElement(element) && !ts.isOmittedExpression(element));
    const element = first && valueType(first, scope, owner);
    return element === undefined ? undefined : `arr:${element}`;
  }
  if (ts.isIdentifier(value) || ts.isPropertyAccessExpression(value) || ts.isElementAccessExpression(value)) {
    const ref = calleeOf(value, { scope, caller: 0, owner })?.ref;
    return ref && ref.head !== "unknown" ? `val:${encodeRef(ref, scope.table)}` : undefined;
  }
  return undefined;
};

/**
 * What a call returns: `ret:<callee>`, or, when an argument's type or an explicit type argument is
 * known, `call:[<callee>, [argument types], [type arguments]]`, so that a generic callee's type
 * parameters can be bound to them when linking.
 */
export const callType = (call: TS.CallExpression, callee: string, scope: Scope, owner: string | null): string => {
  const args: (string | null)[] = [];
  for (const argument of call.arguments) {
    // A spread argument moves every position after it.
    if (ts.isSpreadElement(argument)) break;
    args.push(argumentType(argument, scope, owner));
  }
  const typeArgs = (call.typeArguments ?? []).map((node) => typeName(node, scope) ?? null);
  if (!args.some((arg) => arg !== null) && !typeArgs.some((arg) => arg !== null)) return `ret:${callee}`;
  const embed = (types: (string | null)[]): (string | null)[] => types.map((type) => (type === null ? null : scope.table.embed(type)));
  return `call:${JSON.stringify([callee, embed(args), ...(typeArgs.length > 0 ? [embed(typeArgs)] : [])])}`;
};

/** Type parameters shadow file-scope types; one with a constraint (`T extends Repo`) has that type's members. */
export const declareTypeParameters = (scope: Scope, parameters: readonly TS.TypeParameterDeclaration[] | undefined): void => {
  for (const parameter of parameters ?? []) scope.names.set(parameter.name.text, { kind: "local", type: undefined, typeParameter: true });
  for (const parameter of parameters ?? []) {
    const constraint = parameter.constraint ? typeName(parameter.constraint, scope) : undefined;
    if (constraint !== undefined) scope.names.set(parameter.name.text, { kind: "local", type: constraint, typeParameter: true });
  }
};

export const unparenthesizedType = (type: TS.TypeNode): TS.TypeNode => {
  let current = type;
  while (ts.isParenthesizedTypeNode(current)) current = current.type;
  return current;
};

/** A parameter's entry in CallSignature.params: for one of function type, its own parameters' types. */
const parameterType = (type: TS.TypeNode | undefined, scope: Scope): string | (string | null)[] | null =>
  callbackTypes(type, scope) ?? typeName(type, scope) ?? null;

/**
 * A signature's parameter and return types (see CallSignature). A rest parameter is spread: `...handlers: H[]`
 * types every argument from there as H; `...handlers: [A, B]` types two more positions.
 */
export const signatureOf = (node: TS.SignatureDeclarationBase, outer: Scope): CallSignature => {
  const scope = new Scope(outer);
  declareTypeParameters(scope, node.typeParameters);
  const params: CallSignature["params"] = [];
  let rest = false;
  for (const parameter of node.parameters) {
    if (ts.isIdentifier(parameter.name) && parameter.name.text === "this") continue;
    const type = parameter.type && unparenthesizedType(parameter.type);
    if (!parameter.dotDotDotToken || !type) {
      params.push(parameterType(type, scope));
      if (parameter.dotDotDotToken) rest = true;
      continue;
    }
    if (ts.isTupleTypeNode(type)) {
      for (const element of type.elements) {
        let inner = ts.isNamedTupleMember(element) ? element.type : element;
        const spread = ts.isRestTypeNode(inner) || (ts.isNamedTupleMember(element) && element.dotDotDotToken !== undefined);
        if (ts.isRestTypeNode(inner) || ts.isOptionalTypeNode(inner)) inner = inner.type;
        inner = unparenthesizedType(inner);
        if (spread && ts.isArrayTypeNode(inner)) inner = inner.elementType;
        params.push(parameterType(inner, scope));
        if (spread) rest = true;
      }
      continue;
    }
    const element = ts.isArrayTypeNode(type)
      ? type.elementType
      : ts.isTypeReferenceNode(type) && /^(Readonly)?Array$/.test(qualifiedNameText(type.typeName)) && type.typeArguments?.length === 1
        ? type.typeArguments[0]
        : undefined;
    params.push(parameterType(element, scope));
    rest = true;
  }
  const returns = returnTypeName(node, scope);
  return { params, ...(rest ? { rest: true as const } : {}), ...(returns === undefined ? {} : { returns }), ...inferenceOf(node, scope) };
};

/**
 * A signature's declared return type; for a type guard (`value is T`), `is:[i, T]` with the index
 * of the parameter it narrows, which a call's argument there takes where the guard holds.
 */
export const returnTypeName = (node: TS.SignatureDeclarationBase, scope: Scope): string | undefined => {
  const type = node.type;
  if (!type || !ts.isTypePredicateNode(type)) return typeName(type, scope);
  if (type.assertsModifier || !type.type || !ts.isIdentifier(type.parameterName)) return undefined;
  const name = type.parameterName.text;
  const index = node.parameters.filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === "this")).findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === name);
  const narrowed = typeName(type.type, scope);
  return index < 0 || narrowed === undefined ? undefined : `is:${JSON.stringify([index, scope.table.embed(narrowed)])}`;
};

/**
 * A generic signature's type parameters and its parameters as whole types, for binding them to a
 * call's arguments; nothing for the rest (most signatures), so summaries stay as they were.
 */
const inferenceOf = (node: TS.SignatureDeclarationBase, scope: Scope): Pick<CallSignature, "typeParams" | "infer" | "self"> => {
  if (!node.typeParameters?.length) return {};
  const infer: (string | null)[] = [];
  let self: string | undefined;
  for (const parameter of node.parameters) {
    if (ts.isIdentifier(parameter.name) && parameter.name.text === "this") {
      self = parameter.type && inferenceType(parameter.type, scope);
      continue;
    }
    // Past a rest parameter, positions no longer line up with arguments.
    if (parameter.dotDotDotToken) break;
    infer.push((parameter.type && inferenceType(parameter.type, scope)) ?? null);
  }
  return { typeParams: node.typeParameters.map((parameter) => parameter.name.text), ...(infer.some((type) => type !== null) ? { infer } : {}), ...(self === undefined ? {} : { self }) };
};

/** A parameter's type as inference reads it: unlike typeName, a function type keeps what it returns (`S | (() => S)`). */
const inferenceType = (type: TS.TypeNode, scope: Scope): string | undefined => {
  const current = unparenthesizedType(type);
  if (ts.isFunctionTypeNode(current)) return `fn:${JSON.stringify(signatureOf(current, scope))}`;
  if (ts.isUnionTypeNode(current)) {
    const parts = current.types.filter((member) => !isNullish(member)).map((member) => inferenceType(member, scope)).filter((part) => part !== undefined);
    return parts.length <= 1 ? parts[0] : `union:${JSON.stringify(parts.map((part) => scope.table.embed(part)))}`;
  }
  return typeName(current, scope);
};

/**
 * What an argument passes, for inference: a function literal as `fn:` with what its body
 * evaluates to (only an expression body, or a block that is one `return`, whose locals are its
 * parameters alone); anything else as valueType tells it.
 */
const argumentType = (argument: TS.Expression, scope: Scope, owner: string | null): string | null => {
  const fn = skipOuter(argument);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return ts.isSpreadElement(argument) ? null : (valueType(argument, scope, owner) ?? null);
  // A body is read up to a last `return`: its classes and constants are what the returned value is made of
  // (`async () => { class User extends Model {} … return { User }; }`).
  const last = ts.isBlock(fn.body) ? fn.body.statements[fn.body.statements.length - 1] : undefined;
  const body = ts.isBlock(fn.body) ? (last && ts.isReturnStatement(last) ? last.expression : undefined) : fn.body;
  if (body === undefined) return null;
  const inner = new Scope(scope);
  declareTypeParameters(inner, fn.typeParameters);
  for (const parameter of fn.parameters) for (const name of boundNames(parameter.name)) inner.names.set(name, { kind: "local", type: undefined });
  for (const statement of ts.isBlock(fn.body) ? fn.body.statements : []) {
    const key = ts.isClassDeclaration(statement) ? localClassKey(statement) : undefined;
    if (key !== undefined) inner.names.set((statement as TS.ClassDeclaration).name!.text, { kind: "qualified", name: key });
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) inner.names.set(declaration.name.text, { kind: "local", type: declaredType(declaration, inner, ts.isArrowFunction(fn) ? owner : null) });
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name) inner.names.set(statement.name.text, { kind: "local", type: undefined });
  }
  const returns = valueType(body, inner, ts.isArrowFunction(fn) ? owner : null);
  return returns === undefined ? null : `fn:${JSON.stringify({ params: [], returns: scope.table.embed(returns) })}`;
};

const boundNames = (name: TS.BindingName): string[] =>
  ts.isIdentifier(name) ? [name.text] : name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));

/** Each parameter's declared type; for one of function type, its own parameters' types. */
export const signatureParams = (node: TS.SignatureDeclaration, outer: Scope): CallableDeclaration["params"] => signatureOf(node, outer).params;
