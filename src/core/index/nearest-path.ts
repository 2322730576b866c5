import type { RepoPath } from "../../model.js";

/**
 * Of the files an import could mean, the one sharing the most leading folders with the importer
 * (`from`), as a monorepo's own copy of a module is the one its neighbours mean; the first by path
 * among equals. Null when there is none.
 */
export function nearestPath(candidates: readonly RepoPath[] | undefined, from: RepoPath): RepoPath | null {
  if (!candidates || candidates.length === 0) return null;
  let best = candidates[0]!;
  let bestShared = -1;
  for (const candidate of candidates) {
    const shared = sharedFolders(candidate, from);
    if (shared > bestShared || (shared === bestShared && candidate < best)) [best, bestShared] = [candidate, shared];
  }
  return best;
}

function sharedFolders(a: RepoPath, b: RepoPath): number {
  const x = a.split("/");
  const y = b.split("/");
  let shared = 0;
  while (shared < x.length - 1 && shared < y.length - 1 && x[shared] === y[shared]) shared += 1;
  return shared;
}
