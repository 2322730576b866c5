import type { FileRoutes, RepoPath } from "../../model.js";
import { singular, VERB_METHODS } from "../http-verbs.js";
import { endLine, MAX_NESTING, startLine, type SyntaxNode } from "../tree-sitter.js";

/*
 * Routes of Laravel and Symfony as one file writes them.
 *
 * Laravel: `Route::get('/x', [C::class, 'm'])` and its kin, `Route::match`, `Route::any`,
 * `Route::resource` and `Route::apiResource` (the actions each makes, `only`/`except` applied),
 * and groups: `Route::prefix('x')->…->group(function () { … })`, `Route::group(['prefix' => 'x'], …)`,
 * `Route::controller(C::class)->group(…)` (its routes name methods of C). A route file is one router,
 * keyed `routes`; `routes/api.php` is served under `/api`, as Laravel's default routing does.
 *
 * Symfony: `#[Route]` on a controller class is its router's prefix, on a method a registration
 * (`methods:` the methods served, every method when absent).
 */

/** Each resource action: its method(s), its path after the resource's, whether `apiResource` makes it. */
const RESOURCE_ACTIONS: [action: string, verbs: string[], suffix: string, api: boolean][] = [
  ["index", ["GET"], "", true],
  ["create", ["GET"], "/create", false],
  ["store", ["POST"], "", true],
  ["show", ["GET"], "/{id}", true],
  ["edit", ["GET"], "/{id}/edit", false],
  ["update", ["PUT", "PATCH"], "/{id}", true],
  ["destroy", ["DELETE"], "/{id}", true],
];
const FILE_ROUTER = "routes";

interface Call {
  name: string;
  args: SyntaxNode[];
  node: SyntaxNode;
}

export function extractPhpRoutes(root: SyntaxNode, text: string, path: RepoPath): FileRoutes | undefined {
  if (!/\bRoute(?:::|\b)/.test(text)) return undefined;
  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  if (/(^|\/)routes\/api\.php$/.test(path)) routes.prefixes.push({ router: FILE_ROUTER, prefix: "/api", line: 1 });

  const written = (node: SyntaxNode | undefined): string => (node ? (stringOf(node) ?? `{${node.text.replace(/\s+/g, " ")}}`) : "");

  /** What an action names: `[C::class, 'm']` → `C.m`, `'C@m'` → `C.m`, `C::class` (invokable) → `C.__invoke`, `'m'` in a controller group → `C.m`. */
  const handlerOf = (node: SyntaxNode | undefined, controller: string | undefined): string => {
    if (!node) return "";
    if (node.type === "anonymous_function" || node.type === "arrow_function") return "<inline>";
    if (node.type === "array_creation_expression") {
      // `['uses' => 'C@m', 'as' => 'name']`: the action is under `uses`.
      const uses = arrayValue(node, "uses");
      if (uses) return handlerOf(uses, controller);
      const [first, second] = node.namedChildren.filter((child) => child?.type === "array_element_initializer").map((element) => element!.namedChildren.at(-1));
      const type = first ? classOf(first) : undefined;
      const method = second ? stringOf(second) : undefined;
      if (type && method) return `${type}.${method}`;
      if (type && !second) return `${type}.__invoke`;
    }
    const type = classOf(node);
    if (type) return `${type}.__invoke`;
    const value = stringOf(node);
    if (value !== undefined) {
      const at = value.indexOf("@");
      if (at > 0) return `${shortName(value.slice(0, at))}.${value.slice(at + 1)}`;
      return controller ? `${controller}.${value}` : value;
    }
    return node.text.replace(/\s+/g, " ");
  };

  const register = (router: string, verbs: string[], route: string, action: SyntaxNode | undefined, controller: string | undefined, at: SyntaxNode): void => {
    const handler = handlerOf(action, controller);
    const inline = handler === "<inline>" && action !== undefined && endLine(action) > startLine(at);
    for (const verb of verbs) {
      routes.registrations.push({ method: verb, written: route, handler, line: startLine(at), ...(inline ? { endLine: endLine(action!) } : {}), framework: "laravel", router: { local: router } });
    }
  };

  const laravel = (statement: SyntaxNode, router: string, controller: string | undefined, depth: number): void => {
    if (depth > MAX_NESTING) return;
    const chain = callChain(statement);
    if (!chain) return;
    const [first, ...rest] = chain;
    const group = rest.find((call) => call.name === "group") ?? (first!.name === "group" ? first : undefined);
    if (group) {
      let prefix = "";
      let own = controller;
      for (const call of chain) {
        if (call.name === "prefix") prefix = joinPath(prefix, written(call.args[0]));
        if (call.name === "controller") own = call.args[0] ? (classOf(call.args[0]) ?? own) : own;
        // `Route::group(['prefix' => 'x', 'namespace' => …], fn)`: its attributes array.
        if (call === group && call.args.length > 1) {
          const attributes = call.args[0]!;
          const value = attributes.type === "array_creation_expression" ? arrayValue(attributes, "prefix") : undefined;
          if (value) prefix = joinPath(prefix, written(value));
        }
      }
      const child = `${FILE_ROUTER}@${startLine(group.node)}:${group.node.startPosition.column + 1}`;
      routes.mounts.push({ parent: { local: router }, child: { local: child }, prefix, line: startLine(first!.node) });
      const body = group.args.at(-1);
      const statements = body?.type === "anonymous_function" ? (body.childForFieldName("body")?.namedChildren ?? []) : body?.type === "arrow_function" ? [body.childForFieldName("body")] : [];
      for (const inner of statements) if (inner) laravel(inner, child, own, depth + 1);
      return;
    }
    const verb = VERB_METHODS.get(first!.name);
    if (verb) return register(router, [verb], written(first!.args[0]), first!.args[1], controller, first!.node);
    if (first!.name === "match" && first!.args[0]) {
      const verbs = first!.args[0].descendantsOfType(["string", "encapsed_string"]).map((node) => (node ? stringOf(node)?.toUpperCase() : undefined)).filter((v): v is string => v !== undefined);
      return register(router, verbs, written(first!.args[1]), first!.args[2], controller, first!.node);
    }
    if (first!.name === "resource" || first!.name === "apiResource" || first!.name === "resources" || first!.name === "apiResources") {
      const api = first!.name.startsWith("api");
      const only = listOf(rest.find((call) => call.name === "only")?.args[0]);
      const except = listOf(rest.find((call) => call.name === "except")?.args[0]);
      const pairs = first!.name.endsWith("s") && first!.name !== "resource" && first!.name !== "apiResource" ? resourcePairs(first!.args[0]) : [[first!.args[0], first!.args[1]] as const];
      for (const [name, type] of pairs) {
        const base = resourcePath(written(name));
        const controllerName = type ? (classOf(type) ?? stringOf(type)) : undefined;
        for (const [action, verbs, suffix, inApi] of RESOURCE_ACTIONS) {
          if ((api && !inApi) || (only && !only.includes(action)) || (except && except.includes(action))) continue;
          const route = base.path + suffix.replace("{id}", `{${base.parameter}}`);
          for (const each of verbs) routes.registrations.push({ method: each, written: route, handler: controllerName ? `${shortName(controllerName)}.${action}` : action, line: startLine(first!.node), framework: "laravel", router: { local: router } });
        }
      }
    }
  };

  for (const statement of root.namedChildren) if (statement?.type === "expression_statement") laravel(statement, FILE_ROUTER, undefined, 0);
  symfony(root, routes, written);
  return routes.registrations.length > 0 ? routes : undefined;
}

