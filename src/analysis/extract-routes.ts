import { HTTP_METHODS, type FileRoutes, type RouteRegistration, type RouterRef } from "../model.js";
import { lineOf, nameText, ts, type TS } from "./compiler.js";
import { unwrapExpression } from "./extract-symbols.js";
import { joinRoute } from "../core/index/route-path.js";
import { StaticStrings } from "./static-string.js";

/*
 * Routes of the router frameworks (express, koa-router, fastify, hono) as one file writes them,
 * and what joins its routers to other routers: mounts (`app.use("/api", users)`, `app.route`,
 * `register(plugin, { prefix })`, `setup(app)`), own prefixes and exports. Prefixes are not joined
 * here: a router mounted in another file is joined in core/index/join-routes.ts.
 *
 * Every router gets a key unique in its file: a top-level variable or function its name; a
 * parameter its function's key (a fastify plugin's `fastify`, an express `(app) => …`); a router
 * a function creates and returns its function's key (so `app.use(makeRouter())` and an import of
 * `makeRouter` name it); an exported default function `default`; anything else its name or
 * position with a line. An import names another file's router by specifier and exported name.
 */

/** Packages whose import makes a file a server file, and the framework name they stand for. */
const FRAMEWORK_BY_PACKAGE: Record<string, string> = {
  express: "express",
  fastify: "fastify",
  "@koa/router": "koa",
  "koa-router": "koa",
  koa: "koa",
  hono: "hono",
  "@hono/zod-openapi": "hono",
  "@nestjs/common": "nestjs",
  "@nestjs/core": "nestjs",
  // A resolver class imports its decorators from here alone.
  "@nestjs/graphql": "nestjs",
};

