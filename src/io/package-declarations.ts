import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, posix } from "node:path";
import type { CallSummary } from "../model.js";
import { CACHE_DIR } from "./index-store.js";
import type { OutsideDeclarations } from "../core/calls/resolve-specifier.js";

/** A declaration file past this size is not read: it would cost more to summarise than it can give back. */
const MAX_BYTES = 4 * 1024 * 1024;
const DECLARATION = /\.d\.[cm]?ts$/;
/** At most this many declaration files are summarised in one round: a package's re-export graph can be large. */
const MAX_FILLED = 5000;
/**
 * Keys of the TypeScript standard library's declaration files, read from the compiler ctx runs
 * (so the same ctx reads the same bytes): the collections, whose generic members hand back
 * what they hold (`map.get(k)` of a `Map<string, X>`).
 */
const STANDARD_LIBRARY = ["typescript:lib.es2015.collection.d.ts"];
const LIBRARY_PREFIX = "typescript:";
let libraryDir: string | undefined;
/** Where a key's bytes are: under the root, or in the compiler's lib folder. */
function locate(root: string, key: string): string {
  if (!key.startsWith(LIBRARY_PREFIX)) return join(root, key);
  libraryDir ??= dirname(createRequire(import.meta.url).resolve("typescript"));
  return join(libraryDir, key.slice(LIBRARY_PREFIX.length));
}

export interface PackageDeclarations extends OutsideDeclarations {
  /** Every package declaration file summarised so far, by key, with the SHA-256 of the bytes read. */
  read(): ReadonlyMap<string, string>;
  /** Keys linking asked for whose summary is neither made nor kept: `fill` them, then link again. */
  missing(): readonly string[];
  /** Summarises the missing files, and the files they re-export from, and keeps them for the next run. */
  fill(summarize: (key: string, text: string) => CallSummary): void;
}

/** The standard library's summaries, made when ctx is built (scripts/standard-library.mjs), so that no run loads the compiler for them. */
const BUILT_LIBRARY = new URL("../../dist/standard-library.json", import.meta.url);
let builtLibrary: Record<string, CallSummary> | null | undefined;
function builtSummary(key: string): CallSummary | undefined {
  if (builtLibrary === undefined) {
    try {
      builtLibrary = JSON.parse(readFileSync(BUILT_LIBRARY, "utf8")) as Record<string, CallSummary>;
    } catch {
      builtLibrary = null;
    }
  }
  return builtLibrary !== null && Object.hasOwn(builtLibrary, key) ? builtLibrary[key] : undefined;
}

export const STANDARD_LIBRARY_KEYS: readonly string[] = STANDARD_LIBRARY;

/** The bytes of a standard library declaration file, for building its summary. */
export function readStandardLibrary(key: string): string {
  return readFileSync(locate("", key), "utf8");
}

/**
 * Installed packages' declaration files under `root`, found as the compiler finds them: from the
 * importing file's folder up to the root, `node_modules/<name>` (its `exports` types condition,
 * `types`/`typings`, or `index.d.ts`) and then `node_modules/@types/<name>`; inside a package,
 * relative specifiers to other declaration files. Keys are paths from the root; nothing outside
 * the root is read. Summaries come from the cache when `cacheVersion` (the extractor's) is given
 * and it has them; the others are summarised by `fill`, which the caller runs (loading the
 * compiler) only when linking reached such a file.
 */
