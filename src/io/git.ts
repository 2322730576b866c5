import { execFile } from "node:child_process";
import { parseGitStatus, type GitStatus } from "../formats/git-status.js";

// NOTE: node:child_process rather than execa here: execa costs ~200 ms to import, which the
// pre-commit hook and every `ctx index` would pay for three short git calls.
function git(root: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile("git", args, { cwd: root, maxBuffer: 1024 * 1024 * 512, encoding: "utf8" }, (error, stdout) => {
      const code = error ? (typeof error.code === "number" ? error.code : 128) : 0;
      resolve({ code, stdout });
    });
  });
}

/** The full HEAD commit, or null outside git or before the first commit. */
export async function gitHead(root: string): Promise<string | null> {
  const result = await git(root, ["rev-parse", "--verify", "--quiet", "HEAD"]);
  return result.code === 0 ? result.stdout.trim() : null;
}

/** Files git tracks plus untracked files it does not ignore, repo-relative with `/`; null outside git. */
export async function gitListFiles(root: string): Promise<string[] | null> {
  const result = await git(root, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
  if (result.code !== 0) return null;
  // A file deleted but not yet staged is listed by --cached; it is dropped later, when reading finds it gone.
  return [...new Set(result.stdout.split("\0").filter((line) => line.length > 0))];
}

/** The working tree's state, a rename as the deletion and addition it is; null outside git. */
export async function gitStatus(root: string): Promise<GitStatus | null> {
  // --no-optional-locks: a status that refreshed .git/index would be a write, and a brief writes nothing.
  const result = await git(root, ["--no-optional-locks", "status", "--porcelain=v2", "--branch", "-z", "--untracked-files=normal", "--no-renames"]);
  return result.code === 0 ? parseGitStatus(result.stdout) : null;
}

/** The paths each of the last `commits` commits changed, newest first (none for the root commit; none outside git or before the first commit). */
export async function gitRecentCommits(root: string, commits: number): Promise<string[][]> {
  // The root commit's files are left out (log.showRoot=false): it adds every file of a repository
  // at once, says nothing of what changed recently, and in a young repository it is most of the output.
  const result = await git(root, ["-c", "log.showRoot=false", "log", `-n${commits}`, "--no-renames", "--name-only", "--format=%x00"]);
  if (result.code !== 0) return [];
  return result.stdout
    .split("\0")
    .slice(1)
    .map((block) => block.split("\n").filter((line) => line.length > 0));
}

/** Paths that differ between `commit` and the working tree (untracked files aside); null when git cannot tell. */
export async function gitChangedSince(root: string, commit: string): Promise<string[] | null> {
  const result = await git(root, ["diff", "--name-only", "--no-renames", "-z", commit, "--"]);
  return result.code === 0 ? result.stdout.split("\0").filter((line) => line.length > 0) : null;
}
