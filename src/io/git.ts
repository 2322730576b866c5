import { execFile } from "node:child_process";

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
