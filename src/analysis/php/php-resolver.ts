import type { RepoPath } from "../../model.js";
import type { BuildFile } from "../language-project.js";
import { joinPath } from "./join-path.js";
import { parseComposer } from "./parse-composer.js";

interface Rule {
  prefix: string;
  dirs: string[];
}

/**
 * Where a PHP import leads, as composer's autoloader and PHP's include find it: a name (`App\Http\Kernel`)
 * through the PSR-4 rules, then the PSR-0 ones, of every composer.json (`autoload` and `autoload-dev`),
 * the longest matching prefix first, then by its file name in a `classmap` folder; a function or constant
 * (`use function App\money;`) to the `autoload.files` file in its namespace's folder; a path (`./x.php`,
 * `lib/x.php`) from the importing file's folder. Null when no indexed file is there (a vendor package).
 */
export function phpResolver(paths: readonly RepoPath[], buildFiles: readonly BuildFile[]): (from: RepoPath, specifier: string) => RepoPath | null {
  const indexed = new Set(paths);
  const composers = buildFiles.flatMap((file) => parseComposer(file) ?? []);
  const byLength = (a: Rule, b: Rule): number => b.prefix.length - a.prefix.length;
  const toRules = (list: [string, string[]][]): Rule[] => list.map(([prefix, dirs]) => ({ prefix, dirs }));
  const psr4 = composers.flatMap((composer) => toRules(composer.psr4)).sort(byLength);
  const psr0 = composers.flatMap((composer) => toRules(composer.psr0)).sort(byLength);
  const files = composers.flatMap((composer) => composer.files).filter((path) => indexed.has(path));
  const classmap = composers.flatMap((composer) => composer.classmap);
  let classmapFiles: Map<string, RepoPath[]> | undefined;

  const indexedOrNull = (path: string): RepoPath | null => (indexed.has(path) ? path : null);

  const psr4File = (name: string): RepoPath | null => {
    for (const rule of psr4) {
      if (!matches(name, rule.prefix)) continue;
      const rest = `${name.slice(rule.prefix.length).replace(/^\\/, "").replaceAll("\\", "/")}.php`;
      for (const dir of rule.dirs) if (indexed.has(joinPath(dir, rest))) return joinPath(dir, rest);
    }
    return null;
  };

  const psr0File = (name: string): RepoPath | null => {
    // PSR-0 keeps the whole name in the path, and an underscore in the class name is a folder.
    const split = name.lastIndexOf("\\") + 1;
    const logical = `${name.slice(0, split).replaceAll("\\", "/")}${name.slice(split).replaceAll("_", "/")}.php`;
    for (const rule of psr0) {
      if (!name.startsWith(rule.prefix)) continue;
      for (const dir of rule.dirs) if (indexed.has(joinPath(dir, logical))) return joinPath(dir, logical);
    }
    return null;
  };

  const classmapFile = (name: string): RepoPath | null => {
    if (classmap.length === 0) return null;
    classmapFiles ??= filesByName(paths, classmap);
    const found = classmapFiles.get(`${name.slice(name.lastIndexOf("\\") + 1)}.php`) ?? [];
    // A class name two classmap files share says nothing of which one it is.
    return found.length === 1 ? found[0]! : null;
  };

  /** A function or constant: the `autoload.files` file that sits where its namespace's classes do. */
  const namespaceFile = (name: string): RepoPath | null => {
    const namespace = name.slice(0, Math.max(0, name.lastIndexOf("\\")));
    if (!namespace || files.length === 0) return null;
    for (const rule of psr4) {
      if (!matches(`${namespace}\\`, rule.prefix)) continue;
      const rest = namespace.slice(rule.prefix.length).replace(/^\\/, "").replaceAll("\\", "/");
      for (const dir of rule.dirs) {
        const folder = joinPath(dir, rest);
        const file = files.find((path) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "") === folder);
        if (file) return file;
      }
    }
    return null;
  };

  return (from, specifier) => {
    // A name has neither a slash nor a dot; a path has one of them.
    if (/[/.]/.test(specifier)) {
      if (specifier.startsWith("/")) return null;
      const folder = from.includes("/") ? from.slice(0, from.lastIndexOf("/")) : "";
      return indexedOrNull(joinPath(folder, specifier));
    }
    const name = specifier.replace(/^\\+/, "");
    if (!name) return null;
    return psr4File(name) ?? psr0File(name) ?? classmapFile(name) ?? namespaceFile(name);
  };
}

/** Whether `name` is in the namespace `prefix` (`App\` holds `App\Kernel`, not `Application\Kernel`); "" holds every name. */
function matches(name: string, prefix: string): boolean {
  if (prefix === "") return true;
  const namespace = prefix.endsWith("\\") ? prefix : `${prefix}\\`;
  return name.startsWith(namespace);
}

/** The PHP files under the classmap's folders (or named by it), by file name. */
function filesByName(paths: readonly RepoPath[], classmap: readonly string[]): Map<string, RepoPath[]> {
  const byName = new Map<string, RepoPath[]>();
  for (const path of paths) {
    if (!path.endsWith(".php") || !classmap.some((entry) => entry === "" || path === entry || path.startsWith(`${entry}/`))) continue;
    const name = path.slice(path.lastIndexOf("/") + 1);
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return byName;
}
