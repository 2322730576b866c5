import { HTTP_METHODS, type EndpointRecord, type RepoPath } from "../model.js";
import { hasModifier, lineOf, nameText, ts, type TS } from "./compiler.js";
import { unwrapExpression } from "./extract-symbols.js";
import { StaticStrings } from "./static-string.js";

/** Packages whose import makes a file a server file, and the framework name they stand for. */
const FRAMEWORK_BY_PACKAGE: Record<string, string> = {
  express: "express",
  fastify: "fastify",
  "@koa/router": "koa",
  "koa-router": "koa",
  hono: "hono",
  "@nestjs/common": "nestjs",
};

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

const NEST_DECORATORS = new Map<string, string>([
  ["Get", "GET"],
  ["Post", "POST"],
  ["Put", "PUT"],
  ["Patch", "PATCH"],
  ["Delete", "DELETE"],
  ["Head", "HEAD"],
  ["Options", "OPTIONS"],
  ["All", "ALL"],
]);

/** Names a route receiver usually has when no declaration says what it is. */
const CONVENTIONAL_RECEIVERS = new Set(["app", "router", "server", "api", "routes", "route", "fastify", "instance", "r"]);

const SOURCE_EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

export function extractEndpoints(sourceFile: TS.SourceFile, path: RepoPath): EndpointRecord[] {
  const endpoints: EndpointRecord[] = [];
  const strings = new StaticStrings(sourceFile);
  const frameworks = importedFrameworks(sourceFile);
  const routeCalls = new RouteCallFinder(sourceFile, path, strings, frameworks);

  endpoints.push(...fileRouteEndpoints(sourceFile, path));
  if (frameworks.has("nestjs")) endpoints.push(...nestEndpoints(sourceFile, path, strings));
  // Every receiver a route call can be made on traces back to a framework import; a file without
  // one (most files) registers no routes, and is not walked at all.
  if (routeCalls.hasServerFramework()) endpoints.push(...routeCalls.find());
  return endpoints;
}

/** Local name → framework, for every binding imported from a server framework package. */
function importedFrameworks(sourceFile: TS.SourceFile): Map<string, string> {
  const bindings = new Map<string, string>();
  for (const statement of sourceFile.statements) {
    let specifier: string | undefined;
    let names: string[] = [];
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (clause?.name) names.push(clause.name.text);
      const bindingsNode = clause?.namedBindings;
      if (bindingsNode && ts.isNamespaceImport(bindingsNode)) names.push(bindingsNode.name.text);
      if (bindingsNode && ts.isNamedImports(bindingsNode)) names.push(...bindingsNode.elements.map((e) => e.name.text));
    } else if (ts.isVariableStatement(statement)) {
      // const express = require("express"); const { Router } = require("express")
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === "require") {
          const argument = init.arguments[0];
          if (argument && ts.isStringLiteral(argument)) {
            specifier = argument.text;
            names = ts.isIdentifier(declaration.name)
              ? [declaration.name.text]
              : ts.isObjectBindingPattern(declaration.name)
                ? declaration.name.elements.map((e) => nameText(e.name)).filter((n): n is string => n !== undefined)
                : [];
          }
        }
      }
    }
    if (specifier === undefined) continue;
    const root = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
    const framework = FRAMEWORK_BY_PACKAGE[root];
    if (!framework) continue;
    bindings.set(`module:${framework}`, framework);
    for (const name of names) bindings.set(name, framework);
  }
  const result = new Map<string, string>();
  for (const [key, value] of bindings) result.set(key.startsWith("module:") ? value : key, value);
  return result;
}

class RouteCallFinder {
  /** Receiver variable → its framework and the base path it was created with (Hono `basePath`). */
  private readonly receivers = new Map<string, { framework: string; base: string }>();
  private readonly frameworkNames: Set<string>;
  private readonly fileFramework: string | undefined;

  constructor(
    private readonly sourceFile: TS.SourceFile,
    private readonly path: RepoPath,
    private readonly strings: StaticStrings,
    private readonly frameworks: Map<string, string>,
  ) {
    this.frameworkNames = new Set(["express", "fastify", "koa", "hono", "nestjs"].filter((f) => frameworks.has(f)));
    this.fileFramework = ["express", "fastify", "koa", "hono"].find((f) => this.frameworkNames.has(f));
  }

  hasServerFramework(): boolean {
    return this.fileFramework !== undefined;
  }

