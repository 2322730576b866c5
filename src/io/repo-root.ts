import { existsSync, lstatSync, readdirSync, readlinkSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CtxError, UsageError } from "../errors.js";

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
  const root = findMarkedRoot(cwd) ?? resolve(cwd);
  guardAiFolder(root);
  return root;
}

/** The folders ctx writes, removes and reads under: none of them, and nothing directly in them, may be a link. */
const GUARDED_FOLDERS = [".ai", ".ai/.cache", ".ai/.cache/lookup", ".ai/.cache/summaries", ".ai/.cache/locks", ".ai/.cache/tmp", ".ai/logs", ".ai/brain", ".ai/archive"];

/**
 * Refuses a repository whose `.ai/` (or a folder or file ctx uses in it) is a symbolic link. A
 * pulled branch can commit `.ai` as a link to anywhere, and the pre-commit hook runs `ctx index`
 * by itself: following it would write and delete outside the repository. One readdir per folder
 * (the entries' types come with it), so every command can afford it.
 */
export function guardAiFolder(root: string): void {
  for (const folder of GUARDED_FOLDERS) {
    const path = join(root, folder);
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats === undefined) continue;
    if (stats.isSymbolicLink()) throw unsafeLink(root, folder);
    if (!stats.isDirectory()) continue;
    for (const entry of readdirSync(path, { withFileTypes: true })) if (entry.isSymbolicLink()) throw unsafeLink(root, `${folder}/${entry.name}`);
  }
}

function unsafeLink(root: string, relative: string): CtxError {
  const target = (() => {
    try {
      return readlinkSync(join(root, relative));
    } catch {
      return "?";
    }
  })();
  return new CtxError(
    "unsafe-path",
    `${relative} is a symbolic link (to ${target}): ctx follows no link under .ai/, so that it writes, removes and reads nothing outside the repository`,
    `remove the link (\`git rm ${relative}\` if it is committed) and run ctx again`,
  );
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