export function packageDeclarations(root: string, cacheVersion?: string): PackageDeclarations {
  const stored = cacheVersion === undefined ? undefined : storedSummaries({ dir: join(root, CACHE_DIR, "declarations"), version: cacheVersion });
  const summaries = new Map<string, CallSummary | null>();
  const pending = new Set<string>();
  const hashes = new Map<string, string>();
  const manifests = new Map<string, Manifest | null>();
  const resolved = new Map<string, string | null>();

  const isFile = (key: string): boolean => {
    try {
      return statSync(join(root, key)).isFile();
    } catch {
      return false;
    }
  };
  const manifestOf = (dir: string): Manifest | null => {
    let manifest = manifests.get(dir);
    if (manifest === undefined) {
      try {
        const parsed = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as unknown;
        manifest = parsed !== null && typeof parsed === "object" ? (parsed as Manifest) : null;
      } catch {
        manifest = null;
      }
      manifests.set(dir, manifest);
    }
    return manifest;
  };
  /** The declaration file a path written in a package stands for, tried as the compiler tries it. */
  const declarationAt = (path: string): string | null => {
    const key = inside(path);
    if (key === null) return null;
    if (DECLARATION.test(key)) return isFile(key) ? key : null;
    const script = /\.([cm]?)js$/.exec(key);
    if (script) {
      const declaration = `${key.slice(0, -script[0].length)}.d.${script[1]}ts`;
      return isFile(declaration) ? declaration : null;
    }
    for (const candidate of [`${key}.d.ts`, `${key}/index.d.ts`]) if (isFile(candidate)) return candidate;
    return null;
  };
  const entryOf = (dir: string, subpath: string): string | null => {
    const manifest = manifestOf(dir);
    const exported = manifest?.exports === undefined ? undefined : typesCondition(subpathExport(manifest.exports, subpath));
    if (exported !== undefined) return declarationAt(posix.join(dir, exported));
    if (subpath === "") {
      const declared = typeof manifest?.types === "string" ? manifest.types : typeof manifest?.typings === "string" ? manifest.typings : undefined;
      return declarationAt(posix.join(dir, declared ?? "index.d.ts"));
    }
    const nested = manifestOf(posix.join(dir, subpath));
    const declared = typeof nested?.types === "string" ? nested.types : typeof nested?.typings === "string" ? nested.typings : undefined;
    if (declared !== undefined) return declarationAt(posix.join(dir, subpath, declared));
    return declarationAt(posix.join(dir, subpath));
  };
  // Every folder up from each importing file's is probed for every package name it imports (a
  // Java or PHP file's imports too): without this, each probe stats paths under a node_modules
  // that is not there (halo: 2.3 s of a 3.3 s link).
  const modulesFolders = new Map<string, boolean>();
  const hasModulesFolder = (base: string): boolean => {
    let found = modulesFolders.get(base);
    if (found === undefined) {
      try {
        found = statSync(join(root, base, "node_modules")).isDirectory();
      } catch {
        found = false;
      }
      modulesFolders.set(base, found);
    }
    return found;
  };
  const resolveBare = (fromDir: string, specifier: string): string | null => {
    if (specifier.startsWith("node:") || specifier.startsWith("/")) return null;
    const parts = specifier.split("/");
    const nameLength = specifier.startsWith("@") ? 2 : 1;
    if (parts.length < nameLength || parts.some((part) => part === "" || part === "." || part === "..")) return null;
    const name = parts.slice(0, nameLength).join("/");
    const subpath = parts.slice(nameLength).join("/");
    const typesName = name.startsWith("@") ? name.slice(1).replace("/", "__") : name;
    for (let dir = fromDir; ; dir = posix.dirname(dir)) {
      const base = dir === "." ? "" : dir;
      const found = !hasModulesFolder(base) ? null : (entryOf(posix.join(base, "node_modules", name), subpath) ?? entryOf(posix.join(base, "node_modules/@types", typesName), subpath));
      if (found !== null) return found;
      if (base === "") return null;
    }
  };

  const packageDirs = new Map<string, string>();
  /** The folder of the nearest package.json above `dir` ("" for the root's). */
  const ownPackageDir = (dir: string): string => {
    const key = dir === "." ? "" : dir;
    let found = packageDirs.get(key);
    if (found === undefined) {
      found = key === "" || isFile(posix.join(key, "package.json")) ? key : ownPackageDir(posix.dirname(key));
      packageDirs.set(key, found);
    }
    return found;
  };
  const resolve = (from: string, specifier: string): string | null => {
    const fromDir = posix.dirname(from);
    const memo = `${fromDir}\0${specifier}`;
    let found = resolved.get(memo);
    if (found === undefined) {
      found = specifier.startsWith(".") ? (DECLARATION.test(from) ? declarationAt(posix.join(fromDir, specifier)) : null) : (builtSelfEntry(specifier, from) ?? resolveBare(fromDir, specifier));
      resolved.set(memo, found);
    }
    return found;
  };

  /** The built declaration file the repository's own package name reaches from a file of that package, as the compiler resolves a self-reference. */
  const builtSelfEntry = (specifier: string, from: string): string | null => {
    const name = manifestOf("")?.name;
    if (typeof name !== "string" || (specifier !== name && !specifier.startsWith(`${name}/`))) return null;
    // A self-reference resolves only inside the package: a file under another package.json looks in node_modules.
    if (ownPackageDir(posix.dirname(from)) !== "") return null;
    return entryOf("", specifier.slice(name.length + 1));
  };

  return {
    resolve,
    builtSelf: (specifier, from) => builtSelfEntry(specifier, from) !== null,
    summary(key) {
      const known = summaries.get(key);
      if (known !== undefined) return known ?? undefined;
      const built = key.startsWith(LIBRARY_PREFIX) ? builtSummary(key) : undefined;
      if (built !== undefined) {
        summaries.set(key, built);
        return built;
      }
      const bytes = bytesOf(key);
      if (bytes === null) {
        summaries.set(key, null);
        return undefined;
      }
      const sha = createHash("sha256").update(bytes).digest("hex");
      if (!key.startsWith(LIBRARY_PREFIX)) hashes.set(key, sha);
      const kept = stored?.get(sha);
      if (kept !== undefined) {
        summaries.set(key, kept);
        return kept;
      }
      pending.add(key);
      return undefined;
    },
    missing: () => [...pending],
    fill(summarize) {
      const queue = [...pending];
      pending.clear();
      for (let i = 0; i < queue.length && i < MAX_FILLED; i += 1) {
        const key = queue[i]!;
        if (summaries.has(key)) continue;
        const bytes = bytesOf(key);
        if (bytes === null) {
          summaries.set(key, null);
          continue;
        }
        const sha = createHash("sha256").update(bytes).digest("hex");
        if (!key.startsWith(LIBRARY_PREFIX)) hashes.set(key, sha);
        let summary = stored?.get(sha);
        if (summary === undefined) {
          summary = summarize(key, bytes.toString("utf8"));
          stored?.put(sha, summary);
        }
        summaries.set(key, summary);
        // What it re-exports is what a lookup through it reads next: summarised in the same round.
        for (const binding of summary.exports) {
          const next = binding.specifier === undefined ? null : resolve(key, binding.specifier);
          if (next !== null && !summaries.has(next)) queue.push(next);
        }
      }
    },
    read: () => hashes,
    standardLibrary: STANDARD_LIBRARY,
  };

  function bytesOf(key: string): Buffer | null {
    try {
      const bytes = readFileSync(locate(root, key));
      return bytes.length <= MAX_BYTES ? bytes : null;
    } catch {
      return null;
    }
  }
}

