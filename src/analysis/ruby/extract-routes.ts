import { plainRegexPattern } from "../../core/traverse/route-regex.js";
import type { FileRoutes, RepoPath } from "../../model.js";
import { singular, VERB_METHODS } from "../http-verbs.js";
import { endLine, MAX_NESTING, startLine, type SyntaxNode } from "../tree-sitter.js";

/*
 * Routes of Rails and Sinatra as one file writes them.
 *
 * Rails: the routing DSL of config/routes.rb (inside `…routes.draw do`) and of the files it draws
 * (config/routes/*.rb): `get`/`post`/…/`match … via:`, `root`, `resources` and `resource` (their
 * actions, `only:`/`except:`, nested resources under `/:parent_id`, `member` and `collection`
 * blocks), `namespace`, `scope` (path and controller module), transparent `constraints` and
 * `defaults` blocks, `mount App => "/path"`, and `draw(:name)`. Each block is a router of its own,
 * mounted under the one around it with the path it adds, so the index says where each part of a
 * route comes from. A handler is `Module.NameController.action`, as the symbol index names the method.
 *
 * Sinatra: `get '/x' do … end` and its kin at file level or in a `Sinatra::Base` subclass, and
 * sinatra-contrib's `namespace '/api' do … end`.
 */

/** Each resource action: method(s), path after the collection's, and whether a singular `resource` has it. */
const PLURAL_ACTIONS: [action: string, verbs: string[], suffix: string][] = [
  ["index", ["GET"], ""],
  ["create", ["POST"], ""],
  ["new", ["GET"], "/new"],
  ["edit", ["GET"], "/:id/edit"],
  ["show", ["GET"], "/:id"],
  ["update", ["PATCH", "PUT"], "/:id"],
  ["destroy", ["DELETE"], "/:id"],
];
const SINGULAR_ACTIONS: [action: string, verbs: string[], suffix: string][] = [
  ["create", ["POST"], ""],
  ["new", ["GET"], "/new"],
  ["edit", ["GET"], "/edit"],
  ["show", ["GET"], ""],
  ["update", ["PATCH", "PUT"], ""],
  ["destroy", ["DELETE"], ""],
];
const TRANSPARENT = new Set(["constraints", "defaults", "with_options", "concern", "controller"]);

interface Context {
  router: string;
  /** The controller module (`admin/v1`) namespaces and scopes add. */
  module: string;
  /** The controller of the enclosing `resources` block, or one `scope controller:`/`controller :x do` names. */
  controller?: string;
  /** The action `scope action:` names for every route in it. */
  action?: string;
  /** Inside `resources :photos do`: where its member routes, collection routes and nested resources go. */
  resource?: { member: string; collection: string; nested: string; singular: boolean };
  /** Inside `member do` / `collection do`: a bare `get :preview` is an action of the resource's controller. */
  within?: "member" | "collection";
}

