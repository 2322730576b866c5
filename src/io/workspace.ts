import { readIfReadable, readText } from "./atomic-write.js";
import { join } from "node:path";
import * as yaml from "js-yaml";
import picomatch from "picomatch";
import type { RepoPath } from "../model.js";
import type { WorkspacePackage } from "../core/index/build-modules.js";
import { normalisePath } from "../core/index/resolve-import.js";

interface PackageJson {
  name?: string;
  main?: string;
  module?: string;
  types?: string;
  source?: string;
  exports?: unknown;
  imports?: unknown;
  workspaces?: string[] | { packages?: string[] };
}

/**
 * Synchronous: a monorepo has a hundred small manifests, and reading them one after another
 * through the thread pool costs a commit hook tens of milliseconds while nothing else runs.
 */
function readJson(path: string): PackageJson | undefined {
  const text = readIfReadable(path);
  try {
    return text === undefined ? undefined : (JSON.parse(text) as PackageJson);
  } catch {
    return undefined;
  }
}

/**
 * Workspace packages declared by package.json `workspaces` or pnpm-workspace.yaml, each with the
 * source files its package.json points at. Empty for a single-package repository. With `listed`
 * (the repository's files, as an index run lists them) the manifests are found among those, not
 * by walking the disk: a commit hook is spared the walk and the glob library's loading.
 */
export async function discoverWorkspacePackages(root: string, listed?: readonly RepoPath[]): Promise<WorkspacePackage[]> {
  const rootPackage = readJson(join(root, "package.json"));
  const patterns: string[] = [];
  const workspaces = rootPackage?.workspaces;
  if (Array.isArray(workspaces)) patterns.push(...workspaces);
  else if (workspaces && Array.isArray(workspaces.packages)) patterns.push(...workspaces.packages);
  try {
    const pnpm = yaml.load(await readText(join(root, "pnpm-workspace.yaml"))) as { packages?: unknown } | null;
    if (pnpm && Array.isArray(pnpm.packages)) patterns.push(...pnpm.packages.filter((p): p is string => typeof p === "string"));
  } catch {
    // No pnpm workspace (or an unreadable one): package.json workspaces alone decide.
  }
  if (patterns.length === 0) return [];

  // `./packages/*` and `packages/*` alike.
  const bare = (pattern: string): string => pattern.replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");
  const positive = patterns.filter((p) => !p.startsWith("!")).map((p) => `${bare(p)}/package.json`);
  const ignore = ["**/node_modules/**", ...patterns.filter((p) => p.startsWith("!")).map((p) => `${bare(p.slice(1))}/**`)];
  const manifests = listed ? manifestsAmong(listed, picomatch(positive, { ignore })) : await (await import("fast-glob")).default(positive, { cwd: root, ignore, onlyFiles: true });
  const packages: WorkspacePackage[] = [];
  for (const manifest of manifests.sort()) {
    const dir = manifest.slice(0, -"/package.json".length);
    const json = readJson(join(root, manifest));
    if (!json?.name) continue;
    packages.push(workspacePackage(json.name, dir, json));
  }
  return packages;
}

/** The package.json files among `listed` that `matches`: the name is tested first, the patterns on what is left. */
function manifestsAmong(listed: readonly RepoPath[], matches: (path: string) => boolean): RepoPath[] {
  return listed.filter((path) => path.endsWith("/package.json") && matches(path));
}

/**
 * The repository's own package, when its package.json has a name and an `exports` field: code in
 * the package may then import it by name (a self-reference), as the compiler resolves it.
 */
export async function readSelfPackage(root: string): Promise<WorkspacePackage | null> {
  const json = readJson(join(root, "package.json"));
  return json?.name && (json.exports !== undefined || json.imports !== undefined) ? workspacePackage(json.name, "", json) : null;
}

function workspacePackage(name: string, dir: RepoPath, json: PackageJson): WorkspacePackage {
  const subpaths = subpathHints(dir, json);
  const imports = importHints(dir, json);
  return { name, dir, entryHints: entryHints(dir, json), ...(subpaths.length > 0 ? { subpaths } : {}), ...(imports.length > 0 ? { imports } : {}) };
}

/** package.json `imports` (`"#lib/*": "./src/lib/*.ts"`), each with the sources its targets are built from; a package's name as a target is left out. */
function importHints(dir: string, json: PackageJson): [pattern: string, hints: RepoPath[]][] {
  const imported = json.imports;
  if (!imported || typeof imported !== "object" || Array.isArray(imported)) return [];
  const patterns: [string, RepoPath[]][] = [];
  for (const [key, value] of Object.entries(imported as Record<string, unknown>)) {
    if (!key.startsWith("#") || key.split("*").length > 2) continue;
    const targets: string[] = [];
    collectTargets(value, targets);
    const hints = sourceHints(dir, targets.filter((target) => target.startsWith("./") && target.split("*").length === key.split("*").length));
    if (hints.length > 0) patterns.push([key, hints]);
  }
  return patterns;
}

