/** A repository-relative path with `/` separators. Absolute paths exist only inside `io/`. */
export type RepoPath = string;

export const SYMBOL_KINDS = [
  "function",
  "class",
  "struct",
  "method",
  "constructor",
  "getter",
  "setter",
  "property",
  "interface",
  "trait",
  "record",
  "module",
  "type",
  "enum",
  "namespace",
  "variable",
  "constant",
  "default",
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

export interface SymbolRecord {
  name: string;
  kind: SymbolKind;
  /** Dotted path of enclosing classes/namespaces (`Outer.Inner`), or "" at file level. */
  container: string;
  exported: boolean;
  path: RepoPath;
  /** 1-based line where the declaration starts (decorators and modifiers included, JSDoc excluded). */
  line: number;
  endLine: number;
  /** One line, whitespace collapsed, at most SIGNATURE_MAX characters. */
  signature: string;
}

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ALL"] as const;
/** GraphQL operations, as the endpoint index writes a resolver's (`MUTATION addItemToOrder`). */
export const GRAPHQL_OPERATIONS = ["QUERY", "MUTATION", "SUBSCRIPTION"] as const;

/** Where something is written: a file and a 1-based line. */
export interface SourceLine {
  path: RepoPath;
  line: number;
}

/** One endpoint as a user reaches it: the route with every prefix its mounts add, and where each comes from. */
export interface EndpointRecord {
  method: string;
  /** The full route, prefixes joined, with `:param` placeholders; an unresolved dynamic part is kept as `{expression}`. */
  route: string;
  /** The route as its registration writes it (`/:id`, `users.list`). */
  written: string;
  handler: string;
  path: RepoPath;
  line: number;
  /** An inline handler's last line (`app.get("/x", (req, res) => { … })`): calls from `line` to here are the route's. */
  endLine?: number;
  framework: string;
  /** Where each part of the route in front of `written` comes from, outermost first: mounts, router prefixes, a global prefix. */
  mounts: SourceLine[];
}

/**
 * A router as one file can name it: one of its own (`local`: a key the file's extraction gives it,
 * see analysis/extract-routes.ts), what an import binds (`specifier` and the exported name), or the
 * routers of a folder (a mount's child only).
 */
export type RouterRef = { local: string } | { specifier: string; name: string } | RouterFolder;

/** Every router a framework's registrations use in the files at or under a path: Symfony's `resource: ../src/Controller/`. */
export interface RouterFolder {
  under: RepoPath;
  framework: string;
}

/** A route registration as one file writes it, on one of its routers, before any prefix. */
export interface RouteRegistration {
  method: string;
  written: string;
  handler: string;
  line: number;
  /** An inline handler's last line, when it ends past `line`. */
  endLine?: number;
  framework: string;
  /** The router it is registered on; none for routes a file's location defines (Next.js). */
  router?: RouterRef;
  /** NestJS `@Version(…)` or `@Controller({ version })`: the versions it is served at, and where that is written. */
  versions?: { values: string[]; line: number };
}

/** One router served under another: `app.use("/api", users)`, `app.route("/x", sub)`, `register(plugin, { prefix })`, a NestJS module import. */
export interface RouteMount {
  parent: RouterRef;
  child: RouterRef;
  /** The prefix it adds ("" for none), `{expression}` when it is not static. */
  prefix: string;
  line: number;
  /** NestJS RouterModule: a module given a path is served there only, not also where it is imported. */
  exclusive?: true;
  /** koa-router: the prefix is put in front of the path as it is (`/api` + `users.list` → `/apiusers.list`), not joined with a slash. */
  concat?: true;
  /** Flask `register_blueprint(bp, url_prefix=…)`: the prefix given here replaces the child's own. */
  replaces?: true;
  /** A NestJS application: what applies to every route under it. */
  app?: NestApplication;
}

/** NestJS `VERSION_NEUTRAL` among a route's versions: served without a version segment. */
export const NEUTRAL_VERSION = "(neutral)";

export interface NestApplication {
  /** Routes `setGlobalPrefix(…, { exclude })` leaves without the prefix: a path (`*`, `(.*)` for any rest) and a method or ALL. */
  exclude: { path: string; method: string }[];
  /** `enableVersioning({ type: VersioningType.URI })`: the segment's prefix (`v`) and the default versions; null when not enabled. */
  versioning: { prefix: string; defaults: string[]; line: number } | null;
}

/** What one file tells about its routes: registrations, mounts, its own prefixes, the routers it exports. */
export interface FileRoutes {
  registrations: RouteRegistration[];
  mounts: RouteMount[];
  /** A router's own prefix (`new Router({ prefix })`, `new Hono().basePath(…)`, `@Controller("users")`). */
  prefixes: { router: string; prefix: string; line: number; concat?: true }[];
  /** Exported name (`default` for a default export or `module.exports`) → the router it exports. */
  exports: { name: string; router: RouterRef }[];
  /** A Next.js config's `basePath`: every Next.js route under its folder is served under it. */
  basePath?: { prefix: string; line: number };
}

export interface ImportRecord {
  /** The module specifier as written (`./users`, `@acme/billing`, `node:fs`). */
  specifier: string;
  /** The file it resolves to inside the repository, when it does. */
  resolved: RepoPath | null;
}

/** Everything ctx knows about one indexed file. */
export interface FileRecord {
  path: RepoPath;
  sha256: string;
  isTest: boolean;
  symbols: SymbolRecord[];
  /** Absent when the file says nothing about routes. */
  routes?: FileRoutes;
  imports: ImportRecord[];
  calls: EncodedCallSummary;
}

/**
 * A file's CallSummary as JSON text, with what linking needs of every file without parsing it: the
 * text crosses from a worker thread as one string and goes to the cache as it is, and it is parsed
 * only when linking reaches the file.
 */
export interface EncodedCallSummary {
  json: string;
  /** Names of the functions, methods, classes and accessors it declares. */
  callables: string[];
  /** No imports and no exports: its top-level declarations are global. */
  script: boolean;
  /** A digest of what linking other files can read of this one (see interfaceKeyOf in core/calls/link-calls.ts). */
  shape: string;
}

export interface SkippedFile {
  path: RepoPath;
  reason: string;
}

export interface ModuleRecord {
  name: string;
  paths: RepoPath[];
  entries: RepoPath[];
  dependsOn: string[];
  files: number;
  /**
   * Files other modules import beyond the most imported ones `entries` lists (when no package.json
   * or conventional file names the entries); absent when there are none.
   */
  moreEntries?: number;
  /** Hand-written fields kept verbatim across regeneration. */
  description?: string;
  keywords?: string[];
  owners?: string[];
  /** Any other hand-written keys, kept verbatim. */
  extra?: Record<string, unknown>;
  /** True when the module no longer matches any files but hand-written fields kept it alive. */
  orphaned?: boolean;
}

export interface IndexMeta {
  schema: number;
  /** The git HEAD the index content was last built at, or null outside git / before the first commit. */
  head: string | null;
}

export interface Index {
  meta: IndexMeta;
  /** Sorted by path. */
  files: FileRecord[];
  skipped: SkippedFile[];
  modules: ModuleRecord[];
}

export const INDEX_SCHEMA = 1;

/**
 * How a call site reaches its callee, as the compiler's call hierarchy counts it; and `value`, which it
 * does not count: a function handed on by name (`app.post("/orders", createOrder)`, `withProfiler(Page)`,
 * `onClick={save}`), which whoever receives it may call. Caller and Callee leave those out; Impact and Flow follow them.
 * `listen` and `emit` are no calls either: where a declaration listens on a channel (`bus.ofType(E)`,
 * `@OnEvent("order.placed")`, a queue's process function) and where one publishes on it (`emit("order.placed")`,
 * `queue.add(JOB, …)`; `new E()` publishes an event class). The callee is the channel: a declaration, or a
 * quoted string (CHANNEL_QUOTE) that no declaration's name can be. Impact and Flow join the two (core/traverse/channels.ts).
 */
export const CALL_VIAS = ["call", "new", "tag", "decorator", "jsx", "ref", "value", "listen", "emit"] as const;
export type CallVia = (typeof CALL_VIAS)[number];

/** How a string channel is spelled as a callee: `'order.placed'`. */
export const CHANNEL_QUOTE = "'";

/** A row that says where a channel is listened on or published to, not a call. */
export const isChannelVia = (via: CallVia): boolean => via === "listen" || via === "emit";

/**
 * The callee of a call site as written, before it is linked to a declaration: a head and a chain
 * of member names. `scope`: the first name is looked up in the file's scope (its top-level
 * declarations and imports); `this`/`super`: members of the enclosing class `owner`; `type`: a
 * receiver declared as `owner` (a type name in file scope); `import`: the module a dynamic
 * `import(owner)` loads; `unknown`: the receiver cannot be
 * known without running the program, so only the last name survives, as a candidate.
 */
export interface CalleeRef {
  head: "scope" | "this" | "super" | "type" | "import" | "unknown";
  /** The class's qualified name for `this`/`super`, the type string for `type`, the specifier for `import`, else "". */
  owner: string;
  names: string[];
}

export interface CallSite {
  /** Index into the file's `callers`. */
  caller: number;
  line: number;
  column: number;
  via: CallVia;
  callee: CalleeRef;
  /**
   * A member read passed on as a value (`expect(adapter.clone)`, `items.map(format.row)`): when it
   * cannot be linked it is listed as a candidate, as an unlinked call is; other reads are not.
   */
  passed?: true;
}

/**
 * Prefixes the first of a Ruby class's `bases` when its body defines methods without `def` (`alias`,
 * `delegate`, `define_method`, Forwardable): their names, as JSON. Linking takes a call of such a name
 * on the class's instances as not known, never as an ancestor's method of that name.
 */
export const RUBY_DEFINED = "ruby-defined:";

/** A declaration a call can land on: the symbol index's, plus interface and object-literal members (as methods and properties). */
export interface CallableDeclaration {
  /** Qualified name: `UsersService.find`, `Utils.format`, `ns.helper`. */
  name: string;
  kind: SymbolKind;
  line: number;
  /**
   * The declared type of a property, variable or getter, as a dotted type name in file scope
   * (`Repo`, `db.Pool`), or what it is inferred from: `ret:<callee>` (what a call returns) or
   * `cb:i.j:<callee>` (parameter j of the callback passed as argument i), the callee as JSON `[head, owner, names]`.
   */
  type?: string;
  /**
   * A static member of a class. One that shares its name with an instance member is a second
   * declaration of the name (listed after it), reached through the class (`Type.getId()`, `this`
   * in a static member) where the instance one is reached through an instance.
   */
  static?: true;
  /** A C# extension method (`this` on its first parameter), a Rust trait's fn: a call of its name on a value outside the repository stays a candidate. */
  extension?: true;
  /**
   * A Ruby method its class or module defines more than once in the file, one of the definitions
   * under a condition (`if`, `unless`, `case`, `begin … rescue`, a modifier `if`): which body Ruby
   * evaluates last depends on the running program, so a call of it is a candidate.
   */
  conditional?: true;
  /** Classes and interfaces: what they extend or implement, as dotted type names in file scope. */
  bases?: string[];
  /** The type arguments passed to each of `bases` (type strings, null where unknown), when any is known. */
  baseArgs?: (string | null)[][];
  /** Generic classes and interfaces: their type parameters' names, in order. */
  typeParams?: string[];
  /**
   * Functions, methods and constructors: each parameter's declared type name; for a parameter of
   * function type, the declared types of that function's parameters (what a callback passed there receives).
   */
  params?: CallSignature["params"];
  /** The last of `params` is a rest parameter: it types every argument from there on. */
  rest?: true;
  /** The declared return type name. */
  returns?: string;
  /** Go: the declared type of each result, where there are several (`(*User, error)`); null where it is not named. */
  results?: (string | null)[];
  /**
   * A Django relation field's accessor on the model it names (`device = ForeignKey("dcim.Device",
   * related_name="vdcs")` gives Device a `vdcs`): the related model's type, the accessor's name and
   * what it holds there (a related manager of this model, or for a one-to-one field an instance), as type strings of this file.
   */
  reverse?: { model: string; name: string; type: string };
  /**
   * Every call signature, where there is more than the one above or the declaration is a type:
   * a function's or method's overloads (not the implementation's), an interface's call
   * signatures, a function type alias's (one per member of a union of function types).
   */
  signatures?: CallSignature[];
}

/** One way to call something: as CallableDeclaration's `params`, `rest` and `returns`. */
export interface CallSignature {
  params: (string | (string | null)[] | null)[];
  rest?: true;
  returns?: string;
  /** A generic signature's type parameters, in order: what explicit type arguments bind. */
  typeParams?: string[];
  /**
   * A generic signature's parameters as whole types (a function type as `fn:` with what it
   * returns): what binds its type parameters to the arguments of a call (`useState(() => new X())`).
   */
  infer?: (string | null)[];
  /**
   * A generic signature's declared `this` parameter as a whole type (`where<T>(this: T): T & …`):
   * what binds its type parameters to the receiver of a call.
   */
  self?: string;
}

export interface ImportBinding {
  local: string;
  specifier: string;
  /** The exported name, `default`, or `*` for the whole module. */
  imported: string;
  /** Python `from pkg import mod`: the module it names when `pkg` does not define the name. */
  submodule?: string;
}

/**
 * The export name of what CommonJS `module.exports = X` exports: the whole module, as `export =` is in
 * TypeScript (the compiler's own name for it). A call of a module that `require()` binds lands there.
 */
export const MODULE_EXPORTS = "export=";

export interface ExportBinding {
  /** The exported name; `*` for `export * from`; MODULE_EXPORTS for `module.exports = X`. */
  name: string;
  /** The local name it exports, when it is declared or imported in this file. */
  local?: string;
  /** Re-exports: the module and the name exported there (`*` for `export * as ns from`). */
  specifier?: string;
  imported?: string;
}

/** What one file contributes to the call graph; linked with every other file's by core/calls. */
export interface CallSummary {
  /** Enclosing declarations of the call sites: qualified names and their kinds; `(module)` for top level. */
  callers: { name: string; kind: string; line: number }[];
  declarations: CallableDeclaration[];
  imports: ImportBinding[];
  exports: ExportBinding[];
  /** Encoded with `encodeCallSite` (core/calls/call-site-codec.ts): one short string each, not an object. */
  sites: string[];
  /**
   * Large type strings, each stored once: `#n` in a type string or a site's owner stands for
   * `types[n]`, which refers only to entries before it (analysis/type-table.ts).
   */
  types: string[];
  /**
   * Java: the package the file declares (`package a.b;`). Its files see one another's top-level
   * types without an import, wherever they sit (src/main/java and src/test/java hold one package).
   */
  package?: string;
  /**
   * Java: per site, how many arguments the call passes (-1 where it is not a call with arguments).
   * A method's overloads are declarations of one name (the first, then the others): linking lands
   * a call on the one that takes as many.
   */
  arities?: number[];
}

export interface CallTarget {
  path: RepoPath;
  line: number;
  kind: string;
}

/** One call site, linked: who calls, where, and the declaration it lands on. */
export interface CallEdge {
  path: RepoPath;
  line: number;
  column: number;
  /** Qualified name of the enclosing declaration, or `(module)` for top-level code. */
  caller: string;
  callerKind: string;
  via: CallVia;
  /** Qualified name of the target; for an unresolved site, the name it calls. */
  callee: string;
  /** Null when the site stayed unresolved: `callee` is then only a candidate name. */
  target: CallTarget | null;
}

/** A class or interface member and a same-named member of one of its ancestors (transitively). */
export interface Override {
  member: CallTarget & { name: string };
  base: CallTarget & { name: string };
}

/** The words of one declaration's text: what `ctx brief` matches a task against besides names. */
export interface DeclarationWords {
  /** The declaration's first line (SymbolRecord.line); 0 for what lies outside every declaration. */
  line: number;
  /** Term → occurrences, at most MAX_TERMS of them (the most frequent, then in term order). */
  terms: Map<string, number>;
}
