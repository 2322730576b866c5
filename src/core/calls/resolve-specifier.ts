import type { CallSummary, RepoPath } from "../../model.js";
import type { WorkspacePackage } from "../index/build-modules.js";
import { normalisePath, resolveRelativeImport } from "../index/resolve-import.js";

/** `compilerOptions.paths`/`baseUrl` of one tsconfig, already made repo-relative; it applies to the files under `dir`. */
export interface PathMapping {
  /** Directory of the tsconfig that declares (or inherits) the mapping. */
  dir: RepoPath;
  /** `baseUrl`, repo-relative, or null when the config has none. */
  baseUrl: RepoPath | null;
  /** What `paths` targets are relative to: `baseUrl`, else the config that declares them. */
  pathsBase: RepoPath;
  /** Patterns in declaration order, each with its targets. */
  paths: [pattern: string, targets: string[]][];
}

export interface ModuleResolver {
  files: ReadonlySet<RepoPath>;
  packages: readonly WorkspacePackage[];
  /** Sorted deepest directory first, so the nearest tsconfig wins. */
  mappings: readonly PathMapping[];
  /** Imports of the files the compiler does not resolve for (Python, Go): undefined for the others. */
  other?: (from: RepoPath, specifier: string) => RepoPath | null | undefined;
  /** Installed packages' declaration files, read for the types they hand back (absent: every package is opaque). */
  outside?: OutsideDeclarations;
}

/**
 * Declaration files outside the indexed sources, each known by a key (its path from the root):
 * what a package specifier reaches from a file (or from another such file), and its summary.
 */
export interface OutsideDeclarations {
  resolve(from: string, specifier: string): string | null;
  summary(key: string): CallSummary | undefined;
  /** Keys of the standard library's declaration files: global scripts, whose types a file uses without importing. */
  standardLibrary?: readonly string[];
  /**
   * Whether the repository's own package, imported by this name from a file of that package (its
   * nearest package.json is the root's), reaches a declaration file that exists (built output):
   * the compiler then resolves there, outside the sources.
   */
  builtSelf?(specifier: string, from: RepoPath): boolean;
}

