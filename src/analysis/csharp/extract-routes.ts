import type { FileRoutes, RouteRegistration, RouterRef } from "../../model.js";
import { depthGuarded, endLine, MAX_NESTING, startLine, type SyntaxNode } from "../tree-sitter.js";

/*
 * ASP.NET Core routes as one file writes them.
 *
 * Attribute routing: a controller class is a router keyed by its dotted name, its `[Route]` its own
 * prefix (`[controller]` and `[area]` replaced), and each action with `[HttpGet]`, `[HttpPost]`, …,
 * `[AcceptVerbs]` or `[Route]` a registration on it; a template starting with `/` or `~/` is not
 * combined with the controller's, so it goes on a router of its own, served at the root. Actions
 * of a controller with no route anywhere are reached by conventional routes, which name no action:
 * they are left out.
 *
 * Minimal APIs: `MapGet`/`MapPost`/… on an app, a group or a parameter, and `MapGroup` as a mount.
 * Router keys: a variable or parameter `Method.name` (scoped by the enclosing method, `(top)` for
 * top-level statements); a group written inside a chain its position. A parameter is served where
 * the caller mounts it, which a file does not say: at the root.
 */

const HTTP_ATTRIBUTES = new Map([
  ["HttpGet", "GET"],
  ["HttpPost", "POST"],
  ["HttpPut", "PUT"],
  ["HttpPatch", "PATCH"],
  ["HttpDelete", "DELETE"],
  ["HttpHead", "HEAD"],
  ["HttpOptions", "OPTIONS"],
]);
const MAP_METHODS = new Map([
  ["MapGet", "GET"],
  ["MapPost", "POST"],
  ["MapPut", "PUT"],
  ["MapPatch", "PATCH"],
  ["MapDelete", "DELETE"],
]);
const TYPE_DECLARATIONS = new Set(["class_declaration", "record_declaration", "struct_declaration"]);
/** Types of a parameter that is a router its caller hands over. */
const ROUTER_TYPES = /^(?:IEndpointRouteBuilder|RouteGroupBuilder|WebApplication|IApplicationBuilder)$/;
/** ASP.NET Core's own `Map…` methods: none is an extension method of the repository's. */
const BUILT_IN_MAPS = new Set(["MapGroup", "MapControllers", "MapControllerRoute", "MapDefaultControllerRoute", "MapAreaControllerRoute", "MapRazorPages", "MapHub", "MapHealthChecks", "MapFallback", "MapFallbackToFile", "MapFallbackToPage", "MapFallbackToController", "MapGrpcService", "MapBlazorHub", "MapStaticAssets", "MapRazorComponents", "MapOpenApi", "MapDefaultEndpoints", "MapWhen", "Map", "MapForwarder", "MapReverseProxy", "MapIdentityApi"]);
const VERBS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

interface Attribute {
  name: string;
  /** Positional arguments, then `Name = value` ones under their names. */
  positional: SyntaxNode[];
  named: Map<string, SyntaxNode>;
  line: number;
}

