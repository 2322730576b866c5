import type { FileRoutes, RouteRegistration, RouterRef } from "../../model.js";
import { depthGuarded, startLine, type SyntaxNode } from "../tree-sitter.js";
import { regexRoute, routeParameters } from "../route-parameters.js";

/*
 * Routes of FastAPI (and Starlette), Flask and Django as one Python file writes them, and what
 * joins its routers to others: `include_router(…, prefix=)`, `register_blueprint(…, url_prefix=)`,
 * `mount()`, Django's `include()`, and `register(app)`-style calls that hand a router to a function.
 * Prefixes are joined across files in core/index/join-routes.ts.
 *
 * Router keys: a module-level variable its name; a variable inside a function `function.name`; a
 * function's parameter used as a router its function's name (what a call handing it a router and
 * an import of that function name); Django's `urlpatterns` (and any module-level list of `path()`
 * calls) its variable's name. An import names another module's router by module and name.
 */

const FRAMEWORK_MODULES: Record<string, string> = { fastapi: "fastapi", starlette: "fastapi", flask: "flask", quart: "flask", django: "django" };
const ROUTER_CONSTRUCTORS: Record<string, string> = { FastAPI: "fastapi", APIRouter: "fastapi", Starlette: "fastapi", Router: "fastapi", Flask: "flask", Blueprint: "flask", Quart: "flask" };
const METHOD_DECORATORS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);
const DJANGO_ROUTES = new Set(["path", "re_path", "url"]);
const MOUNT_METHODS = new Set(["include_router", "register_blueprint", "mount", "add_api_route", "add_url_rule"]);
/** A parameter handed on to another function is taken for a router only under a router's usual name (or a router type). */
const ROUTER_PARAMETER = /^(?:app|application|router|api_router|api|bp|blueprint)$/;

type Binding = { kind: "router"; key: string; framework: string | undefined } | { kind: "import"; specifier: string; name: string } | { kind: "module"; specifier: string };

interface Scope {
  names: Map<string, Binding>;
  /** The enclosing function's key, "" at module level. */
  functionKey: string;
  parameters: Set<string>;
}

/**
 * What a file that registers or mounts routes cannot do without: most files have none of it, and
 * are not walked at all.
 */
