import type { FileRoutes, RouterRef } from "../../model.js";
import { VERB_METHODS } from "../http-verbs.js";
import { endLine, MAX_NESTING, startLine, type SyntaxNode } from "../tree-sitter.js";

/*
 * Routes of axum and actix-web as one file writes them.
 *
 * axum: `Router::new()` is a router; `.route(path, get(h).post(h2))` registers, `.nest(path, r)`
 * and `.merge(r)` mount. actix-web: `App::new()`, `web::scope(path)` and `web::resource(path)` are
 * routers (a scope's and a resource's path their own prefix); `.route(path, web::get().to(h))`,
 * a resource's `.route(web::post().to(h))` and `.to(h)` register; `.service(x)` and
 * `.configure(f)` mount; a handler with a route macro (`#[get("/x")]`) is a router of its own,
 * keyed by its name, served where `.service(name)` mounts it.
 *
 * Router keys: a function that returns a router, or takes one (`fn config(cfg: &mut
 * web::ServiceConfig)`), its name; a `let` binding `function.name`; a router built inside a chain
 * its position. A router another module defines is named by its path (`users::routes()`), with
 * what `use` and `mod` declarations in this file make of its first segment.
 */

/** Calls that make a router: axum's and actix-web's constructors, and actix-web's scopes and resources (with a path). */
const CONSTRUCTORS = new Set(["Router::new", "App::new", "ServiceConfig::new"]);
const SCOPES = new Set(["scope", "resource"]);
/** Types of a parameter that is a router, as the function's caller hands it over. */
const ROUTER_TYPES = /\b(?:ServiceConfig|Router|Scope)\b/;

