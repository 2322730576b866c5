import type { FileRecord, RepoPath } from "../../model.js";

export interface ReindexPlan {
  /** Records whose file content is unchanged: reused without parsing. */
  reuse: FileRecord[];
  /** Files that are new or whose hash changed: to be parsed. */
  parse: RepoPath[];
  /** Previously indexed files that are gone or no longer selected. */
  dropped: RepoPath[];
}

/** Decides what a run must parse, given what was indexed before and the hashes observed now. */
export function planReindex(previous: ReadonlyMap<RepoPath, FileRecord>, current: ReadonlyMap<RepoPath, string>): ReindexPlan {
  const reuse: FileRecord[] = [];
  const parse: RepoPath[] = [];
  for (const [path, sha256] of current) {
    const record = previous.get(path);
    if (record && record.sha256 === sha256) reuse.push(record);
    else parse.push(path);
  }
  const dropped = [...previous.keys()].filter((path) => !current.has(path));
  return { reuse, parse: parse.sort(), dropped: dropped.sort() };
}
