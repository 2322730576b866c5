import { CHANNEL_QUOTE, isChannelVia, MODULE_EXPORTS, RUBY_DEFINED, type CallableDeclaration, type CallEdge, type CalleeRef, type CallSignature, type CallSummary, type ExportBinding, type ImportBinding, type Override, type RepoPath } from "../../model.js";
import { decodeCallSite, ELEMENT, unknownCalleeName } from "./call-site-codec.js";
import { referencesIn, THIS_TYPE, TYPE_REFERENCE } from "./type-references.js";
import { namesRepositoryPackage, resolveSpecifier, type ModuleResolver } from "./resolve-specifier.js";
import type { ExportAlias } from "../../formats/call-index.js";
import { nearestPath } from "../index/nearest-path.js";

export interface LinkStats {
  /** Call-like sites (member references not counted). */
  sites: number;
  resolved: number;
  /** Sites whose called name matches a declaration in the repository but whose target could not be proven. */
  unresolved: number;
  /** Sites that land outside the repository: globals, the standard library, packages. */
  external: number;
}

export interface FileCalls {
  path: RepoPath;
  /** Read only for the files linking reaches. */
  summary: { get(): CallSummary };
  /** callableNamesOf and isScript of the summary, known without reading it. */
  callables: readonly string[];
  script: boolean;
}

/**
 * One file's sites, linked, with what an incremental run needs to tell whether they could link
 * differently after other files change.
 */
export interface FileLink {
  path: RepoPath;
  /** Sorted by line, column and callee. */
  edges: CallEdge[];
  /** Members declared in this file with the same-named members of their ancestors. */
  overrides: Override[];
  /** Names this file exports for a declaration of another name, sorted by name. */
  aliases: ExportAlias[];
  /** Every other file whose declarations, imports or exports were read while linking this one, with the names read, sorted. */
  touched: TouchedFile[];
  /** Names this file's sites asked the repository-wide set of callable names about, sorted. */
  probes: string[];
  /**
   * The repository files its `export *` bindings reach, in order: a name looked up through them and
   * not found is not among the reads of the files they reach (see computeExport), so a change to
   * that name there relinks this file's readers through this file.
   */
  stars: RepoPath[];
  /**
   * What each module specifier it writes (imports, re-exports, `import()`) resolved to in this run,
   * by specifier: the repository file (resolveSpecifier), or null. Files added or dropped can move
   * them; planning resolves them again then.
   */
  resolved: [specifier: string, target: RepoPath | null][];
  stats: LinkStats;
}

/**
 * Another file read while linking one, and the names looked up in it (found or not): a declaration's
 * full name (`Repo.find`), an import's local name, an export's name, `Repo.*` for which members
 * `Repo` has, WHOLE_FILE for anything else. Sorted.
 */
export interface TouchedFile {
  path: RepoPath;
  names: string[];
}

/** A read of a file that depends on all of it. */
export const WHOLE_FILE = "";
/** The export name of an `export *` binding. */
export const STARS = "*";
/** The name under which the set of a container's members is read: `Repo.*`. */
export const membersOf = (container: string): string => `${container}.*`;

export const NO_CALLS: LinkStats = { sites: 0, resolved: 0, unresolved: 0, external: 0 };

export function addStats(a: LinkStats, b: LinkStats): LinkStats {
  return { sites: a.sites + b.sites, resolved: a.resolved + b.resolved, unresolved: a.unresolved + b.unresolved, external: a.external + b.external };
}

/** Names of the functions, methods, classes and accessors a file declares: what unresolved sites are kept for. */
export function callableNamesOf(calls: CallSummary): string[] {
  const callable = calls.declarations.filter((decl) => CALLABLE_KINDS.has(decl.kind));
  const names = callable.map((decl) => decl.name.slice(decl.name.lastIndexOf(".") + 1));
  // A Django relation's accessor on another model: a file that looked the name up there links again when one comes or goes.
  for (const decl of calls.declarations) if (decl.reverse) names.push(decl.reverse.name);
  // A name a callable is exported as (`export { _enum as enum }`, `exports.enum = _enum`) is what
  // its importers call it: `z.enum()` on an unknown receiver may call it.
  const declared = new Set(callable.map((decl) => decl.name));
  for (const binding of calls.exports) {
    if (binding.name === "default" || binding.name === "*" || binding.name === MODULE_EXPORTS) continue;
    if (binding.local !== undefined && binding.local !== binding.name && declared.has(binding.local)) names.push(binding.name);
    else if (binding.specifier !== undefined && binding.imported !== undefined && binding.imported !== "*" && binding.imported !== binding.name) names.push(binding.name);
  }
  return names;
}

/**
 * What other files can read of this one while linking theirs: everything but its own sites.
 * Two summaries with the same key link every other file's sites the same way.
 */
export function interfaceKeyOf(calls: CallSummary): string {
  // The table too: a declaration's type can refer to its entries. A Java file's package decides
  // which files see its types without an import.
  return JSON.stringify([calls.declarations, calls.imports, calls.exports, calls.types, ...(calls.package !== undefined ? [calls.package] : [])]);
}

/** A script (no imports, no exports) declares globals that any file may reach without a trace. */
export function isScript(calls: CallSummary): boolean {
  return calls.imports.length === 0 && calls.exports.length === 0;
}

/** A Go struct is a class here: its values are instances, its embedded types are its bases. */
const isClass = (kind: string): boolean => kind === "class" || kind === "struct";
const isGo = (scope: { path: string }): boolean => scope.path.endsWith(".go");
const isJava = (scope: { path: string }): boolean => scope.path.endsWith(".java");
const isPhp = (scope: { path: string }): boolean => scope.path.endsWith(".php");
const isCsharp = (scope: { path: string }): boolean => scope.path.endsWith(".cs");
const isRust = (scope: { path: string }): boolean => scope.path.endsWith(".rs");
const isRuby = (scope: { path: string }): boolean => scope.path.endsWith(".rb") || scope.path.endsWith(".rake");
/** The kinds of a Ruby declaration a constant names. */
const RUBY_CONSTANT_KINDS = new Set(["class", "module", "constant"]);
/** What a Ruby file probes when it looks a constant up by its full dotted name (`Shop.Order`): a file declaring it added or dropped relinks it. */
export const rubyConstantProbe = (name: string): string => `ruby-constant:${name}`;
/** A type whose values are instances with members and bases: a class or interface, Ruby's modules, Java's enums and records, PHP's traits and enums, Rust's traits and enums. */
const hasInstances = (scope: { path: string }, kind: string): boolean =>
  isClass(kind) || kind === "interface" || (isRuby(scope) && kind === "module") || (isJava(scope) && (kind === "enum" || kind === "record")) || (isPhp(scope) && (kind === "trait" || kind === "enum")) || (isCsharp(scope) && (kind === "enum" || kind === "record")) || (isRust(scope) && (kind === "trait" || kind === "enum"));
/** Whether a file's top-level names are looked up across the files declaring its package: Java's package, PHP's and C#'s namespace (CallSummary.package). */
export const hasPackageScope = (path: string): boolean => path.endsWith(".java") || path.endsWith(".php") || path.endsWith(".cs");
/**
 * What a file's package lookups are probed as (FileLink.probes): no callable's name has a colon. A
 * PHP namespace's names are case-insensitive, and kept apart from Java's packages and C#'s namespaces.
 */
export const packageProbe = (path: string, name: string): string =>
  path.endsWith(".php") ? `namespace:${name.toLowerCase()}` : path.endsWith(".cs") ? `cs-namespace:${name}` : `package:${name}`;
/** What a C# file probes when it looks a name up in the repository's `global using` namespaces: any file's change to them relinks it. */
export const CS_GLOBAL_USINGS = "cs-global-usings:";
/** What a C# call on a value outside the repository probes for a repository extension method of that name. */
export const csExtensionProbe = (name: string): string => `cs-extension:${name}`;
/**
 * java.lang's types, which every Java file sees without an import (after its own, its imports' and
 * its package's): a value of one is outside the repository.
 */
const JAVA_LANG = new Set(
  ("AbstractMethodError Appendable ArithmeticException ArrayIndexOutOfBoundsException ArrayStoreException AssertionError AutoCloseable Boolean " +
    "BootstrapMethodError Byte CharSequence Character Class ClassCastException ClassCircularityError ClassFormatError ClassLoader ClassNotFoundException " +
    "ClassValue CloneNotSupportedException Cloneable Comparable Deprecated Double Enum EnumConstantNotPresentException Error Exception " +
    "ExceptionInInitializerError Float FunctionalInterface IllegalAccessError IllegalAccessException IllegalArgumentException IllegalCallerException " +
    "IllegalMonitorStateException IllegalStateException IllegalThreadStateException IncompatibleClassChangeError IndexOutOfBoundsException " +
    "InheritableThreadLocal InstantiationError InstantiationException Integer InternalError InterruptedException Iterable LinkageError Long Math " +
    "MatchException Module ModuleLayer NegativeArraySizeException NoClassDefFoundError NoSuchFieldError NoSuchFieldException NoSuchMethodError " +
    "NoSuchMethodException NullPointerException Number NumberFormatException Object OutOfMemoryError Override Package Process ProcessBuilder " +
    "ProcessHandle Readable Record ReflectiveOperationException Runnable Runtime RuntimeException SafeVarargs ScopedValue SecurityException " +
    "SecurityManager Short StackOverflowError StackTraceElement StackWalker StrictMath String StringBuffer StringBuilder " +
    "StringIndexOutOfBoundsException SuppressWarnings System Thread ThreadDeath ThreadGroup ThreadLocal Throwable TypeNotPresentException " +
    "UnknownError UnsatisfiedLinkError UnsupportedClassVersionError UnsupportedOperationException VerifyError VirtualMachineError Void WrongThreadException").split(" "),
);
/** The kinds of a Java field: a call never lands on one (fields and methods are apart), but for a record's component, called through its accessor. */
const JAVA_FIELD_KINDS = new Set(["property", "constant"]);
/** PHP's class-likes: what a call never lands on (`new X` does). */
const PHP_TYPE_KINDS = new Set(["class", "interface", "trait", "enum"]);
/** A generic type given type arguments (`gen:`): a Go one declared outside may hold a repository type, so it is not sealed. */
const instantiated = (entity: Entity | undefined): Entity | undefined => (entity?.type === "external" ? EXTERNAL : entity);

/** Kinds a member reference (`this.handle` passed along) counts as a call of, as in the compiler's call hierarchy. */
const CALLABLE_KINDS = new Set(["function", "method", "class", "getter", "setter", "constructor"]);
const MAX_DEPTH = 24;
/** What a script and its declaration file both declare that a call can reach. */
const TWIN_KINDS = new Set(["function", "method", "getter", "setter"]);
const GO_TYPES = new Set(["struct", "interface", "type"]);
/** Declarations of a type only, and of a value a type may share its name with (CallableDeclaration twins). */
const TYPE_ONLY = new Set(["interface", "type"]);
const VALUE_KINDS = new Set(["function", "variable", "constant", "class"]);

/** Array methods whose results or callbacks carry the element type. */
const RETURNS_ELEMENT = new Set(["shift", "pop", "at", "find", "findLast"]);
const RETURNS_ARRAY = new Set(["filter", "slice", "concat", "reverse", "sort", "splice", "toReversed", "toSorted"]);
const CALLBACK_ELEMENT = new Set(["forEach", "map", "filter", "find", "findLast", "findIndex", "findLastIndex", "some", "every", "flatMap", "reduce", "reduceRight"]);
const ARRAY_METHODS = new Set([...RETURNS_ELEMENT, ...RETURNS_ARRAY, ...CALLBACK_ELEMENT]);

/**
 * A memoised lookup with the other files read to compute it, so that a later hit from another
 * file's site records them too.
 */
interface Memo {
  value: Entity | undefined;
  deps: NameRead[] | undefined;
  /** Names probed to compute it (reverseAccessor): a file that reaches it through the memo probes them too. */
  probes?: string[];
  /** Being computed: a lookup that reaches it again is in a cycle, and gets nothing. */
  pending?: true;
}

interface FileScope {
  /** A repository path; for a package's declaration file, its key (OutsideDeclarations). */
  path: RepoPath;
  /**
   * A package's declaration file: read for the types it hands back, never a call's target, and
   * never among a file's touched files (an installed package's change relinks everything).
   */
  outside: boolean;
  /**
   * A declaration file of the repository that is not indexed (`query-generator.d.ts` written for
   * `query-generator.js`): read like a package's, but its imports resolve into the repository and a
   * declaration in it stands for the same-named one of its indexed implementation, if any.
   */
  local?: { implementation: FileScope | null | undefined };
  /** Each name read of this file, one object per name, so that reads can be deduplicated by mark. */
  reads: Map<string, NameRead>;
  /** Memos of this file's module, export and type lookups (keyed per file, so no key is built per site). */
  modules: Map<string, FileScope | "external" | null>;
  exportsResolved: Map<string, Memo>;
  types: Map<string, Memo>;
  decls: NamedTable<CallableDeclaration>;
  /** Static members (CallableDeclaration.static), also in `decls` unless an instance member of their class holds the name there. */
  statics: NamedTable<CallableDeclaration>;
  /**
   * A name declared both as a type (interface, type alias) and as a value (`interface Maker` and
   * `function Maker()`): the declaration `decls` does not hold. A call reaches the value, a type
   * annotation the type.
   */
  twins: NamedTable<CallableDeclaration>;
  imports: NamedTable<ImportBinding>;
  exports: NamedTable<ExportBinding>;
  /**
   * `export *` bindings. Not noted when read: whoever goes through them looked a name up in the
   * file's exports first, and a change to them counts as a change to every name (changedNames).
   */
  starList: ExportBinding[];
  /** The file's large type strings (`#n`, CallSummary.types), and how many of them are resolved already. */
  table: readonly string[];
  warmed: number;
  /** Per table entry, whether it involves a type parameter; computed on first need. */
  typeParameterIn: boolean[] | undefined;
  /** A Java file's package, a PHP file's namespace (CallSummary.package; "" for the unnamed or global one). */
  package?: string;
  /** A Java file's methods' and constructors' overloads after the first of each name (overloadFor). */
  overloaded?: CallableDeclaration[];
}

/** A name looked up in a file (FileScope.reads), with a scratch mark for deduplicating a computation's reads. */
interface NameRead {
  scope: FileScope;
  name: string;
  stamp: number;
}

/**
 * A file's declarations, imports or exports by name, where every lookup is noted as a read of that
 * name: an incremental run relinks a file only when a name it read changed. `all` is for what the
 * file reads of itself and for building tables whose lookups note their own reads.
 */
class NamedTable<V> {
  constructor(
    readonly all: Map<string, V>,
    protected readonly note: (name: string) => void,
  ) {}

  get(name: string): V | undefined {
    this.note(name);
    return this.all.get(name);
  }

  has(name: string): boolean {
    this.note(name);
    return this.all.has(name);
  }
}

/** What PHP names regardless of case: functions, methods and classes (`$order->Total()` calls `total`); never properties or constants. */
const PHP_CASELESS_KINDS = new Set(["function", "method", "constructor", "class", "interface", "trait", "enum"]);

/** PHP's declarations: a name missed as written is found as PHP finds it, regardless of case, when its kind is named so. */
class CaselessTable extends NamedTable<CallableDeclaration> {
  private lower: Map<string, CallableDeclaration> | undefined;

