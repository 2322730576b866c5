import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

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