export function extractRustRoutes(root: SyntaxNode, text: string): FileRoutes | undefined {
  if (!/\b(?:axum|actix_web)\b/.test(text)) return undefined;
  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  const modules = new Set(root.namedChildren.filter((node) => node?.type === "mod_item").map((node) => node!.childForFieldName("name")?.text ?? ""));
  // `use api::orders;` with `mod api;` here names this module's child: `self::api::orders`.
  const paths = new Map([...useDeclarations(root)].map(([name, path]) => [name, modules.has(path.split("::")[0]!) ? `self::${path}` : path]));

  /** What this file's `use` and `mod` declarations make of a path's first segment (`users::routes` with `mod users;` → `self::users`). */
  const expand = (segments: string[]): string => {
    const [first, ...rest] = segments;
    if (!first) return "";
    if (first === "crate" || first === "self" || first === "super") return segments.join("::");
    const imported = paths.get(first);
    if (imported) return [imported, ...rest].join("::");
    if (modules.has(first)) return ["self", ...segments].join("::");
    return segments.join("::");
  };

  /** A router a path names: a function of this file by its name, another module's by that module's path and its name. */
  const namedRouter = (node: SyntaxNode): RouterRef | undefined => {
    if (node.type === "identifier") {
      const imported = paths.get(node.text);
      return imported ? { specifier: imported, name: node.text } : { local: node.text };
    }
    if (node.type !== "scoped_identifier") return undefined;
    const segments = node.text.replace(/\s+/g, "").split("::");
    const name = segments.pop()!;
    return { specifier: expand(segments), name };
  };

  const stringOf = (node: SyntaxNode | undefined): string => {
    if (!node) return "";
    if (node.type === "string_literal" || node.type === "raw_string_literal") {
      const parts = node.namedChildren.filter((part) => part?.type === "string_content" || part?.type === "escape_sequence");
      if (parts.length === node.namedChildren.length) return parts.map((part) => part!.text).join("");
    }
    return `{${node.text.replace(/\s+/g, " ")}}`;
  };

  const register = (router: RouterRef, verb: string, written: string, handler: SyntaxNode | undefined, at: SyntaxNode, framework: string): void => {
    const inline = handler?.type === "closure_expression";
    routes.registrations.push({
      method: verb,
      written,
      handler: !handler ? "" : inline ? "<inline>" : handler.text.replace(/\s+/g, ""),
      line: startLine(at),
      ...(inline && endLine(handler!) > startLine(at) ? { endLine: endLine(handler!) } : {}),
      framework,
      router,
    });
  };

  /** axum's method router (`get(h).post(h2)`, `routing::any(h)`): each method with its handler. */
  const axumMethods = (node: SyntaxNode, depth = 0): [string, SyntaxNode | undefined][] => {
    if (node.type !== "call_expression" || depth > MAX_NESTING) return [];
    const callee = node.childForFieldName("function");
    const args = argumentsOf(node);
    if (callee?.type === "field_expression") {
      const verb = VERB_METHODS.get(callee.childForFieldName("field")?.text ?? "");
      const receiver = callee.childForFieldName("value");
      const before = receiver ? axumMethods(receiver, depth + 1) : [];
      return verb && before.length > 0 ? [...before, [verb, args[0]]] : before;
    }
    const name = callee ? lastSegment(callee) : "";
    const verb = VERB_METHODS.get(name) ?? VERB_METHODS.get(name.replace(/_service$/, ""));
    return verb ? [[verb, args[0]]] : [];
  };

  /** actix-web's `web::get().to(h)` (`web::route()` for any method): the method and its handler. */
  const actixMethod = (outer: SyntaxNode | undefined): [string, SyntaxNode | undefined] | undefined => {
    // `web::get().to(h).wrap(…)`: what is chained after `.to(h)` configures the same route.
    let node = outer;
    for (let depth = 0; node?.type === "call_expression" && depth < MAX_NESTING; depth += 1) {
      const callee = node.childForFieldName("function");
      if (callee?.type !== "field_expression" || callee.childForFieldName("field")?.text === "to") break;
      node = callee.childForFieldName("value") ?? undefined;
    }
    if (node?.type !== "call_expression") return undefined;
    const callee = node.childForFieldName("function");
    if (callee?.type !== "field_expression" || callee.childForFieldName("field")?.text !== "to") return undefined;
    let receiver = callee.childForFieldName("value");
    // `web::get().guard(…).to(h)`: the method is the chain's start.
    for (let depth = 0; receiver?.type === "call_expression" && receiver.childForFieldName("function")?.type === "field_expression" && depth < MAX_NESTING; depth += 1) {
      receiver = receiver.childForFieldName("function")!.childForFieldName("value");
    }
    const start = receiver?.type === "call_expression" ? receiver.childForFieldName("function") : undefined;
    const name = start ? lastSegment(start) : "";
    const verb = name === "route" ? "ALL" : VERB_METHODS.get(name);
    return verb ? [verb, argumentsOf(node)[0]] : undefined;
  };

  /**
   * The router an expression is, registering and mounting what its chain does on the way; undefined
   * for an expression that is no router (`HttpServer::new(…)`), which is then searched for one.
   */
  const routerOf = (node: SyntaxNode, scope: Scope, depth = 0): RouterRef | undefined => {
    if (depth > MAX_NESTING) return undefined;
    if (node.type === "identifier") return scope.routers.get(node.text);
    if (node.type === "reference_expression" || node.type === "parenthesized_expression" || node.type === "try_expression") {
      const inner = node.namedChildren.at(-1);
      return inner ? routerOf(inner, scope, depth + 1) : undefined;
    }
    if (node.type !== "call_expression") return undefined;
    const callee = node.childForFieldName("function");
    const args = argumentsOf(node);
    if (!callee) return undefined;
    if (callee.type !== "field_expression") {
      const written = callee.text.replace(/\s+/g, "").replace(/^(?:axum::|actix_web::)/, "");
      if (CONSTRUCTORS.has(written.replace(/^(?:web::|routing::)/, ""))) return positional(node, scope);
      if (SCOPES.has(lastSegment(callee)) && /\bweb::|^(?:scope|resource)$/.test(written)) {
        const router = positional(node, scope);
        routes.prefixes.push({ router: router.local, prefix: stringOf(args[0]), line: startLine(node) });
        return router;
      }
      return undefined;
    }
    const receiver = callee.childForFieldName("value");
    const router = receiver ? routerOf(receiver, scope, depth + 1) : undefined;
    if (!router) return undefined;
    const field = callee.childForFieldName("field");
    const method = field?.text ?? "";
    // A chain spans lines: each call is where its method's name is written.
    const at = field ?? node;
    const mount = (child: RouterRef | undefined, prefix: string): void => {
      if (child) routes.mounts.push({ parent: router, child, prefix, line: startLine(at) });
    };
    const child = (argument: SyntaxNode | undefined): RouterRef | undefined => (argument ? (routerOf(argument, scope, depth + 1) ?? namedRouter(stripCall(argument))) : undefined);
    switch (method) {
      case "route": {
        if (args.length === 1) {
          const served = actixMethod(args[0]);
          if (served) register(router, served[0], "", served[1], at, "actix-web");
          break;
        }
        const written = stringOf(args[0]);
        const actix = actixMethod(args[1]);
        if (actix) register(router, actix[0], written, actix[1], at, "actix-web");
        else for (const [verb, handler] of args[1] ? axumMethods(args[1]) : []) register(router, verb, written, handler, at, "axum");
        break;
      }
      case "to":
        register(router, "ALL", "", args[0], at, "actix-web");
        break;
      case "nest":
        mount(child(args[1]), stringOf(args[0]));
        break;
      case "merge":
      case "service":
      case "configure":
        mount(child(args[0]), "");
        break;
      default:
        break;
    }
    // Every builder method hands the router back (`.layer(…)`, `.with_state(…)`, `.wrap(…)`).
    return router;
  };

  const positional = (node: SyntaxNode, scope: Scope): { local: string } => ({ local: `${scope.name}@${startLine(node)}:${node.startPosition.column + 1}` });

  /** Each outermost router chain under `node`, and the `let` bindings that name routers. */
  const search = (node: SyntaxNode, scope: Scope, depth = 0): RouterRef | undefined => {
    if (depth > MAX_NESTING) return undefined;
    if (node.type === "function_item" && depth > 0) return undefined;
    if (node.type === "let_declaration") {
      const value = node.childForFieldName("value");
      const name = node.childForFieldName("pattern");
      const router = value ? (routerOf(value, scope) ?? search(value, scope, depth + 1)) : undefined;
      if (router && name?.type === "identifier") scope.routers.set(name.text, router);
      return undefined;
    }
    if (node.type === "call_expression") {
      const router = routerOf(node, scope);
      if (router) return router;
    }
    let last: RouterRef | undefined;
    for (const child of node.namedChildren) if (child) last = search(child, scope, depth + 1);
    return last;
  };

  for (const item of root.descendantsOfType("function_item")) {
    // A test module's routers serve tests, not the application.
    if (!item || insideTestModule(item)) continue;
    const name = item.childForFieldName("name")?.text;
    const body = item.childForFieldName("body");
    if (!name || !body) continue;
    const scope: Scope = { name, routers: new Map() };
    // A parameter of a router type is the router the caller hands over: the function's.
    for (const parameter of item.childForFieldName("parameters")?.namedChildren ?? []) {
      const pattern = parameter?.childForFieldName("pattern");
      if (pattern?.type === "identifier" && ROUTER_TYPES.test(parameter!.childForFieldName("type")?.text ?? "")) scope.routers.set(pattern.text, { local: name });
    }
    macroRoutes(item, name);
    // The body's value, when it is a router, is what the function returns: served where a call of it is mounted.
    const tail = body.namedChildren.at(-1);
    for (const statement of body.namedChildren) {
      if (!statement) continue;
      const router = search(statement, scope);
      if (router && statement === tail && statement.type !== "expression_statement" && !("local" in router && router.local === name)) {
        routes.mounts.push({ parent: { local: name }, child: router, prefix: "", line: startLine(statement) });
      }
    }
  }
  return routes.registrations.length > 0 || routes.mounts.length > 0 ? routes : undefined;

  /** actix-web's route macros on a handler: `#[get("/x")]`, `#[route("/x", method = "GET", method = "POST")]`. */
  function macroRoutes(item: SyntaxNode, name: string): void {
    let first: SyntaxNode = item;
    const attributes: SyntaxNode[] = [];
    for (let sibling = item.previousNamedSibling; sibling?.type === "attribute_item" || sibling?.type === "line_comment"; sibling = sibling.previousNamedSibling) {
      if (sibling.type === "attribute_item") {
        attributes.push(sibling);
        first = sibling;
      }
    }
    for (const attribute of attributes) {
      const inner = attribute.namedChildren[0];
      const macro = inner?.namedChildren[0]?.text ?? "";
      const tokens = inner?.childForFieldName("arguments");
      const literal = tokens?.namedChildren.find((child) => child?.type === "string_literal");
      if (!literal) continue;
      const verb = VERB_METHODS.get(macro.replace(/^actix_web::/, ""));
      const written = stringOf(literal);
      const verbs = verb ? [verb] : macro.replace(/^actix_web::/, "") === "route" ? methodsOf(tokens!) : [];
      for (const each of verbs) {
        routes.registrations.push({ method: each, written, handler: name, line: startLine(first), framework: "actix-web", router: { local: name } });
      }
    }
  }
}