  override get(name: string): CallableDeclaration | undefined {
    const exact = super.get(name);
    if (exact !== undefined) return exact;
    this.lower ??= new Map([...this.all.values()].filter((decl) => PHP_CASELESS_KINDS.has(decl.kind)).map((decl) => [decl.name.toLowerCase(), decl]));
    const found = this.lower.get(name.toLowerCase());
    // The read is of the declaration's own name too: a change to it relinks this file.
    if (found !== undefined) this.note(found.name);
    return found;
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

/** What the type parameters of a generic class or interface stand for where it was reached: each a type string in its own scope. */
type Subst = ReadonlyMap<string, { scope: FileScope; type: string; subst: Subst | undefined }>;

type Entity =
  | { type: "decl"; scope: FileScope; decl: CallableDeclaration; subst?: Subst }
  | { type: "union"; members: Entity[] }
  | { type: "array"; scope: FileScope; element: string; subst: Subst | undefined }
  /** A value of an object type literal: its properties' declared types. */
  | { type: "object"; scope: FileScope; members: Record<string, string>; subst: Subst | undefined }
  /** A method of the standard library's Array on an array of `element`: what it returns or passes to callbacks. */
  | { type: "arrayMethod"; scope: FileScope; element: string; subst: Subst | undefined; name: string }
  | { type: "instance"; scope: FileScope; decl: CallableDeclaration; subst?: Subst }
  | { type: "module"; scope: FileScope }
  /** A value of a mapped type (`map:`): every member has the value's type. */
  | { type: "mapped"; scope: FileScope; value: string; subst: Subst | undefined }
  /** A value of a function type written inline (`fn:`): only its signature is known. */
  | { type: "fn"; scope: FileScope; signature: CallSignature; subst: Subst | undefined }
  /**
   * Outside the repository: a package's or the standard library's value, module or class instance
   * (`external`), or a member of one (`member`): calling it calls outside, but what it holds or
   * returns may be a repository type handed back through a generic (`useState(() => new X())`).
   */
  | { type: "external"; member?: true; sealed?: true };

const EXTERNAL: Entity = { type: "external" };
/**
 * Names JavaScript's standard library and its hosts (Node, browsers) give every module: one no file
 * of the repository declares or imports is theirs, so `console.log(…)` or `JSON.parse(…)` is proven
 * outside, never a candidate of a repository `log` or `parse`.
 */
/** Rust's prelude (2021) and primitive types: what a name neither declared nor imported may be besides a glob's. */
const RUST_PRELUDE = new Set([
  "AsMut", "AsRef", "Box", "Clone", "Copy", "Default", "DoubleEndedIterator", "Drop", "Eq", "Err", "ExactSizeIterator", "Extend",
  "Fn", "FnMut", "FnOnce", "From", "FromIterator", "Into", "IntoIterator", "Iterator", "None", "Ok", "Option", "Ord", "PartialEq",
  "PartialOrd", "Result", "Send", "Sized", "Some", "String", "Sync", "ToOwned", "ToString", "TryFrom", "TryInto", "Unpin", "Vec", "drop",
  "bool", "char", "f32", "f64", "i8", "i16", "i32", "i64", "i128", "isize", "str", "u8", "u16", "u32", "u64", "u128", "usize",
]);
/** Crates every Rust crate can name: never the repository's. */
const RUST_STANDARD_CRATES = new Set(["std", "core", "alloc"]);
const STANDARD_GLOBALS = new Set([
  "Array", "Atomics", "BigInt", "Boolean", "Buffer", "Date", "Error", "Intl", "JSON", "Map", "Math", "Number", "Object", "Promise",
  "Proxy", "Reflect", "RegExp", "Set", "String", "Symbol", "URL", "URLSearchParams", "WeakMap", "WeakSet", "clearInterval",
  "clearTimeout", "console", "crypto", "document", "fetch", "globalThis", "navigator", "performance", "process", "queueMicrotask",
  "setInterval", "setTimeout", "structuredClone", "window",
]);
/**
 * The standard library's generic collections, read from its declaration files: what their members
 * return is bound to what they hold (`map.get(k)` of a `Map<string, X>` is an X).
 */
const PROMISE_METHODS = new Set(["then", "catch", "finally"]);
const STANDARD_LIBRARY_TYPES = new Set(["Map", "ReadonlyMap", "WeakMap", "Set", "ReadonlySet", "WeakSet"]);
/** A member of a value outside the repository: the call is outside; the value it holds is not known. */
const EXTERNAL_MEMBER: Entity = { type: "external", member: true };
/**
 * A Go value whose static type is declared outside the repository without type arguments (`*http.Request`,
 * `*gin.Context`, `error`), or anything the standard library's non-generic packages hand back: Go has no
 * subclassing, so its fields and what its methods return are of types its package declares — outside too,
 * at any depth. (An interface's method may run repository code, as a call on any interface does; it is the
 * interface's.) A generic instantiation (`atomic.Pointer[T]`) is not sealed: it may hold a repository type.
 * A Python string or number is sealed too (PYTHON_SCALARS).
 */
const EXTERNAL_SEALED: Entity = { type: "external", sealed: true };
/** A member of `entity`, which is outside the repository: outside too, but a member of that member is not known. */
const memberOfExternal = (entity: Entity & { type: "external" }): Entity | undefined => (entity.sealed ? EXTERNAL_SEALED : entity.member ? undefined : EXTERNAL_MEMBER);
/** Go's predeclared types: a value of one is sealed (`err.Error()`). */
const GO_PREDECLARED_TYPES = new Set("any bool byte comparable complex128 complex64 error float32 float64 int int16 int32 int64 int8 rune string uint uint16 uint32 uint64 uint8 uintptr".split(" "));
/**
 * Python's builtin types, as a type name (an annotation, a literal's type) names them when nothing in the
 * file binds the name. A string's or a number's methods hand back strings, numbers, lists of them: sealed.
 * A container's members are Python's, but what they hand back is an element, which may be the repository's.
 */
const PYTHON_SCALARS = new Set(["str", "bytes", "bytearray", "int", "float", "complex", "bool"]);
const PYTHON_BUILTIN_TYPES = new Set([...PYTHON_SCALARS, "list", "dict", "set", "frozenset", "tuple"]);
/** Go standard-library packages with generic functions or types: what they hand back may be a repository type. */
const GO_GENERIC_PACKAGES = new Set(["cmp", "iter", "maps", "slices", "sync", "sync/atomic", "unique", "weak", "math/rand/v2", "structs"]);
/** A Go import path of the standard library: no dot in its first element (`net/http`, not `github.com/…`). */
const isGoStandard = (specifier: string): boolean => !specifier.split("/")[0]!.includes(".");

/** One entity for several: nothing, the one, or a union (externals dropped when anything else is known). */
function unionOf(parts: readonly Entity[]): Entity | undefined {
  const known = parts.filter((part) => part.type !== "external");
  if (known.length === 0) return parts.length > 0 ? EXTERNAL : undefined;
  if (known.length === 1) return known[0];
  // `a ?? b` of one type is that type, not a union of it with itself.
  const members: Entity[] = [];
  for (const part of known.flatMap((entity) => (entity.type === "union" ? entity.members : [entity]))) {
    const same = (other: Entity): boolean => other === part || ((part.type === "instance" || part.type === "decl") && other.type === part.type && other.decl === part.decl && other.scope === part.scope && other.subst === part.subst);
    if (!members.some(same)) members.push(part);
  }
  return members.length === 1 ? members[0] : { type: "union", members };
}

/** Argument `i`'s declared type in a signature: its parameter, or the rest parameter's element. */
function argumentAt(signature: CallSignature, i: number): CallSignature["params"][number] | undefined {
  const { params } = signature;
  return i < params.length ? params[i] : signature.rest ? params[params.length - 1] : undefined;
}

/** The type several signatures agree on: one class or interface (whatever it is bound to), or outside the repository; else nothing. */
function agreed(types: readonly (Entity | undefined)[]): Entity | undefined {
  const known = types.filter((type) => type !== undefined).map(oneDeclaration);
  const [first] = known;
  if (first === undefined) return undefined;
  const same = (type: Entity): boolean =>
    type.type === first.type && (type.type === "external" || ((type.type === "instance" || type.type === "decl") && (first.type === "instance" || first.type === "decl") && type.decl === first.decl && type.scope === first.scope));
  return known.every(same) && (first.type === "external" || first.type === "instance" || first.type === "decl") ? first : known.length === 1 ? first : undefined;
}

/**
 * A union whose parts are all one class or interface, bound differently (a conditional type's
 * branches `Elysia<…>` each with other arguments), as its first part: the members are the same.
 */
function oneDeclaration(entity: Entity): Entity {
  if (entity.type !== "union") return entity;
  const [first] = entity.members;
  const one = first !== undefined && (first.type === "instance" || first.type === "decl") && entity.members.every((part) => part.type === first.type && part.decl === first.decl && part.scope === first.scope);
  return one ? first : entity;
}

/** A declaration file; its group is the flavour of the script it describes (`m` for `.d.mts`). */
const DECLARATION_FILE = /\.d\.([cm]?)ts$/;

/** The declarations an entity stands for: itself, or each member of a union. */
function declarationsOf(entity: Entity | undefined): Extract<Entity, { type: "decl" }>[] {
  if (entity?.type === "decl") return [entity];
  if (entity?.type === "union") return entity.members.flatMap(declarationsOf);
  return [];
}

/**
 * Links call sites to the declarations they land on, following what the compiler follows without
 * type-checking: imports (named, default, namespace), re-export chains and barrels, tsconfig paths
 * and workspace packages (through `resolver`), namespace and object members, `this`/`super` with
 * inherited members, and receivers of a declared type. A site that cannot be proven is never
 * guessed: it stays unresolved with the name it calls. `files` is every indexed file, sorted by
 * path; the sites linked are those of `only` (default: all), one FileLink per file in path order.
 */
export function linkCalls(files: readonly FileCalls[], resolver: ModuleResolver, only?: ReadonlySet<RepoPath>): FileLink[] {
  // The names read while linking the current file's sites, in order and with repeats: each lookup in
  // a file's tables notes one (NamedTable), and a memo hit adds the reads its computation made (a
  // memo entry keeps the span it added, deduplicated).
  const read: NameRead[] = [];
  const readOf = (scope: FileScope, name: string): NameRead => {
    let found = scope.reads.get(name);
    if (found === undefined) {
      found = { scope, name, stamp: 0 };
      scope.reads.set(name, found);
    }
    return found;
  };
  const byPath = new Map(files.map((file) => [file.path, file]));
  const scopes = new Map<RepoPath, FileScope>();
  /** A file's scope, built from its summary the first time linking reaches the file. */
  const scopeOf = (path: RepoPath): FileScope | undefined => {
    let scope = scopes.get(path);
    if (scope) return scope;
    const file = byPath.get(path);
    if (!file) return undefined;
    scope = newScope(path, file.summary.get(), false);
    scopes.set(path, scope);
    return scope;
  };
  const outsideScopes = new Map<string, FileScope | null>();
  /** Whether a scope's missing names are a package's own (external), not the repository's (unknown). */
  const opaque = (scope: FileScope): boolean => scope.outside && scope.local === undefined;
  /** The indexed file a repository declaration file describes: `a.js` (or `.mjs`, `.cjs`, `.jsx`) for `a.d.ts`. */
  const implementationOf = (scope: FileScope): FileScope | null => {
    const local = scope.local!;
    if (local.implementation === undefined) {
      const match = DECLARATION_FILE.exec(scope.path)!;
      const stem = scope.path.slice(0, match.index);
      const flavour = match[1] ?? "";
      local.implementation = null;
      for (const extension of flavour === "" ? [".js", ".jsx"] : [`.${flavour}js`]) {
        const found = scopeOf(stem + extension);
        if (found) {
          local.implementation = found;
          break;
        }
      }
    }
    if (local.implementation !== null) read.push(readOf(local.implementation, WHOLE_FILE));
    return local.implementation;
  };
  /**
   * A declaration as the repository's call index names it: itself, or for one in a repository
   * declaration file, its implementation's same-named declaration (undefined when there is none).
   */
  const implemented = <T extends { scope: FileScope; decl: CallableDeclaration }>(target: T): T | undefined => {
    if (target.scope.local === undefined) return target;
    const implementation = implementationOf(target.scope);
    const decl = implementation?.decls.get(target.decl.name);
    return decl === undefined ? undefined : { ...target, scope: implementation!, decl };
  };
  let library: Map<string, { scope: FileScope; decl: CallableDeclaration }> | undefined;
  /** A top-level declaration of the standard library's declaration files, read on first need. */
  const libraryDecl = (name: string): { scope: FileScope; decl: CallableDeclaration } | undefined => {
    if (library === undefined) {
      library = new Map();
      for (const key of resolver.outside?.standardLibrary ?? []) {
        const scope = outsideScopeOf(key);
        for (const decl of scope?.decls.all.values() ?? []) if (!decl.name.includes(".") && !library.has(decl.name)) library.set(decl.name, { scope: scope!, decl });
      }
    }
    return library.get(name);
  };
  /** Off while exports are resolved for the aliases table: an alias is a repository declaration, and a package's types are not needed to tell. */
  let readOutside = true;
  /** A package's declaration file, summarised the first time linking reaches it. */
  const outsideScopeOf = (key: string): FileScope | undefined => {
    let scope = outsideScopes.get(key);
    if (scope === undefined) {
      const calls = resolver.outside?.summary(key);
      scope = calls === undefined ? null : newScope(key, calls, true);
      if (scope !== null && resolver.files.has(key)) scope.local = { implementation: undefined };
      outsideScopes.set(key, scope);
    }
    return scope ?? undefined;
  };
  const newScope = (path: string, calls: CallSummary, outside: boolean): FileScope => {
    const decls = new Map<string, CallableDeclaration>();
    const statics = new Map<string, CallableDeclaration>();
    const twins = new Map<string, CallableDeclaration>();
    const imports = new Map<string, ImportBinding>();
    const exports = new Map<string, ExportBinding>();
    const starList: ExportBinding[] = [];
    const overloaded: CallableDeclaration[] = [];
    for (const decl of calls.declarations) {
      if (decl.static) statics.set(decl.name, decl);
      const first = decls.get(decl.name);
      if (first === undefined) decls.set(decl.name, decl);
      else if ((isJava({ path }) || isCsharp({ path })) && (decl.kind === "method" || decl.kind === "constructor")) overloaded.push(decl);
      // Rust: a second fn of one name on one type comes from another trait's impl (`impl From<String>`, `impl From<&str>`).
      else if (isRust({ path }) && (decl.kind === "method" || decl.kind === "function")) overloaded.push(decl);
      else if (!twins.has(decl.name) && TYPE_ONLY.has(first.kind) !== TYPE_ONLY.has(decl.kind) && (VALUE_KINDS.has(first.kind) || VALUE_KINDS.has(decl.kind))) twins.set(decl.name, decl);
    }
    for (const binding of calls.imports) imports.set(binding.local, binding);
    for (const binding of calls.exports) {
      if (binding.name === STARS) starList.push(binding);
      else if (!exports.has(binding.name)) exports.set(binding.name, binding);
    }
    // A package's declaration file is never among a file's touched files: its reads are not noted.
    const note = outside ? (): void => {} : (name: string): void => void read.push(readOf(scope, name));
    const scope: FileScope = {
      path,
      outside,
      reads: new Map(),
      modules: new Map(),
      exportsResolved: new Map(),
      types: new Map(),
      decls: isPhp({ path }) ? new CaselessTable(decls, note) : new NamedTable(decls, note),
      statics: isPhp({ path }) ? new CaselessTable(statics, note) : new NamedTable(statics, note),
      twins: new NamedTable(twins, note),
      imports: new NamedTable(imports, note),
      exports: new NamedTable(exports, note),
      starList,
      table: calls.types,
      warmed: 0,
      typeParameterIn: undefined,
      ...(isJava({ path }) || isCsharp({ path }) ? { package: calls.package ?? "", overloaded } : isPhp({ path }) ? { package: calls.package ?? "" } : isRust({ path }) ? { overloaded } : {}),
    };
    return scope;
  };
  const callableNames = new Set<string>();
  for (const file of files) for (const name of file.callables) callableNames.add(name);
  // A file without imports or exports is a script: its top-level declarations are global.
  const globals = new Map<string, { scope: FileScope; decl: CallableDeclaration }>();
  for (const file of files) {
    if (!file.script) continue;
    const scope = scopeOf(file.path)!;
    for (const decl of scope.decls.all.values()) if (!decl.name.includes(".") && !globals.has(decl.name)) globals.set(decl.name, { scope, decl });
  }

  // A Go package is a folder of files that see one another's declarations without imports; a
  // test file sees its package's tests too. Per folder, each name to the first file declaring it.
  const packages = new Map<string, Map<string, FileScope>>();
  const packageOf = (path: RepoPath, withTests: boolean): Map<string, FileScope> => {
    const folder = path.slice(0, Math.max(0, path.lastIndexOf("/")));
    const key = `${withTests ? "t" : "s"}${folder}`;
    let names = packages.get(key);
    if (names) return names;
    names = new Map();
    for (const file of files) {
      if (!file.path.endsWith(".go") || file.path.slice(0, Math.max(0, file.path.lastIndexOf("/"))) !== folder) continue;
      if (!withTests && file.path.endsWith("_test.go")) continue;
      const other = scopeOf(file.path)!;
      for (const declared of other.decls.all.keys()) if (!names.has(declared)) names.set(declared, other);
    }
    packages.set(key, names);
    return names;
  };
  /** Built on first need by djangoRelations (below). */
  let relationsByName: Map<string, { scope: FileScope; decl: CallableDeclaration }[]> | undefined;
  /** The probes of the file being linked, for what is looked up outside isCallable (reverseAccessor). */
  let reverseProbes: Set<string> | undefined;
  /** Every name probed outside isCallable, in order: what a memoised lookup probed is the slice taken while computing it. */
  const probeLog: string[] = [];
  /** How many memoised lookups are being computed: only they need probeLog, which is emptied when none is. */
  let computing = 0;
  const probe = (name: string): void => {
    if (computing > 0) probeLog.push(name);
    reverseProbes?.add(name);
  };
  /** Built on first need by goInterfaces (below). */
  let interfacesByMethod: Map<string, GoInterface[]> | undefined;
  /**
   * A Java package or PHP namespace is every file that declares it, in whatever folder: per package,
   * each top-level name to the files declaring it (a PHP namespace and name lower-cased, as PHP
   * compares them). Built on first need from every such file's summary, Java's and PHP's apart.
   */
  let declaredPackages: Map<string, Map<string, FileScope[]>> | undefined;
  const packageKey = (scope: { path: string }, name: string): string => (isPhp(scope) ? `php:${name.toLowerCase()}` : isCsharp(scope) ? `cs:${name}` : `java:${name}`);
  /**
   * A top-level declaration of package `name` (not of `scope` itself), seen from `scope`: of several
   * (one package in two modules), the file nearest it. The package is probed, so that a file of it
   * added, dropped or declaring other names links this one again (planRelink).
   */
  const packageDecl = (scope: FileScope, name: string, declared: string): { scope: FileScope; decl: CallableDeclaration } | undefined => {
    const php = isPhp(scope);
    probe(packageProbe(scope.path, name));
    if (declaredPackages === undefined) {
      declaredPackages = new Map();
      for (const file of files) {
        if (!hasPackageScope(file.path)) continue;
        const other = scopeOf(file.path)!;
        const key = packageKey(other, other.package!);
        const names = declaredPackages.get(key) ?? new Map<string, FileScope[]>();
        declaredPackages.set(key, names);
        for (const top of other.decls.all.keys()) {
          if (top.includes(".")) continue;
          const each = isPhp(other) ? top.toLowerCase() : top;
          const list = names.get(each);
          if (list) list.push(other);
          else names.set(each, [other]);
        }
      }
    }
    const candidates = declaredPackages.get(packageKey(scope, name))?.get(php ? declared.toLowerCase() : declared)?.filter((other) => other !== scope);
    if (candidates === undefined || candidates.length === 0) return undefined;
    const nearest = nearestPath(candidates.map((other) => other.path), scope.path);
    const other = candidates.find((candidate) => candidate.path === nearest)!;
    // The lookup notes the read.
    const decl = other.decls.get(declared) ?? [...other.decls.all.values()].find((each) => each.name.toLowerCase() === declared.toLowerCase());
    if (decl !== undefined && decl.name !== declared) other.decls.get(decl.name);
    return decl === undefined ? undefined : { scope: other, decl };
  };
  /** Whether some file declares package `name` (a PHP namespace): a name of it not found is not a package's. */
  const packageDeclared = (scope: FileScope, name: string): boolean => {
    packageDecl(scope, name, "");
    return declaredPackages!.has(packageKey(scope, name));
  };
  /**
   * A PHP name not declared in the file nor imported: its namespace's (a class's, a function's), then
   * for a function the global namespace's. A name the repository does not declare there is PHP's own
   * (`strlen`, `DateTime`) or a package's: outside.
   */
  const phpName = (scope: FileScope, name: string): Entity | undefined => {
    const own = packageDecl(scope, scope.package!, name);
    if (own) return { type: "decl", ...own };
    if (scope.package !== "") {
      const global = packageDecl(scope, "", name);
      // Only a function falls back to the global namespace; a class name never does.
      if (global?.decl.kind === "function") return { type: "decl", ...global };
    }
    return EXTERNAL;
  };
  /**
   * A PHP name imported by `use` (or written in full, `\App\Util`): the class or function the
   * autoloader's rules (composer.json) reach, else the one its namespace declares in any file;
   * outside when the repository declares no such namespace, unknown when it does but not the name.
   */
  const phpImported = (scope: FileScope, binding: ImportBinding, depth: number): Entity | undefined => {
    const target = resolveModule(scope, binding.specifier);
    if (typeof target === "object" && target !== null) {
      const found = resolveExport(target, binding.imported!, depth + 1);
      if (found) return found;
    }
    const at = binding.specifier.lastIndexOf("\\");
    const namespace = at < 0 ? "" : binding.specifier.slice(0, at);
    const declared = packageDecl(scope, namespace, binding.imported!);
    if (declared) return { type: "decl", ...declared };
    return namespace !== "" && packageDeclared(scope, namespace) ? undefined : EXTERNAL;
  };
  /**
   * A Java name not declared in the file nor imported by name: its package's, java.lang's (outside),
   * then an on-demand import's — a package's (`a.b.*`), a class's nested types (`a.b.C.*`) or static
   * members (`import static a.b.C.*`). Outside when an on-demand import reaches outside the
   * repository (the name may be that package's), else unknown.
   */
  const javaName = (scope: FileScope, name: string): Entity | undefined => {
    const sibling = packageDecl(scope, scope.package!, name);
    if (sibling) return { type: "decl", ...sibling };
    if (JAVA_LANG.has(name)) return EXTERNAL;
    let outside = false;
    let noted = false;
    for (const [local, binding] of scope.imports.all) {
      if (!local.startsWith("*")) continue;
      // What on-demand imports a file has (an added one is no name read before): the whole file.
      if (!noted) read.push(readOf(scope, WHOLE_FILE));
      noted = true;
      const isStatic = local.startsWith("*static:");
      const specifier = isStatic ? binding.specifier : binding.specifier.slice(0, -2);
      if (!isStatic) {
        const found = packageDecl(scope, specifier, name);
        if (found) return { type: "decl", ...found };
        if (declaredPackages!.has(packageKey(scope, specifier))) continue;
      }
      const target = resolveModule(scope, specifier);
      if (target === "external") outside = true;
      if (target === null || target === "external") continue;
      const member = target.decls.get(`${binding.imported}.${name}`);
      if (member && (!isStatic || member.static)) return { type: "decl", scope: target, decl: member };
    }
    return outside ? EXTERNAL : undefined;
  };
  /** The `global using` namespaces of every C# file of the repository (simplified: of the repository, not of each project), read on first need. */
  let globalUsings: { path: RepoPath; namespaces: string[] }[] | undefined;
  /** The names of the repository's C# extension methods, read on first need. */
  let extensionNames: Set<string> | undefined;
  const readCsharpFiles = (): void => {
    globalUsings = [];
    extensionNames = new Set();
    for (const file of files) {
      // Rust's trait fns are extension methods too (CallableDeclaration.extension).
      if (!file.path.endsWith(".cs") && !file.path.endsWith(".rs")) continue;
      const other = scopeOf(file.path)!;
      const namespaces = [...other.imports.all.keys()].filter((local) => local.startsWith("*global:")).map((local) => local.slice("*global:".length));
      if (namespaces.length > 0) globalUsings.push({ path: file.path, namespaces });
      for (const decl of [...other.decls.all.values(), ...(other.overloaded ?? [])]) if (decl.extension) extensionNames.add(decl.name.slice(decl.name.lastIndexOf(".") + 1));
    }
  };
  /** Whether a C# call of `name` on a value outside the repository may run a repository extension method: probed, so that one added or dropped relinks the file. */
  const csharpExtension = (name: string): boolean => {
    probe(csExtensionProbe(name));
    if (extensionNames === undefined) readCsharpFiles();
    return extensionNames!.has(name);
  };
  /** A C# type named in full by its namespace and name (an alias's, a `using static`'s): outside when the repository declares no such namespace, unknown when it does but not the name. */
  const csharpQualified = (scope: FileScope, namespace: string, name: string): Entity | undefined => {
    const found = packageDecl(scope, namespace, name);
    if (found) return { type: "decl", ...found };
    return packageDeclared(scope, namespace) ? undefined : EXTERNAL;
  };
  /**
   * A C# name not declared in the file nor an alias: its namespace's, then each enclosing
   * namespace's (`Shop.Api.Orders` sees `Shop.Api`, `Shop` and the global one), then each `using`
   * namespace's (the file's, then the repository's `global using`s), then a `using static` class's
   * static members. What none of them declares is .NET's or a package's: outside.
   */
  const csharpName = (scope: FileScope, name: string): Entity | undefined => {
    const own = scope.package!;
    const parts = own === "" ? [] : own.split(".");
    for (let at = parts.length; at >= 0; at -= 1) {
      const found = packageDecl(scope, parts.slice(0, at).join("."), name);
      if (found) return { type: "decl", ...found };
    }
    read.push(readOf(scope, WHOLE_FILE));
    const statics: ImportBinding[] = [];
    const usings: string[] = [];
    for (const [local, binding] of scope.imports.all) {
      if (local.startsWith("*static:")) statics.push(binding);
      else if (local.startsWith("*") && !local.startsWith("*global:")) usings.push(binding.specifier);
    }
    probe(CS_GLOBAL_USINGS);
    if (globalUsings === undefined) readCsharpFiles();
    // The nearest files' first (most leading folders shared): a project's own `global using`s before another project's.
    const shared = (path: string): number => {
      const a = path.split("/");
      const b = scope.path.split("/");
      let at = 0;
      while (at < a.length - 1 && at < b.length - 1 && a[at] === b[at]) at += 1;
      return at;
    };
    const nearest = [...globalUsings!].sort((a, b) => shared(b.path) - shared(a.path) || byCodeUnit(a.path, b.path)).flatMap((each) => each.namespaces);
    for (const namespace of [...usings, ...nearest]) {
      const found = packageDecl(scope, namespace, name);
      if (found) return { type: "decl", ...found };
    }
    for (const binding of statics) {
      const owner = csharpQualified(scope, binding.specifier, binding.imported!);
      if (owner?.type !== "decl") continue;
      const member = owner.scope.decls.get(`${owner.decl.name}.${name}`);
      if (member?.static) return { type: "decl", scope: owner.scope, decl: member };
    }
    return EXTERNAL;
  };
  const siblingDecl = (scope: FileScope, name: string): { scope: FileScope; decl: CallableDeclaration } | undefined => {
    if (!scope.path.endsWith(".go")) return undefined;
    const other = packageOf(scope.path, scope.path.endsWith("_test.go")).get(name);
    if (!other || other === scope) return undefined;
    // The lookup notes the read.
    return { scope: other, decl: other.decls.get(name)! };
  };

  /** Removes every occurrence of one read from read[start…]. */
  const dropRead = (start: number, dropped: NameRead): void => {
    let kept = start;
    for (let i = start; i < read.length; i += 1) if (read[i] !== dropped) read[kept++] = read[i]!;
    read.length = kept;
  };
  let stamp = 0;
  /** The distinct reads of read[start…], which are left there deduplicated. */
  const distinctSince = (start: number): NameRead[] => {
    stamp += 1;
    const distinct: NameRead[] = [];
    for (let i = start; i < read.length; i += 1) {
      const name = read[i]!;
      if (name.stamp !== stamp) {
        name.stamp = stamp;
        distinct.push(name);
      }
    }
    read.length = start;
    for (const name of distinct) read.push(name);
    return distinct;
  };

  /** Lookups that met an entry still being computed (a cycle): what they gave is partial. */
  let cycles = 0;
  const memoized = (memo: Map<string, Memo>, key: string, compute: () => Entity | undefined): Entity | undefined => {
    const hit = memo.get(key);
    if (hit) {
      if (hit.pending) cycles += 1;
      if (hit.deps) for (const dep of hit.deps) read.push(dep);
      if (hit.probes) for (const name of hit.probes) probe(name);
      return hit.value;
    }
    // Entered before computing: a cycle resolves to nothing rather than looping.
    const entry: Memo = { value: undefined, deps: undefined, pending: true };
    memo.set(key, entry);
    const start = read.length;
    const probed = probeLog.length;
    const cyclesBefore = cycles;
    computing += 1;
    try {
      entry.value = compute();
    } finally {
      computing -= 1;
      if (read.length > start) entry.deps = distinctSince(start);
      if (probeLog.length > probed) entry.probes = [...new Set(probeLog.slice(probed))];
      if (computing === 0) probeLog.length = 0;
      delete entry.pending;
    }
    // Nothing found only because a lookup it made was in a cycle through something still being
    // computed: kept, it would answer the same lookup from elsewhere with nothing, and which file
    // links first would decide. It is computed again when next asked.
    if (entry.value === undefined && cycles > cyclesBefore) memo.delete(key);
    return entry.value;
  };

  /**
   * The global declaration files declaring a module by name (`declare module "x" { … }`), by that
   * name: the compiler takes such a declaration before any package, so what is called through it is
   * the repository's to list. Read on first need; a change to a global file relinks every file.
   */
  let ambient: Map<string, FileScope> | undefined;
  const ambientModule = (specifier: string): FileScope | undefined => {
    if (ambient === undefined) {
      ambient = new Map();
      for (const file of files) {
        if (!file.script || !DECLARATION_FILE.test(file.path)) continue;
        const declaring = scopeOf(file.path)!;
        for (const decl of declaring.decls.all.values()) if (decl.kind === "namespace" && !ambient.has(decl.name)) ambient.set(decl.name, declaring);
      }
    }
    return ambient.get(specifier);
  };

  /** Per full dotted name of a Ruby class, module or constant, the Ruby files declaring it; and each name's last segment. Built on first need. */
  let rubyConstants: { byName: Map<string, FileScope[]>; lastSegments: Set<string> } | undefined;
  /**
   * A Ruby constant as its binding lists the names Ruby's lexical lookup tries (`Shop.Cart.Order|Shop.Order|Order`):
   * the first some Ruby file declares, in the file itself, else the file Zeitwerk's layout or a
   * require reaches (rubyResolver), else the nearest. None: outside (Ruby's, a gem's) when no Ruby
   * file declares a constant of that last name, else unknown (an ancestor's, a metaprogrammed one).
   */
  const rubyConstantTable = (): { byName: Map<string, FileScope[]>; lastSegments: Set<string> } => {
    if (rubyConstants === undefined) {
      rubyConstants = { byName: new Map(), lastSegments: new Set() };
      for (const file of files) {
        if (!isRuby(file)) continue;
        const other = scopeOf(file.path)!;
        for (const decl of other.decls.all.values()) {
          if (!RUBY_CONSTANT_KINDS.has(decl.kind)) continue;
          const list = rubyConstants.byName.get(decl.name);
          if (list) list.push(other);
          else rubyConstants.byName.set(decl.name, [other]);
          rubyConstants.lastSegments.add(decl.name.slice(decl.name.lastIndexOf(".") + 1));
        }
      }
    }
    return rubyConstants;
  };
  const rubyConstant = (scope: FileScope, binding: ImportBinding): Entity | undefined => {
    const table = rubyConstantTable();
    const candidates = binding.imported!.split("|");
    for (const name of candidates) {
      probe(rubyConstantProbe(name));
      const declaring = table.byName.get(name);
      if (declaring === undefined || declaring.length === 0) continue;
      let chosen = declaring.find((other) => other === scope);
      if (chosen === undefined) {
        const target = resolveModule(scope, binding.specifier);
        chosen = typeof target === "object" && target !== null && declaring.includes(target) ? target : undefined;
      }
      if (chosen === undefined) {
        const nearest = nearestPath(declaring.map((other) => other.path), scope.path);
        chosen = declaring.find((other) => other.path === nearest)!;
      }
      const decl = chosen.decls.get(name);
      if (decl) return { type: "decl", scope: chosen, decl };
    }
    const written = candidates[candidates.length - 1]!;
    return table.lastSegments.has(written.slice(written.lastIndexOf(".") + 1)) ? undefined : EXTERNAL;
  };
  /**
   * Whether a Ruby file other than `scope` reopens the class or module `owner` and defines `name` there
   * too (a class method when `singleton`): which definition Ruby evaluates last is the load order's.
   */
  const rubyRedefinedElsewhere = (scope: FileScope, owner: string, name: string, singleton: boolean): boolean => {
    probe(rubyConstantProbe(owner));
    for (const other of rubyConstantTable().byName.get(owner) ?? []) {
      if (other === scope) continue;
      const found = singleton ? other.statics.get(`${owner}.${name}`) : other.decls.get(`${owner}.${name}`);
      if (found !== undefined && (singleton || !found.static)) return true;
    }
    return false;
  };
  const resolveModule = (scope: FileScope, specifier: string): FileScope | "external" | null => {
    let found = scope.modules.get(specifier);
    if (found === undefined) {
      const target = opaque(scope) ? null : resolveSpecifier(resolver, scope.path, specifier);
      const declared = target === null && !specifier.startsWith(".") && !opaque(scope) ? ambientModule(specifier) : undefined;
      if (declared !== undefined) {
        // Not linked through the declaration (its exports are a namespace's): its calls stay candidates.
        read.push(readOf(declared, WHOLE_FILE));
        scope.modules.set(specifier, null);
        return null;
      }
      // A module that exists but is not indexed (a declaration file, a skipped file) is outside what
      // ctx answers for; an installed package's declarations are read for the types they hand back.
      const outside = target === null && readOutside && (scope.outside || !specifier.startsWith(".")) ? resolver.outside?.resolve(scope.path, specifier) : undefined;
      found =
        outside != null ? (outsideScopeOf(outside) ?? "external")
        : target === null ? ((specifier.startsWith(".") || namesRepositoryPackage(resolver, specifier) || rustUnwalked(scope, specifier)) && !opaque(scope) ? null : "external")
        : (scopeOf(target) ?? (readOutside && DECLARATION_FILE.test(target) ? outsideScopeOf(target) : undefined) ?? "external");
      // Not memoised while packages are not read: a later lookup may need them.
      if (readOutside || found !== "external" || specifier.startsWith(".")) scope.modules.set(specifier, found);
    }
    // What is looked up in the module notes its own reads: reaching it depends only on the file set.
    return found;
  };

  /**
   * Rust: whether a path the resolver cannot walk may still name the repository: one from the crate
   * (`crate::`, `self::`, `super::`), a workspace crate's, or, in a file with a glob `use` of the
   * repository (`use crate::prelude::*`), one starting with any name but std's (the glob may bring it).
   */
  const rustUnwalked = (scope: FileScope, specifier: string): boolean => {
    if (!isRust(scope)) return false;
    const first = specifier.split("::")[0]!;
    if (first === "crate" || first === "self" || first === "super" || resolver.packages.some((pkg) => pkg.name.replace(/-/g, "_") === first)) return true;
    if (RUST_STANDARD_CRATES.has(first)) return false;
    for (const binding of scope.imports.all.values()) {
      if (binding.imported === "*" && binding.specifier !== specifier && resolveSpecifier(resolver, scope.path, binding.specifier) !== null) return true;
    }
    return false;
  };

  /**
   * Rust: an item of an inline module (`mod inner { pub fn f() {} }`), which the resolver walks to the
   * file declaring the module: the path's segments the walk did not take, then the name (`inner.f`).
   */
  const rustInlineItem = (scope: FileScope, binding: ImportBinding, target: FileScope): Entity | undefined => {
    const segments = binding.specifier.split("::");
    const tail: string[] = [];
    while (segments.length > 1) {
      const last = segments.pop()!;
      if (resolveSpecifier(resolver, scope.path, segments.join("::")) !== target.path) break;
      tail.unshift(last);
    }
    if (tail.length === 0) return undefined;
    const decl = target.decls.get([...tail, binding.imported!].join("."));
    return decl ? { type: "decl", scope: target, decl } : undefined;
  };

  const lookupName = (scope: FileScope, name: string, depth: number): Entity | undefined => {
    const decl = scope.decls.get(name);
    // A Ruby function defined again under a condition: the last evaluated runs, which the program decides.
    if (decl) return decl.conditional ? undefined : { type: "decl", scope, decl };
    const binding = scope.imports.get(name);
    if (binding && isPhp(scope)) return phpImported(scope, binding, depth);
    if (isRuby(scope)) return binding ? rubyConstant(scope, binding) : undefined;
    if (isCsharp(scope)) return binding ? csharpQualified(scope, binding.specifier, binding.imported!) : csharpName(scope, name);
    if (binding) {
      const target = resolveModule(scope, binding.specifier);
      if (target === "external") return isGo(scope) && isGoStandard(binding.specifier) && !GO_GENERIC_PACKAGES.has(binding.specifier) ? EXTERNAL_SEALED : EXTERNAL;
      if (target === null) return undefined;
      if (binding.imported === "*") return { type: "module", scope: target };
      const exported = resolveExport(target, binding.imported, depth + 1);
      // What a package's declarations do not say (merged, augmented, generated) is still the package's.
      if (exported === undefined && opaque(target)) return EXTERNAL;
      if (exported === undefined && isRust(scope)) return rustInlineItem(scope, binding, target);
      if (exported !== undefined || binding.submodule === undefined) return exported;
      // Python `from pkg import mod`: a name the package does not define is its submodule.
      const submodule = resolveModule(scope, binding.submodule);
      return typeof submodule === "object" && submodule !== null ? { type: "module", scope: submodule } : undefined;
    }
    if (isJava(scope)) return javaName(scope, name);
    if (isPhp(scope)) return phpName(scope, name);
    const sibling = siblingDecl(scope, name);
    if (sibling) return { type: "decl", ...sibling };
    // Python `from x import *` brings x's names into the module (TypeScript's `export *` does not).
    if (scope.path.endsWith(".py")) {
      for (const star of scope.starList) {
        const target = resolveModule(scope, star.specifier!);
        if (target === null || target === "external") continue;
        const found = resolveExport(target, name, depth + 1);
        if (found) return found;
      }
    }
    const global = globals.get(name);
    if (!global) {
      // A Rust name neither declared nor imported by name is the prelude's, else a glob's (maybe the repository's).
      if (isRust(scope)) return RUST_PRELUDE.has(name) ? EXTERNAL : undefined;
      if (isGo(scope) && GO_PREDECLARED_TYPES.has(name)) return EXTERNAL_SEALED;
      if (scope.path.endsWith(".py") && PYTHON_BUILTIN_TYPES.has(name)) return PYTHON_SCALARS.has(name) ? EXTERNAL_SEALED : EXTERNAL;
      if (scope.path.endsWith(".py") || scope.path.endsWith(".go") || !STANDARD_GLOBALS.has(name)) return undefined;
      const library = STANDARD_LIBRARY_TYPES.has(name) ? libraryDecl(name) : undefined;
      return library ? { type: "decl", ...library } : EXTERNAL;
    }
    read.push(readOf(global.scope, name));
    return { type: "decl", ...global };
  };

  const resolveExport = (scope: FileScope, name: string, depth: number): Entity | undefined => {
    if (depth > MAX_DEPTH && !scope.exportsResolved.has(name)) return undefined;
    return memoized(scope.exportsResolved, name, () => computeExport(scope, name, depth));
  };

  const computeExport = (scope: FileScope, name: string, depth: number): Entity | undefined => {
    const binding = scope.exports.get(name);
    if (binding) {
      // `module.exports = { … }`: the module object itself, which an ES default import of it binds.
      if (binding.specifier === undefined && binding.local === MODULE_EXPORTS) return { type: "module", scope };
      if (binding.specifier === undefined) return lookupName(scope, binding.local ?? name, depth + 1);
      const target = resolveModule(scope, binding.specifier);
      if (target === "external") return EXTERNAL;
      if (target === null) return undefined;
      return binding.imported === "*" ? { type: "module", scope: target } : resolveExport(target, binding.imported ?? name, depth + 1);
    }
    if (name === MODULE_EXPORTS) return undefined;
    // `export = React`: the module's names are that value's members, and its default is the value.
    if (scope.exports.all.has(MODULE_EXPORTS)) {
      const whole = resolveExport(scope, MODULE_EXPORTS, depth + 1);
      if (name === "default") return whole;
      return whole === undefined || (whole.type === "module" && whole.scope === scope) ? undefined : member(whole, name, depth + 1);
    }
    if (name === "default") return undefined;
    // A Go package exports what any of its files declares.
    const sibling = siblingDecl(scope, name);
    if (sibling?.scope.exports.has(name)) return { type: "decl", ...sibling };
    let external = false;
    for (const star of scope.starList) {
      const target = resolveModule(scope, star.specifier!);
      if (target === "external") external = true;
      if (target === null || target === "external") continue;
      const mark = read.length;
      const found = resolveExport(target, name, depth + 1);
      if (found) return found;
      // Not found there: the read of the name in the target's exports is left out. A file that goes
      // through a barrel's stars reads the name in each module they reach (hundreds, in a monorepo's
      // utilities), and planning relinks it through the barrel instead when one of them changes
      // the name (FileLink.stars). What else the lookup read (a re-export, an `export =`) stays.
      const missed = target.outside ? undefined : target.reads.get(name);
      if (missed !== undefined) dropRead(mark, missed);
    }
    return external ? EXTERNAL : undefined;
  };

  /** The class or interface a dotted type name (or an inferred type, see CallableDeclaration.type) denotes in a file. */
  const resolveType = (scope: FileScope, dotted: string, depth: number, subst?: Subst): Entity | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    // What depends on type parameters bound here is not memoised: another binding gives another answer.
    if (subst !== undefined && hasTypeParameter(scope, dotted)) return computeType(scope, dotted, depth, subst);
    return memoized(scope.types, dotted, () => computeType(scope, dotted, depth, undefined));
  };

  const computeType = (scope: FileScope, text: string, depth: number, subst: Subst | undefined): Entity | undefined =>
    TYPE_REFERENCE.test(text) ? resolveReference(scope, Number(text.slice(1)), depth, subst) :
    composedType(scope, text, depth, subst) ??
    (text.startsWith("ret:") || text.startsWith("cb:") || text.startsWith("call:") ? inferredType(scope, text, depth, undefined, subst) :
    text.startsWith("cbx:") ? passedCallbackType(scope, text, depth) : text.startsWith("cbo:") ? optionType(scope, text, depth) : namedType(scope, text, depth));

  /**
   * `cbo:[i, path, j, <callee>]`: parameter j of a function assigned at `path` in an object passed
   * as argument i — the property's declared function type in that parameter's type, in each
   * signature of the callee, when they agree.
   */
  const optionType = (scope: FileScope, encoded: string, depth: number): Entity | undefined => {
    const [argument, path, parameter, ref] = JSON.parse(encoded.slice(4)) as [number, string[], number, string];
    const [head, owner, names] = JSON.parse(ref) as [CalleeRef["head"], string, string[]];
    const callee = resolveCallee(scope, { head, owner, names }, depth + 1);
    // A callback passed to code outside the repository may be handed a repository type: not known.
    if (callee?.type === "external") return undefined;
    const types: (Entity | undefined)[] = [];
    for (const { signature, scope: at, subst } of signaturesOf(callee, depth + 1)) {
      const declared = argumentAt(signature, argument);
      let holder = typeof declared === "string" ? resolveType(at, declared, depth + 1, subst) : undefined;
      path.forEach((name, k) => {
        const found = holder && member(holder, name, depth + 1);
        // The last property is called as it is declared; the ones before hold objects.
        holder = k === path.length - 1 ? found : valueOf(found, depth);
      });
      types.push(...parameterTypes(signaturesOf(holder, depth + 1), parameter, () => undefined, depth));
    }
    return agreed(types);
  };

  /**
   * `#n`, entry n of the file's table. Entries refer only to earlier ones, which are resolved
   * first, in order and each on its own: a chain of any length then resolves one link at a time
   * within MAX_DEPTH, and an entry means the same whichever lookup reached it first.
   */
  const resolveReference = (scope: FileScope, n: number, depth: number, subst: Subst | undefined): Entity | undefined => {
    const text = scope.table[n];
    if (text === undefined) return undefined;
    while (scope.warmed < n) {
      const earlier = scope.warmed;
      scope.warmed += 1;
      // What resolving it read is kept in its memo, not charged to the lookup that started it.
      const start = read.length;
      resolveType(scope, `#${earlier}`, 0);
      read.length = start;
    }
    return resolveType(scope, text, depth + 1, subst);
  };

  /** Whether a type string involves a type parameter, directly or through the entries it refers to. */
  const hasTypeParameter = (scope: FileScope, text: string): boolean => {
    if (text.includes("tp:")) return true;
    if (!text.includes("#")) return false;
    if (scope.typeParameterIn === undefined) {
      const flags: boolean[] = [];
      for (const entry of scope.table) flags.push(entry.includes("tp:") || referencesIn(entry).some((n) => flags[n] === true));
      scope.typeParameterIn = flags;
    }
    const flags = scope.typeParameterIn;
    return referencesIn(text).some((n) => flags[n] === true);
  };

  /**
   * A generic type alias used with arguments (`OmitConstructors<typeof Model>`): what it aliases,
   * its type parameters bound to them; undefined when `name` is no generic alias.
   */
  const boundAlias = (scope: FileScope, name: string, args: readonly (string | null)[], depth: number, subst: Subst | undefined): Entity | undefined => {
    const parts = name.split(".");
    let entity = lookupName(scope, parts[0]!, depth + 1);
    for (const part of parts.slice(1)) entity = entity && member(entity, part, depth + 1);
    // A type annotation names the type of a name that also declares a value (declared first).
    const twin = entity?.type === "decl" && !TYPE_ONLY.has(entity.decl.kind) && entity.scope.decls.get(entity.decl.name) === entity.decl ? entity.scope.twins.get(entity.decl.name) : undefined;
    if (twin !== undefined && TYPE_ONLY.has(twin.kind) && entity?.type === "decl") entity = { type: "decl", scope: entity.scope, decl: twin };
    if (entity?.type !== "decl" || entity.decl.kind !== "type" || !entity.decl.typeParams || entity.decl.type === undefined) return undefined;
    const bound = new Map<string, { scope: FileScope; type: string; subst: Subst | undefined }>();
    entity.decl.typeParams.forEach((parameter, k) => {
      const type = args[k];
      if (type) bound.set(parameter, { scope, type, subst });
    });
    return resolveType(entity.scope, entity.decl.type, depth + 1, bound);
  };

  /** A generic's instance with its type parameters bound to `args` (type strings in `scope`). */
  const bind = (generic: Entity | undefined, args: readonly (string | null)[] | undefined, scope: FileScope, subst: Subst | undefined): Entity | undefined => {
    if (generic?.type !== "instance" || !generic.decl.typeParams || !args) return generic;
    const bound = new Map<string, { scope: FileScope; type: string; subst: Subst | undefined }>();
    generic.decl.typeParams.forEach((name, k) => {
      const type = args[k];
      if (type) bound.set(name, { scope, type, subst });
    });
    return { ...generic, subst: bound };
  };

  /**
   * Type strings made of others: `arr:<element>`, `elem:<array type>`, `union:[…]`, `inter:[…]`,
   * `val:<ref>` (the declared type of what a name or member chain refers to). Null for the rest.
   */
  const composedType = (scope: FileScope, text: string, depth: number, subst: Subst | undefined): Entity | undefined | null => {
    if (text.startsWith("tp:")) {
      const [name, constraint] = JSON.parse(text.slice(3)) as [string, string | null];
      const bound = subst?.get(name);
      if (bound) return resolveType(bound.scope, bound.type, depth + 1, bound.subst);
      return constraint === null ? undefined : resolveType(scope, constraint, depth + 1, subst);
    }
    if (text.startsWith("obj:")) return { type: "object", scope, members: JSON.parse(text.slice(4)) as Record<string, string>, subst };
    // A type guard's result is a boolean.
    if (text.startsWith("is:")) return EXTERNAL;
    // A value the extraction knows is Python's or a package's (a Django model's CharField on an instance).
    if (text === "ext:") return EXTERNAL;
    if (text.startsWith("guard:")) {
      // A local where a guard holds (`isSource(value) ? value.toNode() : …`): what the guard's `value is T` says, else its declared type.
      const [i, call, declared] = JSON.parse(text.slice(6)) as [number, string, string | null];
      const before = declared === null ? undefined : resolveType(scope, declared, depth + 1, subst);
      const narrowed = inferredType(scope, textOf(scope, call), depth + 1, i);
      if (narrowed === undefined) return before;
      // As the checker narrows: the parts of the declared type that are the guard's type already (`ColumnDataType | Expression`
      // narrowed by `value is OperationNodeSource` is the Expression), else the guard's type.
      const target = narrowed.type === "instance" ? narrowed.decl : undefined;
      const parts = before === undefined ? [] : before.type === "union" ? before.members : [before];
      const kept = target === undefined ? [] : parts.filter((part) => (part.type === "instance" || part.type === "decl") && reaches(part, target, 0));
      return kept.length > 0 ? unionOf(kept) : narrowed;
    }
    if (text.startsWith("map:")) return { type: "mapped", scope, value: text.slice(4), subst };
    if (text.startsWith("new:")) {
      const constructed = resolveType(scope, text.slice(4), depth + 1, subst);
      return constructed?.type === "decl" && isClass(constructed.decl.kind) ? { type: "instance", scope: constructed.scope, decl: constructed.decl } : constructed?.type === "external" ? EXTERNAL : undefined;
    }
    if (text.startsWith("fn:")) return { type: "fn", scope, signature: JSON.parse(text.slice(3)) as CallSignature, subst };
    if (text.startsWith("gen:")) {
      const [name, args] = JSON.parse(text.slice(4)) as [string, (string | null)[]];
      return boundAlias(scope, name, args, depth, subst) ?? bind(instantiated(resolveType(scope, name, depth + 1)), args, scope, subst);
    }
    // The element is resolved where the array was declared, with what was bound there.
    if (text.startsWith("arr:")) return { type: "array", scope, element: text.slice(4), subst };
    if (text.startsWith("elem:")) {
      const array = resolveType(scope, text.slice(5), depth + 1, subst);
      // An element of a type outside the repository (a tuple a package returns) may be a repository type: not known.
      if (array?.type === "array") return resolveType(array.scope, array.element, depth + 1, array.subst);
      // `checkers[code]` of `{ [code: string]: Checker }` (or a Record, a mapped type): any key holds the value's type.
      return array?.type === "mapped" ? resolveType(array.scope, array.value, depth + 1, array.subst) : undefined;
    }
    if (text.startsWith("union:") || text.startsWith("inter:")) {
      const parts = (JSON.parse(text.slice(6)) as string[]).map((part) => resolveType(scope, part, depth + 1, subst));
      return unionOf(parts.filter((part): part is Entity => part !== undefined));
    }
    // `res:[i, <callee>]`: result i of a Go call that hands back several.
    if (text.startsWith("res:")) {
      const [i, head, owner, names] = JSON.parse(text.slice(4)) as [number, CalleeRef["head"], string, string[]];
      const callee = resolveCallee(scope, { head, owner, names }, depth + 1);
      if (callee?.type === "external") return callee.sealed ? EXTERNAL_SEALED : undefined;
      if (callee?.type !== "decl") return undefined;
      const result = callee.decl.results?.[i];
      return typeof result === "string" ? resolveType(callee.scope, result, depth + 1, callee.subst) : undefined;
    }
    // `nearest:[local, …]`: what the first of these names that is bound to a declaration returns (a pytest fixture, nearest conftest first).
    if (text.startsWith("nearest:")) {
      for (const local of JSON.parse(text.slice(8)) as string[]) {
        if (lookupName(scope, local, depth + 1) !== undefined) return resolveType(scope, `ret:${JSON.stringify(["scope", "", [local]])}`, depth + 1, subst);
      }
      return undefined;
    }
    if (text.startsWith("either:")) {
      const parts = (JSON.parse(text.slice(7)) as string[]).map((part) => resolveType(scope, part, depth + 1, subst));
      return parts.every((part) => part !== undefined) ? unionOf(parts) : undefined;
    }
    if (text.startsWith("mem:")) {
      const [name, type] = JSON.parse(text.slice(4)) as [string, string];
      const holder = resolveType(scope, type, depth + 1, subst);
      return holder && valueOf(member(holder, name, depth + 1), depth);
    }
    if (text.startsWith("val:")) {
      const [head, owner, names] = JSON.parse(text.slice(4)) as [CalleeRef["head"], string, string[]];
      return valueOf(resolveCallee(scope, { head, owner, names }, depth + 1), depth);
    }
    if (text.startsWith("sig:")) {
      const [j, type] = JSON.parse(text.slice(4)) as [number, string];
      return agreed(parameterTypes(signaturesOf(resolveType(scope, type, depth + 1, subst), depth + 1), j, () => undefined, depth));
    }
    return null;
  };

  /** What a name holds: a class, namespace, module or function as itself; a variable or property as its declared type. */
  const valueOf = (value: Entity | undefined, depth: number): Entity | undefined => {
    if (value?.type !== "decl") return value;
    if (isClass(value.decl.kind) || value.decl.kind === "namespace" || value.decl.kind === "enum") return value;
    if (value.decl.kind === "function" && value.decl.type === undefined) return value;
    return value.decl.type === undefined ? undefined : resolveType(value.scope, value.decl.type, depth + 1, value.subst);
  };

  /**
   * `ret:<callee>`: the declared return type of what is called; `cb:i.j:<callee>`: a callback parameter's declared type.
   * With `guarded`, a return's type guard instead (`value is T`): T, for the argument at that index.
   */
  const inferredType = (scope: FileScope, text: string, depth: number, guarded?: number, subst?: Subst): Entity | undefined => {
    // `call:[<callee>, [argument types], [type arguments]]`: a return, with what binds a generic callee's type parameters.
    const call = text.startsWith("call:") ? (JSON.parse(text.slice(5)) as [string, (string | null)[], (string | null)[]?]) : undefined;
    const encoded = call ? `ret:${call[0]}` : text;
    const isReturn = encoded.startsWith("ret:");
    const rest = encoded.slice(isReturn ? 4 : 3);
    const colon = isReturn ? -1 : rest.indexOf(":");
    const [head, owner, names] = JSON.parse(rest.slice(colon + 1)) as [CalleeRef["head"], string, string[]];
    if (head === "import" && names.length === 1 && names[0] === "then") {
      // `import("./m").then((m) => …)`: the callback is passed the module.
      if (isReturn || rest.slice(0, colon) !== "0.0") return undefined;
      const target = resolveModule(scope, owner);
      return target === "external" ? EXTERNAL : target === null ? undefined : { type: "module", scope: target };
    }
    // `ReturnType<Driver['getPlatform']>` in a generic class: the receiver's type parameters as bound where it was reached.
    const callee = resolveCallee(scope, { head, owner, names }, depth + 1, head === "type" ? subst : undefined);
    if (callee?.type === "arrayMethod") {
      if (isReturn) {
        if (RETURNS_ELEMENT.has(callee.name)) return resolveType(callee.scope, callee.element, depth + 1, callee.subst);
        if (RETURNS_ARRAY.has(callee.name)) return { type: "array", scope: callee.scope, element: callee.element, subst: callee.subst };
        // What a reduce folds to is its seed's or callback's type: not known.
        return callee.name === "reduce" || callee.name === "reduceRight" ? undefined : EXTERNAL;
      }
      const [argument, parameter] = rest.slice(0, colon).split(".").map(Number) as [number, number];
      const isReduce = callee.name === "reduce" || callee.name === "reduceRight";
      const elementAt = isReduce ? 1 : 0;
      if (argument === 0 && parameter === elementAt) return resolveType(callee.scope, callee.element, depth + 1, callee.subst);
      // The accumulator is the seed's type, whatever that is.
      return isReduce && parameter === 0 ? undefined : EXTERNAL;
    }
    if (callee === undefined && PROMISE_METHODS.has(names[names.length - 1]!)) return settledType(scope, { head, owner, names }, isReturn ? null : rest.slice(0, colon), call, depth);
    // A Go method of a sealed value returns what its package declares.
    if (isReturn && callee?.type === "external" && callee.sealed) return EXTERNAL_SEALED;
    // What code outside the repository returns or passes a callback may be a repository type
    // (`useState(() => new X())`, `useMemo`, a package's generic): not known, never outside.
    if (callee?.type !== "decl") return undefined;
    if (guarded !== undefined) {
      if (!isReturn) return undefined;
      const self = receiverType(head, owner, names);
      const narrowed = (callee.decl.signatures ?? [callee.decl as CallSignature]).map((signature) => {
        const predicate = signature.returns?.startsWith("is:") ? (JSON.parse(signature.returns.slice(3)) as [number, string]) : undefined;
        return predicate?.[0] === guarded ? resolveType(callee.scope, predicate[1], depth + 1, inferred(signature, callee.scope, callee.subst, scope, call, depth, self)) : undefined;
      });
      return narrowed.every((type) => type !== undefined) ? agreed(narrowed) : undefined;
    }
    if (isReturn && callee.decl.returns === THIS_TYPE) {
      // A method declared to return `this` returns its receiver, of whatever class that is.
      if (head === "super") return resolveCallee(scope, { head: "this", owner, names: [] }, depth + 1);
      return names.length > 1 || head === "type" || head === "this" ? resolveCallee(scope, { head, owner, names: names.slice(0, -1) }, depth + 1) : undefined;
    }
    // The receiver, for a signature that takes or returns `this`.
    const receiver = (): Entity | undefined =>
      names.length > 1 || head === "type" || head === "this" ? resolveCallee(scope, { head, owner, names: names.slice(0, -1) }, depth + 1) : undefined;
    if (isReturn) {
      // Python: calling a class makes an instance of it (TypeScript cannot call a class without `new`),
      // and so does calling an attribute that holds one (`filterset = SiteFilterSet`, then `self.filterset(…)`).
      if (isClass(callee.decl.kind)) return { type: "instance", scope: callee.scope, decl: callee.decl };
      if (callee.scope.path.endsWith(".py") && callee.decl.kind === "property" && callee.decl.type?.startsWith("val:")) {
        const held = valueOf(callee, depth + 1);
        if (held?.type === "decl" && isClass(held.decl.kind)) return { type: "instance", scope: held.scope, decl: held.decl };
      }
      // A generic `this: T` binds T to the receiver: its type, written as a type string of this file.
      const self = receiverType(head, owner, names);
      if (callee.decl.returns !== undefined && callee.decl.signatures === undefined) {
        return resolveType(callee.scope, callee.decl.returns, depth + 1, inferred(callee.decl, callee.scope, callee.subst, scope, call, depth, self));
      }
      // Overloads, or a property of a callable type: what every signature agrees it returns (of
      // those that take as many arguments as the call passes, when they are known).
      const signatures = signaturesOf(callee, depth + 1);
      const applicable = call ? signatures.filter(({ signature }) => signature.rest || signature.params.length >= call[1].length) : signatures;
      return agreed(applicable.map(({ signature, scope: at, subst }) => typeIn(at, signature.returns, inferred(signature, at, subst, scope, call, depth, self), receiver, depth)));
    }
    const [argument, parameter] = rest.slice(0, colon).split(".").map(Number) as [number, number];
    // A callback passed to `new C(…)` takes its types from C's constructor; to an overloaded
    // function, from each overload that takes a function there, when they agree.
    const types: (Entity | undefined)[] = [];
    for (const { signature, scope: at, subst } of signaturesOf(callee, depth + 1)) {
      const declared = argumentAt(signature, argument);
      if (Array.isArray(declared)) types.push(typeIn(at, declared[parameter], subst, receiver, depth));
      // `handler: H`, where `type H = (c: Context) => …`: the parameter of H's signatures.
      else if (typeof declared === "string") types.push(...parameterTypes(signaturesOf(resolveType(at, declared, depth + 1, subst), depth + 1), parameter, receiver, depth));
    }
    return agreed(types);
  };

  /**
   * `p.then((x) => …)` where `p` holds a `Promise<X>`, which a type string reads as the X it wraps
   * (no X of the repository's has `then`, or the member would have been found): the callback is
   * passed that X and `then` returns what the callback does; `catch` and `finally` return the X.
   */
  const settledType = (scope: FileScope, callee: CalleeRef, callback: string | null, call: [string, (string | null)[], (string | null)[]?] | undefined, depth: number): Entity | undefined => {
    const method = callee.names[callee.names.length - 1]!;
    const holder = resolveCallee(scope, { ...callee, names: callee.names.slice(0, -1) }, depth + 1);
    if (holder?.type !== "instance" || holder.scope.outside || !isClass(holder.decl.kind) && holder.decl.kind !== "interface") return undefined;
    if (callback !== null) return method === "then" && callback === "0.0" ? holder : undefined;
    if (method !== "then") return holder;
    const passed = call?.[1][0];
    const returns = passed ? textOf(scope, passed) : undefined;
    if (!returns?.startsWith("fn:")) return undefined;
    const made = (JSON.parse(returns.slice(3)) as CallSignature).returns;
    return made === undefined ? undefined : resolveType(scope, made, depth + 1);
  };

  /**
   * `cbx:[i, j, <callee>, <outer callee>, k]`: parameter j of the callback passed as argument i of
   * a call that is itself argument k of another (`o$.pipe(map((x) => …))`). As `cb:` when the
   * callee's signature says; else a generic callee's type parameters are bound by matching what it
   * returns against what the outer callee's parameter k expects (`map<T, R>(…): OperatorFunction<T, R>`
   * passed where `OperatorFunction<X, A>` is expected binds T to X), as the compiler infers from context.
   */
  const passedCallbackType = (scope: FileScope, text: string, depth: number): Entity | undefined => {
    const [i, j, inner, outer, k] = JSON.parse(text.slice(4)) as [number, number, string, string, number];
    const plain = inferredType(scope, `cb:${i}.${j}:${inner}`, depth);
    if (plain !== undefined) return plain;
    const refOf = (encoded: string): CalleeRef => {
      const [head, owner, names] = JSON.parse(encoded) as [CalleeRef["head"], string, string[]];
      return { head, owner, names };
    };
    const callee = resolveCallee(scope, refOf(inner), depth + 1);
    if (callee?.type !== "decl") return undefined;
    const expected = signaturesOf(resolveCallee(scope, refOf(outer), depth + 1), depth + 1).flatMap(({ signature, scope: at, subst }) => {
      const declared = argumentAt(signature, k);
      return typeof declared === "string" ? [{ scope: at, type: declared, subst }] : [];
    });
    const types: (Entity | undefined)[] = [];
    for (const { signature, scope: at, subst } of signaturesOf(callee, depth + 1)) {
      const declared = argumentAt(signature, i);
      if (!signature.typeParams || signature.returns === undefined || !Array.isArray(declared) || typeof declared[j] !== "string") continue;
      const own = new Set(signature.typeParams);
      for (const context of expected) {
        const bound = new Map(subst ?? []);
        for (const name of own) bound.delete(name);
        bindFrom(at, signature.returns, context.scope, context.type, own, bound, depth + 1, context.subst);
        types.push(typeIn(at, declared[j], bound, () => undefined, depth));
      }
    }
    return agreed(types);
  };

  /**
   * A generic signature's type parameters bound for one call: to its explicit type arguments, else
   * to what the arguments pass where a parameter's type names them (`useState<S>(init: S | (() => S))`
   * called with `() => new X()` binds S to X). The rest stay as the receiver bound them.
   */
  const inferred = (
    signature: Pick<CallSignature, "typeParams" | "infer" | "self">,
    at: FileScope,
    subst: Subst | undefined,
    scope: FileScope,
    call: [string, (string | null)[], (string | null)[]?] | undefined,
    depth: number,
    receiver?: string,
  ): Subst | undefined => {
    const names = signature.typeParams;
    if (names === undefined || (call === undefined && (signature.self === undefined || receiver === undefined))) return subst;
    const bound = new Map(subst ?? []);
    const own = new Set(names);
    // The signature's own names shadow a receiver's same-named ones.
    for (const name of names) bound.delete(name);
    if (signature.self !== undefined && receiver !== undefined) bindFrom(at, signature.self, scope, receiver, own, bound, depth + 1);
    if (call === undefined) return bound;
    const [, args, typeArgs] = call;
    typeArgs?.forEach((type, k) => {
      if (type !== null && k < names.length) bound.set(names[k]!, { scope, type, subst: undefined });
    });
    signature.infer?.forEach((parameter, k) => {
      const argument = args[k];
      if (parameter !== null && argument !== undefined && argument !== null) bindFrom(at, parameter, scope, argument, own, bound, depth + 1);
    });
    return bound;
  };

  /**
   * The type of a call's receiver as a type string of the calling file: the receiver's own type,
   * or the member chain read from it (`mem:`); undefined for a plain function.
   */
  const receiverType = (head: CalleeRef["head"], owner: string, names: readonly string[]): string | undefined => {
    const chain = names.slice(0, -1);
    if (head === "scope") return chain.length === 0 ? undefined : `val:${JSON.stringify(["scope", "", chain])}`;
    if (head !== "type" && head !== "this") return undefined;
    let type = owner;
    for (const name of chain) type = `mem:${JSON.stringify([name, type])}`;
    return type;
  };

  /** A type string as written, with a reference to the file's table (`#n`) read through. */
  const textOf = (scope: FileScope, type: string): string => {
    let text = type;
    for (let hops = 0; TYPE_REFERENCE.test(text) && hops < MAX_DEPTH; hops += 1) text = scope.table[Number(text.slice(1))] ?? "";
    return text;
  };

  /**
   * Binds the type parameters `own` that a parameter's type (in `at`) names to the parts of the
   * argument's type (in `scope`) in the same places: the parameter itself, a function's return,
   * an array's element, a union's part of the argument's kind. The first binding of a name stands.
   */
  const bindFrom = (
    at: FileScope,
    parameter: string,
    scope: FileScope,
    argument: string,
    own: ReadonlySet<string>,
    bound: Map<string, Subst extends ReadonlyMap<string, infer V> ? V : never>,
    depth: number,
    argumentSubst?: Subst,
  ): void => {
    if (depth > MAX_DEPTH) return;
    const p = textOf(at, parameter);
    const a = textOf(scope, argument);
    if (p.startsWith("tp:")) {
      const [name] = JSON.parse(p.slice(3)) as [string, string | null];
      // A function passed where a type parameter is expected is not an instance of anything here.
      if (own.has(name) && !bound.has(name) && !a.startsWith("fn:")) bound.set(name, { scope, type: argument, subst: argumentSubst });
      return;
    }
    if (p.startsWith("gen:") && a.startsWith("gen:")) {
      // The same generic on both sides (resolved, not compared by name): its arguments pair up.
      const [expected, expectedArgs] = JSON.parse(p.slice(4)) as [string, (string | null)[]];
      const [passed, passedArgs] = JSON.parse(a.slice(4)) as [string, (string | null)[]];
      const [one, other] = [resolveType(at, expected, depth + 1), resolveType(scope, passed, depth + 1)];
      if (one?.type !== "instance" || other?.type !== "instance" || one.decl !== other.decl || one.scope !== other.scope) return;
      expectedArgs.forEach((type, n) => {
        const given = passedArgs[n];
        if (type !== null && given !== undefined && given !== null) bindFrom(at, type, scope, given, own, bound, depth + 1, argumentSubst);
      });
      return;
    }
    if (p.startsWith("union:")) {
      const parts = JSON.parse(p.slice(6)) as string[];
      // `S | (() => S)`: a function argument matches the function part, anything else the rest.
      const isFunction = a.startsWith("fn:");
      for (const part of parts) if (textOf(at, part).startsWith("fn:") === isFunction) bindFrom(at, part, scope, argument, own, bound, depth + 1, argumentSubst);
      return;
    }
    if (p.startsWith("fn:") && a.startsWith("fn:")) {
      const [expected, passed] = [JSON.parse(p.slice(3)) as CallSignature, JSON.parse(a.slice(3)) as CallSignature];
      if (expected.returns !== undefined && passed.returns !== undefined) bindFrom(at, expected.returns, scope, passed.returns, own, bound, depth + 1, argumentSubst);
      return;
    }
    if (p.startsWith("arr:") && a.startsWith("arr:")) bindFrom(at, p.slice(4), scope, a.slice(4), own, bound, depth + 1, argumentSubst);
  };

  /**
   * The ways an entity can be called: a function's or method's own signature or its overloads, a
   * class's constructor, an interface's or function type's call signatures, and what a property or
   * variable of such a type (or an alias of a method, `const string = ZodString.create`) holds.
   */
  const signaturesOf = (entity: Entity | undefined, depth: number): { signature: CallSignature; scope: FileScope; subst: Subst | undefined }[] => {
    if (!entity || depth > MAX_DEPTH) return [];
    if (entity.type === "union") return entity.members.flatMap((part) => signaturesOf(part, depth + 1));
    if (entity.type === "fn") return [{ signature: entity.signature, scope: entity.scope, subst: entity.subst }];
    if (entity.type !== "decl" && entity.type !== "instance") return [];
    const { scope, decl, subst } = entity;
    if (decl.signatures) return decl.signatures.map((signature) => ({ signature, scope, subst }));
    if (decl.kind === "class") {
      const constructor = entity.type === "decl" ? scope.decls.get(`${decl.name}.constructor`) : undefined;
      return constructor?.params ? [{ signature: constructor as CallSignature, scope, subst }] : [];
    }
    if (decl.params) return [{ signature: decl as CallSignature, scope, subst }];
    if (decl.kind === "interface" || decl.type === undefined) return [];
    if (decl.type.startsWith("val:")) {
      const [head, owner, names] = JSON.parse(decl.type.slice(4)) as [CalleeRef["head"], string, string[]];
      return signaturesOf(resolveCallee(scope, { head, owner, names }, depth + 1), depth + 1);
    }
    return signaturesOf(resolveType(scope, decl.type, depth + 1, subst), depth + 1);
  };

  /** Parameter `j`'s type in each signature that declares one. */
  const parameterTypes = (signatures: ReturnType<typeof signaturesOf>, j: number, receiver: () => Entity | undefined, depth: number): (Entity | undefined)[] =>
    signatures.flatMap(({ signature, scope: at, subst }) => {
      const declared = argumentAt(signature, j);
      return typeof declared === "string" ? [typeIn(at, declared, subst, receiver, depth)] : [];
    });

  /** A type string of a signature, in the scope it was declared in; `this` is the receiver. */
  const typeIn = (scope: FileScope, type: string | null | undefined, subst: Subst | undefined, receiver: () => Entity | undefined, depth: number): Entity | undefined =>
    typeof type !== "string" ? undefined : type === THIS_TYPE ? receiver() : resolveType(scope, type, depth + 1, subst);

  /** The names of a file's declarations that have members (`Interceptor` of `Interceptor.execute`), read once per file. */
  const containers = new WeakMap<FileScope, Set<string>>();
  const hasMembers = (scope: FileScope, decl: CallableDeclaration): boolean => {
    if (!scope.outside) read.push(readOf(scope, membersOf(decl.name)));
    let names = containers.get(scope);
    if (names === undefined) {
      names = new Set([...scope.decls.all.keys()].flatMap((name) => (name.includes(".") ? [name.slice(0, name.lastIndexOf("."))] : [])));
      containers.set(scope, names);
    }
    return names.has(decl.name);
  };

  const namedType = (scope: FileScope, dotted: string, depth: number): Entity | undefined => {
    const parts = dotted.split(".");
    let entity = lookupName(scope, parts[0]!, depth + 1);
    for (const part of parts.slice(1)) entity = entity && member(entity, part, depth + 1);
    // `const Store = require("./store")`, `import Store = require(…)`: the module is what `module.exports =` holds.
    if (entity?.type === "module" && entity.scope.exports.all.has(MODULE_EXPORTS)) entity = resolveExport(entity.scope, MODULE_EXPORTS, depth + 1);
    // A Go type named without type arguments (those are `gen:`) is sealed, wherever it is declared outside.
    if (entity?.type === "external") return entity.sealed || isGo(scope) ? EXTERNAL_SEALED : EXTERNAL;
    if (entity?.type === "decl" && hasInstances(entity.scope, entity.decl.kind)) return { type: "instance", scope: entity.scope, decl: entity.decl };
    if (entity?.type === "decl" && entity.decl.kind === "type" && entity.decl.type !== undefined) return resolveType(entity.scope, entity.decl.type, depth + 1);
    // A function type: what its signatures say a function of it takes and returns.
    if (entity?.type === "decl" && entity.decl.kind === "type" && entity.decl.signatures !== undefined) return { type: "instance", scope: entity.scope, decl: entity.decl };
    // An object type alias (`type Interceptor = { … }`): its members are declared as an interface's are.
    if (entity?.type === "decl" && entity.decl.kind === "type" && entity.decl.type === undefined && hasMembers(entity.scope, entity.decl)) return { type: "instance", scope: entity.scope, decl: entity.decl };
    return undefined;
  };

  const member = (entity: Entity, name: string, depth: number): Entity | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    switch (entity.type) {
      case "external":
        return memberOfExternal(entity);
      case "union":
        return unionOf(entity.members.map((part) => member(part, name, depth + 1)).filter((part): part is Entity => part !== undefined));
      case "array":
        // An element, or a method of the standard library's Array.
        if (name === ELEMENT) return resolveType(entity.scope, entity.element, depth + 1, entity.subst);
        return ARRAY_METHODS.has(name) ? { type: "arrayMethod", scope: entity.scope, element: entity.element, subst: entity.subst, name } : EXTERNAL_MEMBER;
      case "arrayMethod":
        return EXTERNAL_MEMBER;
      case "fn":
        return undefined;
      case "mapped":
        return resolveType(entity.scope, entity.value, depth + 1, entity.subst);
      case "object": {
        const type = Object.hasOwn(entity.members, name) ? entity.members[name] : undefined;
        return type === undefined ? undefined : resolveType(entity.scope, type, depth + 1, entity.subst);
      }
      case "module":
        return resolveExport(entity.scope, name, depth + 1) ?? (opaque(entity.scope) ? EXTERNAL_MEMBER : undefined);
      case "decl":
      case "instance": {
        const { scope, decl } = entity;
        if (isRuby(scope)) return rubyMember(entity, name, depth);
        // `Repo.prototype.find` (a spy, a method borrowed): the class's instance members.
        if (name === "prototype" && entity.type === "decl" && isClass(decl.kind)) return { type: "instance", scope, decl, ...(entity.subst ? { subst: entity.subst } : {}) };
        // Through the class itself, a static member before an instance member of the same name.
        const own = (entity.type === "decl" ? scope.statics.get(`${decl.name}.${name}`) : undefined) ?? scope.decls.get(`${decl.name}.${name}`);
        if (own) return { type: "decl", scope, decl: own, ...(entity.subst ? { subst: entity.subst } : {}) };
        // A Go method may be declared in any file of its type's package.
        const sibling = siblingDecl(scope, `${decl.name}.${name}`);
        if (sibling) return { type: "decl", ...sibling, ...(entity.subst ? { subst: entity.subst } : {}) };
        let external = false;
        if (hasInstances(scope, decl.kind)) {
          // Inherited members: static ones through the class, instance ones through an instance;
          // the base's type parameters bound to what this class passes it.
          for (const [i, base] of (decl.bases ?? []).entries()) {
            const resolved = bind(resolveType(scope, base, depth + 1), decl.baseArgs?.[i], scope, entity.subst);
            if (resolved?.type === "external") external = true;
            // A base made by a factory can be an intersection of what it mixes in.
            if (resolved?.type === "union") {
              const found = member(resolved, name, depth + 1);
              if (found) return found;
            }
            if (resolved?.type !== "instance") continue;
            const found = member(entity.type === "decl" ? { type: "decl", scope: resolved.scope, decl: resolved.decl } : resolved, name, depth + 1);
            // Python: a base outside the repository that a mixin reaches (`models.Model`) is shared by the other
            // bases and comes after them in the method resolution order, as a direct one does here: look on.
            if (found?.type === "external" && scope.path.endsWith(".py")) {
              external = true;
              continue;
            }
            if (found) return found;
          }
        } else if (entity.type === "decl" && decl.bases !== undefined) {
          // An object literal's spreads, in order.
          for (const base of decl.bases) {
            const resolved = resolveType(scope, base, depth + 1);
            const found = resolved && member(resolved, name, depth + 1);
            if (found) return found;
          }
        } else if (entity.type === "decl" && decl.type !== undefined) {
          const resolved = resolveType(scope, decl.type, depth + 1, entity.subst);
          if (resolved) return member(resolved, name, depth + 1);
        }
        // A Django model's reverse accessor, declared by a relation field of another model.
        const reverse = isClass(decl.kind) && scope.path.endsWith(".py") ? reverseAccessor(scope, decl, name, depth) : undefined;
        if (reverse) return reverse;
        // An index signature (`[K: string]: Column`) holds any other key.
        const indexed = entity.type === "instance" && name !== ELEMENT ? scope.decls.get(`${decl.name}.${ELEMENT}`) : undefined;
        if (indexed) return { type: "decl", scope, decl: indexed, ...(entity.subst ? { subst: entity.subst } : {}) };
        // A member inherited from a base outside the repository, or one a package's declarations do not spell out.
        return external || opaque(scope) ? EXTERNAL_MEMBER : undefined;
      }
    }
  };

