import type { RepoPath } from "../../model.js";
import type { IndexedFile } from "../index/indexed-file.js";

/** What planning needs of a file's summary, known without reading it. */
export type SummaryShape = Pick<IndexedFile, "shape" | "callables" | "script">;

export interface RelinkInput {
  /** Every indexed file of this run, with how it was last linked (null: parsed in this run). */
  files: readonly (SummaryShape & Pick<IndexedFile, "path" | "link">)[];
  /** Files whose content changed since the last run, with their summary's shape then (undefined: the file is new). */
  changed: ReadonlyMap<RepoPath, SummaryShape | undefined>;
  /** Files indexed last run and gone now. */
  dropped: readonly RepoPath[];
  /** Whether module resolution (workspace packages, tsconfig paths) differs from the last run's. */
  resolutionChanged: boolean;
}

/**
 * The files whose sites must be linked again, or undefined for all of them. A file's links depend
 * on its own summary, on what it read of other files (their declarations, imports and exports:
 * `touched`), and on which names some file declares as callable (`probes`); module resolution,
 * the file set and global scripts can move any link, so a change to them relinks everything.
 */
export function planRelink(input: RelinkInput): ReadonlySet<RepoPath> | undefined {
  if (input.resolutionChanged || input.dropped.length > 0) return undefined;
  const relink = new Set<RepoPath>();
  const reshaped = new Set<RepoPath>();
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
    reshaped.add(file.path);
    const oldNames = new Set(before.callables);
    const newNames = new Set(file.callables);
    for (const name of oldNames) if (!newNames.has(name)) names.add(name);
    for (const name of newNames) if (!oldNames.has(name)) names.add(name);
  }
  if (reshaped.size === 0) return relink;
  for (const file of input.files) {
    if (relink.has(file.path) || file.link === null) continue;
    if (file.link.touched.some((path) => reshaped.has(path)) || file.link.probes.some((name) => names.has(name))) relink.add(file.path);
  }
  return relink;
}