const ROUTE_HINT = /@[\w.]+\.(?:get|post|put|patch|delete|head|options|route|api_route)\s*\(|include_router|register_blueprint|add_url_rule|add_api_route|urlpatterns|\.mount\s*\(|\b(?:FastAPI|APIRouter|Starlette|Flask|Blueprint|Quart)\b|\b(?:re_)?path\s*\(/;

export function extractPythonRoutes(root: SyntaxNode, source: string): FileRoutes | undefined {
  if (!ROUTE_HINT.test(source)) return undefined;
  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  const module: Scope = { names: new Map(), functionKey: "", parameters: new Set() };
  const constants = new Map<string, string>();
  let fileFramework: string | undefined;

  // Imports and module-level string constants first: a route may use what is declared below it.
  for (const statement of root.descendantsOfType(["import_statement", "import_from_statement"])) {
    if (!statement) continue;
    if (statement.type === "import_statement") {
      for (const name of statement.childrenForFieldName("name")) {
        if (!name) continue;
        const dotted = name.type === "aliased_import" ? name.childForFieldName("name")! : name;
        const alias = name.type === "aliased_import" ? name.childForFieldName("alias")?.text : undefined;
        fileFramework ??= FRAMEWORK_MODULES[dotted.text.split(".")[0]!];
        // `import a.b` binds `a`; `import a.b as c` binds `c` to `a.b`.
        if (alias) module.names.set(alias, { kind: "module", specifier: dotted.text });
        else module.names.set(dotted.text.split(".")[0]!, { kind: "module", specifier: dotted.text.split(".")[0]! });
      }
      continue;
    }
    const from = statement.childForFieldName("module_name")?.text.replace(/\s+/g, "");
    if (!from) continue;
    fileFramework ??= FRAMEWORK_MODULES[from.split(".")[0]!];
    for (const name of statement.childrenForFieldName("name")) {
      if (!name) continue;
      const dotted = name.type === "aliased_import" ? name.childForFieldName("name")! : name;
      const local = name.type === "aliased_import" ? (name.childForFieldName("alias")?.text ?? dotted.text) : dotted.text;
      module.names.set(local, { kind: "import", specifier: from, name: dotted.text });
    }
  }
  for (const statement of root.namedChildren) {
    const assignment = statement?.type === "expression_statement" ? statement.namedChildren[0] : undefined;
    const left = assignment?.type === "assignment" ? assignment.childForFieldName("left") : undefined;
    const right = assignment?.childForFieldName("right");
    if (left?.type !== "identifier" || right?.type !== "string") continue;
    const value = stringParts(right, constants);
    if (value !== null && value.every((part) => typeof part === "string")) constants.set(left.text, value.join(""));
  }

  /** The parts of a static string expression (literals and `{expression}` for what is not static); null when not a string. */
  const parts = (node: SyntaxNode | null | undefined): Part[] | null => {
    if (!node) return null;
    if (node.type === "string" || node.type === "concatenated_string") return stringParts(node, constants);
    if (node.type === "identifier" && constants.has(node.text)) return [constants.get(node.text)!];
    if (node.type === "binary_operator" && node.childForFieldName("operator")?.text === "+") {
      const left = parts(node.childForFieldName("left"));
      const right = parts(node.childForFieldName("right"));
      return left !== null && right !== null ? [...left, ...right] : null;
    }
    return null;
  };
  const text = (node: SyntaxNode | null | undefined): string | null => {
    const found = parts(node);
    return found === null ? null : found.map((part) => (typeof part === "string" ? part : `{${part.expression}}`)).join("");
  };
  /** A route or prefix: parameters as `:name` in its static text, `{expression}` for any part that is not static. */
  const routeText = (node: SyntaxNode | null | undefined, convert: (literal: string) => string = routeParameters): string => {
    if (!node) return "";
    const found = parts(node);
    if (found === null) return `{${node.text.replace(/\s+/g, " ")}}`;
    return found.map((part) => (typeof part === "string" ? convert(part) : `{${part.expression}}`)).join("");
  };

  const lookup = (scopes: readonly Scope[], name: string): Binding | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const scope = scopes[i]!;
      const found = scope.names.get(name);
      if (found) return found;
      if (scope.parameters.has(name)) return { kind: "router", key: scope.functionKey, framework: undefined };
    }
    return undefined;
  };

  /** What a router expression names: a router of this file, another module's by import, or nothing known. */
  const refOf = (scopes: readonly Scope[], node: SyntaxNode | null): { ref: RouterRef; framework: string | undefined } | undefined => {
    if (!node) return undefined;
    if (node.type === "identifier") {
      const binding = lookup(scopes, node.text);
      if (binding?.kind === "router") return { ref: { local: binding.key }, framework: binding.framework };
      if (binding?.kind === "import") return { ref: { specifier: binding.specifier, name: binding.name }, framework: undefined };
      return undefined;
    }
    if (node.type === "attribute") {
      // `users.router`: a router in a module the file imports (`from app.api.routes import users`, `import routes.users`).
      const object = node.childForFieldName("object");
      const attribute = node.childForFieldName("attribute")?.text;
      if (!object || !attribute) return undefined;
      const base = moduleOf(scopes, object);
      return base === undefined ? undefined : { ref: { specifier: base, name: attribute }, framework: undefined };
    }
    return undefined;
  };
  const moduleOf = (scopes: readonly Scope[], node: SyntaxNode): string | undefined => {
    if (node.type === "identifier") {
      const binding = lookup(scopes, node.text);
      if (binding?.kind === "module") return binding.specifier;
      if (binding?.kind === "import") return binding.specifier.endsWith(".") ? `${binding.specifier}${binding.name}` : `${binding.specifier}.${binding.name}`;
      return undefined;
    }
    if (node.type === "attribute") {
      const object = node.childForFieldName("object");
      const base = object ? moduleOf(scopes, object) : undefined;
      return base === undefined ? undefined : `${base}.${node.childForFieldName("attribute")?.text}`;
    }
    return undefined;
  };

  const addRegistration = (router: RouterRef, framework: string, methods: readonly string[], route: string, handler: string, line: number): void => {
    for (const method of methods) {
      const registration: RouteRegistration = { method, written: route, handler, line, framework, router };
      routes.registrations.push(registration);
    }
  };

  const visitDecorated = (scopes: readonly Scope[], decorated: SyntaxNode): void => {
    const definition = decorated.childForFieldName("definition");
    const handler = definition?.childForFieldName("name")?.text ?? "(anonymous)";
    for (const decorator of decorated.namedChildren) {
      if (decorator?.type !== "decorator") continue;
      const call = decorator.namedChildren.find((child) => child?.type === "call");
      const callee = call?.childForFieldName("function");
      if (!call || callee?.type !== "attribute") continue;
      const method = callee.childForFieldName("attribute")?.text ?? "";
      const isRoute = method === "route" || method === "api_route";
      if (!METHOD_DECORATORS.has(method) && !isRoute) continue;
      const receiver = refOf(scopes, callee.childForFieldName("object"));
      if (!receiver) continue;
      const args = argumentsOf(call);
      const path = args.positional[0] ?? args.keywords.get("path") ?? args.keywords.get("rule");
      if (!path) continue;
      const route = routeText(path);
      // An imported receiver in a file that imports no framework: only a route that reads as a path counts.
      if (!fileFramework && !receiver.framework && !route.startsWith("/")) continue;
      const framework = receiver.framework ?? fileFramework ?? (method === "route" ? "flask" : "fastapi");
      const methods = isRoute ? (stringList(args.keywords.get("methods"), text) ?? ["GET"]) : [method.toUpperCase()];
      addRegistration(receiver.ref, framework, methods, route, handler, startLine(decorated));
    }
  };

  const visitCall = (scopes: readonly Scope[], call: SyntaxNode): void => {
    const callee = call.childForFieldName("function");
    if (!callee) return;
    const args = argumentsOf(call);
    const line = startLine(call);
    const method = callee.type === "attribute" ? (callee.childForFieldName("attribute")?.text ?? "") : "";
    const receiver = MOUNT_METHODS.has(method) ? refOf(scopes, callee.childForFieldName("object")) : undefined;
    if (receiver) {
      switch (method) {
        case "include_router": {
          const child = refOf(scopes, args.positional[0] ?? args.keywords.get("router") ?? null);
          const prefix = args.keywords.get("prefix");
          if (child) routes.mounts.push({ parent: receiver.ref, child: child.ref, prefix: prefix ? routeText(prefix) : "", line });
          return;
        }
        case "register_blueprint": {
          const child = refOf(scopes, args.positional[0] ?? args.keywords.get("blueprint") ?? null);
          const prefix = args.keywords.get("url_prefix");
          // Flask: a url_prefix given at registration replaces the blueprint's own.
          if (child) routes.mounts.push({ parent: receiver.ref, child: child.ref, prefix: prefix ? routeText(prefix) : "", line, ...(prefix ? { replaces: true as const } : {}) });
          return;
        }
        case "mount": {
          const child = refOf(scopes, args.positional[1] ?? args.keywords.get("app") ?? null);
          const prefix = args.positional[0] ?? args.keywords.get("path");
          if (child && prefix) routes.mounts.push({ parent: receiver.ref, child: child.ref, prefix: routeText(prefix), line });
          return;
        }
        default: {
          // add_api_route, add_url_rule
          const path = args.positional[0] ?? args.keywords.get("path") ?? args.keywords.get("rule");
          const view = method === "add_api_route" ? (args.positional[1] ?? args.keywords.get("endpoint")) : (args.keywords.get("view_func") ?? args.positional[2]);
          if (!path) return;
          const framework = receiver.framework ?? fileFramework ?? (method === "add_url_rule" ? "flask" : "fastapi");
          addRegistration(receiver.ref, framework, stringList(args.keywords.get("methods"), text) ?? ["GET"], routeText(path), handlerName(view), line);
          return;
        }
      }
    }
    // `register_routes(app)`: a function handed a router registers on it (its parameter takes the function's key).
    const argument = args.positional[0];
    const parent = argument?.type === "identifier" ? lookup(scopes, argument.text) : undefined;
    if (parent?.kind !== "router" || (parent.framework === undefined && !ROUTER_PARAMETER.test(argument!.text))) return;
    const child = callee.type === "identifier" ? functionRef(scopes, callee.text) : callee.type === "attribute" ? refOf(scopes, callee)?.ref : undefined;
    if (child) routes.mounts.push({ parent: { local: parent.key }, child, prefix: "", line });
  };
  const functionRef = (scopes: readonly Scope[], name: string): RouterRef | undefined => {
    const binding = lookup(scopes, name);
    if (binding?.kind === "import") return { specifier: binding.specifier, name: binding.name };
    return declaredFunctions.has(name) ? { local: name } : undefined;
  };
  const declaredFunctions = new Set(root.namedChildren.flatMap((child) => {
    const definition = child?.type === "decorated_definition" ? child.childForFieldName("definition") : child;
    return definition?.type === "function_definition" ? [definition.childForFieldName("name")?.text ?? ""] : [];
  }));

  /** `urlpatterns = [path(…), …]`: Django routes, each on the list's router. */
  const visitPatterns = (scopes: readonly Scope[], key: string, list: SyntaxNode): void => {
    for (const item of list.namedChildren) {
      if (item?.type !== "call") continue;
      const callee = item.childForFieldName("function");
      const name = callee?.type === "attribute" ? callee.childForFieldName("attribute")?.text : callee?.text;
      if (!name || !DJANGO_ROUTES.has(name)) continue;
      const args = argumentsOf(item);
      const route = args.positional[0] ?? args.keywords.get("route") ?? args.keywords.get("regex");
      const view = args.positional[1] ?? args.keywords.get("view");
      if (!route || !view) continue;
      const written = name === "path" ? routeText(route) : routeText(route, regexRoute);
      const line = startLine(item);
      const target = view.type === "call" && /(?:^|\.)include$/.test(view.childForFieldName("function")?.text ?? "") ? argumentsOf(view).positional[0] : undefined;
      if (view.type === "call" && target !== undefined) {
        const child = includedRouter(scopes, target, line);
        if (child) routes.mounts.push({ parent: { local: key }, child, prefix: written, line });
        continue;
      }
      routes.registrations.push({ method: "ALL", written, handler: handlerName(view), line, framework: "django", router: { local: key } });
    }
  };
  const includedRouter = (scopes: readonly Scope[], target: SyntaxNode, line: number): RouterRef | undefined => {
    // include("app.urls"), include(("app.urls", "app")), include(module), include([path(…)]), include(patterns_list)
    let node = target;
    if (node.type === "tuple" || node.type === "parenthesized_expression") node = node.namedChildren[0] ?? node;
    const named = text(node);
    if (named !== null) return { specifier: named, name: "urlpatterns" };
    if (node.type === "list") {
      const key = `urlpatterns@${line}`;
      visitPatterns(scopes, key, node);
      return { local: key };
    }
    if (node.type === "identifier") {
      const binding = lookup(scopes, node.text);
      if (binding?.kind === "router") return { local: binding.key };
      if (binding?.kind === "import") return { specifier: binding.specifier.endsWith(".") ? `${binding.specifier}${binding.name}` : `${binding.specifier}.${binding.name}`, name: "urlpatterns" };
      if (binding?.kind === "module") return { specifier: binding.specifier, name: "urlpatterns" };
    }
    const base = node.type === "attribute" ? moduleOf(scopes, node) : undefined;
    return base === undefined ? undefined : { specifier: base, name: "urlpatterns" };
  };

  const visit: (scopes: Scope[], node: SyntaxNode) => void = depthGuarded((scopes: Scope[], node: SyntaxNode): void => {
    switch (node.type) {
      case "function_definition": {
        const name = node.childForFieldName("name")?.text ?? "";
        const outer = scopes[scopes.length - 1]!;
        const key = outer.functionKey ? `${outer.functionKey}.${name}` : name;
        const parameters = new Set<string>();
        const names = new Map<string, Binding>();
        for (const parameter of node.childForFieldName("parameters")?.namedChildren ?? []) {
          const id = parameter?.type === "identifier" ? parameter : parameter?.namedChildren.find((child) => child?.type === "identifier");
          if (!id || id.text === "self" || id.text === "cls") continue;
          // `app: FastAPI`, `bp: flask.Blueprint`: a parameter declared a router.
          const annotation = parameter?.childForFieldName("type");
          const framework = annotation ? constructedRouter(annotation.namedChildren[0] ?? annotation) : undefined;
          if (framework) names.set(id.text, { kind: "router", key, framework });
          else parameters.add(id.text);
        }
        const body = node.childForFieldName("body");
        if (body) visit([...scopes, { names, functionKey: key, parameters }], body);
        return;
      }
      case "decorated_definition":
        visitDecorated(scopes, node);
        break;
      case "assignment": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const scope = scopes[scopes.length - 1]!;
        if (left?.type === "identifier" && right) {
          const key = scope.functionKey ? `${scope.functionKey}.${left.text}` : left.text;
          const created = right.type === "call" ? constructedRouter(right.childForFieldName("function")) : undefined;
          if (created !== undefined) {
            scope.names.set(left.text, { kind: "router", key, framework: created });
            const args = argumentsOf(right);
            const prefix = args.keywords.get("prefix") ?? args.keywords.get("url_prefix");
            if (prefix) routes.prefixes.push({ router: key, prefix: routeText(prefix), line: startLine(node) });
          } else if (right.type === "list" && (left.text === "urlpatterns" || isPatternList(right))) {
            scope.names.set(left.text, { kind: "router", key, framework: "django" });
            visitPatterns(scopes, key, right);
            return;
          }
        }
        break;
      }
      case "augmented_assignment": {
        // `urlpatterns += [path(…)]`
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (left?.type === "identifier" && right?.type === "list") {
          const binding = lookup(scopes, left.text);
          if (binding?.kind === "router" || left.text === "urlpatterns") visitPatterns(scopes, binding?.kind === "router" ? binding.key : left.text, right);
          return;
        }
        break;
      }
      case "call":
        visitCall(scopes, node);
        break;
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) visit(scopes, child);
  });

  visit([module], root);
  // Module-level routers can be imported by name: join-routes finds them by key, so no export rows are needed.
  return routes.registrations.length + routes.mounts.length + routes.prefixes.length === 0 ? undefined : routes;
}

