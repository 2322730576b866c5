import { link, mkdir, open, readFile, rename, rm, unlink, writeFile, type FileHandle } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { dirname } from "node:path";
import { temporaryFor } from "./temporary-files.js";

const WRITE_BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Writes through a temporary file in the same directory and renames it into place, so a crash or
 * SIGKILL leaves either the old content or the new, never a torn file. Unless `ifChanged` is false
 * (the caller knows already), a file that holds exactly this content is left untouched and false
 * is returned. Content may be given in chunks, which are written one after another, so a large
 * file is never joined into one string.
 */
export async function writeFileAtomic(
  path: string,
  content: string | Buffer | readonly string[],
  options: { ifChanged?: boolean; mode?: number } = {},
): Promise<boolean> {
  if (Buffer.isBuffer(content)) {
    if (options.ifChanged !== false && (await readFile(path).catch(() => undefined))?.equals(content)) return false;
    await writeThrough(path, options.mode, async (handle) => void (await handle.write(content)));
    return true;
  }
  const chunks = typeof content === "string" ? [content] : content;
  if (options.ifChanged !== false) {
    const existing = await readText(path).catch(() => undefined);
    if (existing !== undefined && existing.length === chunks.reduce((sum, chunk) => sum + chunk.length, 0) && existing === chunks.join("")) {
      return false;
    }
  }
  await writeThrough(path, options.mode, async (handle) => {
    // Thousands of small chunks are joined into a few large writes: each write is a round trip.
    let pending: string[] = [];
    let size = 0;
    for (const chunk of chunks) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= WRITE_BATCH_CHARS) {
        await handle.write(pending.join(""));
        pending = [];
        size = 0;
      }
    }
    if (pending.length > 0 || chunks.length === 0) await handle.write(pending.join(""));
  });
  return true;
}

/** Writes `path` through a temporary file (see temporaryFor), renamed into place once `write` is done. */
async function writeThrough(path: string, mode: number | undefined, write: (handle: FileHandle) => Promise<void>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = await temporaryFor(path);
  try {
    const handle = await open(temporary, "w", mode);
    try {
      await write(handle);
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Reads a whole file as UTF-8.
 * NOTE: not `readFile(path, "utf8")`: on Node 20 that decodes chunk by chunk through a
 * StringDecoder, which costs ~20 ms per megabyte; decoding the whole buffer at once is ~10× faster.
 */
export async function readText(path: string): Promise<string> {
  return (await readFile(path)).toString("utf8");
}

/**
 * The first `bytes` bytes of a file as UTF-8 (a character cut at the end is dropped by the
 * caller's parse), or undefined when it does not exist. Synchronous: one short read.
 */
export function readHeadIfExists(path: string, bytes: number): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(descriptor, buffer, 0, bytes, 0);
    return buffer.toString("utf8", 0, read);
  } finally {
    closeSync(descriptor);
  }
}

/** A whole file as UTF-8, or undefined when it cannot be read. Synchronous: for small files a command waits for anyway. */
export function readIfReadable(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readText(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Creates `path` with `content` unless it exists, in one step: written to a temporary file and
 * hard-linked into place, so a crash leaves no half-written file and two processes never both
 * create it. True when this call created it.
 */
export async function createIfAbsent(path: string, content: string): Promise<boolean> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = await temporaryFor(path);
  await writeFile(temporary, content);
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/**
 * Replaces a directory whole: `fill` writes the new one into a staging directory beside it, which
 * is then swapped in. The old one is moved aside rather than deleted in place: deleting takes as
 * long as its files, and a reader in that window would find half of it; aside, it is gone from its
 * path in one rename.
 */
export async function replaceDirectory(directory: string, fill: (staging: string) => Promise<void>): Promise<void> {
  const staging = `${directory}.${process.pid}.${randomUUID()}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await fill(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const aside = `${directory}.${process.pid}.${randomUUID()}.old.tmp`;
  await rename(directory, aside).catch(() => undefined);
  try {
    await rename(staging, directory);
  } catch {
    // Another ctx process swapped its own copy in first; it was built from the same files.
    await rm(staging, { recursive: true, force: true });
  }
  await rm(aside, { recursive: true, force: true });
}