export function extractCSharpRoutes(root: SyntaxNode, text: string): FileRoutes | undefined {
  // Most files neither route by attribute nor map endpoints: they are not walked.
  if (!/\[(?:Http|Route|AcceptVerbs)|\.Map(?:Get|Post|Put|Patch|Delete|Methods|Group)\b/.test(text)) return undefined;
  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  const constants = stringConstants(root);
  const stringOf = (node: SyntaxNode | undefined): string | undefined => (node ? evaluate(node, constants) : undefined);
  const written = (node: SyntaxNode | undefined): string => (node ? withoutConstraints(stringOf(node) ?? `{${node.text.replace(/\s+/g, " ")}}`) : "");

  const controller = depthGuarded((declaration: SyntaxNode, container: string): void => {
    const name = declaration.childForFieldName("name")?.text;
    if (!name) return;
    const key = container ? `${container}.${name}` : name;
    const attributes = attributesOf(declaration);
    const tokens = new Map([["controller", name.replace(/Controller$/, "")]]);
    const area = attributes.find((attribute) => attribute.name === "Area");
    if (area?.positional[0]) tokens.set("area", written(area.positional[0]));
    const route = attributes.find((attribute) => attribute.name === "Route");
    // `~/` is the application's root, as `/` is.
    const template = route ? written(route.positional[0]).replace(/^~(?=\/)/, "") : undefined;
    // A controller at several routes is read at its first: one prefix per router. One naming `[action]`
    // differs by action: each action's route is its own, joined with it.
    const perAction = template !== undefined && /\[action\]/i.test(template);
    // `[ApiVersion("1.0")]` on a controller, read from the query unless its route carries the version (`v{version:apiVersion}`).
    const versioned = route !== undefined && /:apiVersion\b/i.test(route.positional[0]?.text ?? "");
    const versions = versioned ? undefined : attributeVersions(attributes, "ApiVersion");
    if (template !== undefined && !perAction) routes.prefixes.push({ router: key, prefix: replaceTokens(template, tokens), line: route!.line });
    const body = declaration.childForFieldName("body");
    for (const member of body?.namedChildren ?? []) {
      if (member?.type === "method_declaration") action(member, key, tokens, route !== undefined, perAction ? template : undefined, versions);
      else if (member && TYPE_DECLARATIONS.has(member.type)) controller(member, key);
    }
  });

  const action = (method: SyntaxNode, router: string, tokens: ReadonlyMap<string, string>, routed: boolean, controllerTemplate: string | undefined, controllerVersions: RouteRegistration["versions"]): void => {
    const name = method.childForFieldName("name")?.text;
    if (!name) return;
    const attributes = attributesOf(method);
    // `[MapToApiVersion("2.0")]` narrows the controller's versions to the action's; `[ApiVersionNeutral]` serves any.
    const neutral = attributes.some((attribute) => attribute.name === "ApiVersionNeutral");
    const versions = neutral || !controllerVersions ? undefined : (attributeVersions(attributes, "MapToApiVersion") ?? controllerVersions);
    const own = new Map([...tokens, ["action", name]]);
    const routesHere = attributes.filter((attribute) => attribute.name === "Route").map((attribute) => written(attribute.positional[0]));
    const served: [string, string | undefined][] = [];
    for (const attribute of attributes) {
      const verb = HTTP_ATTRIBUTES.get(attribute.name);
      if (verb) served.push([verb, attribute.positional[0] ? written(attribute.positional[0]) : undefined]);
      if (attribute.name === "AcceptVerbs") {
        const template = attribute.named.get("Route");
        for (const argument of attribute.positional) {
          const value = stringOf(argument)?.toUpperCase();
          if (value && VERBS.has(value)) served.push([value, template ? written(template) : undefined]);
        }
      }
    }
    const register = (verb: string, template: string | undefined): void => {
      // Neither the action nor its controller names a route: a conventional route serves it.
      if (template === undefined && !routed) return;
      const relative = replaceTokens(template ?? "", own);
      const absolute = /^~?\//.test(relative);
      const path = controllerTemplate !== undefined && !absolute ? joinTemplates(replaceTokens(controllerTemplate, own), relative) : relative;
      const registration: RouteRegistration = {
        method: verb,
        written: absolute ? path.replace(/^~/, "") : path,
        handler: `${router}.${name}`,
        line: startLine(method),
        framework: "aspnet",
        router: { local: absolute ? `${router}#root` : router },
        ...(versions ? { versions } : {}),
      };
      routes.registrations.push(registration);
    };
    if (served.length === 0) {
      // `[Route]` alone: every method.
      for (const template of routesHere) register("ALL", template);
      return;
    }
    for (const [verb, template] of served) {
      if (template !== undefined) register(verb, template);
      else if (routesHere.length > 0) for (const each of routesHere) register(verb, each);
      else register(verb, undefined);
    }
  };

  // API versioning (Asp.Versioning): a group's `.HasApiVersion(1, 0)`, read by the default reader from `?api-version=`.
  const versions = new Map<string, { values: Set<string>; line: number }>();
  const addVersion = (router: string, call: SyntaxNode): void => {
    const version = apiVersion(argumentsOf(call));
    if (version === undefined) return;
    const known = versions.get(router) ?? { values: new Set<string>(), line: startLine(call) };
    known.values.add(version);
    versions.set(router, known);
  };
  const versionsOf = (call: SyntaxNode, router: RouterRef): RouteRegistration["versions"] => {
    const mapped = mappedVersion(call);
    if (mapped) return mapped;
    const known = "local" in router ? versions.get(router.local) : undefined;
    return known ? { values: [...known.values].sort(), line: known.line } : undefined;
  };

  /** A router as a receiver names it: a variable or parameter by its scoped name, a `MapGroup` call as a group mounted where it is written. */
  const routerOf = (node: SyntaxNode, scope: string, depth = 0): RouterRef | undefined => {
    // A parameter of a router type is the router the caller hands over: the method's own, mounted where it is called.
    if (node.type === "identifier") return routerParameters(node, scope) ? { local: scope } : { local: `${scope}.${node.text}` };
    if (node.type !== "invocation_expression" || depth > MAX_NESTING) return undefined;
    const callee = node.childForFieldName("function");
    if (callee?.type !== "member_access_expression") return undefined;
    const receiver = callee.childForFieldName("expression");
    const parent = receiver ? routerOf(receiver, scope, depth + 1) : undefined;
    // A fluent call on a group (`.RequireAuthorization()`, `.WithTags(…)`) hands the group back.
    const name = callee.childForFieldName("name")?.text;
    if (name === "HasApiVersion" && parent && "local" in parent) addVersion(parent.local, node);
    if (!parent || name !== "MapGroup") return parent;
    const child = { local: `${scope}@${startLine(node)}:${node.startPosition.column + 1}` };
    routes.mounts.push({ parent, child, prefix: written(argumentsOf(node)[0]), line: startLine(node) });
    return child;
  };

  const mapCall = (call: SyntaxNode, scope: string): void => {
    const callee = call.childForFieldName("function");
    if (callee?.type !== "member_access_expression") return;
    const method = callee.childForFieldName("name")?.text ?? "";
    const verb = MAP_METHODS.get(method);
    const receiver = callee.childForFieldName("expression");
    if (!verb && method !== "MapMethods") {
      // `app.MapGroup("/x").MapOrdersApi()`: an extension method of this repository's that maps routes
      // on the router it is handed (its own key, wherever it is declared) is served under that router.
      if (/^Map[A-Z]/.test(method) && !BUILT_IN_MAPS.has(method) && receiver) {
        const parent = routerOf(receiver, scope);
        if (parent) routes.mounts.push({ parent, child: { specifier: "*", name: method }, prefix: "", line: startLine(callee.childForFieldName("name")!) });
      }
      return;
    }
    const router = receiver ? routerOf(receiver, scope) : undefined;
    const args = argumentsOf(call);
    if (!router || args.length < 2) return;
    const handler = args.at(-1)!;
    const inline = handler.type === "lambda_expression" || handler.type === "anonymous_method_expression";
    const verbs = verb ? [verb] : methodsList(args[1]!, stringOf);
    const version = versionsOf(call, router);
    for (const each of verbs) {
      routes.registrations.push({
        method: each,
        written: written(args[0]),
        handler: inline ? "<inline>" : handler.text.replace(/\s+/g, ""),
        line: startLine(call),
        ...(inline && endLine(handler) > startLine(call) ? { endLine: endLine(handler) } : {}),
        framework: "aspnet",
        router,
        ...(version ? { versions: version } : {}),
      });
    }
  };

  for (const node of root.namedChildren) if (node) visitTypes(node, "", controller);
  // `var api = app.MapGroup("api/orders")…`: the variable names the group.
  for (const declarator of root.descendantsOfType("variable_declarator")) {
    const value = declarator?.namedChildren.at(-1);
    if (!declarator || value?.type !== "invocation_expression" || !/\bMapGroup\b/.test(value.text)) continue;
    const name = declarator.childForFieldName("name")?.text ?? declarator.namedChildren.find((child) => child?.type === "identifier")?.text;
    const scope = scopeOf(declarator);
    const group = name ? routerOf(value, scope) : undefined;
    if (group) routes.mounts.push({ parent: group, child: { local: `${scope}.${name}` }, prefix: "", line: startLine(declarator) });
    const groupVersions = group && "local" in group ? versions.get(group.local) : undefined;
    if (groupVersions) versions.set(`${scope}.${name}`, groupVersions);
  }
  for (const call of root.descendantsOfType("invocation_expression")) if (call) mapCall(call, scopeOf(call));
  return routes.registrations.length > 0 || routes.mounts.length > 0 || routes.prefixes.length > 0 ? routes : undefined;
}

/** `HasApiVersion(1, 0)`, `(1.0)`, `(2)`, `(new ApiVersion(1, 0))` as the version a query names (`1.0`); undefined for anything else. */
function apiVersion(args: readonly SyntaxNode[]): string | undefined {
  const [first, second] = args;
  if (first?.type === "object_creation_expression") return apiVersion(argumentsOf(first));
  if (args.length === 2 && first?.type === "integer_literal" && second?.type === "integer_literal") return `${first.text}.${second.text}`;
  if (args.length !== 1) return undefined;
  if (first?.type === "integer_literal") return `${first.text}.0`;
  if (first?.type === "real_literal" && /^\d+\.\d+$/.test(first.text)) return first.text;
  return undefined;
}

/** The versions attributes of one name give (`[ApiVersion("1.0")]`, `[ApiVersion(2.0)]`, several stacked), as a query names them. */
function attributeVersions(attributes: readonly Attribute[], name: string): { values: string[]; line: number } | undefined {
  const found = attributes.filter((attribute) => attribute.name === name);
  const values = found.flatMap((attribute) => {
    const first = attribute.positional[0];
    if (first?.type === "string_literal") {
      const text = first.text.slice(1, -1);
      return /^\d+$/.test(text) ? [`${text}.0`] : /^\d+\.\d+$/.test(text) ? [text] : [];
    }
    const version = apiVersion(attribute.positional);
    return version ? [version] : [];
  });
  return values.length > 0 ? { values: [...new Set(values)].sort(), line: found[0]!.line } : undefined;
}

/** An endpoint's own `.MapToApiVersion(…)` further along its fluent chain: the versions it is served at, in place of its group's. */
function mappedVersion(call: SyntaxNode): { values: string[]; line: number } | undefined {
  let node: SyntaxNode | null = call;
  for (let depth = 0; depth < MAX_NESTING && node?.parent?.type === "member_access_expression" && node.parent.parent?.type === "invocation_expression"; depth += 1) {
    const outer: SyntaxNode = node.parent.parent;
    if (node.parent.childForFieldName("name")?.text === "MapToApiVersion") {
      const version = apiVersion(argumentsOf(outer));
      return version ? { values: [version], line: startLine(outer) } : undefined;
    }
    node = outer;
  }
  return undefined;
}

/** Each type declaration at namespace level (block or file-scoped namespaces), handed to `visit`. */
function visitTypes(node: SyntaxNode, container: string, visit: (declaration: SyntaxNode, container: string) => void): void {
  if (TYPE_DECLARATIONS.has(node.type)) visit(node, container);
  else if (node.type === "namespace_declaration") for (const child of node.childForFieldName("body")?.namedChildren ?? []) if (child) visitTypes(child, container, visit);
}

/** The method or local function a node is written in (`(top)` for top-level statements): what scopes its variables' router keys. */
function scopeOf(node: SyntaxNode): string {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === "method_declaration" || current.type === "local_function_statement") return current.childForFieldName("name")?.text ?? "(top)";
  }
  return "(top)";
}