export function createModuleResolver(
  files: ReadonlySet<RepoPath>,
  packages: readonly WorkspacePackage[],
  mappings: readonly PathMapping[],
  other?: ModuleResolver["other"],
  outside?: OutsideDeclarations,
): ModuleResolver {
  const sorted = [...mappings].sort((a, b) => b.dir.length - a.dir.length || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  return { files, packages, mappings: sorted, ...(other ? { other } : {}), ...(outside ? { outside } : {}) };
}

/**
 * The indexed file a module specifier reaches from `from`, the way the compiler resolves it:
 * relative paths, then the nearest tsconfig's `paths` and `baseUrl`, then workspace packages by
 * name (to their sources). Null: a package outside the repository, or nothing that exists.
 */
export function resolveSpecifier(resolver: ModuleResolver, from: RepoPath, specifier: string): RepoPath | null {
  const other = resolver.other?.(from, specifier);
  if (other !== undefined) return other;
  const relative = resolveRelativeImport(from, specifier, resolver.files);
  if (relative !== null || specifier.startsWith(".")) return relative;
  // Every applicable tsconfig, nearest first (a folder often has a build and a test config).
  for (const mapping of resolver.mappings) {
    if (mapping.dir !== "" && !from.startsWith(`${mapping.dir}/`)) continue;
    for (const [pattern, targets] of mapping.paths) {
      const star = matchPattern(pattern, specifier);
      if (star === null) continue;
      for (const target of targets) {
        const found = resolveFromRoot(joinPath(mapping.pathsBase, target.replace("*", star)), resolver.files);
        if (found !== null) return found;
      }
    }
    if (mapping.baseUrl !== null) {
      const found = resolveFromRoot(joinPath(mapping.baseUrl, specifier), resolver.files);
      if (found !== null) return found;
    }
  }
  // `#internal/x`: the `imports` of the package the importing file belongs to (the one whose folder is nearest).
  if (specifier.startsWith("#")) {
    const owner = resolver.packages.filter((pkg) => pkg.dir === "" || from.startsWith(`${pkg.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0];
    return owner ? patternTarget(owner.imports, specifier, resolver.files) : null;
  }
  for (const pkg of resolver.packages) {
    // The repository's own package: its sources, unless the compiler would land on its built declarations.
    if (pkg.dir === "" && (specifier === pkg.name || specifier.startsWith(`${pkg.name}/`)) && resolver.outside?.builtSelf?.(specifier, from)) return null;
    if (specifier === pkg.name) {
      const entry = pkg.entryHints.find((hint) => resolver.files.has(hint));
      if (entry !== undefined) return entry;
    } else if (specifier.startsWith(`${pkg.name}/`)) {
      const rest = specifier.slice(pkg.name.length + 1);
      const exported = patternTarget(pkg.subpaths, rest, resolver.files);
      if (exported !== null) return exported;
      const found = resolveFromRoot(joinPath(pkg.dir, `src/${rest}`), resolver.files) ?? resolveFromRoot(joinPath(pkg.dir, rest), resolver.files);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * resolveSpecifier, remembering its answers: what a file's specifier reaches depends on the file's
 * folder alone (its language's own resolution aside), and a bare one's only on which tsconfigs
 * apply there, which package owns it, and for the repository's own name the folder. Planning a
 * relink after files came or went asks again for every specifier a repository has written.
 */
export function specifierResolver(resolver: ModuleResolver): (from: RepoPath, specifier: string) => RepoPath | null {
  const byFolder = new Map<RepoPath, Map<string, RepoPath | null>>();
  const byContext = new Map<string, Map<string, RepoPath | null>>();
  // Each folder's context as a small number: that of its parent folder, unless a tsconfig or a
  // package.json sits in it. The same few contexts recur in thousands of folders.
  const contexts = new Map<RepoPath, number>();
  const contextIds = new Map<string, number>();
  const mappingsIn = new Map<RepoPath, number[]>();
  resolver.mappings.forEach((mapping, i) => mappingsIn.set(mapping.dir, [...(mappingsIn.get(mapping.dir) ?? []), i]));
  const packageDirs = new Set(resolver.packages.map((pkg) => pkg.dir));
  const rootNames = resolver.packages.filter((pkg) => pkg.dir === "").map((pkg) => pkg.name);
  const contextOf = (folder: RepoPath): number => {
    let id = contexts.get(folder);
    if (id === undefined) {
      const parent = folder === "" ? -1 : contextOf(folder.slice(0, Math.max(0, folder.lastIndexOf("/"))));
      const own = mappingsIn.get(folder);
      if (own === undefined && !packageDirs.has(folder) && parent >= 0) id = parent;
      else {
        const context = `${parent}\0${(own ?? []).join(",")}\0${packageDirs.has(folder) ? folder : ""}`;
        id = contextIds.get(context) ?? contextIds.size;
        contextIds.set(context, id);
      }
      contexts.set(folder, id);
    }
    return id;
  };
  return (from, specifier) => {
    const other = resolver.other?.(from, specifier);
    if (other !== undefined) return other;
    const folder = from.slice(0, Math.max(0, from.lastIndexOf("/")));
    const ownName = rootNames.some((name) => specifier === name || specifier.startsWith(`${name}/`));
    // By folder or by context: two maps, so that no key of one can be taken for one of the other.
    const answers = specifier.startsWith(".") || ownName ? byFolder : byContext;
    const place = answers === byFolder ? folder : `${contextOf(folder)}`;
    let known = answers.get(place);
    if (known === undefined) answers.set(place, (known = new Map()));
    let found = known.get(specifier);
    if (found === undefined) {
      found = resolveSpecifier(resolver, from, specifier);
      known.set(specifier, found);
    }
    return found;
  };
}

/**
 * The source a specifier reaches through a package's `exports` subpaths or `imports`, as Node
 * matches them: the exact key, else the pattern with the longest text before its `*`.
 */
function patternTarget(patterns: WorkspacePackage["subpaths"], rest: string, files: ReadonlySet<RepoPath>): RepoPath | null {
  if (!patterns) return null;
  let best: { star: string; hints: RepoPath[]; prefix: number } | undefined;
  for (const [pattern, hints] of patterns) {
    const star = matchPattern(pattern, rest);
    if (star === null) continue;
    const prefix = pattern.includes("*") ? pattern.indexOf("*") : Infinity;
    if (best === undefined || prefix > best.prefix) best = { star, hints, prefix };
  }
  if (best === undefined) return null;
  for (const hint of best.hints) {
    const path = hint.replace("*", best.star);
    const found = files.has(path) ? path : hint.endsWith("*") ? resolveFromRoot(path, files) : null;
    if (found !== null) return found;
  }
  return null;
}

/**
 * Whether a bare specifier names a package of the repository (a workspace package or its own):
 * one that does not resolve is code ctx cannot see into, not a package from outside.
 */
export function namesRepositoryPackage(resolver: ModuleResolver, specifier: string): boolean {
  // A `#` import is always one of a package's own (package.json `imports`), whatever it maps to.
  return specifier.startsWith("#") || resolver.packages.some((pkg) => specifier === pkg.name || specifier.startsWith(`${pkg.name}/`));
}

/** What `*` stands for when `specifier` matches `pattern`; "" for an exact match; null otherwise. */
function matchPattern(pattern: string, specifier: string): string | null {
  const star = pattern.indexOf("*");
  if (star < 0) return pattern === specifier ? "" : null;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  if (specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) return null;
  return specifier.slice(prefix.length, specifier.length - suffix.length);
}

function joinPath(dir: RepoPath, path: string): string {
  return dir === "" ? path : `${dir}/${path}`;
}

function resolveFromRoot(path: string, files: ReadonlySet<RepoPath>): RepoPath | null {
  const normalised = normalisePath(path);
  if (normalised === null || normalised === "") return null;
  // Resolving `./x` from a file at the root applies the same extension and index rules.
  return resolveRelativeImport("_", `./${normalised}`, files);
}
