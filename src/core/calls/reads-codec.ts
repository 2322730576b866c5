import { createHash } from "node:crypto";
import type { RepoPath } from "../../model.js";
import type { TouchedFile } from "./link-calls.js";

/**
 * A file's key in encoded reads: short, and the same whatever files are added or dropped (a place
 * in the sorted file list is not). Two paths sharing a key can only make a run relink more.
 */
export function readKey(path: RepoPath): string {
  let key = keys.get(path);
  if (key === undefined) {
    key = createHash("sha256").update(path).digest("base64url").slice(0, 10);
    keys.set(path, key);
  }
  return key;
}

/** Each file is read by many: its key is computed once. */
const keys = new Map<RepoPath, string>();

/** IndexedFile.reads: `[[key, name, …], …]`, by key. */
export function encodeReads(touched: readonly TouchedFile[]): string {
  if (touched.length === 0) return "";
  const entries = touched.map(({ path, names }) => [readKey(path), ...names]);
  entries.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
  return JSON.stringify(entries);
}

/**
 * The names read of each file, by key; undefined when the text cannot be read (a damaged cache),
 * which a caller takes as a read of everything.
 */
export function decodeReads(text: string): Map<string, string[]> | undefined {
  if (text === "") return new Map();
  try {
    const entries = JSON.parse(text) as unknown;
    if (!Array.isArray(entries)) return undefined;
    const reads = new Map<string, string[]>();
    for (const entry of entries) {
      if (!Array.isArray(entry) || !entry.every((part) => typeof part === "string") || entry.length === 0) return undefined;
      reads.set(entry[0] as string, entry.slice(1) as string[]);
    }
    return reads;
  } catch {
    return undefined;
  }
}