/** A framework's plugin packages (`fastify-plugin`, `@fastify/cors`, `@hono/zod-openapi`, `@koa/cors`): a file importing one is that framework's. */
export function ecosystemOfSpecifier(specifier: string): string | undefined {
  const match = /^(?:@(fastify|hono|koa)\/|(fastify|koa|express)-)/.exec(specifier);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The server framework a module specifier imports, if any (`express`, `hono/jwt` → hono). */
export function frameworkOfSpecifier(specifier: string): string | undefined {
  const root = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
  return Object.hasOwn(FRAMEWORK_BY_PACKAGE, root) ? FRAMEWORK_BY_PACKAGE[root] : undefined;
}

const ROUTE_METHODS = new Map<string, string>([
  ["get", "GET"],
  ["post", "POST"],
  ["put", "PUT"],
  ["patch", "PATCH"],
  ["delete", "DELETE"],
  ["del", "DELETE"],
  ["head", "HEAD"],
  ["options", "OPTIONS"],
  ["all", "ALL"],
]);

/** Names a route receiver usually has when no declaration says what it is. */
const CONVENTIONAL_RECEIVERS = new Set(["app", "router", "server", "api", "routes", "route", "fastify", "instance", "r"]);

/** A first argument of `use()` that is a prefix even though its value is not known here (`config.apiPrefix`, `route.path`). */
const PREFIX_NAME = /(?:path|prefix|url|base|route)$/i;

/** Methods that hand back the router they are called on (koa's `routes()`, express chains). */
const ROUTER_OF = new Set(["routes", "middleware"]);

type Binding =
  | { kind: "var"; declaration: TS.VariableDeclaration; scope: Scope; key: string }
  | { kind: "param"; parameter: TS.ParameterDeclaration; key: string }
  | { kind: "function"; key: string }
  | { kind: "import"; specifier: string; name: string }
  | { kind: "other" };

class Scope {
  readonly names = new Map<string, Binding>();
  constructor(
    readonly parent: Scope | undefined,
    /** The key of the function this scope belongs to; undefined at file level. */
    readonly functionKey: string | undefined,
    /** Names the function returns: a router it creates and returns takes the function's key. */
    readonly returned: ReadonlySet<string>,
  ) {}

  lookup(name: string): Binding | undefined {
    return this.names.get(name) ?? this.parent?.lookup(name);
  }
}

interface Receiver {
  framework: string;
  router: RouterRef;
  /** express `app.route("/x")`: the path its chained methods register. */
  routePath?: string;
}

export class RouteExtractor {
  private readonly routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  private readonly strings: StaticStrings;
  private readonly fileFramework: string | undefined;
  private readonly receivers = new Map<TS.Node, Receiver | null>();
  /** Functions passed to fastify's `register`: their first parameter is the plugin's instance. */
  private readonly plugins = new Map<TS.Node, string>();

  constructor(
    private readonly sourceFile: TS.SourceFile,
    /** Local name → framework, for every binding imported from a server framework package. */
    private readonly frameworks: ReadonlyMap<string, string>,
    /** koa-mount's local names: `mount("/p", app)` serves app under /p. */
    private readonly mountFunctions: ReadonlySet<string>,
  ) {
    this.strings = new StaticStrings(sourceFile);
    this.fileFramework = ["express", "fastify", "koa", "hono"].find((f) => frameworks.has(f));
  }

  /** Any receiver traces back to a framework import; a file without one registers no routes. */
  hasServerFramework(): boolean {
    return this.fileFramework !== undefined;
  }

  extract(): FileRoutes {
    const scope = new Scope(undefined, undefined, new Set());
    this.declare(this.sourceFile.statements, scope);
    for (const statement of this.sourceFile.statements) this.visitStatement(statement, scope);
    return this.routes;
  }

  // --- scopes -------------------------------------------------------------------------------

  /** Hoists a block's declarations into its scope, so a use above a declaration still finds it. */
  private declare(statements: readonly TS.Statement[], scope: Scope): void {
    const topLevel = scope.parent === undefined;
    for (const statement of statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const specifier = statement.moduleSpecifier.text;
        const clause = statement.importClause;
        if (clause?.name) scope.names.set(clause.name.text, { kind: "import", specifier, name: "default" });
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) scope.names.set(bindings.name.text, { kind: "import", specifier, name: "*" });
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            scope.names.set(element.name.text, { kind: "import", specifier, name: (element.propertyName ?? element.name).text });
          }
        }
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) this.declareVariable(declaration, scope, topLevel);
      } else if (ts.isFunctionDeclaration(statement)) {
        const name = statement.name?.text;
        if (name) scope.names.set(name, { kind: "function", key: this.functionDeclarationKey(statement, topLevel) });
      } else if (ts.isClassDeclaration(statement) && statement.name) {
        scope.names.set(statement.name.text, { kind: "other" });
      }
    }
  }

  private declareVariable(declaration: TS.VariableDeclaration, scope: Scope, topLevel: boolean): void {
    const required = requiredSpecifier(declaration.initializer);
    if (ts.isObjectBindingPattern(declaration.name)) {
      // const { Router } = require("express"); const { users } = require("./routes")
      if (required === undefined) return;
      for (const element of declaration.name.elements) {
        const local = nameText(element.name);
        const imported = nameText(element.propertyName ?? element.name);
        if (local && imported) scope.names.set(local, { kind: "import", specifier: required.specifier, name: imported });
      }
      return;
    }
    if (!ts.isIdentifier(declaration.name)) return;
    const name = declaration.name.text;
    if (required !== undefined) {
      scope.names.set(name, { kind: "import", specifier: required.specifier, name: required.name });
      return;
    }
    const key = topLevel ? name : scope.returned.has(name) && scope.functionKey ? scope.functionKey : `${name}@${this.line(declaration)}`;
    scope.names.set(name, { kind: "var", declaration, scope, key });
  }

  private functionDeclarationKey(node: TS.FunctionDeclaration, topLevel: boolean): string {
    const name = node.name?.text;
    if (!name) return "default";
    return topLevel ? name : `${name}@${this.line(node)}`;
  }

  private line(node: TS.Node): number {
    return lineOf(this.sourceFile, node.getStart(this.sourceFile));
  }

  private position(node: TS.Node): string {
    const { line, character } = this.sourceFile.getLineAndCharacterOfPosition(node.getStart(this.sourceFile));
    return `${line + 1}:${character + 1}`;
  }

  /** The key of a function expression: the name it is bound to (a hint from where it sits), else its position. */
  private functionKey(node: TS.FunctionLikeDeclaration, hint: string | undefined, scope: Scope): string {
    if (ts.isFunctionDeclaration(node)) {
      const name = node.name?.text;
      const binding = name ? scope.lookup(name) : undefined;
      return binding?.kind === "function" ? binding.key : this.functionDeclarationKey(node, scope.parent === undefined);
    }
    return hint ?? `fn@${this.position(node)}`;
  }

  private enterFunction(node: TS.FunctionLikeDeclaration, key: string, scope: Scope): Scope {
    const inner = new Scope(scope, key, returnedNames(node));
    for (const parameter of node.parameters) {
      if (ts.isIdentifier(parameter.name)) inner.names.set(parameter.name.text, { kind: "param", parameter, key });
    }
    if (node.body && ts.isBlock(node.body)) this.declare(node.body.statements, inner);
    return inner;
  }

  // --- the walk ----------------------------------------------------------------------------

  private visitStatement(statement: TS.Statement, scope: Scope): void {
    if (ts.isExportAssignment(statement)) {
      if (!statement.isExportEquals) this.exportAs("default", statement.expression, scope, "default");
      this.visit(statement.expression, scope, "default");
      return;
    }
    if (ts.isVariableStatement(statement)) {
      const exported = scope.parent === undefined && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      for (const declaration of statement.declarationList.declarations) {
        const binding = ts.isIdentifier(declaration.name) ? scope.names.get(declaration.name.text) : undefined;
        if (exported && ts.isIdentifier(declaration.name)) this.exportAs(declaration.name.text, declaration.name, scope);
        // A router created here takes the variable's key before its chained registrations are read.
        if (binding?.kind === "var") this.creation(declaration.initializer, binding.key, scope);
        if (declaration.initializer) this.visit(declaration.initializer, scope, binding?.kind === "var" ? binding.key : undefined);
      }
      return;
    }
    if (ts.isFunctionDeclaration(statement) && scope.parent === undefined && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      const isDefault = statement.modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      const key = this.functionKey(statement, undefined, scope);
      if (isDefault) this.routes.exports.push({ name: "default", router: { local: key } });
      if (statement.name) this.routes.exports.push({ name: statement.name.text, router: { local: key } });
    }
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        this.exportAs(element.name.text, element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName : element.name, scope);
      }
      return;
    }
    if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression) && statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      // module.exports = router; module.exports = { users }; exports.users = router
      const exported = commonJsExport(statement.expression.left);
      if (exported !== undefined) {
        const value = unwrapExpression(statement.expression.right)!;
        if (exported === "default" && ts.isObjectLiteralExpression(value)) {
          for (const property of value.properties) {
            const name = nameText(property.name);
            if (name && ts.isPropertyAssignment(property)) this.exportAs(name, property.initializer, scope);
            if (name && ts.isShorthandPropertyAssignment(property)) this.exportAs(name, property.name, scope);
          }
        } else {
          this.exportAs(exported, value, scope, exported);
        }
        this.visit(statement.expression.right, scope, exported);
        return;
      }
    }
    this.visit(statement, scope, undefined);
  }

  /**
   * Records what `name` exports. `key`: the key the walk gives a function written right there
   * (`export default async (app) => …`, `module.exports = fp(async (app) => …)`), which is where
   * the exported routes are registered.
   */
  private exportAs(name: string, expression: TS.Expression, scope: Scope, key?: string): void {
    const node = unwrapExpression(expression);
    const wrapsFunction = (current: TS.Expression | undefined): boolean =>
      current !== undefined && (ts.isFunctionExpression(current) || ts.isArrowFunction(current) || (ts.isCallExpression(current) && current.arguments.some((a) => wrapsFunction(unwrapExpression(a)))));
    if (key !== undefined && wrapsFunction(node)) {
      this.routes.exports.push({ name, router: { local: key } });
      return;
    }
    const router = this.refOf(expression, scope);
    if (router) this.routes.exports.push({ name, router });
  }

  private visit(node: TS.Node, scope: Scope, hint: string | undefined): void {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)) {
      const key = ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) ? `fn@${this.position(node)}` : this.functionKey(node, hint, scope);
      const inner = this.enterFunction(node, key, scope);
      if (node.body) {
        if (ts.isBlock(node.body)) for (const statement of node.body.statements) this.visitStatement(statement, inner);
        else this.visit(node.body, inner, undefined);
      }
      return;
    }
    if (ts.isBlock(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) {
      const inner = new Scope(scope, scope.functionKey, scope.returned);
      this.declare(node.statements, inner);
      for (const statement of node.statements) this.visitStatement(statement, inner);
      return;
    }
    if (ts.isVariableStatement(node)) {
      this.visitStatement(node, scope);
      return;
    }
    if (ts.isCallExpression(node)) {
      this.call(node, scope);
      // A function wrapped where it is bound (`fp(async (app) => …)`, `defineRoutes((r) => …)`) keeps the binding's key.
      this.visit(node.expression, scope, undefined);
      for (const argument of node.arguments) this.visit(argument, scope, hint);
      return;
    }
    if (ts.isParenthesizedExpression(node) || ts.isAwaitExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
      this.visit(node.expression, scope, hint);
      return;
    }
    ts.forEachChild(node, (child) => this.visit(child, scope, undefined));
  }

  // --- what an expression is ---------------------------------------------------------------

  /** The router an expression is, when it is one: a declared or conventional receiver, a creation, a chain off one. */
  private receiverOf(expression: TS.Expression, scope: Scope): Receiver | undefined {
    const node = unwrapExpression(expression);
    if (!node) return undefined;
    if (ts.isIdentifier(node)) {
      const binding = scope.lookup(node.text);
      const conventional = this.fileFramework !== undefined && CONVENTIONAL_RECEIVERS.has(node.text);
      if (!binding) return conventional ? { framework: this.fileFramework!, router: { local: node.text } } : undefined;
      if (binding.kind === "var") {
        const created = this.creation(binding.declaration.initializer, binding.key, binding.scope);
        if (created) return created;
        return conventional ? { framework: this.fileFramework!, router: { local: binding.key } } : undefined;
      }
      if (binding.kind === "param") {
        const typed = this.typedFramework(binding.parameter) ?? this.plugins.get(binding.parameter);
        if (typed) return { framework: typed, router: { local: binding.key } };
        return conventional ? { framework: this.fileFramework!, router: { local: binding.key } } : undefined;
      }
      if (binding.kind === "import" && conventional) return { framework: this.fileFramework!, router: { specifier: binding.specifier, name: binding.name } };
      return undefined;
    }
    if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword) {
      return this.fileFramework && CONVENTIONAL_RECEIVERS.has(node.name.text) ? { framework: this.fileFramework, router: { local: `this.${node.name.text}` } } : undefined;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const inner = this.receiverOf(node.expression.expression, scope);
      if (inner) {
        // express `app.route("/x").get(h)`: the route() argument is the path for the chained methods.
        if (method === "route" && inner.framework === "express") return { ...inner, routePath: this.routeText(node.arguments[0]) };
        // Chains hand back the same receiver: `app.get(…).post(…)`, hono `app.use(…).route("/x", x)`, fastify `register(…).register(…)`.
        if (ROUTE_METHODS.has(method) || method === "use" || method === "on" || (method === "route" && inner.framework === "hono") || method === "register") return inner;
      }
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) return this.creation(node, `@${this.position(node)}`, scope);
    return undefined;
  }

  /**
   * The framework of a router a creating expression makes under `key` (`express()`, `Router()`,
   * `new Router({ prefix })`, `new Hono().basePath("/api")`, `app.basePath("/api")`), recording the
   * prefixes it is created with; memoised, since every use of a router asks again.
   */
  private creation(expression: TS.Expression | undefined, key: string, scope: Scope): Receiver | undefined {
    const node = unwrapExpression(expression);
    if (!node) return undefined;
    if (this.receivers.has(node)) return this.receivers.get(node) ?? undefined;
    this.receivers.set(node, null);
    const framework = this.creationOnce(node, key, scope);
    const receiver = framework ? { framework, router: { local: key } } : undefined;
    this.receivers.set(node, receiver ?? null);
    return receiver;
  }

  private creationOnce(node: TS.Expression, key: string, scope: Scope): string | undefined {
    // `new Hono().get(…).post(…)`: a chain of registrations hands back the router it starts from.
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (ROUTE_METHODS.has(method) || method === "use" || method === "on" || method === "route" || method === "register") {
        const inner = unwrapExpression(node.expression.expression)!;
        if (ts.isCallExpression(inner) || ts.isNewExpression(inner)) return this.creation(inner, key, scope)?.framework;
        return undefined;
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "basePath") {
      const base = this.routeText(node.arguments[0]);
      const inner = unwrapExpression(node.expression.expression)!;
      const created = this.creation(inner, key, scope);
      if (created) {
        this.routes.prefixes.push({ router: key, prefix: base, line: this.line(node) });
        return created.framework;
      }
      // `const api = app.basePath("/api")`: a new router serving under app's routes.
      const parent = this.receiverOf(inner, scope);
      if (!parent) return undefined;
      this.routes.mounts.push({ parent: parent.router, child: { local: key }, prefix: base, line: this.line(node) });
      return parent.framework;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const framework = this.createdBy(node.expression, scope);
      if (!framework || framework === "nestjs") return undefined;
      // koa-router: `new Router({ prefix: "/api" })`.
      const options = unwrapExpression(node.arguments?.[0]);
      const prefix = options && ts.isObjectLiteralExpression(options) ? property(options, "prefix") : undefined;
      if (prefix) this.routes.prefixes.push({ router: key, prefix: this.routeText(prefix), line: this.line(node), ...(framework === "koa" ? { concat: true as const } : {}) });
      return framework;
    }
    return undefined;
  }

  /** The framework whose import a creating callee starts from: `express`, `express.Router`, `require("express").Router`. */
  private createdBy(callee: TS.Expression, scope: Scope): string | undefined {
    let current = unwrapExpression(callee);
    while (current && ts.isPropertyAccessExpression(current)) current = unwrapExpression(current.expression);
    if (!current) return undefined;
    if (ts.isIdentifier(current)) return scope.lookup(current.text)?.kind === "import" ? this.frameworks.get(current.text) : undefined;
    const required = requiredSpecifier(current);
    return required ? frameworkOfSpecifier(required.specifier) : undefined;
  }

  private typedFramework(parameter: TS.ParameterDeclaration): string | undefined {
    const type = parameter.type;
    if (!type || !ts.isTypeReferenceNode(type)) return undefined;
    const name = type.typeName;
    const root = ts.isIdentifier(name) ? name.text : ts.isQualifiedName(name) && ts.isIdentifier(name.left) ? name.left.text : "";
    const framework = this.frameworks.get(root);
    return framework && framework !== "nestjs" ? framework : undefined;
  }

  /**
   * The router an expression names, for a mount or an export: a local router or function, an
   * import, `require("./x")`, `import("./x")`, `x.routes()`, a call of a router-making function.
   */
  private refOf(expression: TS.Expression | undefined, scope: Scope, member = "default"): RouterRef | undefined {
    const node = unwrapExpression(expression);
    if (!node) return undefined;
    if (ts.isAwaitExpression(node)) return this.refOf(node.expression, scope, member);
    if (ts.isIdentifier(node)) {
      const binding = scope.lookup(node.text);
      if (!binding) return { local: node.text };
      if (binding.kind === "import") return { specifier: binding.specifier, name: binding.name === "*" ? member : binding.name };
      if (binding.kind === "var" || binding.kind === "param" || binding.kind === "function") return { local: binding.key };
      return undefined;
    }
    if (ts.isFunctionExpression(node) || ts.isArrowFunction(node)) return { local: `fn@${this.position(node)}` };
    const required = requiredSpecifier(node);
    if (required) return required;
    if (ts.isPropertyAccessExpression(node)) {
      // `routes.users` of `import * as routes`, `require("./x").router`, `(await import("./x")).default`
      const target = unwrapExpression(node.expression)!;
      const inner = ts.isIdentifier(target) ? scope.lookup(target.text) : undefined;
      if (inner?.kind === "import" && inner.name === "*") return { specifier: inner.specifier, name: node.name.text };
      const module = requiredSpecifier(ts.isParenthesizedExpression(target) || ts.isAwaitExpression(target) ? unwrapExpression(target.expression) : target);
      if (module && module.name === "default") return { specifier: module.specifier, name: node.name.text };
      return undefined;
    }
    if (ts.isCallExpression(node)) {
      const callee = unwrapExpression(node.expression)!;
      // koa `users.routes()`: the router itself.
      if (ts.isPropertyAccessExpression(callee) && ROUTER_OF.has(callee.name.text)) return this.refOf(callee.expression, scope, member);
      // `makeRouter()`, `require("./users")(deps)`: what the function returns.
      if (ts.isIdentifier(callee) || requiredSpecifier(callee)) return this.refOf(callee, scope, member);
      return undefined;
    }
    const created = this.receiverOf(node, scope);
    return created?.router;
  }

  // --- calls -------------------------------------------------------------------------------

  private call(call: TS.CallExpression, scope: Scope): void {
    const callee = unwrapExpression(call.expression)!;
    if (ts.isPropertyAccessExpression(callee)) {
      const receiver = this.receiverOf(callee.expression, scope);
      if (receiver) {
        this.registration(call, callee.name.text, receiver);
        this.mount(call as TS.CallExpression & { expression: TS.PropertyAccessExpression }, receiver, scope);
        return;
      }
    }
    // `setupRoutes(app)`, `require("./routes")(app)`: the function registers on the router it is given.
    if (!ts.isIdentifier(callee) && !requiredSpecifier(callee) && !ts.isPropertyAccessExpression(callee)) return;
    if (ts.isIdentifier(callee) && (this.frameworks.has(callee.text) || callee.text === "require")) return;
    for (const argument of call.arguments) {
      const node = unwrapExpression(argument);
      if (!node || !(ts.isIdentifier(node) || (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword))) continue;
      const receiver = this.receiverOf(node, scope);
      const child = receiver ? this.refOf(callee, scope) : undefined;
      if (receiver && child) this.routes.mounts.push({ parent: receiver.router, child, prefix: "", line: this.line(call) });
    }
  }

  private mount(call: TS.CallExpression & { expression: TS.PropertyAccessExpression }, receiver: Receiver, scope: Scope): void {
    const args = call.arguments;
    const method = call.expression.name.text;
    // The line of `.route("/books", books)` itself, not of the chain it ends.
    const line = this.line(call.expression.name);
    const add = (child: TS.Expression | undefined, prefix: string, concat = false): void => {
      const node = unwrapExpression(child);
      if (!node) return;
      if (ts.isArrayLiteralExpression(node)) {
        for (const element of node.elements) add(element, prefix, concat);
        return;
      }
      // koa-mount: `app.use(mount("/api", api.routes()))`.
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && this.mountFunctions.has(node.expression.text)) {
        if (node.arguments.length >= 2) add(node.arguments[1], joinRoute(prefix, this.routeText(node.arguments[0])));
        else add(node.arguments[0], prefix);
        return;
      }
      const ref = this.refOf(node, scope);
      if (ref) this.routes.mounts.push({ parent: receiver.router, child: ref, prefix, line, ...(concat ? { concat: true as const } : {}) });
    };
    if (method === "use" && (receiver.framework === "express" || receiver.framework === "koa")) {
      const first = unwrapExpression(args[0]);
      if (!first) return;
      const value = this.strings.evaluate(first);
      const dynamicPrefix =
        value === undefined &&
        args.length >= 2 &&
        (ts.isTemplateExpression(first) || ts.isBinaryExpression(first) || ((ts.isIdentifier(first) || ts.isPropertyAccessExpression(first)) && PREFIX_NAME.test(nameText(ts.isIdentifier(first) ? first : first.name) ?? "")));
      if (value !== undefined || dynamicPrefix) {
        const prefix = value ?? `{${first.getText(this.sourceFile)}}`;
        for (const child of args.slice(1)) add(child, prefix, receiver.framework === "koa");
      } else {
        for (const child of args) add(child, "");
      }
      return;
    }
    if (method === "route" && receiver.framework === "hono" && args.length >= 2) {
      add(args[1], this.routeText(args[0]));
      return;
    }
    if (method === "register" && receiver.framework === "fastify") {
      const plugin = unwrapExpression(args[0]);
      const instance = plugin && (ts.isArrowFunction(plugin) || ts.isFunctionExpression(plugin)) ? plugin.parameters[0] : undefined;
      if (instance) this.plugins.set(instance, receiver.framework);
      const options = unwrapExpression(args[1]);
      const prefix = options && ts.isObjectLiteralExpression(options) ? property(options, "prefix") : undefined;
      add(args[0], prefix ? this.routeText(prefix) : "");
      return;
    }
    if (method === "prefix" && receiver.framework === "koa" && "local" in receiver.router && args.length === 1) {
      this.routes.prefixes.push({ router: receiver.router.local, prefix: this.routeText(args[0]), line, concat: true });
    }
  }

  private registration(call: TS.CallExpression, methodName: string, receiver: Receiver): void {
    const line = this.line(call);
    const add = (method: string, written: string, handler: TS.Expression | undefined): void => {
      const name = handlerName(handler, this.sourceFile);
      const inline = name === "<inline>" ? unwrapExpression(handler) : undefined;
      const endLine = inline ? lineOf(this.sourceFile, inline.getEnd()) : line;
      const registration: RouteRegistration = { method, written, handler: name, line, ...(endLine > line ? { endLine } : {}), framework: receiver.framework, router: receiver.router };
      this.routes.registrations.push(registration);
    };
    const args = call.arguments;
    if (methodName === "route" && receiver.framework === "fastify") {
      const options = unwrapExpression(args[0]);
      if (!options || !ts.isObjectLiteralExpression(options)) return;
      const url = property(options, "url") ?? property(options, "path");
      const methods = this.methodsOf(property(options, "method"));
      if (!url) return;
      for (const method of methods) add(method, this.routeText(url), property(options, "handler"));
      return;
    }
    if (methodName === "on" && receiver.framework === "hono") {
      const [methodArg, routeArg] = args;
      if (!routeArg) return;
      for (const method of this.methodsOf(methodArg)) add(method, this.routeText(routeArg), args[args.length - 1]);
      return;
    }
    const method = ROUTE_METHODS.get(methodName);
    if (!method) return;
    if (receiver.routePath !== undefined) {
      // `app.route("/x").get(handler)`: no path argument of its own.
      if (args.length > 0) add(method, receiver.routePath, args[args.length - 1]);
      return;
    }
    // `get(path, …handlers)`, koa's named form `get(name, path, …handlers)`.
    if (args.length < 2) return;
    let routeIndex = 0;
    const first = this.strings.evaluate(args[0]);
    const second = args.length >= 3 ? this.strings.evaluate(args[1]) : undefined;
    if (receiver.framework === "koa" && first !== undefined && !isRouteLike(first) && second !== undefined && isRouteLike(second)) routeIndex = 1;
    const routeArg = args[routeIndex]!;
    const paths = unwrapExpression(routeArg)!;
    // express `get(["/", "/:id"], handler)`: one route per path.
    if (ts.isArrayLiteralExpression(paths)) {
      for (const element of paths.elements) {
        const value = this.strings.evaluate(element);
        if (value === undefined || isRouteLike(value)) add(method, this.routeText(element), args[args.length - 1]);
      }
      return;
    }
    const routeValue = this.strings.evaluate(routeArg);
    // koa-router serves a path written without its leading slash under a prefix: RPC-style names (`router.post("users.list", …)`, `"email"`).
    const rpcName = receiver.framework === "koa" && routeValue !== undefined && RPC_NAME.test(routeValue);
    if (routeValue !== undefined && !isRouteLike(routeValue) && !rpcName) return;
    const unwrapped = unwrapExpression(routeArg)!;
    // A dynamic first argument that is not even a string-ish expression (`paths.users`, `config.id`) is not a route registration.
    if (routeValue === undefined && !ts.isTemplateExpression(unwrapped) && !ts.isIdentifier(unwrapped) && !ts.isPropertyAccessExpression(unwrapped)) return;
    add(method, this.routeText(routeArg), args[args.length - 1]);
  }

  private methodsOf(node: TS.Expression | undefined): string[] {
    const expression = unwrapExpression(node);
    if (!expression) return [];
    const values = ts.isArrayLiteralExpression(expression) ? expression.elements.map((e) => this.strings.evaluate(e)) : [this.strings.evaluate(expression)];
    return values
      .filter((v): v is string => v !== undefined)
      .map((v) => v.toUpperCase())
      .filter((v) => (HTTP_METHODS as readonly string[]).includes(v));
  }

  private routeText(node: TS.Expression | undefined): string {
    if (!node) return "";
    return this.strings.evaluate(node) ?? `{${node.getText(this.sourceFile)}}`;
  }
}