function constructedRouter(callee: SyntaxNode | null): string | undefined {
  if (!callee) return undefined;
  const name = callee.type === "attribute" ? callee.childForFieldName("attribute")?.text : callee.text;
  return name !== undefined && Object.hasOwn(ROUTER_CONSTRUCTORS, name) ? ROUTER_CONSTRUCTORS[name] : undefined;
}

function isPatternList(list: SyntaxNode): boolean {
  const first = list.namedChildren[0];
  const callee = first?.type === "call" ? first.childForFieldName("function") : undefined;
  const name = callee?.type === "attribute" ? callee.childForFieldName("attribute")?.text : callee?.text;
  return name !== undefined && DJANGO_ROUTES.has(name);
}

function argumentsOf(call: SyntaxNode): { positional: SyntaxNode[]; keywords: Map<string, SyntaxNode> } {
  const positional: SyntaxNode[] = [];
  const keywords = new Map<string, SyntaxNode>();
  for (const argument of call.childForFieldName("arguments")?.namedChildren ?? []) {
    if (!argument || argument.type === "comment") continue;
    if (argument.type === "keyword_argument") {
      const name = argument.childForFieldName("name")?.text;
      const value = argument.childForFieldName("value");
      if (name && value) keywords.set(name, value);
    } else if (argument.type !== "list_splat" && argument.type !== "dictionary_splat") positional.push(argument);
  }
  return { positional, keywords };
}

