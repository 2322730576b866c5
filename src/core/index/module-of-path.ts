import type { ModuleRecord, RepoPath } from "../../model.js";

type Located = Pick<ModuleRecord, "name" | "paths">;

/** The module a file belongs to: the one with the longest path that contains it (the first listed, of equals). */
export function moduleOfPath(path: RepoPath, modules: readonly Located[]): string | null {
  return moduleLocator(modules)(path);
}

/**
 * moduleOfPath for many files against the same modules: each file's folders are looked up, deepest
 * first, rather than every module's paths compared with every file (a monorepo has hundreds).
 */
export function moduleLocator(modules: readonly Located[]): (path: RepoPath) => string | null {
  const byPath = new Map<string, string>();
  for (const module of modules) for (const modulePath of module.paths) if (!byPath.has(modulePath)) byPath.set(modulePath, module.name);
  return (path) => {
    const own = byPath.get(path);
    if (own !== undefined) return own;
    for (let cut = path.lastIndexOf("/"); cut > 0; cut = path.lastIndexOf("/", cut - 1)) {
      const found = byPath.get(path.slice(0, cut));
      if (found !== undefined) return found;
    }
    return byPath.get("") ?? null;
  };
}
