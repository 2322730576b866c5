import { createHash } from "node:crypto";
import { lstat, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RepoPath } from "../model.js";

export type SourceRead =
  | { ok: true; path: RepoPath; text: string; sha256: string }
  | { ok: false; path: RepoPath; reason: string };

const UTF8 = new TextDecoder("utf-8", { fatal: true });

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Reads one file for indexing. Every way a file can be unusable becomes a reason instead of an
 * exception, so one bad file never stops a run.
 */
export async function readSource(root: string, path: RepoPath, maxBytes: number): Promise<SourceRead> {
  const absolute = join(root, path);
  try {
    const stats = await lstat(absolute);
    if (stats.isSymbolicLink()) return { ok: false, path, reason: "symbolic link (not followed)" };
    if (!stats.isFile()) return { ok: false, path, reason: "not a regular file" };
    if (stats.size > maxBytes) return { ok: false, path, reason: `larger than ${maxBytes} bytes (${stats.size})` };
    const bytes = await readFile(absolute);
    if (bytes.subarray(0, 8000).includes(0)) return { ok: false, path, reason: "binary (NUL byte)" };
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      return { ok: false, path, reason: "not valid UTF-8" };
    }
    return { ok: true, path, text, sha256: sha256(bytes) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: false, path, reason: "deleted before it could be read" };
    if (code === "ELOOP") return { ok: false, path, reason: "symbolic link loop" };
    if (code === "EACCES" || code === "EPERM") return { ok: false, path, reason: "permission denied" };
    return { ok: false, path, reason: `unreadable (${code ?? String(error)})` };
  }
}

/** SHA-256 of a file as it is now, or null when it cannot be read. Used to verify freshness. */
export async function hashFile(root: string, path: RepoPath): Promise<string | null> {
  try {
    return sha256(await readFile(join(root, path)));
  } catch {
    return null;
  }
}
