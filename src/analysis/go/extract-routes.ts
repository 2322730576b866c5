import type { FileRoutes, RouterRef } from "../../model.js";
import { routeParameters } from "../route-parameters.js";
import { depthGuarded, startLine, type SyntaxNode } from "../tree-sitter.js";
import { packageName } from "./package-name.js";

/*
 * Routes of Go's net/http (`HandleFunc`, Go 1.22 `"GET /items/{id}"` patterns, `StripPrefix`
 * mounts), chi, gin, echo and gorilla/mux as one file writes them, and what joins its routers:
 * groups (`Group("/v1")`, chi `Route()`, gorilla `PathPrefix().Subrouter()`), mounts (`Mount`,
 * `Handle(p, http.StripPrefix(p, sub))`) and functions handed a router (`users.Register(v1)`).
 * Prefixes are joined across files in core/index/join-routes.ts.
 *
 * Router keys: a package-level variable its name; a local `function.name` (methods `Type.method`);
 * a parameter of a router type its function's key (what a call handing it a router names, through
 * the package it is declared in); a struct field `Type.field`; a group or closure its position.
 */

const FRAMEWORK_PATHS: [RegExp, string][] = [
  [/^net\/http$/, "net/http"],
  [/^github\.com\/go-chi\/chi(?:\/v\d+)?$/, "chi"],
  [/^github\.com\/gin-gonic\/gin$/, "gin"],
  [/^github\.com\/labstack\/echo(?:\/v\d+)?$/, "echo"],
  [/^github\.com\/gorilla\/mux$/, "gorilla"],
];
/** Constructors of each framework's router, by the package's name in the file. */
const CONSTRUCTORS: Record<string, string[]> = {
  "net/http": ["NewServeMux"],
  chi: ["NewRouter", "NewMux"],
  gin: ["Default", "New"],
  echo: ["New"],
  gorilla: ["NewRouter"],
};
/** Router types a parameter or field may be declared with. */
const ROUTER_TYPES: Record<string, string[]> = {
  "net/http": ["ServeMux"],
  chi: ["Router", "Mux"],
  gin: ["Engine", "RouterGroup", "IRouter", "IRoutes"],
  echo: ["Echo", "Group"],
  gorilla: ["Router"],
};
const UPPER_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "CONNECT", "TRACE"]);
const CHI_METHODS = new Map([...UPPER_METHODS].map((method) => [method[0] + method.slice(1).toLowerCase(), method]));

interface Router {
  key: string;
  framework: string;
}

