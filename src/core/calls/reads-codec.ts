import { createHash } from "node:crypto";
import type { RepoPath } from "../../model.js";
import type { FileLink } from "./link-calls.js";

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

/** What a file's links rested on besides its own summary: IndexedFile.reads, decoded. */
export interface LinkInputs {
  /** The names read of each other file, by readKey. */
  reads: Map<string, string[]>;
  resolved: FileLink["resolved"];
}

/**
 * IndexedFile.reads: `{"m": [[specifier, target], …], "r": [[key, name, …], …]}`, reads by key;
 * the specifiers first, so that they are read (decodeResolved) without the names after them.
 */
export function encodeReads(link: Pick<FileLink, "touched" | "resolved">): string {
  // A file that read nothing of the others and writes no specifier keeps nothing.
  if (link.touched.length === 0 && link.resolved.length === 0) return "";
  const entries = link.touched.map(({ path, names }) => [readKey(path), ...names]);
  entries.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
  return JSON.stringify({ m: link.resolved, r: entries });
}

const RESOLVED_START = '{"m":';
// Outside a string a `"` after a comma begins the next key: inside one it would be escaped (`\"`).
const NAMES_START = ',"r":';

/** What each specifier a file wrote reached (LinkInputs.resolved) as recorded in its reads; undefined when they cannot be read. */
export function decodeResolved(text: string): FileLink["resolved"] | undefined {
  const end = text.startsWith(RESOLVED_START) ? text.indexOf(NAMES_START) : -1;
  if (end < 0) return decodeReads(text)?.resolved;
  try {
    const m = JSON.parse(text.slice(RESOLVED_START.length, end)) as unknown;
    return resolvedEntries(m) ? m : undefined;
  } catch {
    return undefined;
  }
}

function resolvedEntries(m: unknown): m is FileLink["resolved"] {
  return Array.isArray(m) && m.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === "string" && (entry[1] === null || typeof entry[1] === "string"));
}

/**
 * IndexedFile.reads decoded; undefined when the text cannot be read (a damaged cache), which a
 * caller takes as a read of everything. A file not linked yet has read nothing.
 */
export function decodeReads(text: string): LinkInputs | undefined {
  if (text === "") return { reads: new Map(), resolved: [] };
  try {
    const { r, m } = JSON.parse(text) as { r: unknown; m: unknown };
    if (!Array.isArray(r) || !Array.isArray(m)) return undefined;
    const reads = new Map<string, string[]>();
    for (const entry of r) {
      if (!Array.isArray(entry) || entry.length === 0 || !entry.every((part) => typeof part === "string")) return undefined;
      reads.set(entry[0] as string, entry.slice(1) as string[]);
    }
    return resolvedEntries(m) ? { reads, resolved: m } : undefined;
  } catch {
    return undefined;
  }
}
