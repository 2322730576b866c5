import type { ModuleRecord } from "../../model.js";
import { moduleOfPath } from "../index/module-of-path.js";

/** Whether a path a user or a model gave leaves the repository: absolute, or climbing above its root. */
export function leavesRepository(path: string): boolean {
  if (/^(?:[/\\~]|[A-Za-z]:)/.test(path)) return true;
  let depth = 0;
  for (const part of path.split(/[/\\]+/)) {
    if (part === "..") depth -= 1;
    else if (part !== "." && part !== "") depth += 1;
    if (depth < 0) return true;
  }
  return false;
}

/** A module by name (any case), else the module containing a path, else modules named like the query. */
export function findModules(modules: readonly ModuleRecord[], query: string): ModuleRecord[] {
  const trimmed = query.trim().replace(/^\.\//, "").replace(/\/+$/, "");
  const byName = modules.filter((m) => m.name === trimmed);
  if (byName.length > 0) return byName;
  const byNameInsensitive = modules.filter((m) => m.name.toLowerCase() === trimmed.toLowerCase());
  if (byNameInsensitive.length > 0) return byNameInsensitive;
  const live = modules.filter((m) => !m.orphaned);
  const owner = trimmed.includes("/") || trimmed.includes(".") ? moduleOfPath(trimmed, live) : null;
  return owner ? live.filter((m) => m.name === owner) : [];
}
