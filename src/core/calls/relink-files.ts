import { renderCallRows, type ExportAlias } from "../../formats/call-index.js";
import { renderTerms } from "../../formats/routing-table.js";
import { calleeTermsOf } from "../brief/routing-terms.js";
import type { CallEdge, Override, RepoPath } from "../../model.js";
import type { IndexedFile } from "../index/indexed-file.js";
import { addStats, linkCalls, NO_CALLS, type FileLink, type LinkStats } from "./link-calls.js";
import { planRelink, type LastState, type SummaryShape } from "./plan-relink.js";
import { encodeReads } from "./reads-codec.js";
import type { ModuleResolver } from "./resolve-specifier.js";
import { compare } from "../index/build-modules.js";

export interface Relinked {
  /** Files whose call rows were replaced, the dropped ones included. */
  replaced: Set<RepoPath>;
  /** The rows each linked file had before (undefined: a new file), read before they were replaced in place. */
  rowsBefore: Map<RepoPath, string | undefined>;
  /** The edges linked in this run, each with its rendered row, in file order. */
  edges: CallEdge[];
  rows: string[];
  /** Over every file, as call_index.md states them. */
  stats: LinkStats;
  counts: { rows: number; unresolved: number };
  overrides: Override[];
  aliases: ExportAlias[];
  /** Whether every file was linked in this run. */
  whole: boolean;
  /** Whether any file's rows differ from what it had (a dropped file's count as differing). */
  rowsChanged: boolean;
  /** Whether any file's overrides or aliases do: the tables after the rows. */
  overridesChanged: boolean;
}

export interface LastRun {
  /** Files whose content changed, with their summary's shape, rows and link then (undefined: the file is new). */
  changed: ReadonlyMap<RepoPath, (SummaryShape & Pick<IndexedFile, "callRows" | "link" | "reads">) | undefined>;
  dropped: readonly RepoPath[];
  /** The dropped files as the last run left them. */
  droppedFiles: ReadonlyMap<RepoPath, LastState>;
  resolutionChanged: boolean;
  /** What a module specifier written in a file reaches in this run's file set. */
  resolve(from: RepoPath, specifier: string): RepoPath | null;
  /** What every path `resolve` may look at begins with (RelinkInput.lookupPrefix). */
  lookupPrefix?(from: RepoPath, specifier: string): string | null | undefined;
}

/** The files whose sites an edit can have moved (undefined: all of them, as without `last`). */
export function relinkPlan(files: readonly IndexedFile[], last: LastRun | null): ReadonlySet<RepoPath> | undefined {
  return last ? planRelink({ files, changed: last.changed, dropped: last.droppedFiles, resolutionChanged: last.resolutionChanged, resolve: last.resolve, ...(last.lookupPrefix ? { lookupPrefix: last.lookupPrefix } : {}) }) : undefined;
}

/**
 * Links the call sites an edit can have moved (all of them without `last`, a run with no cache)
 * and fills in the call rows and link record of each file it links; the other files keep theirs.
 * `files` is every indexed file, sorted by path.
 */
export function relinkFiles(files: readonly IndexedFile[], last: LastRun | null, resolver: ModuleResolver, linked?: { plan: ReadonlySet<RepoPath> | undefined; links: FileLink[] }): Relinked {
  const plan = linked ? linked.plan : relinkPlan(files, last);
  const links = linked ? linked.links : linkCalls(files, resolver, plan);
  const replaced = new Set<RepoPath>(last?.dropped ?? []);
  const rowsBefore = new Map<RepoPath, string | undefined>();
  const edges: CallEdge[] = [];
  const rows: string[] = [];
  const byPath = new Map(files.map((file) => [file.path, file]));
  let rowsChanged = last === null || last.dropped.length > 0;
  let overridesChanged = rowsChanged;
  for (const link of links) {
    const file = byPath.get(link.path)!;
    const rendered = renderCallRows(link.edges);
    const fileRows = rendered.rows.join("");
    // What the file had: kept on it when only its links moved, in the last run's record when it changed.
    const before = last?.changed.has(link.path) ? last.changed.get(link.path) : file;
    const previousRows = before?.callRows;
    if (last) rowsBefore.set(link.path, previousRows);
    rowsChanged ||= before === undefined || before.link === null || fileRows !== previousRows;
    overridesChanged ||=
      before === undefined || JSON.stringify(link.overrides) !== JSON.stringify(before.link?.overrides ?? []) || JSON.stringify(link.aliases) !== JSON.stringify(before.link?.aliases ?? []);
    // Set only when they differ: a cached file's unchanged rows stay where the cache keeps them.
    if (before !== file || fileRows !== previousRows) file.callRows = fileRows;
    const targets = [...new Set(rendered.edges.flatMap((edge) => (edge.target && edge.target.path !== link.path ? [edge.target.path] : [])))].sort(compare);
    const callTerms = renderTerms(calleeTermsOf(rendered.edges.map((edge) => edge.callee)));
    const reads = encodeReads(link);
    if (before !== file || reads !== file.reads) file.reads = reads;
    file.link = { targets, stars: link.stars, callTerms, probes: link.probes, stats: link.stats, overrides: link.overrides, aliases: link.aliases, rows: rendered.rows.length, unresolvedRows: rendered.unresolved };
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
  return { whole: plan === undefined, replaced, rowsBefore, edges, rows, stats, counts, overrides: files.flatMap((file) => file.link!.overrides), aliases: files.flatMap((file) => file.link!.aliases), rowsChanged, overridesChanged };
}