  /**
   * A Ruby method through a class or module (`decl`: its class methods, those of its superclasses)
   * or an instance (its instance methods, then its ancestors': included modules, last first, then
   * the superclass). Classes are reopened anywhere and gems add methods to what they define: a name
   * not found, or one that only an ancestor outside the repository can declare, is not known here (a candidate when
   * the repository declares a method of that name, else outside), never outside while the repository might declare it.
   */
  const rubyMember = (entity: Entity & { type: "decl" | "instance" }, name: string, depth: number): Entity | undefined => {
    const found = rubyFind(entity, name, depth);
    return found === null || found?.type === "external" ? undefined : found;
  };
  /**
   * A Ruby method as rubyMember finds it; EXTERNAL_MEMBER when none of the ancestors declares it and one is outside;
   * null when none does and every one is the repository's; undefined when one is not known (a constant not resolved).
   */
  const rubyFind = (entity: Entity & { type: "decl" | "instance" }, name: string, depth: number): Entity | null | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    const { scope, decl } = entity;
    const own = entity.type === "decl" ? scope.statics.get(`${decl.name}.${name}`) : scope.decls.get(`${decl.name}.${name}`);
    if (own && !(entity.type === "instance" && own.static)) {
      // Defined again under a condition, or again in another file: the last evaluated runs, which the program decides.
      if (own.conditional || rubyRedefinedElsewhere(scope, decl.name, name, entity.type === "decl")) return undefined;
      return { type: "decl", scope, decl: own };
    }
    return hasInstances(scope, decl.kind) ? rubyAncestorMember(entity, decl.bases ?? [], name, depth) : undefined;
  };
  /**
   * The first of `bases` (as written in the class, in Ruby's ancestor order) whose chain declares `name`, as rubyFind
   * tells; found past an ancestor outside the repository (a gem's module may declare it), not known. Through a class,
   * included modules give no class methods.
   */
  const rubyAncestorMember = (entity: Entity & { type: "decl" | "instance" }, bases: readonly string[], name: string, depth: number): Entity | null | undefined => {
    let outside = false;
    for (const base of bases) {
      if (base.startsWith(RUBY_DEFINED)) {
        // A method the class defines by `alias`, `delegate`, `define_method`: not an ancestor's, and not declared.
        if (entity.type === "instance" && (JSON.parse(base.slice(RUBY_DEFINED.length)) as string[]).includes(name)) return undefined;
        continue;
      }
      const resolved = resolveType(entity.scope, base, depth + 1);
      if (resolved?.type === "external") {
        outside = true;
        continue;
      }
      if (resolved?.type !== "instance") return undefined;
      if (entity.type === "decl" && resolved.decl.kind === "module") continue;
      const found = rubyFind(entity.type === "decl" ? { type: "decl", scope: resolved.scope, decl: resolved.decl } : resolved, name, depth + 1);
      if (found === undefined) return undefined;
      if (found === null) continue;
      if (found.type !== "external") return outside ? undefined : found;
      outside = true;
    }
    return outside ? EXTERNAL_MEMBER : null;
  };
  /** Ruby's `super` in an instance method of a class: the same-named method of its nearest ancestor. A module's `super` is its includer's: not known. */
  const rubySuper = (scope: FileScope, owner: string, name: string, depth: number): Entity | undefined => {
    const decl = scope.decls.get(owner);
    if (decl === undefined || decl.kind !== "class") return undefined;
    const ancestors = (decl.bases ?? []).filter((base) => !base.startsWith(RUBY_DEFINED));
    return rubyAncestorMember({ type: "instance", scope, decl }, ancestors, name, depth) ?? undefined;
  };

  /** Ruby's `X.new`: the class, unless X declares its own `self.new`; a module's `new` is only ever its own. */
  const rubyNew = (entity: Entity | undefined): Entity | undefined => {
    if (entity?.type !== "decl") return entity;
    const own = entity.scope.statics.get(`${entity.decl.name}.new`);
    if (own) return own.conditional || rubyRedefinedElsewhere(entity.scope, entity.decl.name, "new", true) ? undefined : { type: "decl", scope: entity.scope, decl: own };
    return entity.decl.kind === "module" ? undefined : entity;
  };

  const resolveCallee = (scope: FileScope, callee: CalleeRef, depth = 0, subst?: Subst): Entity | undefined => {
    let entity: Entity | undefined;
    let names = callee.names;
    if (callee.head === "super" && isRuby(scope)) return rubySuper(scope, callee.owner, names[0]!, depth);
    switch (callee.head) {
      case "scope":
        entity = lookupName(scope, names[0]!, depth);
        names = names.slice(1);
        break;
      case "this": {
        // The enclosing class (or object) of this file, else a declared `this: T` parameter's type.
        const decl = scope.decls.get(callee.owner);
        entity = decl ? { type: "instance", scope, decl } : resolveType(scope, callee.owner, depth);
        break;
      }
      case "super": {
        // In a static member (`this` is the class's value), `super` is the base class's value.
        const value = scope.decls.has(callee.owner) ? undefined : resolveType(scope, callee.owner, depth);
        const decl = value?.type === "decl" ? value.decl : scope.decls.get(callee.owner);
        const base = decl?.bases?.[0];
        const at = value?.type === "decl" ? value.scope : scope;
        entity = base === undefined ? undefined : resolveType(at, base, depth);
        if (value?.type === "decl" && entity?.type === "instance") entity = { type: "decl", scope: entity.scope, decl: entity.decl, ...(entity.subst ? { subst: entity.subst } : {}) };
        break;
      }
      case "type":
        entity = resolveType(scope, callee.owner, depth, subst);
        break;
      case "import": {
        const target = resolveModule(scope, callee.owner);
        entity = target === "external" ? EXTERNAL : target === null ? undefined : { type: "module", scope: target };
        break;
      }
      case "unknown":
        return undefined;
    }
    // `const render = require("./render"); render()`: a module called is what `module.exports =` holds.
    if (names.length === 0 && entity?.type === "module") return resolveExport(entity.scope, MODULE_EXPORTS, depth + 1) ?? entity;
    for (const name of names) entity = entity && member(entity, name, depth);
    return valueTwin(entity);
  };

  /** Whether a class or interface is `target` or extends or implements it, through the repository's declarations. */
  const reaches = (entity: { scope: FileScope; decl: CallableDeclaration }, target: CallableDeclaration, depth: number): boolean => {
    if (entity.decl === target) return true;
    if (depth > MAX_DEPTH) return false;
    return (entity.decl.bases ?? []).some((base) => {
      const found = resolveType(entity.scope, base, depth + 1);
      return found?.type === "instance" && reaches(found, target, depth + 1);
    });
  };

  /** A call reaches the value of a name that also declares a type. */
  const valueTwin = (entity: Entity | undefined): Entity | undefined => {
    if (entity?.type !== "decl" || !TYPE_ONLY.has(entity.decl.kind) || entity.scope.decls.get(entity.decl.name) !== entity.decl) return entity;
    const twin = entity.scope.twins.get(entity.decl.name);
    return twin === undefined ? entity : { type: "decl", scope: entity.scope, decl: twin };
  };

  /**
   * A read that is not called counts where it names the declaration (`this.handle` passed on, `z.enum`
   * of a module exporting `_enum as enum`), not where a property holds one (`vars.User` of
   * `{ User: Model }`), as the call hierarchy counts it.
   */
  const readsDeclaration = (scope: FileScope, callee: CalleeRef, decl: CallableDeclaration): boolean => {
    const read = callee.names[callee.names.length - 1];
    if (read === decl.name.slice(decl.name.lastIndexOf(".") + 1)) return true;
    return callee.names.length > 1 && resolveCallee(scope, { ...callee, names: callee.names.slice(0, -1) })?.type === "module";
  };

  const javaOverloads = new WeakMap<FileScope, Map<string, CallableDeclaration[]>>();
  const links: FileLink[] = [];
  for (const { path, summary } of files) {
    if (only && !only.has(path)) continue;
    const calls = summary.get();
    const scope = scopeOf(path)!;
    const isGo = path.endsWith(".go");
    const javaFile = path.endsWith(".java");
    const phpFile = path.endsWith(".php");
    const csFile = path.endsWith(".cs");
    const rsFile = isRust({ path });
    const rubyFile = isRuby({ path });
    read.length = 0;
    const probes = new Set<string>();
    reverseProbes = probes;
    const isCallable = (name: string): boolean => {
      probes.add(name);
      return callableNames.has(name);
    };
    const edges: CallEdge[] = [];
    const stats: LinkStats = { ...NO_CALLS };
    const specifiers = new Set<string>();
    for (const binding of calls.imports) {
      specifiers.add(binding.specifier);
      if (binding.submodule !== undefined) specifiers.add(binding.submodule);
    }
    for (const binding of calls.exports) if (binding.specifier !== undefined) specifiers.add(binding.specifier);
    for (const [siteIndex, encoded] of calls.sites.entries()) {
      // Most sites with an unknown receiver call the standard library: their name settles them
      // without decoding the rest.
      const unknownName = unknownCalleeName(encoded);
      if (unknownName !== null && !isCallable(unknownName)) {
        stats.sites += 1;
        stats.external += 1;
        continue;
      }
      const site = decodeCallSite(encoded);
      if (site.callee.head === "import") specifiers.add(site.callee.owner);
      const caller = calls.callers[site.caller]!;
      const entity = rubyFile && site.via === "new" ? rubyNew(resolveCallee(scope, site.callee)) : resolveCallee(scope, site.callee);
      const calleeName = writtenName(scope, site.callee);
      // A reference is an edge only where it lands on a callable; unlinked, it is no candidate unless passed on from a member read.
      const isRef = site.via === "ref" || site.via === "value";
      const edgeTo = (callee: string, target: CallEdge["target"]): CallEdge => ({
        path,
        line: site.line,
        column: site.column,
        caller: caller.name,
        callerKind: caller.kind,
        via: site.via,
        callee,
        target,
      });
      // A channel is named by a declaration of any kind (an event class, a constant, the property holding a queue) or by a string.
      if (isChannelVia(site.via)) {
        const name = site.callee.names[site.callee.names.length - 1]!;
        if (site.callee.head === "unknown" && name.startsWith(CHANNEL_QUOTE)) {
          edges.push(edgeTo(name, null));
          continue;
        }
        const keys = declarationsOf(entity)
          .map(implemented)
          .filter((target): target is NonNullable<typeof target> => target !== undefined && !target.scope.outside && !target.decl.name.includes("@"));
        for (const target of keys) edges.push(edgeTo(target.decl.name, { path: target.scope.path, line: target.decl.line, kind: target.decl.kind }));
        // A key declared outside the repository (`KAFKA_TOPICS.USER_ACTION_LOG_TOPIC` of a package) is matched by its name as written.
        if (keys.length === 0 && site.callee.head === "scope") edges.push(edgeTo(`${CHANNEL_QUOTE}${site.callee.names.join(".")}${CHANNEL_QUOTE}`, null));
        continue;
      }
      // A receiver of a union type reaches the member of each part: one edge per declaration.
      // In Go, `T(x)` of a type is a conversion, not a call.
      const declared = declarationsOf(entity).map(implemented);
      // Java, PHP, C#, Rust: a call of a name that is only a field's (a method inherited, or Lombok's, or PHP's `__call`) is not the field's.
      // A PHP call of a bare name is a function's, never a class's (`new` is apart).
      // Rust: a field is never called by `x.f()` or `T::f()` (a derived or trait method of that name is).
      const fieldCalled =
        (javaFile || phpFile || csFile || rsFile) &&
        site.via === "call" &&
        declared.some((target) => target !== undefined && (JAVA_FIELD_KINDS.has(target.decl.kind) || (phpFile && PHP_TYPE_KINDS.has(target.decl.kind))) && !isRecordComponent(target));
      const targets = fieldCalled ? [] : declared.filter(
        (target): target is NonNullable<typeof target> =>
          // A class declared in a body (`User@36`, extract-calls LOCAL_CLASS) is reached through, never a target.
          target !== undefined && !target.scope.outside && !target.decl.name.includes("@") && (!isRef || (CALLABLE_KINDS.has(target.decl.kind) && readsDeclaration(scope, site.callee, target.decl))) && !(isGo && GO_TYPES.has(target.decl.kind)),
      );
      // A package's own declaration, or a value of one of its types, called: outside the repository.
      // One of the repository's declaration files with no implementation to stand for it: a candidate.
      const overloads = targets.map((target) => (javaFile || csFile ? overloadFor(target, calls.arities?.[siteIndex] ?? -1) : target.scope.path.endsWith(".rs") ? rustImplFor(target) : target.decl));
      const outsideOnly =
        targets.length === 0 &&
        !fieldCalled &&
        !declared.includes(undefined) &&
        (declared.some((target) => target!.scope.outside) || ((entity?.type === "instance" || entity?.type === "module") && opaque(entity.scope)));
      // C#: a member of a value outside the repository may be a repository extension method's call: a candidate.
      // Rust: so may a repository trait's fn, implemented for a type outside (`impl Tidy for PathBuf`) or in another file.
      const extensionCall = (csFile || rsFile) && site.via === "call" && site.callee.head !== "unknown" && site.callee.names.length > (site.callee.head === "scope" ? 1 : 0) && (outsideOnly || entity?.type === "external") && csharpExtension(calleeName);
      if (extensionCall) {
        edges.push(edgeTo(calleeName, null));
        stats.unresolved += 1;
      } else if (outsideOnly) {
        if (!isRef) stats.external += 1;
      } else if (targets.length > 0 && overloads.includes(undefined)) {
        // Overloads that take as many arguments: which one runs depends on the arguments' types, not known here.
        edges.push(edgeTo(calleeName, null));
        if (!isRef) stats.unresolved += 1;
      } else if (targets.length > 0) {
        targets.forEach((target, i) => {
          const decl = overloads[i]!;
          // A Ruby attribute's writer (`a=` of `attr_accessor :a`) is the attribute the symbol index lists.
          const name = isRuby(target.scope) && decl.kind === "property" && decl.name.endsWith("=") ? decl.name.slice(0, -1) : decl.name;
          edges.push(edgeTo(name, { path: target.scope.path, line: decl.line, kind: decl.kind }));
        });
        if (!isRef) stats.resolved += 1;
      } else if (!isRef || site.passed) {
        const name = calleeName;
        const unproven = entity === undefined || entity.type === "module" || entity.type === "instance" || entity.type === "array" || declared.includes(undefined) || fieldCalled;
        if (entity?.type !== "external" && unproven && isCallable(name)) {
          edges.push(edgeTo(name, null));
          if (!isRef) stats.unresolved += 1;
        } else if (!isRef) {
          stats.external += 1;
        }
      }
      if (!isRef) stats.sites += 1;
    }
    edges.sort((a, b) => a.line - b.line || a.column - b.column || byCodeUnit(a.callee, b.callee));
    const overrides = [...overridesOf(scope), ...twinsOf(scope), ...(byPath.get(path)!.script ? sharedGlobalsOf(scope, isCallable) : [])];
    if (isGo) overrides.push(...implementationsOf(scope, probes));
    if (isGo) overrides.sort((a, b) => byCodeUnit(overrideKey(a), overrideKey(b)));
    // Before `touched` is taken: a file an alias resolves through relinks this one when it changes.
    const aliases = aliasesOf(scope);
    const touched = touchedFiles(distinctSince(0), scope);
    const stars = scope.starList.flatMap((star) => {
      const target = resolveModule(scope, star.specifier!);
      return typeof target === "object" && target !== null && !target.outside ? [target.path] : [];
    });
    const resolved = [...specifiers].sort(byCodeUnit).map((specifier): [string, RepoPath | null] => [specifier, resolveSpecifier(resolver, path, specifier)]);
    links.push({ path, edges, overrides, aliases, touched, probes: [...probes].sort(byCodeUnit), stars, resolved, stats });
  }
  return links;

  /**
   * Of a Java method's overloads (declarations of one name in its file), the one that takes `arity`
   * arguments (a variadic one: at least all but its last); undefined when several or none do (which
   * runs depends on the arguments' types); the first declared when the count is not known (a method reference).
   */
  function overloadFor(target: { scope: FileScope; decl: CallableDeclaration }, arity: number): CallableDeclaration | undefined {
    if (arity < 0 || (target.decl.kind !== "method" && target.decl.kind !== "constructor")) return target.decl;
    let all = javaOverloads.get(target.scope);
    if (all === undefined) {
      all = new Map();
      for (const decl of target.scope.overloaded ?? []) all.set(decl.name, [...(all.get(decl.name) ?? []), decl]);
      javaOverloads.set(target.scope, all);
    }
    const others = all.get(target.decl.name);
    if (others === undefined) return target.decl;
    const takes = (decl: CallableDeclaration): boolean => decl.params !== undefined && (decl.rest ? arity >= decl.params.length - 1 : decl.params.length === arity);
    const taking = [target.decl, ...others].filter(takes);
    return taking.length === 1 ? taking[0] : undefined;
  }

  /** The name a site calls, as a candidate is named: a Rust path's (`crate::a::f`, bound as a synthetic import) is its last segment. */
  function writtenName(scope: FileScope, callee: CalleeRef): string {
    const name = callee.names[callee.names.length - 1]!;
    if (callee.head !== "scope" || callee.names.length !== 1 || !isRust(scope) || !name.startsWith("$path")) return name;
    return scope.imports.all.get(name)?.imported ?? name;
  }

  /** Rust: a fn the type declares once; one several trait impls declare (which applies depends on types a parser cannot see) is a candidate. */
  function rustImplFor(target: { scope: FileScope; decl: CallableDeclaration }): CallableDeclaration | undefined {
    return target.scope.overloaded?.some((decl) => decl.name === target.decl.name) ? undefined : target.decl;
  }

  /** A Java record's component: what its accessor (`point.x()`) returns. */
  function isRecordComponent(target: { scope: FileScope; decl: CallableDeclaration }): boolean {
    const dot = target.decl.name.lastIndexOf(".");
    return dot > 0 && target.scope.decls.all.get(target.decl.name.slice(0, dot))?.kind === "record";
  }

  /** The distinct reads of other files, by file, names sorted. */
  function touchedFiles(reads: readonly NameRead[], own: FileScope): TouchedFile[] {
    const byFile = new Map<RepoPath, string[]>();
    for (const { scope, name } of reads) {
      if (scope === own || scope.outside) continue;
      const names = byFile.get(scope.path);
      if (names) names.push(name);
      else byFile.set(scope.path, [name]);
    }
    return [...byFile]
      .sort(([a], [b]) => byCodeUnit(a, b))
      .map(([path, names]) => ({ path, names: names.sort(byCodeUnit) }));
  }

  /**
   * The names a file exports for a declaration of another name, each with that declaration, through
   * any chain of imports and re-exports: `export { Hono as HonoBase }`, `export { default as Button }
   * from "./button"`. A name that is the declaration's own is found by name already.
   */
  function aliasesOf(scope: FileScope): ExportAlias[] {
    const aliases: ExportAlias[] = [];
    for (const [name, binding] of scope.exports.all) {
      // Most exports are the file's own declarations under their own names: nothing to resolve.
      if (name === "default" || name === MODULE_EXPORTS || (binding.specifier === undefined && (binding.local ?? name) === name && scope.decls.has(name))) continue;
      readOutside = false;
      const entity = resolveExport(scope, name, 0);
      readOutside = true;
      const target = entity?.type === "decl" ? implemented(entity) : undefined;
      if (target === undefined || target.decl.name === name || target.scope.outside) continue;
      aliases.push({ name, path: scope.path, target: { name: target.decl.name, path: target.scope.path, line: target.decl.line, kind: target.decl.kind } });
    }
    return aliases.sort((a, b) => byCodeUnit(a.name, b.name));
  }

  /**
   * Each class or interface member of a file with the same-named members of its ancestors. The
   * compiler's call hierarchy counts a call through a base type as a call of every override, and a
   * call of an override as one of the base member, so a Caller query follows these both ways.
   */
  function overridesOf(scope: FileScope): Override[] {
    const overrides: Override[] = [];
    for (const decl of scope.decls.all.values()) {
      // A class declared in a body (`User@1234`) is reached through, never named in a row.
      if (decl.name.includes("@")) continue;
      const bases = ownBases(decl);
      if (bases.length === 0) continue;
      const ancestors: { scope: FileScope; decl: CallableDeclaration }[] = [];
      const seen = new Set<string>();
      const climb = (from: FileScope, written: readonly string[], depth: number): void => {
        if (depth > MAX_DEPTH) return;
        for (const base of written) {
          const found = resolveType(from, base, 0);
          const resolved = found?.type === "instance" ? implemented(found) : undefined;
          if (resolved === undefined || resolved.scope.outside) continue;
          const key = `${resolved.scope.path}\0${resolved.decl.name}`;
          if (seen.has(key) || resolved.decl === decl) continue;
          seen.add(key);
          ancestors.push({ scope: resolved.scope, decl: resolved.decl });
          climb(resolved.scope, resolved.decl.bases ?? [], depth + 1);
        }
      };
      climb(scope, bases, 0);
      if (ancestors.length === 0) continue;
      const prefix = `${decl.name}.`;
      for (const own of scope.decls.all.values()) {
        // A static member overrides nothing the compiler's call hierarchy follows: a call of a subclass's is not one of the base's.
        if (own.static || !own.name.startsWith(prefix) || own.name.includes(".", prefix.length)) continue;
        const name = own.name.slice(prefix.length);
        for (const ancestor of ancestors) {
          const base = ancestor.scope.decls.get(`${ancestor.decl.name}.${name}`);
          if (base && !base.static) {
            overrides.push(overrideOf(scope.path, own, ancestor.scope.path, base));
          }
        }
      }
    }
    return overrides.sort((a, b) => byCodeUnit(overrideKey(a), overrideKey(b)));
  }

  /**
   * What a declaration's members implement: a class's or interface's bases; for an object literal
   * declared with a type (`const process: OrderProcess = { onTransitionEnd() { … } }`), that type —
   * a call through `OrderProcess.onTransitionEnd` may run the literal's method, and the compiler's
   * call hierarchy counts it so.
   */
  function ownBases(decl: CallableDeclaration): readonly string[] {
    if (decl.kind === "class" || decl.kind === "interface" || decl.kind === "type") return decl.bases ?? [];
    if (decl.kind === "enum" || decl.kind === "record") return decl.bases ?? [];
    if ((decl.kind === "constant" || decl.kind === "variable") && decl.type !== undefined && DECLARED_TYPE.test(decl.type)) return [decl.type];
    return [];
  }

  /**
   * A script's functions and methods with their declarations in the hand-written declaration file
   * beside it (`a.d.ts` for `a.js`), where the compiler types them: a call through either is a call
   * of both, as through a base member and its override.
   */
  function twinsOf(scope: FileScope): Override[] {
    const script = /\.([cm]?)jsx?$/.exec(scope.path);
    const twin = script ? scopeOf(`${scope.path.slice(0, script.index)}.d.${script[1]}ts`) : undefined;
    if (twin === undefined) return [];
    const twins: Override[] = [];
    for (const own of scope.decls.all.values()) {
      const typed = twin.decls.get(own.name);
      if (typed === undefined || !TWIN_KINDS.has(own.kind) || !TWIN_KINDS.has(typed.kind)) continue;
      twins.push(overrideOf(scope.path, own, twin.path, typed));
    }
    return twins;
  }

  /**
   * A script's top-level functions that another script, first in path order, declares too: scripts
   * share one global scope, where the compiler merges same-named declarations into one, so a call of
   * any copy is a call of all (paired with the first, as an override with its base). The name is a
   * probe: a file that gains or loses a declaration of it relinks this one.
   */
  function sharedGlobalsOf(scope: FileScope, probe: (name: string) => boolean): Override[] {
    const shared: Override[] = [];
    for (const own of scope.decls.all.values()) {
      if (own.name.includes(".") || !TWIN_KINDS.has(own.kind) || !probe(own.name)) continue;
      const first = globals.get(own.name);
      if (first === undefined || first.scope === scope || !TWIN_KINDS.has(first.decl.kind)) continue;
      shared.push(overrideOf(scope.path, own, first.scope.path, first.decl));
    }
    return shared;
  }

  /**
   * Go: a type implements an interface by having its methods, without saying so. Each method of a
   * type in this file, with the same-named method of every interface of the repository that the
   * type's methods (declared in any file of its package) cover — same names, as many parameters, the
   * same first result where both are written. A call through the interface may run it, as a call
   * through a TypeScript interface may run a class's implementation. What was read to decide (the
   * interface's file, the files declaring the type's methods, every method name looked for) is
   * recorded, so that a change to any of it links this file again.
   */
  function implementationsOf(scope: FileScope, probes: Set<string>): Override[] {
    const found: Override[] = [];
    const names = packageOf(scope.path, scope.path.endsWith("_test.go"));
    for (const own of scope.decls.all.values()) {
      const dot = own.name.indexOf(".");
      if (own.kind !== "method" || dot < 0 || own.name.indexOf(".", dot + 1) >= 0) continue;
      const owner = own.name.slice(0, dot);
      const method = own.name.slice(dot + 1);
      const ownerScope = scope.decls.has(owner) ? scope : names.get(owner);
      const ownerKind = ownerScope?.decls.get(owner)?.kind;
      if (ownerKind !== "struct" && ownerKind !== "type") continue;
      probes.add(method);
      for (const candidate of goInterfaces().get(method) ?? []) {
        for (const dep of candidate.deps) read.push(readOf(dep, WHOLE_FILE));
        const covered = candidate.methods.every(({ name, decl }) => {
          probes.add(name);
          const mine = scope.decls.get(`${owner}.${name}`) ?? names.get(`${owner}.${name}`)?.decls.get(`${owner}.${name}`);
          const at = scope.decls.has(`${owner}.${name}`) ? scope : names.get(`${owner}.${name}`);
          if (at && at !== scope) read.push(readOf(at, WHOLE_FILE));
          return mine !== undefined && mine.kind === "method" && sameShape(mine, decl);
        });
        const base = candidate.methods.find((m) => m.name === method)!.decl;
        if (covered) {
          found.push(overrideOf(scope.path, own, candidate.scope.path, base));
        }
      }
    }
    return found;
  }

  /** The interfaces of the repository's Go files with every method they require (embedded ones' included), by method name. */
  /**
   * What a Django model's accessor `name` holds when a relation field of some model names this one
   * (`related_name`, or Django's default): each field that could is read, so that a change to it links
   * this file again, and the name is probed, so that a field added anywhere under it does too.
   */
  function reverseAccessor(scope: FileScope, decl: CallableDeclaration, name: string, depth: number): Entity | undefined {
    probe(name);
    for (const entry of djangoRelations().get(name) ?? []) {
      read.push(readOf(entry.scope, entry.decl.name));
      const target = resolveType(entry.scope, entry.decl.reverse!.model, depth + 1);
      if (target?.type === "instance" && target.scope === scope && target.decl === decl) return resolveType(entry.scope, entry.decl.reverse!.type, depth + 1);
    }
    return undefined;
  }

  /** Python relation fields by the accessor they give the model they name, built on first need. */
  function djangoRelations(): Map<string, { scope: FileScope; decl: CallableDeclaration }[]> {
    if (relationsByName) return relationsByName;
    relationsByName = new Map();
    for (const file of files) {
      if (!file.path.endsWith(".py")) continue;
      const other = scopeOf(file.path)!;
      for (const decl of other.decls.all.values()) {
        if (!decl.reverse) continue;
        const list = relationsByName.get(decl.reverse.name) ?? [];
        list.push({ scope: other, decl });
        relationsByName.set(decl.reverse.name, list);
      }
    }
    return relationsByName;
  }

  function goInterfaces(): Map<string, GoInterface[]> {
    if (interfacesByMethod) return interfacesByMethod;
    interfacesByMethod = new Map();
    // What building this reads is recorded per interface (its deps), where a file uses it, not on the file that built it.
    const mark = read.length;
    for (const file of files) {
      if (!file.path.endsWith(".go")) continue;
      const other = scopeOf(file.path)!;
      for (const decl of other.decls.all.values()) {
        if (decl.kind !== "interface") continue;
        const start = read.length;
        const methods = interfaceMethods(other, decl, 0);
        const deps = [other, ...new Set([...read.slice(start).map((r) => r.scope), ...(methods?.map((m) => m.scope) ?? [])])];
        if (!methods || methods.length === 0) continue;
        const entry: GoInterface = { scope: other, decl, methods, deps };
        for (const { name } of methods) {
          const list = interfacesByMethod.get(name) ?? [];
          if (!list.includes(entry)) list.push(entry);
          interfacesByMethod.set(name, list);
        }
      }
    }
    read.length = mark;
    return interfacesByMethod;
  }

  /** An interface's methods, its embedded interfaces' included; undefined when an embedded one is not in the repository. */
  function interfaceMethods(scope: FileScope, decl: CallableDeclaration, depth: number): GoInterface["methods"] | undefined {
    if (depth > 4) return undefined;
    const prefix = `${decl.name}.`;
    const methods: GoInterface["methods"] = [];
    for (const member of scope.decls.all.values()) {
      if (member.kind === "method" && member.name.startsWith(prefix) && member.name.indexOf(".", prefix.length) < 0) methods.push({ name: member.name.slice(prefix.length), decl: member, scope });
    }
    for (const base of decl.bases ?? []) {
      const resolved = resolveType(scope, base, 0);
      if (resolved?.type !== "instance" || resolved.decl.kind !== "interface") return undefined;
      const inherited = interfaceMethods(resolved.scope, resolved.decl, depth + 1);
      if (!inherited) return undefined;
      for (const method of inherited) if (!methods.some((m) => m.name === method.name)) methods.push(method);
    }
    return methods;
  }
}