function argumentsOf(call: SyntaxNode): SyntaxNode[] {
  const list = call.childForFieldName("arguments");
  return (list?.namedChildren ?? []).filter((child): child is SyntaxNode => child?.type === "argument").map((argument) => argument.namedChildren.at(-1)!).filter(Boolean);
}

/** `new[] { "GET", "POST" }` or `[HttpMethods.Options]` of MapMethods. */
function methodsList(node: SyntaxNode, stringOf: (node: SyntaxNode) => string | undefined): string[] {
  const verbs = node.descendantsOfType(["string_literal", "member_access_expression"]).map((item) => {
    if (!item) return undefined;
    if (item.type === "string_literal") return stringOf(item)?.toUpperCase();
    return item.childForFieldName("expression")?.text === "HttpMethods" ? item.childForFieldName("name")?.text.toUpperCase() : undefined;
  });
  return verbs.filter((verb): verb is string => verb !== undefined && VERBS.has(verb));
}

/** `api/[controller]` and `{id}`: a controller's template and an action's, joined. */
function joinTemplates(outer: string, inner: string): string {
  if (!outer) return inner;
  if (!inner) return outer;
  return `${outer.replace(/\/+$/, "")}/${inner.replace(/^\/+/, "")}`;
}

/**
 * Whether `name` is a parameter of a router type of the method `scope` (`this IEndpointRouteBuilder
 * app`, `RouteGroupBuilder group`, `WebApplication app`): the node is searched upwards for its method.
 */
