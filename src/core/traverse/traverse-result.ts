import type { MentionAccount } from "./mention-account.js";
import type { RepoPath } from "../../model.js";

export const TRAVERSE_KINDS = ["Symbol", "Endpoint", "Module", "Caller", "Callee", "Impact", "Flow", "Err", "Brain"] as const;
export type TraverseKind = (typeof TRAVERSE_KINDS)[number];

export type MissReason = "not-indexed" | "stale" | "no-such-symbol" | "no-such-endpoint" | "no-such-module" | "no-calls" | "no-path" | "no-match" | "no-data";

/** What `traverse Impact` adds to a result: the targets, what was walked, and why the answer may not be complete. */
export interface ImpactSummary {
  targets: { name: string; kind: string; path: RepoPath; line: number | null }[];
  /** Entry points among them (see impactEntries), listed or past --limit. */
  entries: number;
  /** Declarations outside tests that reach a target (the targets not counted). */
  declarations: number;
  /** Test files whose code reaches a target, and the declarations in them. */
  tests: { files: number; declarations: number };
  /** Calls of a reached declaration's name whose receiver ctx could not type: each may be one more way in. */
  unresolved: { sites: number; names: { name: string; sites: number }[] };
  /** No unresolved call of a reached name outside tests, no file changed since indexing. */
  complete: boolean;
}

/** What `traverse Flow` adds to a result: where it starts, how deep it is shown, and what it leaves out. */
export interface FlowSummary {
  from: { name: string; kind: string; path: RepoPath; line: number | null; handler?: string };
  /** With `to`: the declaration the paths lead to. */
  to?: string;
  /** Declarations the walk reached, trivial leaves left out. */
  declarations: number;
  /** Of them, shown: those to `depth`, within the budget. */
  shown: number;
  depth: number;
  /** The deepest level the walk reached. */
  deepest: number;
  /** Declarations past what is shown. */
  deeper: number;
  /** Leaves left out, by why: accessors, error constructors, logging, assertions, utilities called from everywhere. */
  pruned: { kind: string; count: number; names: string[] }[];
  /** Calls on the way ctx could not link, by the name called: each may lead further. */
  unresolved: { sites: number; names: { name: string; sites: number }[] };
  /** The walk stopped at its cap (MAX_FLOW_NODES). */
  capped: boolean;
  /** Nothing unresolved on the way, no file changed since indexing, the walk not capped. */
  complete: boolean;
}

export interface TraverseHit {
  name: string;
  kind: string;
  container: string;
  path: RepoPath;
  /** 1-based; null for a module, which is a directory. */
  line: number | null;
  endLine: number | null;
  signature: string;
  exported: boolean;
  module: string | null;
  /** Kind-specific fields (endpoint method/route/handler/framework; module paths/entries/dependsOn). */
  [extra: string]: unknown;
}

export interface RejectedCandidate {
  path: RepoPath;
  reason: "modified" | "missing" | "unverifiable";
}

export interface TraverseResult {
  status: "hit" | "miss";
  kind: TraverseKind;
  query: string;
  hits: TraverseHit[];
  /** Hits plus the lower-ranked candidates left unchecked past --limit; `total - hits.length` is the `+N more`. */
  total: number;
  rejected: RejectedCandidate[];
  suggestions: string[];
  /** Caller/Callee: unresolved sites that match by name only; shown apart, never as hits. */
  candidates?: TraverseHit[];
  /** Caller/Callee: unresolved sites past --limit, not in `candidates`. */
  candidatesMore?: number;
  /** Caller/Callee: unresolved sites in test files, counted and not listed (without --tests), as `tests` counts sites. */
  candidatesInTests?: number;
  /**
   * Caller/Callee: the sites in test files (with, deeper than one level, what was walked through them) left out of
   * `hits` and `total` because they were not asked for; asked for, they are listed after the others of their level.
   */
  tests?: { sites: number; files: number };
  /** Caller one level deep: every line naming the name in indexed files, accounted for (see MentionAccount). */
  mentions?: MentionAccount;
  /**
   * Caller/Callee of a name no declaration has but one is exported as (`export { Hono as HonoBase }`): the
   * declaration the answer is about, and the files exporting it under that name.
   */
  aliasOf?: { alias: string; name: string; kind: string; path: RepoPath; line: number; exportedFrom: RepoPath[] };
  /** Caller/Callee: the walk stopped at this many sites (hub functions fan out fast); `total` counts those only. */
  capped?: number;
  /** Caller/Callee deeper than one level: the walk stopped at `capped` sites, so `total` is a lower bound. */
  truncated?: boolean;
  /** Impact: the targets, how much reaches them, and whether that is all (see ImpactSummary). */
  impact?: ImpactSummary;
  /** Flow: where it starts, its depth and what it leaves out (see FlowSummary). */
  flow?: FlowSummary;
  reason: MissReason | null;
  /** Err/Brain: lines of the memory files that could not be read (each kept in its file), as `file:line: what`. */
  warnings?: string[];
  /** Human-readable detail of a miss, for the text output. */
  detail: string | null;
  fallback: string | null;
}

/** Quotes a value for a POSIX shell command line the agent may paste as is. */
export function shellQuote(value: string): string {
  return /^[\w./:@-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

export function miss(
  kind: TraverseKind,
  query: string,
  reason: MissReason,
  detail: string,
  fallback: string | null,
  extra: Partial<Pick<TraverseResult, "rejected" | "suggestions" | "candidates" | "candidatesMore">> = {},
): TraverseResult {
  return {
    status: "miss",
    kind,
    query,
    hits: [],
    total: 0,
    rejected: extra.rejected ?? [],
    suggestions: extra.suggestions ?? [],
    ...(extra.candidates ? { candidates: extra.candidates } : {}),
    ...(extra.candidatesMore ? { candidatesMore: extra.candidatesMore } : {}),
    reason,
    detail,
    fallback,
  };
}

/** The deepest directory containing every path, or "." when they share none. */
export function commonDirectory(paths: readonly RepoPath[]): string {
  if (paths.length === 0) return ".";
  const split = paths.map((p) => p.split("/").slice(0, -1));
  const first = split[0]!;
  let depth = 0;
  while (depth < first.length && split.every((parts) => parts[depth] === first[depth])) depth += 1;
  return depth === 0 ? "." : first.slice(0, depth).join("/");
}