export function extractRubyRoutes(root: SyntaxNode, text: string, path: RepoPath): FileRoutes | undefined {
  const rails = /(^|\/)config\/routes(?:\.rb|\/[^/]+\.rb)$/.test(path);
  const sinatra = /\bSinatra\b|require\s*\(?\s*["']sinatra/.test(text);
  if (!rails && !sinatra) return undefined;
  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  const file = "routes";

  // A resource makes three routers at one place: its collection, its member (`#member`) and where nested resources go (`#nested`).
  const child = (parent: string, node: SyntaxNode, prefix: string, tag = ""): string => {
    const key = `${file}@${startLine(node)}:${node.startPosition.column + 1}${tag}`;
    routes.mounts.push({ parent: { local: parent }, child: { local: key }, prefix, line: startLine(node) });
    return key;
  };
  const register = (router: string, verbs: readonly string[], written: string, handler: string, at: SyntaxNode, framework: string, block?: SyntaxNode): void => {
    const inline = block !== undefined && endLine(block) > startLine(at);
    for (const verb of verbs) {
      routes.registrations.push({ method: verb, written, handler, line: startLine(at), ...(inline ? { endLine: endLine(block!) } : {}), framework, router: { local: router } });
    }
  };

  const railsCall = (call: SyntaxNode, context: Context, depth: number): void => {
    if (depth > MAX_NESTING || call.type !== "call" || call.childForFieldName("receiver")) return;
    const method = call.childForFieldName("method")?.text ?? "";
    const { positional, options } = argumentsOf(call);
    const block = call.childForFieldName("block") ?? undefined;
    const body = (inner: Context): void => {
      for (const statement of statementsOf(block)) railsCall(statement, inner, depth + 1);
    };
    const verb = VERB_METHODS.get(method);
    if (verb || method === "match") {
      const verbs = verb ? [verb] : (options.get("via") ? symbolsOf(options.get("via")!).map((v) => (v === "all" ? "ALL" : v.toUpperCase())) : ["ALL"]);
      const first = positional[0];
      // `get "about" => "pages#about"`: the path is the pair's key.
      const pair = options.get("=>");
      const pathText = pair ? pair[0] : first ? valueOf(first) : undefined;
      if (pathText === undefined) return;
      const to = pair?.[1] ?? (options.get("to") ? valueOf(options.get("to")!) : undefined);
      const action = options.get("action") ? valueOf(options.get("action")!) : undefined;
      const controller = options.get("controller") ? valueOf(options.get("controller")!) : undefined;
      const on = options.get("on") ? valueOf(options.get("on")!) : undefined;
      const within = on === "member" || on === "collection" ? on : context.within;
      const router = within && context.resource ? (within === "member" ? context.resource.member : context.resource.collection) : context.router;
      const written = first?.type === "simple_symbol" ? `/${pathText}` : pathText.startsWith("/") ? pathText : `/${pathText}`;
      let handler: string;
      if (to !== undefined) handler = toHandler(to, context.module);
      else if (controller || action) handler = controllerHandler(controller ?? context.controller ?? "", action ?? context.action ?? pathText.replace(/^\/+/, ""), context.module, controller !== undefined);
      // In a resource's block, or a scope naming a controller: an action of that controller, by the scope's action or the path's first segment.
      else if (context.controller) handler = controllerHandler(context.controller, context.action ?? pathText.replace(/^\/+/, "").replace(/\/.*$/, ""), context.module, false);
      else {
        // `get "photos/search"`: Rails reads the controller and the action from the path.
        const parts = pathText.replace(/^\/+/, "").split("/").filter((part) => !part.startsWith(":") && !part.startsWith("("));
        handler = parts.length >= 2 ? controllerHandler(parts.slice(0, -1).join("/"), parts.at(-1)!, context.module, false) : pathText;
      }
      register(router, verbs, written, handler, call, "rails");
      return;
    }
    switch (method) {
      case "root": {
        const to = options.get("to") ? valueOf(options.get("to")!) : positional[0] ? valueOf(positional[0]) : undefined;
        if (to !== undefined) register(context.router, ["GET"], "/", toHandler(to, context.module), call, "rails");
        return;
      }
      case "namespace": {
        const name = positional[0] ? valueOf(positional[0]) : undefined;
        if (name === undefined) return;
        const prefix = options.get("path") ? valueOf(options.get("path")!) ?? name : name;
        const module = options.get("module") ? valueOf(options.get("module")!) ?? name : name;
        body({ router: child(context.router, call, `/${prefix}`), module: joinModule(context.module, module) });
        return;
      }
      case "scope": {
        const prefix = positional[0] ? valueOf(positional[0]) : options.get("path") ? valueOf(options.get("path")!) : undefined;
        const module = options.get("module") ? valueOf(options.get("module")!) : undefined;
        const controller = options.get("controller") ? valueOf(options.get("controller")!) : undefined;
        const action = options.get("action") ? valueOf(options.get("action")!) : undefined;
        const router = prefix ? child(context.router, call, prefix.startsWith("/") ? prefix : `/${prefix}`) : context.router;
        body({ ...context, router, module: module ? joinModule(context.module, module) : context.module, ...(controller ? { controller } : {}), ...(action ? { action } : {}) });
        return;
      }
      case "resources":
      case "resource": {
        const isSingular = method === "resource";
        for (const name of positional.filter((node) => node.type === "simple_symbol" || node.type === "string").map(valueOf)) {
          if (name === undefined) continue;
          const controller = options.get("controller") ? valueOf(options.get("controller")!) ?? name : isSingular ? plural(name) : name;
          const module = options.get("module") ? joinModule(context.module, valueOf(options.get("module")!) ?? "") : context.module;
          const path = options.get("path") ? valueOf(options.get("path")!) ?? name : name;
          const param = options.get("param") ? valueOf(options.get("param")!) ?? "id" : "id";
          const only = options.get("only") ? symbolsOf(options.get("only")!) : undefined;
          const except = options.get("except") ? symbolsOf(options.get("except")!) : [];
          // Nested in a resource: under `/photos/:photo_id`, its member path.
          const parent = context.resource && !context.within ? context.resource.nested : context.router;
          const collection = child(parent, call, `/${path}`);
          for (const [action, verbs, suffix] of isSingular ? SINGULAR_ACTIONS : PLURAL_ACTIONS) {
            if ((only && !only.includes(action)) || except.includes(action)) continue;
            register(collection, verbs, suffix.replace(":id", `:${param}`), controllerHandler(controller, action, module, false), call, "rails");
          }
          if (!block) continue;
          const member = isSingular ? collection : child(collection, call, `/:${param}`, "#member");
          const nested = isSingular ? collection : child(collection, call, `/:${singular(name)}_${param}`, "#nested");
          body({ router: collection, module, controller, resource: { member, collection, nested, singular: isSingular } });
        }
        return;
      }
      case "member":
      case "collection":
        if (context.resource) body({ ...context, within: method });
        return;
      case "mount": {
        const pair = options.get("=>");
        const at = pair?.[1] ?? (options.get("at") ? valueOf(options.get("at")!) : undefined);
        const app = pair ? pair[2] : positional[0]?.text;
        if (at !== undefined && app) register(context.router, ["ALL"], at.startsWith("/") ? at : `/${at}`, app, call, "rails");
        return;
      }
      case "draw": {
        const name = positional[0] ? valueOf(positional[0]) : undefined;
        if (name) routes.mounts.push({ parent: { local: context.router }, child: { specifier: `./routes/${name}`, name: file }, prefix: "", line: startLine(call) });
        return;
      }
      default:
        if (TRANSPARENT.has(method)) {
          const controller = method === "controller" && positional[0] ? valueOf(positional[0]) : undefined;
          body({ ...context, ...(controller ? { controller } : {}) });
        }
    }
  };

  if (rails) {
    const draws = root.descendantsOfType("call").filter((call) => call?.childForFieldName("method")?.text === "draw" && call.childForFieldName("receiver") && call.childForFieldName("block"));
    // config/routes.rb draws in a block; a file it draws (config/routes/admin.rb) is the block's body.
    const bodies = draws.length > 0 ? draws.map((call) => statementsOf(call!.childForFieldName("block")!)) : [root.namedChildren.filter((node): node is SyntaxNode => node !== null)];
    for (const statements of bodies) for (const statement of statements) railsCall(statement, { router: file, module: "" }, 0);
  }
  if (sinatra) sinatraRoutes(root, file, child, register);
  return routes.registrations.length > 0 ? routes : undefined;
}

/** Sinatra's `get '/x' do … end` at file level, in a class body, and in sinatra-contrib's `namespace '/api' do`. */
function sinatraRoutes(
  root: SyntaxNode,
  file: string,
  child: (parent: string, node: SyntaxNode, prefix: string, tag?: string) => string,
  register: (router: string, verbs: readonly string[], written: string, handler: string, at: SyntaxNode, framework: string, block?: SyntaxNode) => void,
): void {
  const visit = (statements: readonly SyntaxNode[], router: string, depth: number): void => {
    if (depth > MAX_NESTING) return;
    for (const statement of statements) {
      if (statement.type === "class" || statement.type === "module") {
        visit(statementsOf(statement.childForFieldName("body") ?? undefined), router, depth + 1);
        continue;
      }
      if (statement.type !== "call" || statement.childForFieldName("receiver")) continue;
      const method = statement.childForFieldName("method")?.text ?? "";
      const block = statement.childForFieldName("block") ?? undefined;
      const first = argumentsOf(statement).positional[0];
      // Sinatra's patterns escape a character with a backslash (`'/\.well-known'`): the path has the character.
      const written = first?.type === "regex" ? regexRoute(first) : first ? valueOf(first)?.replace(/\\(.)/g, "$1") : undefined;
      if (!block || written === undefined) continue;
      const verb = VERB_METHODS.get(method);
      if (verb) register(router, [verb], written, "<inline>", statement, "sinatra", block);
      else if (method === "namespace") visit(statementsOf(block), child(router, statement, written), depth + 1);
    }
  };
  visit(root.namedChildren.filter((node): node is SyntaxNode => node !== null), file, 0);
}

const CLOSING: Record<string, string> = { "{": "}", "(": ")", "[": "]", "<": ">" };

/**
 * A Regexp route (`get %r{/history/(.+?)/([0-9a-f]{40})}x do`) as the route column writes one:
 * `%r{pattern}`, extended mode's spacing and comments taken out, `i` kept; undefined when it
 * interpolates or carries a flag that changes what it matches in a way not kept.
 */
function regexRoute(node: SyntaxNode): string | undefined {
  const text = node.text;
  const percent = text.startsWith("%r");
  const close = percent ? (CLOSING[text[2]!] ?? text[2]!) : "/";
  const end = text.lastIndexOf(close);
  if (end < (percent ? 3 : 1)) return undefined;
  const flags = text.slice(end + 1);
  if (/[^imxonesu]/.test(flags)) return undefined;
  const pattern = plainRegexPattern(text.slice(percent ? 3 : 1, end), flags.includes("x"));
  return pattern === undefined ? undefined : `%r{${pattern}}${flags.includes("i") ? "i" : ""}`;
}

/** The statements of a block (`do … end`, `{ … }`) or a body. */
function statementsOf(node: SyntaxNode | undefined): SyntaxNode[] {
  if (!node) return [];
  const body = node.type === "do_block" || node.type === "block" ? node.childForFieldName("body") : node;
  return (body?.namedChildren ?? []).filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
}

/**
 * A call's arguments: positional ones, and options by key (`to:`, `:to =>`); a pair whose key is a
 * string (`"about" => "pages#about"`, `Sidekiq::Web => "/sidekiq"`) as `=>`: [its key's value, its value's, the key's text].
 */
function argumentsOf(call: SyntaxNode): { positional: SyntaxNode[]; options: Map<string, SyntaxNode> & { get(key: "=>"): [string, string, string] | undefined } } {
  const positional: SyntaxNode[] = [];
  const options = new Map<string, unknown>();
  for (const argument of call.childForFieldName("arguments")?.namedChildren ?? []) {
    if (!argument) continue;
    const pairs = argument.type === "pair" ? [argument] : argument.type === "hash" ? argument.namedChildren.filter((p) => p?.type === "pair") : [];
    if (pairs.length === 0) {
      positional.push(argument);
      continue;
    }
    for (const pair of pairs) {
      const key = pair!.childForFieldName("key");
      const value = pair!.childForFieldName("value");
      if (!key || !value) continue;
      if (key.type === "hash_key_symbol") options.set(key.text, value);
      else if (key.type === "simple_symbol") options.set(key.text.slice(1), value);
      else {
        const from = valueOf(key) ?? key.text;
        const to = valueOf(value);
        if (to !== undefined) options.set("=>", [from, to, key.text]);
      }
    }
  }
  return { positional, options: options as Map<string, SyntaxNode> & { get(key: "=>"): [string, string, string] | undefined } };
}

/** A string's or symbol's value: `"photos"`, `:photos`, `'x'`; undefined for anything else (interpolation included). */
function valueOf(node: SyntaxNode): string | undefined {
  if (node.type === "simple_symbol") return node.text.slice(1);
  if (node.type === "hash_key_symbol") return node.text;
  if (node.type === "string" || node.type === "delimited_symbol") {
    let value = "";
    for (const part of node.namedChildren) {
      if (part?.type === "string_content") value += part.text;
      else if (part?.type === "escape_sequence") value += part.text.slice(1);
      else return undefined;
    }
    return value;
  }
  return undefined;
}

/** `[:get, :post]`, `:get`, `%i[index show]`: the names. */
function symbolsOf(node: SyntaxNode): string[] {
  if (node.type === "array" || node.type === "symbol_array" || node.type === "string_array") {
    return node.namedChildren.map((item) => (item ? (valueOf(item) ?? (item.type === "bare_symbol" || item.type === "bare_string" ? item.text : undefined)) : undefined)).filter((v): v is string => v !== undefined);
  }
  const value = valueOf(node);
  return value === undefined ? [] : [value];
}

/** `"admin/users#index"` → `Admin.UsersController.index` (under the current module unless it starts with `/`). */
function toHandler(to: string, module: string): string {
  const at = to.indexOf("#");
  if (at < 0) return to;
  return controllerHandler(to.slice(0, at), to.slice(at + 1), module, false);
}

function controllerHandler(controller: string, action: string, module: string, explicit: boolean): string {
  const absolute = controller.startsWith("/");
  const path = absolute || (explicit && controller.includes("/")) ? controller.replace(/^\/+/, "") : joinModule(module, controller);
  const parts = path.split("/").filter(Boolean).map(camelize);
  if (parts.length === 0) return action;
  parts[parts.length - 1] = `${parts.at(-1)}Controller`;
  return `${parts.join(".")}.${action}`;
}

function joinModule(outer: string, inner: string): string {
  return [outer, inner].filter(Boolean).join("/");
}

function camelize(word: string): string {
  return word
    .split("_")
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

/** A singular `resource :profile` is served by the plural controller, `ProfilesController`. */
function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

