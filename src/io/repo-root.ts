import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "../errors.js";

/**
 * A directory to work in must exist: a mistyped `-C` would otherwise create `.ai/` there, or
 * search upwards from a place that is not there. `label` names it in the error (`-C ../app`).
 */
export function requireDirectory(path: string, label: string): void {
  const stats = statSync(path, { throwIfNoEntry: false });
  const hint = "pass the path of the repository, or of a folder in it";
  if (stats === undefined) throw new UsageError(`${label}: no such directory`, hint);
  if (!stats.isDirectory()) throw new UsageError(`${label}: not a directory`, hint);
}

/**
 * The repository root: the nearest ancestor holding `.git` (directory or worktree file), else the
 * nearest holding `.ai/`, else `cwd` itself. Found by walking up rather than spawning git so that
 * `ctx traverse` stays fast.
 */
export function findRepoRoot(cwd: string): string {
  return findMarkedRoot(cwd) ?? resolve(cwd);
}

/** The nearest ancestor holding `.git`, else `.ai/`; null when there is neither. */
export function findMarkedRoot(cwd: string): string | null {
  const start = resolve(cwd);
  for (const marker of [".git", ".ai"]) {
    let current = start;
    for (;;) {
      if (existsSync(join(current, marker))) return current;
      const parent = dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
  return null;
}