  find(): EndpointRecord[] {
    // First pass: what each receiver is; second: the route registrations on them.
    const declare = (node: TS.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const created = this.creation(node.initializer);
        if (created) this.receivers.set(node.name.text, created);
      }
      if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.type && ts.isTypeReferenceNode(node.type)) {
        const typeName = node.type.typeName;
        const root = ts.isIdentifier(typeName) ? typeName.text : ts.isQualifiedName(typeName) && ts.isIdentifier(typeName.left) ? typeName.left.text : "";
        const framework = this.frameworks.get(root);
        if (framework && framework !== "nestjs") this.receivers.set(node.name.text, { framework, base: "" });
      }
      ts.forEachChild(node, declare);
    };
    declare(this.sourceFile);
    this.collectMounts();
    const endpoints: EndpointRecord[] = [];
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node)) endpoints.push(...this.fromCall(node));
      ts.forEachChild(node, visit);
    };
    visit(this.sourceFile);
    return endpoints;
  }

  /** What a server object's creating expression tells: `express()`, `Router()`, `new Hono().basePath("/api")`. */
  private creation(expression: TS.Expression): { framework: string; base: string } | undefined {
    const node = unwrapExpression(expression);
    if (!node) return undefined;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "basePath") {
      const inner = this.creation(node.expression.expression);
      const base = this.strings.evaluate(node.arguments[0]);
      if (inner && base !== undefined) return { framework: inner.framework, base: joinRoute(inner.base, base) };
      return inner;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const root = rootIdentifier(node.expression);
      const framework = root ? this.frameworks.get(root) : undefined;
      if (!framework || framework === "nestjs") return undefined;
      // koa-router: `new Router({ prefix: "/api" })`.
      const options = unwrapExpression(node.arguments?.[0]);
      let base = "";
      if (options && ts.isObjectLiteralExpression(options)) {
        const prefix = this.property(options, "prefix");
        base = (prefix && this.strings.evaluate(prefix)) ?? "";
      }
      return { framework, base };
    }
    return undefined;
  }

  /** express `parent.use("/v1", router)` within one file: routes on `router` live under `/v1`. */
  private collectMounts(): void {
    const mounts: { parent: string; child: string; path: string }[] = [];
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "use") {
        const [pathArg, ...rest] = node.arguments;
        const path = this.strings.evaluate(pathArg);
        const parent = unwrapExpression(node.expression.expression);
        for (const child of rest) {
          const target = unwrapExpression(child);
          if (path !== undefined && parent && ts.isIdentifier(parent) && target && ts.isIdentifier(target)) {
            mounts.push({ parent: parent.text, child: target.text, path });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sourceFile);
    const prefixOf = (name: string, seen: Set<string>): string => {
      const mount = mounts.find((m) => m.child === name);
      if (!mount || seen.has(name)) return "";
      seen.add(name);
      return joinRoute(prefixOf(mount.parent, seen), mount.path);
    };
    for (const mount of mounts) {
      const receiver = this.receivers.get(mount.child);
      if (receiver) this.receivers.set(mount.child, { ...receiver, base: joinRoute(prefixOf(mount.child, new Set()), receiver.base) });
    }
  }

  private receiverInfo(expression: TS.Expression): { framework: string; base: string; prefix: string } | undefined {
    const node = unwrapExpression(expression);
    if (!node) return undefined;
    if (ts.isIdentifier(node)) {
      const known = this.receivers.get(node.text);
      if (known) return { ...known, prefix: "" };
      if (this.fileFramework && CONVENTIONAL_RECEIVERS.has(node.text)) return { framework: this.fileFramework, base: "", prefix: "" };
      return undefined;
    }
    if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword) {
      if (this.fileFramework && CONVENTIONAL_RECEIVERS.has(node.name.text)) return { framework: this.fileFramework, base: "", prefix: "" };
      return undefined;
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const inner = this.receiverInfo(node.expression.expression);
      if (!inner) return this.creation(node) ? { ...this.creation(node)!, prefix: "" } : undefined;
      // express `app.route("/x").get(h)`: the route() argument is the path for the chained methods.
      if (method === "route" && inner.framework === "express") {
        const routePath = this.strings.evaluate(node.arguments[0]);
        return { ...inner, prefix: routePath ?? `{${node.arguments[0]?.getText(this.sourceFile) ?? ""}}` };
      }
      // Hono and express chains: `app.get(…).post(…)` returns the same receiver.
      if (ROUTE_METHODS.has(method) || method === "use" || method === "basePath") return inner;
      return undefined;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const created = this.creation(node);
      return created ? { ...created, prefix: "" } : undefined;
    }
    return undefined;
  }

  private fromCall(call: TS.CallExpression): EndpointRecord[] {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee)) return [];
    const methodName = callee.name.text;
    const receiver = this.receiverInfo(callee.expression);
    if (!receiver) return [];
    const line = lineOf(this.sourceFile, call.getStart(this.sourceFile));
    const record = (method: string, route: string, handler: string): EndpointRecord => ({
      method,
      route: normaliseRoute(joinRoute(receiver.base, route)),
      handler,
      path: this.path,
      line,
      framework: receiver.framework,
    });

    if (methodName === "route" && receiver.framework === "fastify") {
      const options = unwrapExpression(call.arguments[0]);
      if (!options || !ts.isObjectLiteralExpression(options)) return [];
      const url = this.property(options, "url") ?? this.property(options, "path");
      const methods = this.methodsOf(this.property(options, "method"));
      if (!url || methods.length === 0) return [];
      const route = this.routeText(url);
      const handler = handlerName(this.property(options, "handler"), this.sourceFile);
      return methods.map((method) => record(method, route, handler));
    }
    if (methodName === "on" && receiver.framework === "hono") {
      const [methodArg, routeArg] = call.arguments;
      const methods = this.methodsOf(methodArg);
      if (!routeArg || methods.length === 0) return [];
      return methods.map((method) => record(method, this.routeText(routeArg), handlerName(call.arguments[call.arguments.length - 1], this.sourceFile)));
    }
    const method = ROUTE_METHODS.get(methodName);
    if (!method) return [];
    if (receiver.prefix) {
      // `app.route("/x").get(handler)`: no path argument of its own.
      if (call.arguments.length === 0) return [];
      return [record(method, receiver.prefix, handlerName(call.arguments[call.arguments.length - 1], this.sourceFile))];
    }
    // `get(path, …handlers)`, koa's named form `get(name, path, …handlers)`.
    if (call.arguments.length < 2) return [];
    let routeIndex = 0;
    const first = this.strings.evaluate(call.arguments[0]);
    const second = call.arguments.length >= 3 ? this.strings.evaluate(call.arguments[1]) : undefined;
    if (receiver.framework === "koa" && first !== undefined && !isRouteLike(first) && second !== undefined && isRouteLike(second)) routeIndex = 1;
    const routeArg = call.arguments[routeIndex]!;
    const routeValue = this.strings.evaluate(routeArg);
    // koa-router serves a path written without its leading slash: RPC-style names (`router.post("users.list", …)`).
    const rpcName = receiver.framework === "koa" && routeValue !== undefined && RPC_NAME.test(routeValue);
    if (routeValue !== undefined && !isRouteLike(routeValue) && !rpcName) return [];
    if (routeValue === undefined && !ts.isTemplateExpression(unwrapExpression(routeArg)!) && !ts.isIdentifier(unwrapExpression(routeArg)!)) {
      // A dynamic first argument that is not even a string-ish expression is not a route registration.
      return [];
    }
    const last = call.arguments[call.arguments.length - 1];
    return [record(method, this.routeText(routeArg), handlerName(last, this.sourceFile))];
  }

  private property(object: TS.ObjectLiteralExpression, key: string): TS.Expression | undefined {
    for (const property of object.properties) {
      if (ts.isPropertyAssignment(property) && nameText(property.name) === key) return property.initializer;
      if (ts.isShorthandPropertyAssignment(property) && property.name.text === key) return property.name;
      if (ts.isMethodDeclaration(property) && nameText(property.name) === key) return property.name as TS.Identifier;
    }
    return undefined;
  }

  private methodsOf(node: TS.Expression | undefined): string[] {
    const expression = unwrapExpression(node);
    if (!expression) return [];
    const values = ts.isArrayLiteralExpression(expression)
      ? expression.elements.map((e) => this.strings.evaluate(e))
      : [this.strings.evaluate(expression)];
    return values
      .filter((v): v is string => v !== undefined)
      .map((v) => v.toUpperCase())
      .filter((v) => (HTTP_METHODS as readonly string[]).includes(v));
  }

  private routeText(node: TS.Expression): string {
    const value = this.strings.evaluate(node);
    return value ?? `{${node.getText(this.sourceFile)}}`;
  }
}

