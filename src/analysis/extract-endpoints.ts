import type { FileRoutes, RepoPath, RouteRegistration } from "../model.js";
import { HTTP_METHODS } from "../model.js";
import { hasModifier, lineOf, nameText, ts, type TS } from "./compiler.js";
import { unwrapExpression } from "./extract-symbols.js";
import { nestRoutes } from "./extract-nest-routes.js";
import { ecosystemOfSpecifier, frameworkOfSpecifier, RouteExtractor } from "./extract-routes.js";
import { StaticStrings } from "./static-string.js";
import { normaliseRoute } from "../core/index/route-path.js";

const SOURCE_EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

/**
 * What a file tells about HTTP routes: registrations as written, and the mounts, prefixes and
 * exports that core/index/join-routes.ts joins across files into full routes.
 */
export function extractEndpoints(sourceFile: TS.SourceFile, path: RepoPath): FileRoutes {
  const routes: FileRoutes = { registrations: fileRouteRegistrations(sourceFile, path), mounts: [], prefixes: [], exports: [] };
  const basePath = nextBasePath(sourceFile, path);
  if (basePath) routes.basePath = basePath;
  const { frameworks, mountFunctions } = importedFrameworks(sourceFile);
  if (frameworks.has("nestjs")) merge(routes, nestRoutes(sourceFile, new StaticStrings(sourceFile)));
  // Every receiver a route call can be made on traces back to a framework import; a file without
  // one (most files) registers no routes, and is not walked at all.
  const extractor = new RouteExtractor(sourceFile, frameworks, mountFunctions);
  if (extractor.hasServerFramework()) merge(routes, extractor.extract());
  return routes;
}

function merge(into: FileRoutes, from: FileRoutes): void {
  into.registrations.push(...from.registrations);
  into.mounts.push(...from.mounts);
  into.prefixes.push(...from.prefixes);
  into.exports.push(...from.exports);
}

/** Local name → framework, for every binding imported from a server framework package (and the framework names themselves); koa-mount's names. */
function importedFrameworks(sourceFile: TS.SourceFile): { frameworks: Map<string, string>; mountFunctions: Set<string> } {
  const frameworks = new Map<string, string>();
  const mountFunctions = new Set<string>();
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
      // const express = require("express"); const { Router } = require("express"); const router = require("express").Router()
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        const root = requireAtRoot(init);
        if (root && root !== init) specifier = root.arguments[0] && ts.isStringLiteral(root.arguments[0]) ? root.arguments[0].text : undefined;
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
    if (specifier === "koa-mount") for (const name of names) mountFunctions.add(name);
    const framework = frameworkOfSpecifier(specifier);
    if (!framework) {
      // A plugin package's names create no routers, but say which framework the file's receivers are.
      const ecosystem = ecosystemOfSpecifier(specifier);
      if (ecosystem) frameworks.set(ecosystem, ecosystem);
      continue;
    }
    for (const name of names) frameworks.set(name, framework);
    // The framework's own name says the file uses it (a local of that name is the same framework).
    frameworks.set(framework, framework);
  }
  return { frameworks, mountFunctions };
}

/** The `require("…")` call a chain of calls and member reads starts from: `require("express").Router()`. */
function requireAtRoot(expression: TS.Expression | undefined): TS.CallExpression | undefined {
  let current = unwrapExpression(expression);
  while (current && (ts.isPropertyAccessExpression(current) || (ts.isCallExpression(current) && !(ts.isIdentifier(current.expression) && current.expression.text === "require")))) {
    current = unwrapExpression(current.expression);
  }
  return current && ts.isCallExpression(current) ? current : undefined;
}

/** A Next.js config's `basePath: "/docs"`: the prefix of every Next.js route under its folder. */
function nextBasePath(sourceFile: TS.SourceFile, path: RepoPath): FileRoutes["basePath"] {
  if (!/(?:^|\/)next\.config\.[cm]?[jt]s$/.test(path)) return undefined;
  const strings = new StaticStrings(sourceFile);
  let found: FileRoutes["basePath"];
  const visit = (node: TS.Node): void => {
    if (found) return;
    if (ts.isPropertyAssignment(node) && nameText(node.name) === "basePath") {
      const value = strings.evaluate(node.initializer);
      found = { prefix: value ?? `{${node.initializer.getText(sourceFile)}}`, line: lineOf(sourceFile, node.getStart(sourceFile)) };
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * Routes that a file's location defines: Next.js app router `app/**\/route.ts` and pages API `pages/api/**`,
 * and `route.ts` files under an `api/` folder exporting method-named handlers.
 */
function fileRouteRegistrations(sourceFile: TS.SourceFile, path: RepoPath): RouteRegistration[] {
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
      written: route,
      handler: handler.name,
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
    written: route,
    handler: method,
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