function routerParameters(node: SyntaxNode, scope: string): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type !== "method_declaration" && current.type !== "local_function_statement") continue;
    if (current.childForFieldName("name")?.text !== scope) return false;
    for (const parameter of current.childForFieldName("parameters")?.namedChildren ?? []) {
      if (parameter?.type === "parameter" && parameter.childForFieldName("name")?.text === node.text) return ROUTER_TYPES.test(parameter.childForFieldName("type")?.text ?? "");
    }
    return false;
  }
  return false;
}

/** The attributes on a declaration, by simple name without the `Attribute` suffix (`[HttpGetAttribute]` is `HttpGet`). */
function attributesOf(declaration: SyntaxNode): Attribute[] {
  const attributes: Attribute[] = [];
  for (const list of declaration.namedChildren) {
    if (list?.type !== "attribute_list") continue;
    for (const attribute of list.namedChildren) {
      if (attribute?.type !== "attribute") continue;
      const written = attribute.childForFieldName("name")?.text ?? "";
      const name = written.slice(written.lastIndexOf(".") + 1).replace(/Attribute$/, "");
      const positional: SyntaxNode[] = [];
      const named = new Map<string, SyntaxNode>();
      const args = attribute.namedChildren.find((child) => child?.type === "attribute_argument_list");
      for (const argument of args?.namedChildren ?? []) {
        if (argument?.type !== "attribute_argument") continue;
        const value = argument.namedChildren.at(-1);
        if (!value) continue;
        if (value.type === "assignment_expression") {
          const key = value.childForFieldName("left")?.text;
          const right = value.childForFieldName("right");
          if (key && right) named.set(key, right);
        } else if (argument.namedChildren.length === 2 && argument.namedChildren[0]?.type === "identifier") {
          // `Name: value`, as a named parameter.
          named.set(argument.namedChildren[0].text, value);
        } else positional.push(value);
      }
      attributes.push({ name, positional, named, line: startLine(attribute) });
    }
  }
  return attributes;
}

