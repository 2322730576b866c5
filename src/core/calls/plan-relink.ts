import type { CallSummary, RepoPath } from "../../model.js";
import type { IndexedFile, LinkRecord } from "../index/indexed-file.js";
import { changedNames } from "./changed-names.js";
import { WHOLE_FILE } from "./link-calls.js";
import { decodeReads, readKey } from "./reads-codec.js";

/** What planning needs of a file's summary, known without reading it, and the summary, read where its shape changed. */
export type SummaryShape = Pick<IndexedFile, "shape" | "callables" | "script"> & { summary: { get(): CallSummary } };

export interface RelinkInput {
  /** Every indexed file of this run, with how it was last linked (null: parsed in this run) and what it read then. */
  files: readonly (SummaryShape & Pick<IndexedFile, "path" | "link" | "reads">)[];
  /** Files whose content changed since the last run, with their summary's shape and their link then (undefined: the file is new). */
  changed: ReadonlyMap<RepoPath, (SummaryShape & { link?: Pick<LinkRecord, "stars"> | null }) | undefined>;
  /** Files indexed last run and gone now. */
  dropped: readonly RepoPath[];
  /** Whether module resolution (workspace packages, tsconfig paths) differs from the last run's. */
  resolutionChanged: boolean;
}

/**
 * The files whose sites must be linked again, or undefined for all of them. A file's links depend
 * on its own summary, on the names it read of other files (their declarations, imports and exports
 * under those names: `reads`), and on which names some file declares as callable (`probes`);
 * module resolution, the file set and global scripts can move any link, so a change to them
 * relinks everything. A name looked up through a barrel's `export *` and not found in a module it
 * reaches is read of the barrel only: a change to the name in that module counts as one in every
 * barrel that reaches it through stars.
 */
export function planRelink(input: RelinkInput): ReadonlySet<RepoPath> | undefined {
  if (input.resolutionChanged || input.dropped.length > 0) return undefined;
  const relink = new Set<RepoPath>();
  /** Per file whose shape changed, the names another file may now read differently. */
  const reshaped = new Map<RepoPath, Set<string>>();
  const names = new Set<string>();
  for (const file of input.files) {
    if (!input.changed.has(file.path)) {
      if (file.link === null) return undefined;
      continue;
    }
    const before = input.changed.get(file.path);
    // A new file can be what a specifier that led nowhere now reaches.
    if (before === undefined) return undefined;
    relink.add(file.path);
    if (before.shape === file.shape) continue;
    if (before.script || file.script) return undefined;
    // Only renumbered (the type table): nothing another file reads differs.
    const changed = changedNames(before.summary.get(), file.summary.get());
    if (changed.size > 0) reshaped.set(file.path, changed);
    const oldNames = new Set(before.callables);
    const newNames = new Set(file.callables);
    for (const name of oldNames) if (!newNames.has(name)) names.add(name);
    for (const name of newNames) if (!oldNames.has(name)) names.add(name);
  }
  if (reshaped.size === 0 && names.size === 0) return relink;
  const changedByKey = new Map([...throughStars(input, reshaped)].map(([path, changed]) => [readKey(path), changed]));
  const keys = [...changedByKey.keys()];
  for (const file of input.files) {
    if (relink.has(file.path) || file.link === null) continue;
    if (file.link.probes.some((name) => names.has(name))) relink.add(file.path);
    // Most files read none of the reshaped ones: told by their keys' text, without decoding.
    else if (keys.some((key) => file.reads.includes(key)) && readChanged(file.reads, changedByKey)) relink.add(file.path);
  }
  return relink;
}

/** Whether reads (IndexedFile.reads) include a name that changed in the file read; an unreadable text counts as yes. */
function readChanged(text: string, reshaped: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const reads = decodeReads(text);
  if (reads === undefined) return true;
  for (const [key, changed] of reshaped) {
    const read = reads.get(key);
    if (read !== undefined && (changed.has(WHOLE_FILE) || read.some((name) => name === WHOLE_FILE || changed.has(name)))) return true;
  }
  return false;
}

/** The changed names of each reshaped file, and of every barrel that reaches one through `export *` (as last linked). */
function throughStars(input: RelinkInput, reshaped: ReadonlyMap<RepoPath, ReadonlySet<string>>): Map<RepoPath, Set<string>> {
  const barrels = new Map<RepoPath, RepoPath[]>();
  for (const file of input.files) {
    const link = input.changed.has(file.path) ? input.changed.get(file.path)?.link : file.link;
    for (const target of link?.stars ?? []) {
      const list = barrels.get(target);
      if (list) list.push(file.path);
      else barrels.set(target, [file.path]);
    }
  }
  const changedIn = new Map<RepoPath, Set<string>>();
  for (const [path, changed] of reshaped) {
    const queue = [path];
    const seen = new Set(queue);
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const names = changedIn.get(next) ?? new Set<string>();
      for (const name of changed) names.add(name);
      changedIn.set(next, names);
      for (const barrel of barrels.get(next) ?? []) {
        if (seen.has(barrel)) continue;
        seen.add(barrel);
        queue.push(barrel);
      }
    }
  }
  return changedIn;
}
