import { createHash } from "node:crypto";
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RepoPath } from "../model.js";

const UTF8 = new TextDecoder("utf-8", { fatal: true });

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The id git gives these bytes as a blob (`git hash-object`): what a file read from the working
 * tree is known by in git's index when git stores it unconverted. A commit hook compares it with
 * the ids git holds to prove a cached file current without reading it (see index-command).
 */
export function gitBlobId(bytes: Uint8Array): string {
  return createHash("sha1").update(`blob ${bytes.byteLength}\0`).update(bytes).digest("hex");
}

/**
 * What a file's stat says of its content: equal stats are trusted to mean equal content (outside
 * the racy window). The ctime too, as git does: a write that keeps size and mtime (restored with
 * `touch -d`, or within the clock's resolution) and the inode still moves it, and no one can set it.
 */
export interface FileStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

export function sameStat(a: FileStat, b: FileStat): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;
}

export type Observation =
  | { kind: "unchanged"; path: RepoPath; stat: FileStat }
  | { kind: "read"; path: RepoPath; text: string; sha256: string; blob: string; stat: FileStat }
  | { kind: "skipped"; path: RepoPath; reason: string };

/**
 * Observes one file for indexing: `unchanged` when its stat equals `known` and can be trusted
 * (see index-command), else its text and hash. Every way a file can be unusable becomes a reason
 * instead of an exception, so one bad file never stops a run.
 * NOTE: synchronous on purpose: for thousands of small files the promise API's per-call overhead
 * (open, fstat, read, close as separate tasks) costs several times the reading itself.
 */
export function observeFile(root: string, path: RepoPath, maxBytes: number, known?: FileStat): Observation {
  const absolute = `${root}/${path}`;
  try {
    const stats = lstatSync(absolute);
    if (stats.isSymbolicLink()) return { kind: "skipped", path, reason: "symbolic link (not followed)" };
    if (!stats.isFile()) return { kind: "skipped", path, reason: "not a regular file" };
    if (stats.size > maxBytes) return tooLarge(path, stats.size, maxBytes);
    const stat: FileStat = { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
    if (known && sameStat(known, stat)) {
      return { kind: "unchanged", path, stat };
    }
    return observeBytes(path, readFileSync(absolute), maxBytes, stat);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "skipped", path, reason: "deleted before it could be read" };
    if (code === "ELOOP") return { kind: "skipped", path, reason: "symbolic link loop" };
    if (code === "EACCES" || code === "EPERM") return { kind: "skipped", path, reason: "permission denied" };
    return { kind: "skipped", path, reason: `unreadable (${code ?? String(error)})` };
  }
}

function tooLarge(path: RepoPath, size: number, maxBytes: number): Observation {
  return { kind: "skipped", path, reason: `larger than ${maxBytes} bytes (${size})` };
}

/**
 * The stat recorded for content read from git rather than from the working tree: no file has it,
 * so the next run that stats the file reads it again.
 */
export const NOT_FROM_DISK: FileStat = { size: -1, mtimeMs: -1, ctimeMs: -1, ino: -1 };

/** Observes content already in memory (a file's bytes, or the blob git holds for it): `stat` is what to record with it. */
export function observeBytes(path: RepoPath, bytes: Buffer, maxBytes: number, stat: FileStat): Observation {
  if (bytes.byteLength > maxBytes) return tooLarge(path, bytes.byteLength, maxBytes);
  if (bytes.subarray(0, 8000).includes(0)) return { kind: "skipped", path, reason: "binary (NUL byte)" };
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return { kind: "skipped", path, reason: "not valid UTF-8" };
  }
  return { kind: "read", path, text, sha256: sha256(bytes), blob: gitBlobId(bytes), stat };
}

/**
 * SHA-256 of a file as it is now, or null when it cannot be read. Used to verify freshness.
 * Read synchronously: a lookup hashes a handful of files and waits for them, and a promise read
 * is four trips through the thread pool where this is four system calls.
 */
export function hashFile(root: string, path: RepoPath): string | null {
  try {
    return sha256(readFileSync(join(root, path)));
  } catch {
    return null;
  }
}