function property(object: TS.ObjectLiteralExpression, key: string): TS.Expression | undefined {
  for (const member of object.properties) {
    if (ts.isPropertyAssignment(member) && nameText(member.name) === key) return member.initializer;
    if (ts.isShorthandPropertyAssignment(member) && member.name.text === key) return member.name;
    if (ts.isMethodDeclaration(member) && nameText(member.name) === key) return member.name as TS.Identifier;
  }
  return undefined;
}

/** `require("./x")` and `import("./x")` as a router reference: the module's default export (CommonJS `module.exports`). */
function requiredSpecifier(expression: TS.Expression | undefined): { specifier: string; name: string } | undefined {
  const node = unwrapExpression(expression);
  if (!node || !ts.isCallExpression(node)) return undefined;
  const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require";
  const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
  const argument = node.arguments[0];
  if ((isRequire || isImport) && argument && ts.isStringLiteralLike(argument)) return { specifier: argument.text, name: "default" };
  return undefined;
}

/** `module.exports` → default, `exports.x` / `module.exports.x` → x. */
function commonJsExport(target: TS.Expression): string | undefined {
  const node = unwrapExpression(target);
  if (!node || !ts.isPropertyAccessExpression(node)) return undefined;
  const owner = unwrapExpression(node.expression)!;
  if (ts.isIdentifier(owner) && owner.text === "module" && node.name.text === "exports") return "default";
  if (ts.isIdentifier(owner) && owner.text === "exports") return node.name.text;
  if (ts.isPropertyAccessExpression(owner) && ts.isIdentifier(owner.expression) && owner.expression.text === "module" && owner.name.text === "exports") return node.name.text;
  return undefined;
}

