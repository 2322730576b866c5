import type { FileRoutes } from "../../model.js";
import { depthGuarded, startLine, type SyntaxNode } from "../tree-sitter.js";

/*
 * Routes of Spring MVC/WebFlux controllers and JAX-RS resources, as one file writes them. A class is
 * a router keyed by its dotted name; its `@RequestMapping` (Spring) or `@Path` (JAX-RS) is its own
 * prefix, and each handler method a registration on it. Spring finds controllers by scanning the
 * classpath and JAX-RS by its application's resource list, so no file mounts them: each is served
 * at its prefix. A `@FeignClient` or `@HttpExchange` interface declares the routes of another
 * service it calls, not routes this one serves, and is left out.
 */

const SPRING_METHODS = new Map([
  ["GetMapping", "GET"],
  ["PostMapping", "POST"],
  ["PutMapping", "PUT"],
  ["PatchMapping", "PATCH"],
  ["DeleteMapping", "DELETE"],
]);
const JAX_RS_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
const CLIENTS = new Set(["FeignClient", "HttpExchange"]);
const TYPE_DECLARATIONS = new Set(["class_declaration", "interface_declaration", "enum_declaration", "record_declaration"]);

interface Annotation {
  name: string;
  /** The unnamed argument, as `value = …` would be. */
  arguments: Map<string, SyntaxNode>;
  line: number;
}

export function extractJavaRoutes(root: SyntaxNode, text: string): FileRoutes | undefined {
  // Most files name no mapping annotation: they are not walked.
  if (!/Mapping\b|@Path\b/.test(text)) return undefined;
  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  const constants = stringConstants(root);
  const valueOf = (node: SyntaxNode | undefined, owner: string): string[] => {
    if (!node) return [""];
    if (node.type === "element_value_array_initializer") {
      const elements = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "line_comment" && child.type !== "block_comment");
      return elements.length === 0 ? [""] : elements.flatMap((element) => valueOf(element, owner));
    }
    return [evaluate(node, constants, owner) ?? `{${node.text.replace(/\s+/g, " ")}}`];
  };

  const visitType = depthGuarded((declaration: SyntaxNode, container: string): void => {
    const name = declaration.childForFieldName("name")?.text;
    if (!name) return;
    const key = container ? `${container}.${name}` : name;
    const annotations = annotationsOf(declaration);
    const body = declaration.childForFieldName("body");
    if (!annotations.some((annotation) => CLIENTS.has(annotation.name))) {
      const spring = annotations.find((annotation) => annotation.name === "RequestMapping");
      const jaxRs = annotations.find((annotation) => annotation.name === "Path");
      // A type mapped at several paths is read at its first: one prefix per router.
      if (spring) routes.prefixes.push({ router: key, prefix: pathsOf(spring, key)[0]!, line: spring.line });
      else if (jaxRs) routes.prefixes.push({ router: key, prefix: valueOf(jaxRs.arguments.get("value"), key)[0]!, line: jaxRs.line });
      for (const member of body?.namedChildren ?? []) if (member?.type === "method_declaration") handlers(member, key);
    }
    for (const member of body?.namedChildren ?? []) if (member && TYPE_DECLARATIONS.has(member.type)) visitType(member, key);
  });

  const pathsOf = (annotation: Annotation, owner: string): string[] => valueOf(annotation.arguments.get("path") ?? annotation.arguments.get("value"), owner);

  const handlers = (method: SyntaxNode, router: string): void => {
    const name = method.childForFieldName("name")?.text;
    if (!name) return;
    const annotations = annotationsOf(method);
    const register = (verb: string, written: string, framework: string): void => {
      routes.registrations.push({ method: verb, written, handler: `${router}.${name}`, line: startLine(method), framework, router: { local: router } });
    };
    for (const annotation of annotations) {
      const verb = SPRING_METHODS.get(annotation.name);
      if (verb) for (const written of pathsOf(annotation, router)) register(verb, written, "spring");
      if (annotation.name === "RequestMapping") {
        // No `method` attribute: every method is served.
        const verbs = requestMethods(annotation.arguments.get("method"));
        for (const written of pathsOf(annotation, router)) for (const each of verbs.length > 0 ? verbs : ["ALL"]) register(each, written, "spring");
      }
    }
    const jaxRs = annotations.filter((annotation) => JAX_RS_METHODS.has(annotation.name) && annotation.arguments.size === 0);
    if (jaxRs.length > 0) {
      const path = annotations.find((annotation) => annotation.name === "Path");
      const written = path ? (valueOf(path.arguments.get("value"), router)[0] ?? "") : "";
      for (const annotation of jaxRs) register(annotation.name, written, "jax-rs");
    }
  };

  for (const declaration of root.namedChildren) if (declaration && TYPE_DECLARATIONS.has(declaration.type)) visitType(declaration, "");
  return routes.registrations.length > 0 || routes.prefixes.length > 0 ? routes : undefined;
}