interface Scope {
  name: string;
  /** Variables and parameters that hold a router. */
  routers: Map<string, RouterRef>;
}

/** `#[route("/x", method = "GET", method = "POST")]`: the methods named. */
function methodsOf(tokens: SyntaxNode): string[] {
  const verbs: string[] = [];
  const children = tokens.namedChildren;
  children.forEach((child, i) => {
    if (child?.type === "identifier" && child.text === "method") {
      const value = children[i + 1];
      if (value?.type === "string_literal") verbs.push(value.text.slice(1, -1).toUpperCase());
    }
  });
  return verbs;
}

function argumentsOf(call: SyntaxNode): SyntaxNode[] {
  return (call.childForFieldName("arguments")?.namedChildren ?? []).filter((child): child is SyntaxNode => child !== null && child.type !== "line_comment" && child.type !== "block_comment");
}

/** A path's last name: `web::get` → `get`, `get::<S>` → `get`. */
function lastSegment(node: SyntaxNode): string {
  if (node.type === "generic_function") {
    const inner = node.childForFieldName("function");
    return inner ? lastSegment(inner) : "";
  }
  if (node.type === "scoped_identifier") return node.childForFieldName("name")?.text ?? "";
  return node.type === "identifier" ? node.text : "";
}

/** `users::routes()` names the router `users::routes` returns. */
function stripCall(node: SyntaxNode): SyntaxNode {
  return node.type === "call_expression" ? (node.childForFieldName("function") ?? node) : node;
}