function rootIdentifier(expression: TS.Expression): string | undefined {
  let current = unwrapExpression(expression);
  while (current && ts.isPropertyAccessExpression(current)) current = unwrapExpression(current.expression);
  return current && ts.isIdentifier(current) ? current.text : undefined;
}

/** `users.list`, `documents.add_user`: dotted names, which a named route's name (`"user"`) is not. */
const RPC_NAME = /^[A-Za-z_$][\w$-]*(?:\.[\w$-]+)+$/;

function isRouteLike(value: string): boolean {
  return value.startsWith("/") || value === "*" || value === "";
}

function handlerName(node: TS.Expression | undefined, sourceFile: TS.SourceFile): string {
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

export function joinRoute(prefix: string, route: string): string {
  if (!prefix) return route;
  if (!route || route === "/") return prefix;
  return `${prefix.replace(/\/+$/, "")}/${route.replace(/^\/+/, "")}`;
}

/** One leading slash, no trailing slash (but for the root), no doubled slashes. */
export function normaliseRoute(route: string): string {
  if (route.startsWith("{")) return route;
  let result = `/${route}`.replace(/\/{2,}/g, "/");
  if (result.length > 1) result = result.replace(/\/+$/, "");
  return result;
}

function nestEndpoints(sourceFile: TS.SourceFile, path: RepoPath, strings: StaticStrings): EndpointRecord[] {
  const endpoints: EndpointRecord[] = [];
  const decoratorCall = (decorator: TS.Decorator): { name: string; args: readonly TS.Expression[] } | undefined => {
    const expression = decorator.expression;
    if (ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)) {
      return { name: expression.expression.text, args: expression.arguments };
    }
    return undefined;
  };
  const pathArgument = (args: readonly TS.Expression[]): string | undefined => {
    const first = unwrapExpression(args[0]);
    if (!first) return "";
    if (ts.isObjectLiteralExpression(first)) {
      for (const property of first.properties) {
        if (ts.isPropertyAssignment(property) && nameText(property.name) === "path") return pathArgument([property.initializer]);
      }
      return "";
    }
    if (ts.isArrayLiteralExpression(first)) return pathArgument(first.elements.slice(0, 1));
    return strings.evaluate(first) ?? `{${first.getText(sourceFile)}}`;
  };

  const visit = (node: TS.Node): void => {
    if (ts.isClassDeclaration(node) && node.name) {
      const controller = (ts.getDecorators(node) ?? []).map(decoratorCall).find((d) => d?.name === "Controller");
      if (controller) {
        const prefix = pathArgument(controller.args) ?? "";
        for (const member of node.members) {
          if (!ts.isMethodDeclaration(member)) continue;
          const methodName = nameText(member.name);
          if (!methodName) continue;
          for (const decorator of ts.getDecorators(member) ?? []) {
            const call = decoratorCall(decorator);
            const method = call ? NEST_DECORATORS.get(call.name) : undefined;
            if (!call || !method) continue;
            endpoints.push({
              method,
              route: normaliseRoute(joinRoute(prefix, pathArgument(call.args) ?? "")),
              handler: `${node.name.text}.${methodName}`,
              path,
              line: lineOf(sourceFile, member.getStart(sourceFile)),
              framework: "nestjs",
            });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return endpoints;
}

/**
 * Routes that a file's location defines: Next.js app router `app/**\/route.ts` and pages API `pages/api/**`,
 * and `route.ts` files under an `api/` folder exporting method-named handlers.
 */
function fileRouteEndpoints(sourceFile: TS.SourceFile, path: RepoPath): EndpointRecord[] {
  const segments = path.split("/");
  const base = segments[segments.length - 1]!.replace(SOURCE_EXTENSION, "");
  if (!SOURCE_EXTENSION.test(path)) return [];

  const pagesApi = segments.findIndex((s, i) => s === "pages" && segments[i + 1] === "api");
  if (pagesApi >= 0) {
    const routeSegments = segments.slice(pagesApi + 1, -1);
    if (base !== "index") routeSegments.push(base);
    const handler = defaultExport(sourceFile);
    if (!handler) return [];
    const methods = comparedMethods(handler.node);
    const route = routeFromSegments(routeSegments);
    return (methods.length ? methods : ["ALL"]).map((method) => ({
      method,
      route,
      handler: handler.name,
      path,
      line: lineOf(sourceFile, handler.node.getStart(sourceFile)),
      framework: "nextjs-pages",
    }));
  }

  if (base !== "route") return [];
  const appIndex = segments.lastIndexOf("app");
  const apiIndex = segments.indexOf("api");
  let routeSegments: string[];
  let framework: string;
  if (appIndex >= 0 && appIndex < segments.length - 1) {
    routeSegments = segments.slice(appIndex + 1, -1);
    framework = "nextjs";
  } else if (apiIndex >= 0) {
    routeSegments = segments.slice(apiIndex, -1);
    framework = "file-route";
  } else {
    return [];
  }
  const route = routeFromSegments(routeSegments);
  return exportedMethodHandlers(sourceFile).map(({ method, node }) => ({
    method,
    route,
    handler: method,
    path,
    line: lineOf(sourceFile, node.getStart(sourceFile)),
    framework,
  }));
}

function routeFromSegments(segments: string[]): string {
  const parts: string[] = [];
  for (const segment of segments) {
    if (segment.startsWith("(") && segment.endsWith(")")) continue; // route group
    if (segment.startsWith("@")) continue; // parallel route slot
    const optionalCatchAll = /^\[\[\.\.\.(.+)\]\]$/.exec(segment);
    const catchAll = /^\[\.\.\.(.+)\]$/.exec(segment);
    const dynamic = /^\[(.+)\]$/.exec(segment);
    if (optionalCatchAll) parts.push(`:${optionalCatchAll[1]}*?`);
    else if (catchAll) parts.push(`:${catchAll[1]}*`);
    else if (dynamic) parts.push(`:${dynamic[1]}`);
    else parts.push(segment);
  }
  return normaliseRoute(parts.join("/"));
}

const METHOD_NAMES = new Set<string>(HTTP_METHODS.filter((m) => m !== "ALL"));

function exportedMethodHandlers(sourceFile: TS.SourceFile): { method: string; node: TS.Node }[] {
  const handlers: { method: string; node: TS.Node }[] = [];
  for (const statement of sourceFile.statements) {
    const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
    if (exported && ts.isFunctionDeclaration(statement) && statement.name && METHOD_NAMES.has(statement.name.text)) {
      handlers.push({ method: statement.name.text, node: statement });
    } else if (exported && ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && METHOD_NAMES.has(declaration.name.text)) {
          handlers.push({ method: declaration.name.text, node: declaration });
        }
      }
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        if (METHOD_NAMES.has(element.name.text)) handlers.push({ method: element.name.text, node: element });
      }
    }
  }
  return handlers;
}

function defaultExport(sourceFile: TS.SourceFile): { name: string; node: TS.Node } | undefined {
  const declarations = new Map<string, TS.Node>();
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement)) {
      if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) return { name: statement.name?.text ?? "default", node: statement };
      if (statement.name) declarations.set(statement.name.text, statement);
    }
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) declarations.set(d.name.text, d);
    }
  }
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      const expression = unwrapExpression(statement.expression);
      if (expression && ts.isIdentifier(expression)) {
        return { name: expression.text, node: declarations.get(expression.text) ?? statement };
      }
      return { name: "default", node: statement };
    }
  }
  return undefined;
}

/** HTTP methods a pages-API handler compares `req.method` with (`===` or `switch` cases). */
function comparedMethods(node: TS.Node): string[] {
  const found = new Set<string>();
  const isMethodAccess = (e: TS.Expression): boolean => ts.isPropertyAccessExpression(e) && e.name.text === "method";
  const literal = (e: TS.Expression): string | undefined => {
    const value = ts.isStringLiteralLike(e) ? e.text.toUpperCase() : undefined;
    return value && METHOD_NAMES.has(value) ? value : undefined;
  };
  const visit = (current: TS.Node): void => {
    if (ts.isBinaryExpression(current)) {
      const op = current.operatorToken.kind;
      if (op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken) {
        const value = isMethodAccess(current.left) ? literal(current.right) : isMethodAccess(current.right) ? literal(current.left) : undefined;
        if (value) found.add(value);
      }
    }
    if (ts.isSwitchStatement(current) && isMethodAccess(current.expression)) {
      for (const clause of current.caseBlock.clauses) {
        if (ts.isCaseClause(clause)) {
          const value = literal(clause.expression);
          if (value) found.add(value);
        }
      }
    }
    ts.forEachChild(current, visit);
  };
  visit(node);
  return [...found].sort();
}
