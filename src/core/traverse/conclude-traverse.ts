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
  /** The search an agent should fall back to (already the narrowest useful form). */
  fallback: FallbackSearch;
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
    return miss(c.kind, c.query, "stale", detail, fallbackCommand(c.fallback, scope), { rejected });
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

/** A search to run instead of a lookup that missed: rg's flags, and the pattern (none for `--files`). */
export interface FallbackSearch {
  flags: readonly string[];
  pattern: string | null;
}

export const rgWord = (name: string): FallbackSearch => ({ flags: ["-n", "-w"], pattern: name });
export const rgFixed = (text: string, flags: readonly string[] = ["-n", "-F"]): FallbackSearch => ({ flags, pattern: text });
export const RG_FILES: FallbackSearch = { flags: ["--files"], pattern: null };

/**
 * The search as a command line an agent may paste into a POSIX shell as it is: the pattern after
 * `-e` and the path after `--`, so neither can be read as an option (a folder named `--pre=sh`
 * would make rg run a program), and both quoted. A pattern is searched up to its first line break.
 */
export function fallbackCommand(search: FallbackSearch, path: string): string {
  const pattern = search.pattern === null ? "" : ` -e ${shellQuote(search.pattern.split(/\r?\n/, 1)[0]!)}`;
  return `rg ${search.flags.join(" ")}${pattern} -- ${shellQuote(path)}`;
}

/** A miss's detail when there is no index to answer from. */
export const NOT_INDEXED = "no index under .ai/; run `ctx index` first";
