import { renderCallRows } from "../../formats/call-index.js";
import type { CallEdge, Override, RepoPath } from "../../model.js";
import type { IndexedFile } from "../index/indexed-file.js";
import { addStats, linkCalls, NO_CALLS, type LinkStats } from "./link-calls.js";
import { planRelink, type SummaryShape } from "./plan-relink.js";
import type { ModuleResolver } from "./resolve-specifier.js";

export interface Relinked {
  /** Files whose call rows were replaced, the dropped ones included. */
  replaced: Set<RepoPath>;
  /** The edges linked in this run, each with its rendered row, in file order. */
  edges: CallEdge[];
  rows: string[];
  /** Over every file, as call_index.md states them. */
  stats: LinkStats;
  counts: { rows: number; unresolved: number };
  overrides: Override[];
}

export interface LastRun {
  /** Files whose content changed, with their summary's shape then (undefined: the file is new). */
  changed: ReadonlyMap<RepoPath, SummaryShape | undefined>;
  dropped: readonly RepoPath[];
  resolutionChanged: boolean;
}

/**
 * Links the call sites an edit can have moved (all of them without `last`, a run with no cache)
 * and fills in the call rows and link record of each file it links; the other files keep theirs.
 * `files` is every indexed file, sorted by path.
 */
export function relinkFiles(files: readonly IndexedFile[], last: LastRun | null, resolver: ModuleResolver): Relinked {
  const plan = last ? planRelink({ files, ...last }) : undefined;
  const replaced = new Set<RepoPath>(last?.dropped ?? []);
  const edges: CallEdge[] = [];
  const rows: string[] = [];
  const byPath = new Map(files.map((file) => [file.path, file]));
  for (const link of linkCalls(files, resolver, plan)) {
    const file = byPath.get(link.path)!;
    const rendered = renderCallRows(link.edges);
    file.callRows = rendered.rows.join("");
    file.link = { touched: link.touched, probes: link.probes, stats: link.stats, overrides: link.overrides, rows: rendered.rows.length, unresolvedRows: rendered.unresolved };
    replaced.add(link.path);
    edges.push(...rendered.edges);
    rows.push(...rendered.rows);
  }
  let stats = NO_CALLS;
  const counts = { rows: 0, unresolved: 0 };
  for (const { link } of files) {
    stats = addStats(stats, link!.stats);
    counts.rows += link!.rows;
    counts.unresolved += link!.unresolvedRows;
  }
  return { replaced, edges, rows, stats, counts, overrides: files.flatMap((file) => file.link!.overrides) };
}