/** `["GET", "POST"]` (or a tuple, or one string) as upper-case methods; undefined when absent or not static. */
function stringList(node: SyntaxNode | undefined, text: (node: SyntaxNode) => string | null): string[] | undefined {
  if (!node) return undefined;
  const items = node.type === "list" || node.type === "tuple" || node.type === "set" ? node.namedChildren : [node];
  const values = items.map((item) => (item ? text(item) : null));
  return values.length > 0 && values.every((value) => value !== null) ? values.map((value) => value!.toUpperCase()) : undefined;
}

/** What a handler expression names: `views.detail`, `UserView.as_view()` → `UserView`, a lambda → `<inline>`. */
function handlerName(node: SyntaxNode | undefined): string {
  if (!node) return "(anonymous)";
  if (node.type === "call") {
    const callee = node.childForFieldName("function");
    if (callee?.type === "attribute" && callee.childForFieldName("attribute")?.text === "as_view") return callee.childForFieldName("object")?.text ?? callee.text;
    return callee ? callee.text : node.text;
  }
  if (node.type === "lambda") return "<inline>";
  return node.text.replace(/\s+/g, "");
}

type Part = string | { expression: string };

/** A string literal's parts: its text, and `{ expression }` for each f-string interpolation; null when it is not a string. */
function stringParts(node: SyntaxNode, constants: ReadonlyMap<string, string>): Part[] | null {
  if (node.type === "concatenated_string") {
    const all: Part[] = [];
    for (const part of node.namedChildren) {
      const inner = part ? stringParts(part, constants) : null;
      if (inner === null) return null;
      all.push(...inner);
    }
    return all;
  }
  if (node.type !== "string") return null;
  const found: Part[] = [];
  let literal = "";
  for (const part of node.namedChildren) {
    if (!part) continue;
    if (part.type === "string_content") literal += part.text;
    else if (part.type === "escape_sequence") literal += part.text.length === 2 ? part.text[1] : part.text;
    else if (part.type === "interpolation") {
      const expression = part.childForFieldName("expression") ?? part.namedChildren[0];
      if (expression?.type === "identifier" && constants.has(expression.text)) {
        literal += constants.get(expression.text)!;
        continue;
      }
      if (literal) found.push(literal);
      literal = "";
      found.push({ expression: (expression?.text ?? "").replace(/\s+/g, " ") });
    }
  }
  if (literal || found.length === 0) found.push(literal);
  return found;
}