/** `[controller]`, `[action]`, `[area]` replaced as ASP.NET Core does (case-insensitive); route constraints dropped. */
function replaceTokens(template: string, tokens: ReadonlyMap<string, string>): string {
  return withoutConstraints(template.replace(/\[(\w+)\]/g, (whole, token: string) => tokens.get(token.toLowerCase()) ?? whole));
}

/** `{id:int}`, `{slug:regex(^[a-z]+$)}` as `{id}`, `{slug}`: the parameter, as a URL fills it. */
function withoutConstraints(template: string): string {
  // `{brandId:int?}` stays optional: its `?` ends the constraint.
  return template.replace(/\{(\*{0,2}\w+)(?::[^{}]*?(?:\{[^{}]*\}[^{}]*?)*)?(\??)\}/g, "{$1$2}");
}

/** The file's `const string` fields, by simple name and `Type.Name`. */
function stringConstants(root: SyntaxNode): Map<string, SyntaxNode> {
  const constants = new Map<string, SyntaxNode>();
  for (const field of root.descendantsOfType("field_declaration")) {
    if (!field || !field.namedChildren.some((child) => child?.type === "modifier" && child.text === "const")) continue;
    const type = field.parent?.parent?.childForFieldName("name")?.text;
    for (const declarator of field.descendantsOfType("variable_declarator")) {
      const name = declarator?.childForFieldName("name")?.text ?? declarator?.namedChildren.find((child) => child?.type === "identifier")?.text;
      const value = declarator?.namedChildren.at(-1);
      if (!name || !value || value.type === "identifier") continue;
      constants.set(name, value);
      if (type) constants.set(`${type}.${name}`, value);
    }
  }
  return constants;
}

/** A string expression's value: literals (regular and verbatim), `+` of strings, and constants of this file; undefined otherwise. */
function evaluate(node: SyntaxNode, constants: ReadonlyMap<string, SyntaxNode>, depth = 0): string | undefined {
  if (depth > 32) return undefined;
  switch (node.type) {
    case "string_literal": {
      let value = "";
      for (const part of node.namedChildren) {
        if (part?.type === "string_literal_content") value += part.text;
        else if (part?.type === "escape_sequence") value += part.text === "\\\\" ? "\\" : part.text.slice(1);
        else return undefined;
      }
      return value;
    }
    case "verbatim_string_literal":
      return node.text.slice(2, -1).replace(/""/g, '"');
    case "parenthesized_expression":
      return node.namedChildren[0] ? evaluate(node.namedChildren[0], constants, depth + 1) : undefined;
    case "binary_expression": {
      if (node.childForFieldName("operator")?.type !== "+") return undefined;
      const left = node.childForFieldName("left");
      const right = node.childForFieldName("right");
      const a = left ? evaluate(left, constants, depth + 1) : undefined;
      const b = right ? evaluate(right, constants, depth + 1) : undefined;
      return a === undefined || b === undefined ? undefined : a + b;
    }
    case "identifier":
    case "member_access_expression": {
      const value = constants.get(node.text.replace(/\s+/g, ""));
      return value ? evaluate(value, constants, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}
