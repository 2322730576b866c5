import type { RepoPath } from "../../model.js";
import { partitionFresh } from "./check-freshness.js";
import { commonDirectory, miss, shellQuote, type TraverseHit, type TraverseKind, type TraverseResult } from "./traverse-result.js";

export interface Conclusion<T> {
  kind: TraverseKind;
  query: string;
  /** Candidates whose files were observed, in rank order. */
  candidates: readonly T[];
  /** Lower-ranked candidates left unchecked because `limit` fresh hits were found before them. */
  unverified: number;
  filesOf: (candidate: T) => readonly RepoPath[];
  toHit: (candidate: T) => TraverseHit;
  /** The SHA-256 the index recorded for a path, if it indexed it. */
  recorded: (path: RepoPath) => string | undefined;
  observed: ReadonlyMap<RepoPath, string | null>;
  limit: number;
  /** The rg pattern an agent should fall back to (already the narrowest useful form). */
  fallbackPattern: string;
}

/**
 * How many of the ranked candidates to verify next: enough to fill `limit` with fresh hits. Only
 * the files behind those are hashed, so a common name costs no more than a rare one.
 */
export function nextToVerify(checked: number, fresh: number, total: number, limit: number): number {
  return Math.min(total - checked, Math.max(0, limit - fresh));
}

/** Freshness decides: fresh candidates are hits; if none survives, a `stale` miss with the fallback search. */
export function concludeTraverse<T>(c: Conclusion<T>): TraverseResult {
  const { fresh, rejected } = partitionFresh(c.candidates, c.filesOf, c.recorded, c.observed);
  if (fresh.length === 0) {
    const scope = commonDirectory(rejected.map((r) => r.path));
    const detail = `${rejected.length} candidate file${rejected.length === 1 ? "" : "s"} changed since indexing; run \`ctx index\` to refresh`;
    return miss(c.kind, c.query, "stale", detail, `${c.fallbackPattern} ${shellQuote(scope)}`, { rejected });
  }
  const hits = fresh.map(c.toHit);
  return {
    status: "hit",
    kind: c.kind,
    query: c.query,
    hits: hits.slice(0, c.limit),
    total: hits.length + c.unverified,
    rejected,
    suggestions: [],
    reason: null,
    detail: null,
    fallback: null,
  };
}

export function rgWord(name: string): string {
  return `rg -n -w ${shellQuote(name)}`;
}

export function rgFixed(text: string): string {
  return `rg -n -F ${shellQuote(text)}`;
}