/** package.json entry fields mapped back to the sources they are built from. */
function entryHints(dir: string, json: PackageJson): string[] {
  // In the compiler's order (`exports`, then `types`, then scripts), after a `source` field that names the sources outright.
  const targets: string[] = typeof json.source === "string" ? [json.source] : [];
  const exported = json.exports;
  const root = exported && typeof exported === "object" && !Array.isArray(exported) && isSubpathMap(exported) ? (exported as Record<string, unknown>)["."] : exported;
  collectTargets(root, targets);
  for (const field of [json.types, json.module, json.main]) if (typeof field === "string") targets.push(field);
  const hints = sourceHints(dir, targets);
  // No entry field: a source build's src/index, else what Node and the compiler load, the package folder's index.
  if (hints.length === 0) for (const stem of ["src/index", "index"]) for (const extension of [".ts", ".tsx", ".js"]) hints.push(under(dir, `${stem}${extension}`));
  return hints;
}

/**
 * The `exports` subpaths other than "." (`./decorators`, `./utils/*`), each with the sources its
 * targets are built from; a `*` in a pattern stands for the same text in its hints.
 */
function subpathHints(dir: string, json: PackageJson): [pattern: string, hints: RepoPath[]][] {
  const exported = json.exports;
  if (!exported || typeof exported !== "object" || Array.isArray(exported) || !isSubpathMap(exported)) return [];
  const subpaths: [string, RepoPath[]][] = [];
  for (const [key, value] of Object.entries(exported as Record<string, unknown>)) {
    if (key === "." || !key.startsWith("./") || key.endsWith(".json") || key.split("*").length > 2) continue;
    const targets: string[] = [];
    collectTargets(value, targets);
    const hints = sourceHints(dir, targets.filter((target) => target.split("*").length === key.split("*").length));
    if (hints.length > 0) subpaths.push([key.slice(2), hints]);
  }
  return subpaths;
}

/** An `exports` object keyed by subpaths (`"."`, `"./x"`), not by conditions (`import`, `types`). */
function isSubpathMap(exported: object): boolean {
  return Object.keys(exported).some((key) => key.startsWith("."));
}

/**
 * Conditions of an environment the compiler does not resolve for (`"react-server"` before `"import"`
 * in @tanstack/react-router's exports leads to an entry that exports a few names): their targets come last.
 */
const OTHER_ENVIRONMENTS = new Set(["react-server", "browser", "worker", "deno", "bun", "edge-light", "workerd", "react-native", "electron", "development", "production", "solid", "svelte"]);

/** Every target string of an `exports` value, conditions in the order written (`types` usually first), other environments' last. */
function collectTargets(value: unknown, targets: string[]): void {
  const later: string[] = [];
  const visit = (inner: unknown, deferred: boolean): void => {
    if (typeof inner === "string") (deferred ? later : targets).push(inner);
    else if (Array.isArray(inner)) for (const item of inner) visit(item, deferred);
    else if (inner && typeof inner === "object") for (const [key, item] of Object.entries(inner)) visit(item, deferred || OTHER_ENVIRONMENTS.has(key));
  };
  visit(value, false);
  targets.push(...later);
}

/**
 * Each target as written, then the sources the targets are built from, all targets' TypeScript
 * sources before hand-written declaration files beside scripts (`lib/a.d.ts` from `src/a.d.ts`),
 * and those before the scripts: `lib/a.js` → `src/a.ts`, `src/a.tsx`, `src/a.d.ts`, `src/a.js`.
 */
function sourceHints(dir: string, targets: readonly string[]): RepoPath[] {
  const written: string[] = [];
  const sources: string[] = [];
  const declarations: string[] = [];
  const scripts: string[] = [];
  const inDir = dir === "" ? "" : `${escape(dir)}/`;
  const built = new RegExp(`^${inDir}(dist|lib|build|out)/`);
  // `dist/esm/index.js` is built from `src/index.ts` as often as from `src/esm/index.ts`: a format folder is a build's.
  const formatFolder = new RegExp(`^${inDir}(dist|lib|build|out)/(esm|cjs|es|mjs|umd|types|source)/`);
  // Then any folder a build names (`build/main/index.js` from `src/index.ts`), then sources kept at the package's root (`lib/index.js` from `index.ts`).
  const anyFolder = new RegExp(`^${inDir}(dist|lib|build|out)/[^/]+/`);
  for (const target of targets) {
    const path = normalisePath(under(dir, target));
    if (!path) continue;
    written.push(path);
    // The flavour of module the target is: `m` for `.mjs`/`.d.mts`, `c` for `.cjs`/`.d.cts`.
    const flavour = /(?:\.d)?\.([cm]?)[jt]s$/.exec(path)?.[1] ?? "";
    const stem = path.replace(/\.d\.[cm]?ts$|\.[cm]?js$/, "");
    const stems = [...new Set([stem.replace(built, under(dir, "src/")), stem.replace(formatFolder, under(dir, "src/")), stem.replace(anyFolder, under(dir, "src/")), stem.replace(built, under(dir, ""))])].filter((candidate) => candidate !== stem || !built.test(stem));
    for (const asSource of stems) {
      // `./lib/*`: the star carries the extension, if any, resolved like an import's.
      if (path.endsWith("*")) sources.push(asSource);
      else sources.push(`${asSource}.${flavour}ts`, ...(flavour === "" ? [`${asSource}.tsx`] : []));
      if (/\.d\.[cm]?ts$/.test(path)) declarations.push(`${asSource}.d.${flavour}ts`);
      if (!path.endsWith("*")) scripts.push(`${asSource}.${flavour}js`);
    }
  }
  return [...new Set([...written, ...sources, ...declarations, ...scripts])];
}

function under(dir: string, path: string): string {
  return dir === "" ? path : `${dir}/${path}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