/** Symfony's `#[Route]` attributes on controller classes (at file level or in a namespace block) and their methods. */
function symfony(root: SyntaxNode, routes: FileRoutes, written: (node: SyntaxNode | undefined) => string): void {
  const classes = root.namedChildren.flatMap((node) => (node?.type === "namespace_definition" ? (node.childForFieldName("body")?.namedChildren ?? []) : [node]));
  for (const declaration of classes) {
    if (declaration?.type !== "class_declaration") continue;
    const name = declaration.childForFieldName("name")?.text;
    if (!name) continue;
    const own = routeAttributes(declaration)[0];
    if (own) routes.prefixes.push({ router: name, prefix: withoutMapping(written(own.path)), line: own.line });
    for (const member of declaration.childForFieldName("body")?.namedChildren ?? []) {
      if (member?.type !== "method_declaration") continue;
      const method = member.childForFieldName("name")?.text;
      if (!method) continue;
      for (const route of routeAttributes(member)) {
        const verbs = route.methods ? route.methods.descendantsOfType(["string", "encapsed_string"]).map((node) => (node ? stringOf(node)?.toUpperCase() : undefined)).filter((v): v is string => v !== undefined) : ["ALL"];
        for (const verb of verbs.length > 0 ? verbs : ["ALL"]) {
          routes.registrations.push({ method: verb, written: withoutMapping(written(route.path)), handler: `${name}.${method}`, line: startLine(member), framework: "symfony", router: { local: name } });
        }
      }
    }
  }
}

/**
 * `{slug:post}` (Symfony 7.1: the parameter mapped to an entity) as `{slug}`, the parameter a URL
 * fills; an inline requirement (`{id<\\d+>}`) dropped, a default (`{page?1}`) kept as optional (`{page?}`).
 */
function withoutMapping(path: string): string {
  return path.replace(/\{(\w+)(?::[\w.]+)?(?:<[^<>]*>)?(\?[^}]*)?\}/g, (_, name: string, optional: string | undefined) => `{${name}${optional ? "?" : ""}}`);
}

