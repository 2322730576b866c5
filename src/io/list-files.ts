import { readText } from "./atomic-write.js";
import ignore from "ignore";
import type { RepoPath } from "../model.js";
import { gitListFiles } from "./git.js";

/**
 * Candidate files of the repository, sorted: in git, what git tracks plus untracked files it does
 * not ignore; outside git, every file fast-glob finds, minus what the .gitignore files exclude.
 */
export async function listRepositoryFiles(root: string): Promise<{ files: RepoPath[]; isGit: boolean }> {
  const listed = await gitListFiles(root);
  if (listed) return { files: listed.sort(), isGit: true };
  return { files: await globHonouringGitignore(root), isGit: false };
}

async function globHonouringGitignore(root: string): Promise<RepoPath[]> {
  const { default: fg } = await import("fast-glob");
  const all = await fg("**/*", {
    cwd: root,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    suppressErrors: true,
    ignore: ["**/.git/**", "**/node_modules/**"],
  });
  const gitignores = all.filter((path) => path === ".gitignore" || path.endsWith("/.gitignore")).sort();
  const matchers: { base: string; matcher: ReturnType<typeof ignore> }[] = [];
  for (const file of gitignores) {
    const base = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
    const text = await readText(`${root}/${file}`).catch(() => "");
    matchers.push({ base, matcher: ignore().add(text) });
  }
  return all
    .filter((path) =>
      matchers.every(({ base, matcher }) => !path.startsWith(base) || !matcher.ignores(path.slice(base.length))),
    )
    .sort();
}
