import type { RepoPath } from "../../model.js";
import type { GoModule } from "../../formats/go-mod.js";
import { nearestPath } from "./nearest-path.js";

/**
 * Python and Go imports to indexed files, given every indexed path (what module building needs:
 * the file an import reaches, so that its module depends on that file's module).
 *
 * Python: a relative import (`.x`, `..pkg.mod`) from the importing file's folder; an absolute one
 * (`pkg.mod`) by module name, each file named from the nearest folder above it that is not a
 * package (has no `__init__.py`), as Python's path finder sees a checkout with that folder on
 * `sys.path`; when two files have the name, the one sharing the longest folder prefix with the
 * importer. Go: an import path inside a go.mod's module to that package's folder, represented by
 * its first non-test file.
 */
export function languageImportResolver(paths: readonly RepoPath[], goModules: readonly GoModule[]): (from: RepoPath, specifier: string) => RepoPath | null {
  const files = new Set(paths);
  let pythonModules: Map<string, RepoPath[]> | undefined;
  let goPackages: Map<RepoPath, RepoPath> | undefined;
  const modulesByDepth = [...goModules].sort((a, b) => b.path.length - a.path.length || (a.path < b.path ? -1 : 1));
  return (from, specifier) => {
    if (from.endsWith(".py")) {
      if (specifier.startsWith(".")) return resolveRelativePython(from, specifier, files);
      pythonModules ??= pythonModuleNames(paths, files);
      return nearestPath(pythonModules.get(specifier), from);
    }
    if (from.endsWith(".go")) {
      goPackages ??= goPackageFiles(paths);
      const dir = goPackageFolder(modulesByDepth, specifier);
      return dir === null ? null : (goPackages.get(dir) ?? null);
    }
    return null;
  };
}

/**
 * The files of the Go package an import path (or `.`, the importer's own package) names, tests
 * last; undefined for a file that is not Go, an empty list for a package outside the repository.
 */
export function goPackageResolver(paths: readonly RepoPath[], goModules: readonly GoModule[]): (from: RepoPath, specifier: string) => readonly RepoPath[] | undefined {
  const byFolder = new Map<RepoPath, RepoPath[]>();
  for (const path of [...paths].filter((p) => p.endsWith(".go")).sort(testsLast)) {
    const dir = folderOf(path);
    const list = byFolder.get(dir) ?? [];
    list.push(path);
    byFolder.set(dir, list);
  }
  const modulesByDepth = [...goModules].sort((a, b) => b.path.length - a.path.length || (a.path < b.path ? -1 : 1));
  return (from, specifier) => {
    if (!from.endsWith(".go")) return undefined;
    if (specifier === ".") return byFolder.get(folderOf(from)) ?? [];
    const dir = goPackageFolder(modulesByDepth, specifier);
    return dir === null ? [] : (byFolder.get(dir) ?? []);
  };
}

function goPackageFolder(modulesByDepth: readonly GoModule[], specifier: string): RepoPath | null {
  for (const module of modulesByDepth) {
    if (specifier !== module.path && !specifier.startsWith(`${module.path}/`)) continue;
    const rest = specifier.slice(module.path.length + 1);
    return module.dir && rest ? `${module.dir}/${rest}` : module.dir || rest;
  }
  return null;
}

function folderOf(path: RepoPath): RepoPath {
  return path.slice(0, Math.max(0, path.lastIndexOf("/")));
}

const testsLast = (a: RepoPath, b: RepoPath): number => Number(a.endsWith("_test.go")) - Number(b.endsWith("_test.go")) || (a < b ? -1 : a > b ? 1 : 0);

function resolveRelativePython(from: RepoPath, specifier: string, files: ReadonlySet<RepoPath>): RepoPath | null {
  const dots = /^\.+/.exec(specifier)![0].length;
  const parts = from.split("/").slice(0, -1);
  // One dot is the importer's own package (its folder); each further dot is one folder up.
  if (dots - 1 > parts.length) return null;
  const base = parts.slice(0, parts.length - (dots - 1));
  const rest = specifier.slice(dots).split(".").filter(Boolean);
  const stem = [...base, ...rest].join("/");
  return moduleFile(stem, files);
}

function moduleFile(stem: string, files: ReadonlySet<RepoPath>): RepoPath | null {
  for (const candidate of [`${stem}.py`, stem ? `${stem}/__init__.py` : "__init__.py"]) if (files.has(candidate)) return candidate;
  return null;
}

function pythonModuleNames(paths: readonly RepoPath[], files: ReadonlySet<RepoPath>): Map<string, RepoPath[]> {
  const names = new Map<string, RepoPath[]>();
  for (const path of paths) {
    if (!path.endsWith(".py")) continue;
    const parts = path.split("/");
    const leaf = parts.pop()!;
    const segments = leaf === "__init__.py" ? [] : [leaf.slice(0, -3)];
    // Climb while the folder is a package: its name is part of the module's.
    while (parts.length > 0 && files.has(`${parts.join("/")}/__init__.py`)) segments.unshift(parts.pop()!);
    if (segments.length === 0) continue;
    const name = segments.join(".");
    const list = names.get(name) ?? [];
    list.push(path);
    names.set(name, list);
  }
  return names;
}

/** Each folder holding Go files, to its first non-test file (its first file when all are tests). */
function goPackageFiles(paths: readonly RepoPath[]): Map<RepoPath, RepoPath> {
  const packages = new Map<RepoPath, RepoPath>();
  for (const path of [...paths].filter((p) => p.endsWith(".go")).sort(testsLast)) if (!packages.has(folderOf(path))) packages.set(folderOf(path), path);
  return packages;
}
