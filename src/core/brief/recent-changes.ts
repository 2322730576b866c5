import type { RepoPath } from "../../model.js";

/**
 * A commit that changed more files than this (an import, a reformat, a release bump) says nothing
 * about where work happens now, so it does not count towards recency.
 */
export const MASS_CHANGE_FILES = 50;

/** How many of the given commits changed each path, mass changes left out. */
export function recentChanges(commits: readonly (readonly RepoPath[])[]): Map<RepoPath, number> {
  const counts = new Map<RepoPath, number>();
  for (const paths of commits) {
    if (paths.length > MASS_CHANGE_FILES) continue;
    for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return counts;
}
