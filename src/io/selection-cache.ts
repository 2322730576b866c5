import { hash } from "node:crypto";
import { join } from "node:path";
import type { DefaultExclusion } from "../core/index/select-files.js";
import type { RepoPath } from "../model.js";
import { readTextIfExists, writeFileAtomic } from "./atomic-write.js";
import { CACHE_DIR } from "./index-store.js";

const SELECTION_CACHE = "selection.json";

/** What core/index/select-files.ts `selectSources` made of a listing. */
export interface Selection {
  selected: RepoPath[];
  leftOutByDefault: DefaultExclusion[];
}

/**
 * What a selection depends on: the include and exclude settings and the extractor (its rules),
 * and every path listed. Matching tens of thousands of paths against the excludes costs a commit
 * hook tens of milliseconds: a listing with no path come or gone selects what it selected before,
 * and one with the same settings matches only the paths the last selection did not take.
 */
export interface SelectionKey {
  settings: string;
  listing: string;
}

export function selectionKey(version: string, listed: readonly RepoPath[], settings: { include: readonly string[]; exclude: readonly string[] }): SelectionKey {
  return { settings: hash("sha256", `${version}\0${JSON.stringify([settings.include, settings.exclude])}`), listing: hash("sha256", listed.join("\0")) };
}

/** The last run's selection, made with these settings, and whether it was of this very listing; null when there is none. */
export async function readSelection(root: string, key: SelectionKey): Promise<(Selection & { sameListing: boolean }) | null> {
  try {
    const text = await readTextIfExists(join(root, CACHE_DIR, SELECTION_CACHE));
    if (text === undefined) return null;
    const stored = JSON.parse(text) as Selection & { key: SelectionKey };
    if (stored.key?.settings !== key.settings || !Array.isArray(stored.selected) || !Array.isArray(stored.leftOutByDefault)) return null;
    return { selected: stored.selected, leftOutByDefault: stored.leftOutByDefault, sameListing: stored.key.listing === key.listing };
  } catch {
    return null;
  }
}

export async function writeSelection(root: string, key: SelectionKey, selection: Selection): Promise<void> {
  await writeFileAtomic(join(root, CACHE_DIR, SELECTION_CACHE), `${JSON.stringify({ key, ...selection })}\n`, { ifChanged: false });
}