/** Each name `use` brings into the file, to the path it stands for (`use crate::api::{users, items as i}`: `users` → `crate::api::users`). */
function useDeclarations(root: SyntaxNode): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (node: SyntaxNode, prefix: string[], depth: number): void => {
    if (depth > 32) return;
    switch (node.type) {
      case "identifier":
      case "crate":
      case "self":
      case "super": {
        const path = [...prefix, node.text];
        if (node.type === "identifier") names.set(node.text, path.join("::"));
        else if (node.type === "self" && prefix.length > 0) names.set(prefix.at(-1)!, prefix.join("::"));
        break;
      }
      case "scoped_identifier": {
        const path = [...prefix, ...node.text.replace(/\s+/g, "").split("::")];
        names.set(path.at(-1)!, path.join("::"));
        break;
      }
      case "use_as_clause": {
        const path = node.childForFieldName("path");
        const alias = node.childForFieldName("alias");
        if (path && alias) names.set(alias.text, [...prefix, ...path.text.replace(/\s+/g, "").split("::")].join("::"));
        break;
      }
      case "scoped_use_list": {
        const path = node.childForFieldName("path");
        const list = node.childForFieldName("list");
        const inner = [...prefix, ...(path ? path.text.replace(/\s+/g, "").split("::") : [])];
        for (const child of list?.namedChildren ?? []) if (child) visit(child, inner, depth + 1);
        break;
      }
      case "use_list":
        for (const child of node.namedChildren) if (child) visit(child, prefix, depth + 1);
        break;
      default:
        break;
    }
  };
  for (const declaration of root.descendantsOfType("use_declaration")) {
    const argument = declaration?.childForFieldName("argument");
    if (argument) visit(argument, [], 0);
  }
  return names;
}

/** Whether a node is inside a `#[cfg(test)] mod … { }`. */
function insideTestModule(node: SyntaxNode): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type !== "mod_item") continue;
    for (let sibling = current.previousNamedSibling; sibling?.type === "attribute_item"; sibling = sibling.previousNamedSibling) {
      if (/^#\[\s*cfg\s*\(\s*test\s*\)\s*\]$/.test(sibling.text)) return true;
    }
  }
  return false;
}
