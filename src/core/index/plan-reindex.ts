import type { RepoPath } from "../../model.js";

export interface ReindexPlan<T> {
  /** Entries whose file content is unchanged: reused without parsing. */
  reuse: T[];
  /** Files that are new or whose hash changed: to be parsed. */
  parse: RepoPath[];
  /** Previously indexed files that are gone, unreadable now, or no longer selected. */
  dropped: RepoPath[];
}

/** Decides what a run must parse, given what was indexed before and the hashes observed now. */
export function planReindex<T extends { sha256: string }>(
  previous: ReadonlyMap<RepoPath, T>,
  current: ReadonlyMap<RepoPath, string>,
): ReindexPlan<T> {
  const reuse: T[] = [];
  const parse: RepoPath[] = [];
  for (const [path, sha256] of current) {
    const entry = previous.get(path);
    if (entry && entry.sha256 === sha256) reuse.push(entry);
    else parse.push(path);
  }
  const dropped = [...previous.keys()].filter((path) => !current.has(path));
  return { reuse, parse: parse.sort(), dropped: dropped.sort() };
}
