import { execFile, spawn } from "node:child_process";
import type { GitIndexState } from "../core/index/proven-by-git.js";
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

/** One commit of the history brief learns from: when, what it was about, and the paths it changed. */
export interface HistoryCommit {
  /** Committer time, seconds since the epoch. */
  time: number;
  subject: string;
  paths: string[];
}

/**
 * The last `commits` non-merge commits of HEAD's history, newest first (only those since `after`
 * when given): what each was about and where it changed things.
 */
export async function gitHistory(root: string, commits: number, after?: string): Promise<HistoryCommit[]> {
  const range = after === undefined ? [] : [`${after}..HEAD`];
  const result = await git(root, ["-c", "log.showRoot=false", "log", "-z", "--no-merges", `-n${commits}`, "--no-renames", "--name-only", "--format=%x1e%ct %s", ...range]);
  if (result.code !== 0) return [];
  return result.stdout
    .split("\x1e")
    .slice(1)
    .map((block) => {
      const end = block.indexOf("\0");
      const head = end < 0 ? block.trim() : block.slice(0, end);
      const space = head.indexOf(" ");
      const paths = end < 0 ? [] : block.slice(end + 1).replace(/^\n/, "").split("\0").filter((path) => path.length > 0);
      return { time: Number(head.slice(0, space)), subject: head.slice(space + 1), paths };
    });
}

/** Whether `ancestor` is in HEAD's history (false when either is unknown). */
export async function gitIsAncestor(root: string, ancestor: string): Promise<boolean> {
  return (await git(root, ["merge-base", "--is-ancestor", ancestor, "HEAD"])).code === 0;
}

/** Paths that differ between `commit` and the working tree (untracked files aside); null when git cannot tell. */
export async function gitChangedSince(root: string, commit: string): Promise<string[] | null> {
  const result = await git(root, ["diff", "--name-only", "--no-renames", "-z", commit, "--"]);
  return result.code === 0 ? result.stdout.split("\0").filter((line) => line.length > 0) : null;
}

/** The directory git runs hooks from: `core.hooksPath` when set, else the repository's hooks folder (a worktree's too). */
export async function gitHooksDir(root: string): Promise<string | null> {
  const result = await git(root, ["rev-parse", "--path-format=absolute", "--git-path", "hooks"]);
  return result.code === 0 ? result.stdout.trim() : null;
}

/** One git configuration value, or null when unset. */
export async function gitConfigGet(root: string, key: string): Promise<string | null> {
  const result = await git(root, ["config", "--get", key]);
  return result.code === 0 ? result.stdout.trim() : null;
}

/** Sets (or, with null, removes) a value in the repository's own configuration. */
export async function gitConfigSet(root: string, key: string, value: string | null): Promise<void> {
  const result = await git(root, value === null ? ["config", "--local", "--unset", key] : ["config", "--local", key, value]);
  // Unsetting what is not set exits 5: already as wanted.
  if (result.code !== 0 && !(value === null && result.code === 5)) throw new Error(`git config ${key} failed (exit ${result.code})`);
}

/** Paths staged for the next commit, compared with HEAD (all staged paths before the first commit). */
export async function gitStagedPaths(root: string): Promise<string[]> {
  const result = await git(root, ["diff", "--cached", "--name-only", "--no-renames", "-z"]);
  return result.stdout.split("\0").filter((line) => line.length > 0);
}

/** Stages these paths (additions, changes and deletions alike). */
export async function gitAdd(root: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const result = await git(root, ["add", "-A", "--", ...paths]);
  if (result.code !== 0) throw new Error(`git add failed (exit ${result.code})`);
}

/**
 * The staged blob of each of these paths that is staged (`git ls-files --stage`), or of every
 * tracked path when none are given. Merged entries only: a path in conflict has no one blob.
 */
export async function gitStagedBlobs(root: string, paths: readonly string[] = []): Promise<Map<string, string>> {
  return stagedBlobsOf((await git(root, ["ls-files", "--stage", "-z", "--", ...paths])).stdout);
}

function stagedBlobsOf(listing: string): Map<string, string> {
  const blobs = new Map<string, string>();
  for (const entry of listing.split("\0")) {
    // Regular files only (100644, 100755): a symbolic link's or a submodule's id is not of file content.
    const match = /^100[67]\d\d ([0-9a-f]+) 0\t(.+)$/s.exec(entry);
    if (match) blobs.set(match[2]!, match[1]!);
  }
  return blobs;
}

/**
 * The content of these blobs, by id, in one `git cat-file --batch`; a blob git cannot give (missing
 * from the object store) is left out, and the caller falls back to what it has.
 */
export function gitReadBlobs(root: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return Promise.resolve(new Map());
  return new Promise((resolve) => {
    const child = spawn("git", ["cat-file", "--batch"], { cwd: root, stdio: ["pipe", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", () => resolve(new Map()));
    child.on("close", () => {
      const output = Buffer.concat(chunks);
      const blobs = new Map<string, Buffer>();
      let offset = 0;
      while (offset < output.length) {
        const end = output.indexOf(10, offset);
        if (end < 0) break;
        // "<id> blob <size>", or "<id> missing".
        const [id, type, size] = output.subarray(offset, end).toString("latin1").split(" ");
        offset = end + 1;
        if (type !== "blob" || size === undefined) continue;
        const length = Number(size);
        blobs.set(id!, output.subarray(offset, offset + length));
        offset += length + 1;
      }
      resolve(blobs);
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(`${wanted.join("\n")}\n`);
  });
}

/** What git's index proves of the working tree (core/index/proven-by-git.ts); null when git cannot tell. */
export async function gitIndexState(root: string): Promise<GitIndexState | null> {
  const [staged, unstaged] = await Promise.all([git(root, ["ls-files", "--stage", "-z"]), git(root, ["diff", "--name-only", "--no-renames", "-z"])]);
  if (staged.code !== 0 || unstaged.code !== 0) return null;
  const tracked = [...new Set(staged.stdout.split("\0").flatMap((entry) => /^\d+ [0-9a-f]+ \d+\t(.+)$/s.exec(entry)?.[1] ?? []))].sort();
  return { tracked, blobs: stagedBlobsOf(staged.stdout), unstaged: new Set(unstaged.stdout.split("\0").filter((line) => line.length > 0)) };
}