/** `#[Route('/x', name: 'y', methods: ['GET'])]` (also `path:`), by simple name. */
function routeAttributes(declaration: SyntaxNode): { path: SyntaxNode | undefined; methods: SyntaxNode | undefined; line: number }[] {
  const found: { path: SyntaxNode | undefined; methods: SyntaxNode | undefined; line: number }[] = [];
  const list = declaration.childForFieldName("attributes");
  for (const attribute of list?.descendantsOfType("attribute") ?? []) {
    const written = attribute?.namedChildren[0]?.text ?? "";
    if (!attribute || written.slice(written.lastIndexOf("\\") + 1) !== "Route") continue;
    let path: SyntaxNode | undefined;
    let methods: SyntaxNode | undefined;
    for (const argument of attribute.childForFieldName("parameters")?.namedChildren ?? []) {
      if (argument?.type !== "argument") continue;
      const key = argument.childForFieldName("name")?.text;
      const value = argument.namedChildren.at(-1) ?? undefined;
      if (!key && !path) path = value;
      if (key === "path") path = value;
      if (key === "methods") methods = value;
    }
    found.push({ path, methods, line: startLine(attribute) });
  }
  return found;
}

/** The calls of a fluent chain, first to last (`Route::prefix('x')->middleware(…)->group(…)`), when it starts with `Route::`. */
function callChain(statement: SyntaxNode): Call[] | undefined {
  let node: SyntaxNode | null | undefined = statement.type === "expression_statement" ? statement.namedChildren[0] : statement;
  const calls: Call[] = [];
  for (let depth = 0; node && depth < MAX_NESTING; depth += 1) {
    const name = node.childForFieldName("name")?.text ?? "";
    const args = (node.childForFieldName("arguments")?.namedChildren ?? []).filter((child) => child?.type === "argument").map((argument) => argument!.namedChildren.at(-1)!).filter(Boolean);
    if (node.type === "member_call_expression") {
      calls.unshift({ name, args, node });
      node = node.childForFieldName("object");
    } else if (node.type === "scoped_call_expression") {
      const scope = node.childForFieldName("scope")?.text ?? "";
      if (scope.slice(scope.lastIndexOf("\\") + 1) !== "Route") return undefined;
      calls.unshift({ name, args, node });
      return calls;
    } else return undefined;
  }
  return undefined;
}

/** `C::class` (or `\App\Http\C::class`) → `C`. */
function classOf(node: SyntaxNode): string | undefined {
  if (node.type !== "class_constant_access_expression") return undefined;
  const [type, member] = node.namedChildren;
  return member?.text === "class" && type ? shortName(type.text) : undefined;
}

function shortName(name: string): string {
  return name.slice(name.lastIndexOf("\\") + 1);
}

/** A literal string's value ('…' or "…" without interpolation); undefined for anything else. */
function stringOf(node: SyntaxNode): string | undefined {
  if (node.type !== "string" && node.type !== "encapsed_string") return undefined;
  let value = "";
  for (const part of node.namedChildren) {
    if (part?.type === "string_content" || part?.type === "string_value") value += part.text;
    else if (part?.type === "escape_sequence") value += part.text.slice(1);
    else return undefined;
  }
  return value;
}

/** `['prefix' => 'x']`: the value under a key. */
function arrayValue(array: SyntaxNode, key: string): SyntaxNode | undefined {
  for (const element of array.namedChildren) {
    if (element?.type !== "array_element_initializer" || element.namedChildren.length !== 2) continue;
    if (stringOf(element.namedChildren[0]!) === key) return element.namedChildren[1] ?? undefined;
  }
  return undefined;
}

/** `['index', 'show']` or `'index'`: the names listed; undefined when there is no list. */
function listOf(node: SyntaxNode | undefined): string[] | undefined {
  if (!node) return undefined;
  return node.descendantsOfType(["string", "encapsed_string"]).map((item) => (item ? stringOf(item) : undefined)).filter((v): v is string => v !== undefined);
}

/** `Route::resources(['photos' => PhotoController::class, …])`: each name with its controller. */
function resourcePairs(node: SyntaxNode | undefined): (readonly [SyntaxNode | undefined, SyntaxNode | undefined])[] {
  if (node?.type !== "array_creation_expression") return [];
  return node.namedChildren.filter((element) => element?.type === "array_element_initializer" && element.namedChildren.length === 2).map((element) => [element!.namedChildren[0] ?? undefined, element!.namedChildren[1] ?? undefined] as const);
}

/**
 * A resource's path and the parameter naming one of it: `photos` → `/photos`, `{photo}`; nested
 * `photos.comments` → `/photos/{photo}/comments`, `{comment}` (Laravel names a parameter by the singular).
 */
function resourcePath(name: string): { path: string; parameter: string } {
  const parts = name.split(".").filter(Boolean);
  let path = "";
  parts.forEach((part, i) => {
    path += `/${part}`;
    if (i < parts.length - 1) path += `/{${singular(part)}}`;
  });
  return { path, parameter: singular(parts.at(-1) ?? name).replace(/-/g, "_") };
}

function joinPath(prefix: string, path: string): string {
  if (!prefix) return path;
  if (!path) return prefix;
  return `${prefix.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

