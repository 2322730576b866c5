import type { RepoPath } from "../model.js";

export interface GitStatus {
  /** Full HEAD, null before the first commit. */
  head: string | null;
  /** Null when detached. */
  branch: string | null;
  staged: RepoPath[];
  unstaged: RepoPath[];
  untracked: RepoPath[];
}

/** `git status --porcelain=v2 --branch -z`, parsed. A path both staged and modified again is in both lists. */
export function parseGitStatus(output: string): GitStatus {
  const status: GitStatus = { head: null, branch: null, staged: [], unstaged: [], untracked: [] };
  const records = output.split("\0");
  for (let i = 0; i < records.length; i += 1) {
    const record = records[i]!;
    if (record.startsWith("# branch.oid ")) {
      const oid = record.slice("# branch.oid ".length);
      status.head = oid === "(initial)" ? null : oid;
    } else if (record.startsWith("# branch.head ")) {
      const head = record.slice("# branch.head ".length);
      status.branch = head === "(detached)" ? null : head;
    } else if (record.startsWith("? ")) {
      status.untracked.push(record.slice(2));
    } else if (record.startsWith("1 ") || record.startsWith("2 ") || record.startsWith("u ")) {
      const fields = record.split(" ");
      const xy = fields[1] ?? "..";
      // Ordinary entries have 8 fields before the path, renames 9 (plus the old path in the next record), unmerged 10.
      const before = record.startsWith("1 ") ? 8 : record.startsWith("2 ") ? 9 : 10;
      const path = fields.slice(before).join(" ");
      if (record.startsWith("2 ")) i += 1;
      if (record.startsWith("u ")) {
        status.unstaged.push(path);
        continue;
      }
      if (xy[0] !== ".") status.staged.push(path);
      if (xy[1] !== ".") status.unstaged.push(path);
    }
  }
  for (const list of [status.staged, status.unstaged, status.untracked]) list.sort();
  return status;
}