/** The names a function returns (`return router`, `=> router`, `return router.routes()`), not looking into nested functions. */
function returnedNames(node: TS.FunctionLikeDeclaration): Set<string> {
  const names = new Set<string>();
  const named = (expression: TS.Expression | undefined): void => {
    let current = unwrapExpression(expression);
    if (current && ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression) && ROUTER_OF.has(current.expression.name.text)) {
      current = unwrapExpression(current.expression.expression);
    }
    if (current && ts.isIdentifier(current)) names.add(current.text);
  };
  if (node.body && !ts.isBlock(node.body)) named(node.body);
  const visit = (current: TS.Node): void => {
    if (ts.isFunctionLike(current)) return;
    if (ts.isReturnStatement(current)) named(current.expression);
    ts.forEachChild(current, visit);
  };
  if (node.body && ts.isBlock(node.body)) ts.forEachChild(node.body, visit);
  return names;
}

/** `users.list`, `documents.add_user`, `email`: a koa-router path without its slash (a named route's name is told apart by the path after it). */
const RPC_NAME = /^[A-Za-z_$][\w$-]*(?:\.[\w$-]+)*$/;

function isRouteLike(value: string): boolean {
  return value.startsWith("/") || value === "*" || value === "";
}

export function handlerName(node: TS.Expression | undefined, sourceFile: TS.SourceFile): string {
  const expression = unwrapExpression(node);
  if (!expression) return "<none>";
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.getText(sourceFile).replace(/\s+/g, "");
  if (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression)) {
    return expression.name ? expression.name.text : "<inline>";
  }
  if (ts.isCallExpression(expression)) {
    // Wrapped handlers such as asyncHandler(getUser) or controller.bind(x): name the innermost named thing.
    if (ts.isPropertyAccessExpression(expression.expression) && expression.expression.name.text === "bind") {
      return handlerName(expression.expression.expression, sourceFile);
    }
    for (let i = expression.arguments.length - 1; i >= 0; i -= 1) {
      const inner = handlerName(expression.arguments[i], sourceFile);
      if (inner !== "<none>" && inner !== "<inline>" && inner !== "<expression>") return inner;
    }
    return "<inline>";
  }
  return "<expression>";
}
