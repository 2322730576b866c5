import type { RepoPath } from "../../model.js";
import type { RejectedCandidate } from "./traverse-result.js";

/**
 * Splits candidates into those whose every file still has its recorded hash, and the files that
 * do not. `observed` holds each file's hash as it is now (null: missing or unreadable).
 * NOTE: a file with no recorded hash, or one not observed, is rejected: unverified is never fresh.
 */
export function partitionFresh<T>(
  candidates: readonly T[],
  filesOf: (candidate: T) => readonly RepoPath[],
  recorded: (path: RepoPath) => string | undefined,
  observed: ReadonlyMap<RepoPath, string | null>,
): { fresh: T[]; rejected: RejectedCandidate[] } {
  const rejected = new Map<RepoPath, RejectedCandidate>();
  const verdict = (path: RepoPath): RejectedCandidate | null => {
    const then = recorded(path);
    const now = observed.get(path);
    if (then === undefined || now === undefined) return { path, reason: "unverifiable" };
    if (now === null) return { path, reason: "missing" };
    return now === then ? null : { path, reason: "modified" };
  };
  const fresh = candidates.filter((candidate) => {
    let ok = true;
    for (const path of filesOf(candidate)) {
      const problem = verdict(path);
      if (problem) {
        rejected.set(path, problem);
        ok = false;
      }
    }
    return ok;
  });
  return { fresh, rejected: [...rejected.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}
