import { execa } from "execa";

export async function isGitRepository(root: string): Promise<boolean> {
  const result = await execa("git", ["rev-parse", "--is-inside-work-tree"], { cwd: root, reject: false });
  return result.exitCode === 0 && result.stdout.trim() === "true";
}

/** The full HEAD commit, or null before the first commit. */
export async function gitHead(root: string): Promise<string | null> {
  const result = await execa("git", ["rev-parse", "--verify", "--quiet", "HEAD"], { cwd: root, reject: false });
  return result.exitCode === 0 ? result.stdout.trim() : null;
}

/** Files git tracks plus untracked files it does not ignore, repo-relative with `/`. */
export async function gitListFiles(root: string): Promise<string[]> {
  const result = await execa("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    stripFinalNewline: false,
    maxBuffer: 1024 * 1024 * 512,
  });
  const files = result.stdout.split("\0").filter((line) => line.length > 0);
  // A file deleted but not yet staged is listed by --cached; it is dropped later, when reading finds it gone.
  return [...new Set(files)];
}