export function extractGoRoutes(root: SyntaxNode): FileRoutes | undefined {
  // Which frameworks the file imports, under the names it gives them.
  const packages = new Map<string, string>();
  const imported = new Map<string, string>();
  for (const spec of root.descendantsOfType("import_spec")) {
    const path = spec?.childForFieldName("path")?.text.replace(/^["`]|["`]$/g, "");
    if (!spec || !path) continue;
    const alias = spec.childForFieldName("name")?.text;
    const name = alias ?? packageName(path);
    imported.set(name, path);
    const framework = FRAMEWORK_PATHS.find(([pattern]) => pattern.test(path))?.[1];
    if (framework) packages.set(name, framework);
  }
  if (packages.size === 0) return undefined;
  const only = new Set(packages.values());
  /** The framework of a router whose binding this file cannot see, by the file's imports and the method's spelling. */
  const guess = (method: string): string | undefined => {
    const frameworks = [...only].filter((f) => f !== "net/http");
    if (frameworks.length === 1) return frameworks[0];
    if (CHI_METHODS.has(method) && only.has("chi")) return "chi";
    if (UPPER_METHODS.has(method)) return only.has("gin") ? "gin" : only.has("echo") ? "echo" : undefined;
    return only.has("net/http") && (method === "HandleFunc" || method === "Handle") ? "net/http" : undefined;
  };

  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  const constants = new Map<string, string>();
  for (const declaration of root.namedChildren) {
    if (declaration?.type !== "const_declaration" && declaration?.type !== "var_declaration") continue;
    for (const spec of declaration.descendantsOfType(["const_spec", "var_spec"])) {
      const names = spec?.childrenForFieldName("name") ?? [];
      const values = spec?.childForFieldName("value")?.namedChildren ?? [];
      names.forEach((name, i) => {
        const value = values[i] ? stringOf(values[i]!, constants) : null;
        if (name && value !== null) constants.set(name.text, value);
      });
    }
  }
  const text = (node: SyntaxNode | null | undefined): string => {
    if (!node) return "";
    return stringOf(node, constants) ?? `{${node.text.replace(/\s+/g, " ")}}`;
  };

  /** What a router type names (`*gin.RouterGroup`, `chi.Router`), when it is one. */
  const routerType = (type: SyntaxNode | null): string | undefined => {
    let current = type;
    while (current?.type === "pointer_type") current = current.namedChildren[0] ?? null;
    if (current?.type !== "qualified_type") return undefined;
    const framework = packages.get(current.childForFieldName("package")?.text ?? "");
    const name = current.childForFieldName("name")?.text ?? "";
    return framework && ROUTER_TYPES[framework]?.includes(name) ? framework : undefined;
  };

  // Struct fields declared with a router type: `Type.field`.
  const fields = new Map<string, string>();
  for (const spec of root.descendantsOfType("type_spec")) {
    const name = spec?.childForFieldName("name")?.text;
    const struct = spec?.childForFieldName("type");
    if (!name || struct?.type !== "struct_type") continue;
    for (const field of struct.descendantsOfType("field_declaration")) {
      const framework = routerType(field?.childForFieldName("type") ?? null);
      if (framework) for (const fieldName of field!.childrenForFieldName("name")) if (fieldName) fields.set(`${name}.${fieldName.text}`, framework);
    }
  }

  const packageRouters = new Map<string, Router>();
  let anonymous = 0;
  const fresh = (node: SyntaxNode, framework: string): Router => ({ key: `@${startLine(node)}:${node.startPosition.column}:${anonymous++}`, framework });

  /** A function's view: its key, its receiver's name and type, and the routers its names hold. */
  interface Scope {
    key: string;
    /** Names the function returns. */
    returned: ReadonlySet<string>;
    receiver?: { name: string; type: string };
    names: Map<string, Router>;
  }

  const constructed = (call: SyntaxNode): string | undefined => {
    const callee = call.childForFieldName("function");
    if (callee?.type !== "selector_expression") return undefined;
    const framework = packages.get(callee.childForFieldName("operand")?.text ?? "");
    const name = callee.childForFieldName("field")?.text ?? "";
    return framework && CONSTRUCTORS[framework]?.includes(name) ? framework : undefined;
  };

  /** The router an expression evaluates to: a name's, a field's, a group made on the spot, one chained on. */
  const routerOf = (scope: Scope, node: SyntaxNode | null, method = ""): Router | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "identifier":
        return scope.names.get(node.text) ?? packageRouters.get(node.text);
      case "parenthesized_expression":
        return routerOf(scope, node.namedChildren[0] ?? null, method);
      case "unary_expression":
        return routerOf(scope, node.childForFieldName("operand"), method);
      case "selector_expression": {
        const operand = node.childForFieldName("operand");
        const field = node.childForFieldName("field")?.text ?? "";
        if (operand?.type === "identifier" && scope.receiver && operand.text === scope.receiver.name) {
          const key = `${scope.receiver.type}.${field}`;
          const framework = fields.get(key) ?? guess(method);
          return framework ? { key, framework } : undefined;
        }
        if (operand?.type === "identifier" && packages.get(operand.text) === "net/http" && field === "DefaultServeMux") return { key: "http.DefaultServeMux", framework: "net/http" };
        return undefined;
      }
      case "call_expression": {
        // A group made by a call is one router however often the call is looked at.
        if (evaluated.has(node.id)) return evaluated.get(node.id);
        const router = groupOf(scope, node);
        evaluated.set(node.id, router);
        return router;
      }
      default:
        return undefined;
    }
  };
  const evaluated = new Map<number, Router | undefined>();
  const groupOf = (scope: Scope, node: SyntaxNode): Router | undefined => {
    const callee = node.childForFieldName("function");
    if (callee?.type !== "selector_expression") return undefined;
    const name = callee.childForFieldName("field")?.text ?? "";
    const parent = routerOf(scope, callee.childForFieldName("operand"), name);
    if (!parent) return undefined;
    const args = node.childForFieldName("arguments")?.namedChildren ?? [];
    if (name === "Use" || name === "With" || name === "Middleware") return parent;
    if (name === "Group" && (parent.framework === "gin" || parent.framework === "echo") && args[0]) {
      const child = fresh(node, parent.framework);
      routes.mounts.push({ parent: { local: parent.key }, child: { local: child.key }, prefix: routeParameters(text(args[0])), line: startLine(node) });
      return child;
    }
    if (name === "Subrouter" && parent.framework === "gorilla") return parent;
    if (name === "PathPrefix" && parent.framework === "gorilla" && args[0]) {
      const child = fresh(node, parent.framework);
      routes.mounts.push({ parent: { local: parent.key }, child: { local: child.key }, prefix: routeParameters(text(args[0])), line: startLine(node) });
      return child;
    }
    return undefined;
  };

  const addRoute = (router: Router, method: string, pattern: string, handler: SyntaxNode | undefined, line: number): void => {
    let written = pattern;
    let verb = method;
    if (router.framework === "net/http" && method === "ALL") {
      // Go 1.22: "GET /items/{id}", "POST example.com/path"; a host in front of the path is not part of the route.
      const match = /^([A-Z]+)\s+(\S.*)$/.exec(pattern);
      if (match) [verb, written] = [match[1]!, match[2]!];
      if (!written.startsWith("/") && !written.startsWith("{") && written.includes("/")) written = written.slice(written.indexOf("/"));
    }
    routes.registrations.push({ method: verb, written: routeParameters(written), handler: handlerName(handler), line, framework: frameworkLabel(router.framework), router: { local: router.key } });
  };

  /** Reads one call; true when it visited the closures among its arguments itself (chi `Route`, `Group`). */
  const visitCall = (scope: Scope, call: SyntaxNode): boolean => {
    const callee = call.childForFieldName("function");
    const args = call.childForFieldName("arguments")?.namedChildren.filter((arg): arg is SyntaxNode => arg !== null && arg.type !== "comment") ?? [];
    const line = startLine(call);
    if (callee?.type === "selector_expression") {
      const name = callee.childForFieldName("field")?.text ?? "";
      const operand = callee.childForFieldName("operand");
      // `http.HandleFunc(…)`: the default mux.
      const router =
        operand?.type === "identifier" && packages.get(operand.text) === "net/http" && (name === "HandleFunc" || name === "Handle")
          ? { key: "http.DefaultServeMux", framework: "net/http" }
          : routerOf(scope, operand, name);
      if (router) {
        return visitRouterCall(scope, router, name, call, args, line) === "closures";
      } else if (operand && (operand.type === "identifier" || operand.type === "selector_expression")) {
        // `users.Register(v1)`: a function of another package handed a router.
        const pkg = operand.type === "identifier" ? imported.get(operand.text) : undefined;
        const handed = args.map((arg) => routerOf(scope, arg)).find((found) => found !== undefined);
        if (pkg && handed) routes.mounts.push({ parent: { local: handed.key }, child: { specifier: pkg, name }, prefix: "", line });
      }
      return false;
    }
    if (callee?.type === "identifier") {
      // `registerRoutes(r)`: a function of this package handed a router.
      const handed = args.map((arg) => routerOf(scope, arg)).find((found) => found !== undefined);
      if (handed) routes.mounts.push({ parent: { local: handed.key }, child: { specifier: ".", name: callee.text }, prefix: "", line });
    }
    return false;
  };

  /** A call on a router: a route, a mount, or a group whose closure it visits ("closures"); false when it is none of these. */
  const visitRouterCall = (scope: Scope, router: Router, name: string, call: SyntaxNode, args: SyntaxNode[], line: number): boolean | "closures" => {
    const framework = router.framework;
    const last = args[args.length - 1];
    if ((framework === "gin" || framework === "echo") && (UPPER_METHODS.has(name) || name === "Any")) {
      if (args[0]) addRoute(router, name === "Any" ? "ALL" : name, text(args[0]), args.length > 1 ? last : undefined, line);
      return true;
    }
    if ((framework === "gin" && name === "Handle") || (framework === "echo" && name === "Add") || (framework === "chi" && (name === "Method" || name === "MethodFunc"))) {
      if (args[1]) addRoute(router, text(args[0]).toUpperCase(), text(args[1]), args.length > 2 ? last : undefined, line);
      return true;
    }
    if (framework === "chi" && CHI_METHODS.has(name)) {
      if (args[0]) addRoute(router, CHI_METHODS.get(name)!, text(args[0]), args.length > 1 ? last : undefined, line);
      return true;
    }
    if ((name === "HandleFunc" || name === "Handle") && framework !== "gin" && framework !== "echo") {
      if (!args[0]) return true;
      const mounted = stripPrefixed(scope, args[1]);
      if (mounted) {
        routes.mounts.push({ parent: { local: router.key }, child: mounted.router, prefix: routeParameters(mounted.prefix), line });
        return true;
      }
      const methods = framework === "gorilla" ? chainedMethods(call) : undefined;
      for (const method of methods ?? ["ALL"]) addRoute(router, method, text(args[0]), args[1], line);
      return true;
    }
    if (framework === "chi" && name === "Mount" && args[1]) {
      const child = mountedRef(scope, args[1]);
      if (child) routes.mounts.push({ parent: { local: router.key }, child, prefix: routeParameters(text(args[0])), line });
      return true;
    }
    if (framework === "chi" && (name === "Route" || name === "Group")) {
      // `r.Route("/users", func(r chi.Router) { … })`: the closure's router is mounted there; Group shares the router.
      const closure = args.find((arg) => arg.type === "func_literal");
      if (!closure) return "closures";
      const parameter = closure.childForFieldName("parameters")?.namedChildren.find((p) => p?.type === "parameter_declaration");
      const parameterName = parameter?.childForFieldName("name")?.text;
      let inner = router;
      if (name === "Route") {
        inner = fresh(call, framework);
        routes.mounts.push({ parent: { local: router.key }, child: { local: inner.key }, prefix: routeParameters(text(args[0])), line });
      }
      const body = closure.childForFieldName("body");
      if (body) visit({ ...scope, names: new Map([...scope.names, ...(parameterName ? [[parameterName, inner] as const] : [])]) }, body);
      return "closures";
    }
    return false;
  };

  /**
   * A router being mounted: one this file holds, or one a function returns (`adminRouter()`, in
   * this file or this package, or `admin.Router()` of another package), named by the function.
   */
  const mountedRef = (scope: Scope, node: SyntaxNode | undefined): RouterRef | undefined => {
    if (!node) return undefined;
    const held = routerOf(scope, node);
    if (held) return { local: held.key };
    if (node.type !== "call_expression") return undefined;
    const callee = node.childForFieldName("function");
    if (callee?.type === "identifier") return declared.has(callee.text) ? { local: callee.text } : { specifier: ".", name: callee.text };
    const operand = callee?.type === "selector_expression" ? callee.childForFieldName("operand") : undefined;
    const pkg = operand?.type === "identifier" ? imported.get(operand.text) : undefined;
    return pkg && !packages.has(operand!.text) ? { specifier: pkg, name: callee!.childForFieldName("field")?.text ?? "" } : undefined;
  };
  const declared = new Set(root.namedChildren.filter((d) => d?.type === "function_declaration").map((d) => d!.childForFieldName("name")?.text ?? ""));

  /** `http.StripPrefix("/api", sub)` (as a mount's handler): the router it serves under that prefix. */
  const stripPrefixed = (scope: Scope, node: SyntaxNode | undefined): { router: RouterRef; prefix: string } | undefined => {
    if (node?.type !== "call_expression") return undefined;
    const callee = node.childForFieldName("function");
    if (callee?.type !== "selector_expression" || callee.childForFieldName("field")?.text !== "StripPrefix") return undefined;
    if (packages.get(callee.childForFieldName("operand")?.text ?? "") !== "net/http") return undefined;
    const [prefix, handler] = node.childForFieldName("arguments")?.namedChildren ?? [];
    const router = mountedRef(scope, handler ?? undefined);
    return router && prefix ? { router, prefix: text(prefix) } : undefined;
  };

  const bind = (scope: Scope, name: string, value: SyntaxNode | null, topLevel: boolean): void => {
    if (!value || name === "_") return;
    const framework = value.type === "call_expression" ? constructed(value) : undefined;
    // A router a function makes and returns is named by the function: what mounting its result names.
    const key = topLevel ? name : scope.returned.has(name) ? scope.key : `${scope.key}.${name}`;
    const router = framework ? { key, framework } : routerOf(scope, value);
    if (!router) return;
    if (topLevel) packageRouters.set(name, router);
    else scope.names.set(name, router);
  };

  const visit: (scope: Scope, node: SyntaxNode) => void = depthGuarded((scope: Scope, node: SyntaxNode): void => {
    switch (node.type) {
      case "short_var_declaration":
      case "assignment_statement": {
        const left = node.childForFieldName("left")?.namedChildren ?? [];
        const right = node.childForFieldName("right")?.namedChildren ?? [];
        // Visit the values first: a group made on the right registers its mount.
        for (const value of right) if (value) visit(scope, value);
        left.forEach((target, i) => {
          const value = right[i] ?? null;
          if (target?.type === "identifier") bind(scope, target.text, value, false);
        });
        return;
      }
      case "var_spec": {
        const values = node.childForFieldName("value")?.namedChildren ?? [];
        for (const value of values) if (value) visit(scope, value);
        node.childrenForFieldName("name").forEach((name, i) => name && bind(scope, name.text, values[i] ?? null, scope.key === ""));
        return;
      }
      case "call_expression": {
        const handled = visitCall(scope, node);
        // A chain's inner calls (`r.HandleFunc(…).Methods("GET")`), an invoked closure, and closures passed along.
        const callee = node.childForFieldName("function");
        const operand = callee?.type === "selector_expression" ? callee.childForFieldName("operand") : callee;
        if (operand?.type === "call_expression" || operand?.type === "func_literal") visit(scope, operand);
        if (!handled) for (const arg of node.childForFieldName("arguments")?.namedChildren ?? []) if (arg && arg.type === "func_literal") visit(scope, arg);
        return;
      }
      case "func_literal": {
        const body = node.childForFieldName("body");
        if (body) visit(scope, body);
        return;
      }
      default:
        for (const child of node.namedChildren) if (child) visit(scope, child);
    }
  });

  const moduleScope: Scope = { key: "", returned: new Set(), names: new Map() };
  for (const declaration of root.namedChildren) {
    if (!declaration) continue;
    if (declaration.type === "var_declaration") {
      visit(moduleScope, declaration);
      continue;
    }
    if (declaration.type !== "function_declaration" && declaration.type !== "method_declaration") continue;
    const name = declaration.childForFieldName("name")?.text ?? "";
    const receiverParameter = declaration.childForFieldName("receiver")?.namedChildren.find((p) => p?.type === "parameter_declaration");
    const receiverType = receiverParameter ? baseTypeName(receiverParameter.childForFieldName("type")) : undefined;
    const key = receiverType ? `${receiverType}.${name}` : name;
    const body = declaration.childForFieldName("body");
    const returned = new Set<string>();
    for (const statement of body?.descendantsOfType("return_statement") ?? []) {
      const value = statement?.namedChildren[0]?.namedChildren[0];
      if (value?.type === "identifier") returned.add(value.text);
    }
    const scope: Scope = {
      key,
      returned,
      names: new Map(),
      ...(receiverType && receiverParameter?.childForFieldName("name") ? { receiver: { name: receiverParameter.childForFieldName("name")!.text, type: receiverType } } : {}),
    };
    for (const parameter of declaration.childForFieldName("parameters")?.namedChildren ?? []) {
      if (parameter?.type !== "parameter_declaration") continue;
      const framework = routerType(parameter.childForFieldName("type"));
      if (framework) for (const id of parameter.childrenForFieldName("name")) if (id) scope.names.set(id.text, { key, framework });
    }
    if (body) visit(scope, body);
  }
  return routes.registrations.length + routes.mounts.length + routes.prefixes.length === 0 ? undefined : routes;
}

function frameworkLabel(framework: string): string {
  return framework === "gorilla" ? "gorilla/mux" : framework;
}

/** gorilla/mux: `r.HandleFunc(…).Methods("GET", "POST")`. */
function chainedMethods(call: SyntaxNode): string[] | undefined {
  const selector = call.parent;
  const outer = selector?.type === "selector_expression" ? selector.parent : undefined;
  if (selector?.childForFieldName("field")?.text !== "Methods" || outer?.type !== "call_expression") return undefined;
  const methods = (outer.childForFieldName("arguments")?.namedChildren ?? []).map((arg) => (arg ? stringOf(arg, new Map()) : null));
  return methods.length > 0 && methods.every((m) => m !== null) ? methods.map((m) => m!.toUpperCase()) : undefined;
}

function baseTypeName(type: SyntaxNode | null): string | undefined {
  let current = type;
  while (current && (current.type === "pointer_type" || current.type === "generic_type" || current.type === "parenthesized_type")) {
    current = current.type === "generic_type" ? current.childForFieldName("type") : (current.namedChildren[0] ?? null);
  }
  return current?.type === "type_identifier" ? current.text : undefined;
}

/** Conversions and adapters that only wrap a handler: the handler is what they are given. */
const WRAPPERS = /^(?:http\.HandlerFunc|http\.Handler|gin\.WrapF|gin\.WrapH|echo\.WrapHandler|echo\.WrapMiddleware)$/;

/** The last handler argument's name (gin and echo put middleware first); a func literal is `<inline>`, none at all `<none>`. */
function handlerName(node: SyntaxNode | undefined): string {
  if (!node) return "<none>";
  if (node.type === "func_literal") return "<inline>";
  if (node.type === "call_expression") {
    // `serveFile("index.html")`, `h.Login()`: the function that makes the handler; `http.HandlerFunc(h)`: h.
    const callee = node.childForFieldName("function");
    const argument = node.childForFieldName("arguments")?.namedChildren[0];
    if (callee && WRAPPERS.test(callee.text) && argument) return handlerName(argument);
    return (callee ?? node).text.replace(/\s+/g, "");
  }
  return node.text.replace(/\s+/g, "");
}

/** A Go string expression's value: literals, `+` of them, and constants of this file; null otherwise. */
function stringOf(node: SyntaxNode, constants: ReadonlyMap<string, string>): string | null {
  switch (node.type) {
    case "interpreted_string_literal": {
      let value = "";
      for (const part of node.namedChildren) {
        if (part?.type === "interpreted_string_literal_content") value += part.text;
        else if (part?.type === "escape_sequence") value += part.text.length === 2 ? part.text[1] : part.text;
      }
      return value;
    }
    case "raw_string_literal":
      return node.text.slice(1, -1);
    case "identifier":
      return constants.get(node.text) ?? null;
    case "parenthesized_expression":
      return node.namedChildren[0] ? stringOf(node.namedChildren[0], constants) : null;
    case "binary_expression": {
      if (node.childForFieldName("operator")?.text !== "+") return null;
      const left = node.childForFieldName("left");
      const right = node.childForFieldName("right");
      const a = left ? stringOf(left, constants) : null;
      const b = right ? stringOf(right, constants) : null;
      return a !== null && b !== null ? a + b : null;
    }
    default:
      return null;
  }
}
