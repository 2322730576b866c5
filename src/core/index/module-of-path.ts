import type { ModuleRecord, RepoPath } from "../../model.js";

/** The module a file belongs to: the one with the longest path that contains it. */
export function moduleOfPath(path: RepoPath, modules: readonly Pick<ModuleRecord, "name" | "paths">[]): string | null {
  let best: { name: string; length: number } | null = null;
  for (const module of modules) {
    for (const modulePath of module.paths) {
      const contains = modulePath === "" || path === modulePath || path.startsWith(`${modulePath}/`);
      if (contains && (!best || modulePath.length > best.length)) best = { name: module.name, length: modulePath.length };
    }
  }
  return best?.name ?? null;
}
