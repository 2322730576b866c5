import { isTestPath } from "../../core/index/is-test-path.js";
import { nearestPath } from "../../core/index/nearest-path.js";
import type { RepoPath } from "../../model.js";

/**
 * Where a Java import leads, by path alone: source roots are whatever folder precedes the package's
 * (src/main/java, src, app/src/main/java…), so `a.b.C` is the indexed file ending `/a/b/C.java`.
 * A nested class `a.b.C.Inner` is C's file; `a.b.*` the first non-test file of a folder ending
 * `/a/b/`. Of several matches (one class in two modules), the one sharing the longest folder
 * prefix with the importer. What matches nothing (the JDK, a dependency) is outside: null.
 */
export function javaResolver(paths: readonly RepoPath[]): (from: RepoPath, specifier: string) => RepoPath | null {
  const byFileName = new Map<string, RepoPath[]>();
  const byFolderName = new Map<string, RepoPath[]>();
  for (const path of [...paths].sort()) {
    if (!path.endsWith(".java")) continue;
    const slash = path.lastIndexOf("/");
    push(byFileName, path.slice(slash + 1), path);
    const folder = slash < 0 ? "" : path.slice(0, slash);
    push(byFolderName, folder.slice(folder.lastIndexOf("/") + 1), path);
  }

  const classFile = (from: RepoPath, segments: readonly string[]): RepoPath | null => {
    // The longest prefix naming a file: `a.b.C.Inner` is a/b/C/Inner.java if there is one, else a/b/C.java.
    for (let length = segments.length; length >= 1; length--) {
      const relative = `${segments.slice(0, length).join("/")}.java`;
      const found = nearestPath((byFileName.get(`${segments[length - 1]}.java`) ?? []).filter((path) => path === relative || path.endsWith(`/${relative}`)), from);
      if (found) return found;
    }
    return null;
  };

  const folderFile = (from: RepoPath, segments: readonly string[]): RepoPath | null => {
    const folder = segments.join("/");
    const inFolder = (byFolderName.get(segments[segments.length - 1]!) ?? []).filter((path) => {
      const parent = path.slice(0, path.lastIndexOf("/"));
      return parent === folder || parent.endsWith(`/${folder}`);
    });
    const main = inFolder.filter((path) => !isTestPath(path));
    return nearestPath(main.length > 0 ? main : inFolder, from);
  };

  return (from, specifier) => {
    const onDemand = specifier.endsWith(".*");
    const segments = (onDemand ? specifier.slice(0, -2) : specifier).split(".").filter((segment) => segment !== "");
    if (segments.length === 0) return null;
    // `import a.b.C.*;` imports C's nested classes when a.b.C is a class, not a package.
    return onDemand ? (folderFile(from, segments) ?? classFile(from, segments)) : classFile(from, segments);
  };
}

function push(map: Map<string, RepoPath[]>, key: string, path: RepoPath): void {
  const list = map.get(key);
  if (list) list.push(path);
  else map.set(key, [path]);
}