/** The annotations in a declaration's modifiers, by simple name (`org.springframework…GetMapping` is `GetMapping`). */
function annotationsOf(declaration: SyntaxNode): Annotation[] {
  const modifiers = declaration.namedChildren.find((child) => child?.type === "modifiers");
  const annotations: Annotation[] = [];
  for (const child of modifiers?.namedChildren ?? []) {
    if (child?.type !== "annotation" && child?.type !== "marker_annotation") continue;
    const written = child.childForFieldName("name")?.text ?? "";
    const name = written.slice(written.lastIndexOf(".") + 1);
    const args = new Map<string, SyntaxNode>();
    for (const argument of child.childForFieldName("arguments")?.namedChildren ?? []) {
      if (!argument) continue;
      if (argument.type === "element_value_pair") {
        const key = argument.childForFieldName("key")?.text;
        const value = argument.childForFieldName("value");
        if (key && value) args.set(key, value);
      } else if (argument.type !== "line_comment" && argument.type !== "block_comment") args.set("value", argument);
    }
    annotations.push({ name, arguments: args, line: startLine(child) });
  }
  return annotations;
}

/** `method = RequestMethod.GET` or `{RequestMethod.GET, POST}` (a static import): the HTTP methods named. */
function requestMethods(node: SyntaxNode | undefined): string[] {
  if (!node) return [];
  const items = node.type === "element_value_array_initializer" ? node.namedChildren : [node];
  const verbs: string[] = [];
  for (const item of items) {
    const name = item?.type === "field_access" ? item.childForFieldName("field")?.text : item?.type === "identifier" ? item.text : undefined;
    if (name && JAX_RS_METHODS.has(name)) verbs.push(name);
  }
  return verbs;
}

/** The file's `static final String` fields with a static value, by simple name and by `Type.NAME`, each under its type's dotted name. */
function stringConstants(root: SyntaxNode): Map<string, SyntaxNode> {
  const constants = new Map<string, SyntaxNode>();
  const visit = depthGuarded((declaration: SyntaxNode, container: string): void => {
    const name = declaration.childForFieldName("name")?.text;
    if (!name) return;
    const key = container ? `${container}.${name}` : name;
    for (const member of declaration.childForFieldName("body")?.namedChildren ?? []) {
      if (!member) continue;
      if (TYPE_DECLARATIONS.has(member.type)) visit(member, key);
      if (member.type !== "field_declaration" && member.type !== "constant_declaration") continue;
      const modifiers = member.namedChildren.find((child) => child?.type === "modifiers")?.text ?? "";
      // An interface's fields are static and final without saying so.
      if (member.type === "field_declaration" && !(/\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers)) && declaration.type !== "interface_declaration") continue;
      for (const declarator of member.childrenForFieldName("declarator")) {
        const field = declarator?.childForFieldName("name")?.text;
        const value = declarator?.childForFieldName("value");
        if (field && value) constants.set(`${key}#${field}`, value);
      }
    }
  });
  for (const declaration of root.namedChildren) if (declaration && TYPE_DECLARATIONS.has(declaration.type)) visit(declaration, "");
  return constants;
}

/**
 * A string expression's value: literals, `+` of strings, and constants of this file — a bare name
 * as Java looks it up (the owner, then the types enclosing it), `Type.NAME` by the type's simple or
 * dotted name. Undefined for anything else (another file's constant, a call).
 */
function evaluate(node: SyntaxNode, constants: ReadonlyMap<string, SyntaxNode>, owner: string, depth = 0): string | undefined {
  if (depth > 32) return undefined;
  switch (node.type) {
    case "string_literal": {
      let value = "";
      for (const part of node.namedChildren) {
        if (part?.type === "string_fragment") value += part.text;
        else if (part?.type === "escape_sequence") value += unescape(part.text);
        else return undefined;
      }
      return value;
    }
    case "parenthesized_expression":
      return node.namedChildren[0] ? evaluate(node.namedChildren[0], constants, owner, depth + 1) : undefined;
    case "binary_expression": {
      if (node.childForFieldName("operator")?.type !== "+") return undefined;
      const left = node.childForFieldName("left");
      const right = node.childForFieldName("right");
      const a = left ? evaluate(left, constants, owner, depth + 1) : undefined;
      const b = right ? evaluate(right, constants, owner, depth + 1) : undefined;
      return a === undefined || b === undefined ? undefined : a + b;
    }
    case "identifier": {
      // The owner's own field first, then each enclosing type's.
      for (let scope = owner; ; scope = scope.slice(0, Math.max(0, scope.lastIndexOf(".")))) {
        const value = constants.get(`${scope}#${node.text}`);
        if (value) return evaluate(value, constants, scope, depth + 1);
        if (!scope) return undefined;
      }
    }
    case "field_access": {
      const type = node.childForFieldName("object")?.text.replace(/\s+/g, "");
      const field = node.childForFieldName("field")?.text;
      if (!type || !field) return undefined;
      for (const [key, value] of constants) {
        const [scope] = key.split("#");
        if (key.endsWith(`#${field}`) && (scope === type || scope!.endsWith(`.${type}`))) return evaluate(value, constants, scope!, depth + 1);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function unescape(sequence: string): string {
  const simple: Record<string, string> = { "\\n": "\n", "\\t": "\t", "\\\\": "\\", '\\"': '"', "\\'": "'" };
  return simple[sequence] ?? sequence;
}
