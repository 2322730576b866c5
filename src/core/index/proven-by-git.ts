import type { RepoPath } from "../../model.js";

/**
 * What git's own index holds for the next commit, read in two calls that cost no file reads: every
 * tracked path (stage 0), the blob id of each regular file, and the paths whose working-tree content
 * git finds different from what is staged (`git diff`, which git answers from its stat cache).
 */
export interface GitIndexState {
  /** Sorted, as the repository's file listing is. */
  tracked: RepoPath[];
  blobs: ReadonlyMap<RepoPath, string>;
  unstaged: ReadonlySet<RepoPath>;
}

/**
 * Whether git proves the cache to hold the content the next commit has for a file: the blob git
 * staged for it is the one the cache computed from the bytes it hashed. The cache may only speed a
 * commit up, never decide what it contains: a branch switch, stash, reset, rebase, merge or a commit
 * made with --no-verify changes what git holds, so the file is checked again.
 * NOTE: a file git stores converted (CRLF, a clean filter) has another blob id than its bytes, so it
 * is never proven here: it is statted and, when changed, read, as by `ctx index`.
 */
export function provenByGit(git: GitIndexState, path: RepoPath, cachedBlob: string | undefined): boolean {
  return cachedBlob !== undefined && git.blobs.get(path) === cachedBlob;
}

/**
 * The paths whose committed content is not in the working tree (edited or deleted there after
 * staging) and not in the cache either: their content is read from git's blobs.
 */
export function stagedOnlyPaths(git: GitIndexState, paths: readonly RepoPath[], cachedBlob: (path: RepoPath) => string | undefined): RepoPath[] {
  return paths.filter((path) => git.unstaged.has(path) && git.blobs.has(path) && !provenByGit(git, path, cachedBlob(path)));
}