/** Where summaries of declaration files are kept between runs, and the extractor that made them. */
interface SummaryCache {
  dir: string;
  version: string;
}

/**
 * Summaries by the SHA-256 of the declaration file's bytes, one file each, for this extractor
 * only (the others' are removed on the first write): @types/react takes ~150 ms to summarise and
 * a few to read back, and a hook run would otherwise pay that on every commit that touches React code.
 */
function storedSummaries(cache: SummaryCache): { get(sha: string): CallSummary | undefined; put(sha: string, summary: CallSummary): void } {
  const prefix = createHash("sha256").update(cache.version).digest("hex").slice(0, 12);
  let swept = false;
  return {
    get(sha) {
      try {
        return JSON.parse(readFileSync(join(cache.dir, `${prefix}-${sha}.json`), "utf8")) as CallSummary;
      } catch {
        return undefined;
      }
    },
    put(sha, summary) {
      try {
        mkdirSync(cache.dir, { recursive: true });
        if (!swept) {
          swept = true;
          for (const name of readdirSync(cache.dir)) if (!name.startsWith(`${prefix}-`)) rmSync(join(cache.dir, name), { force: true });
        }
        const path = join(cache.dir, `${prefix}-${sha}.json`);
        const temporary = `${path}.${process.pid}.tmp`;
        writeFileSync(temporary, JSON.stringify(summary));
        renameSync(temporary, path);
      } catch {
        // A cache that cannot be written costs the next run the summarising, nothing else.
      }
    },
  };
}

/**
 * Which packages are installed where linking looks for them (`node_modules` of the root and of each
 * workspace package, scoped ones included), as one hash: a package installed or removed changes it,
 * and with it what a bare specifier reaches, so the next run relinks everything.
 */