interface GoInterface {
  scope: FileScope;
  decl: CallableDeclaration;
  methods: { name: string; decl: CallableDeclaration; scope: FileScope }[];
  /** The files its method set was read from: a change to any of them can change what implements it. */
  deps: FileScope[];
}

/** A Go method can stand for an interface's: as many parameters, and the same first result where both are written. */
function sameShape(method: CallableDeclaration, required: CallableDeclaration): boolean {
  if ((method.params?.length ?? 0) !== (required.params?.length ?? 0)) return false;
  return method.returns === undefined || required.returns === undefined || method.returns === required.returns;
}

/** `member` (declared in `memberPath`) with the declaration whose calls count as its own, `base`. */
/** A type written in a declaration (`Repo`, `db.Pool`, `gen:[…]`), not one inferred from its value (`ret:`, `obj:`, …). */
const DECLARED_TYPE = /^(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*|gen:.*|#\d+)$/s;

function overrideOf(memberPath: RepoPath, member: CallableDeclaration, basePath: RepoPath, base: CallableDeclaration): Override {
  return {
    member: { name: member.name, path: memberPath, line: member.line, kind: member.kind },
    base: { name: base.name, path: basePath, line: base.line, kind: base.kind },
  };
}

function overrideKey(o: Override): string {
  return `${o.member.path}\0${o.member.line}\0${o.member.name}\0${o.base.path}\0${o.base.line}\0${o.base.name}`;
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