export function installedPackagesStamp(root: string, dirs: readonly string[]): string {
  const names: string[] = [];
  for (const dir of ["", ...dirs]) {
    const folder = join(root, dir, "node_modules");
    for (const entry of listDirectory(folder)) {
      if (entry.startsWith(".")) continue;
      if (entry.startsWith("@")) for (const inner of listDirectory(join(folder, entry))) names.push(`${dir}\0${entry}/${inner}`);
      else names.push(`${dir}\0${entry}`);
    }
  }
  return createHash("sha256").update(names.sort().join("\n")).digest("hex");
}

function listDirectory(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/**
 * The subpaths of the repository's own package (its `exports` keys, wildcards aside) whose built
 * declarations exist: a build appearing or going changes where a self-import resolves.
 */
export function builtSelfEntries(root: string): string[] {
  let manifest: Manifest | undefined;
  try {
    manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest;
  } catch {
    return [];
  }
  const { name, exports } = manifest ?? {};
  if (typeof name !== "string" || exports === null || typeof exports !== "object" || Array.isArray(exports)) return [];
  const declarations = packageDeclarations(root);
  return Object.keys(exports)
    .filter((key) => key.startsWith(".") && !key.includes("*"))
    .filter((key) => declarations.builtSelf!(key === "." ? name : `${name}${key.slice(1)}`, "package.json"))
    .sort();
}

/** The SHA-256 of each declaration file named, as it is now (absent: gone or unreadable). */
export function hashDeclarations(root: string, keys: Iterable<string>): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const key of keys) {
    if (inside(key) === null) continue;
    try {
      hashes.set(key, createHash("sha256").update(readFileSync(locate(root, key))).digest("hex"));
    } catch {
      // A package removed: its key stays absent, which differs from the hash recorded.
    }
  }
  return hashes;
}

interface Manifest {
  name?: unknown;
  types?: unknown;
  typings?: unknown;
  exports?: unknown;
}

/** A path from the root, normalised; null when it would leave the root. */
function inside(path: string): string | null {
  const key = posix.normalize(path);
  return key.startsWith("../") || key === ".." || posix.isAbsolute(key) ? null : key;
}

/** The entry of an `exports` field for `./subpath` (or `.`): a sugar string, a map of subpaths, or conditions. */
function subpathExport(exports: unknown, subpath: string): unknown {
  const wanted = subpath === "" ? "." : `./${subpath}`;
  if (typeof exports === "string" || Array.isArray(exports)) return subpath === "" ? exports : undefined;
  if (exports === null || typeof exports !== "object") return undefined;
  const entries = exports as Record<string, unknown>;
  const keys = Object.keys(entries);
  // Conditions at the top level stand for ".".
  if (!keys.some((key) => key.startsWith("."))) return subpath === "" ? entries : undefined;
  if (Object.hasOwn(entries, wanted)) return entries[wanted];
  // `"./*": "./dist/*.d.ts"`: one star, replaced by what it matched.
  for (const key of keys) {
    const star = key.indexOf("*");
    if (star < 0) continue;
    const [prefix, suffix] = [key.slice(0, star), key.slice(star + 1)];
    if (wanted.startsWith(prefix) && wanted.endsWith(suffix) && wanted.length >= prefix.length + suffix.length) {
      return substitute(entries[key], wanted.slice(prefix.length, wanted.length - suffix.length));
    }
  }
  return undefined;
}

function substitute(entry: unknown, star: string): unknown {
  if (typeof entry === "string") return entry.replace("*", star);
  if (Array.isArray(entry)) return entry.map((item) => substitute(item, star));
  if (entry !== null && typeof entry === "object") return Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, substitute(value, star)]));
  return entry;
}

/** The path an export entry gives the compiler: its `types` condition first, then the conditions it would take. */
function typesCondition(entry: unknown): string | undefined {
  if (typeof entry === "string") return entry;
  if (Array.isArray(entry)) {
    for (const item of entry) {
      const found = typesCondition(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (entry === null || typeof entry !== "object") return undefined;
  const conditions = entry as Record<string, unknown>;
  for (const condition of ["types", "import", "require", "node", "default"]) {
    if (Object.hasOwn(conditions, condition)) {
      const found = typesCondition(conditions[condition]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
