import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { DOMAIN_MANIFEST_FILE } from "../formats/domain-manifest.js";
import { ENDPOINT_INDEX_FILE } from "../formats/endpoint-index.js";
import { FILE_INDEX_FILE } from "../formats/file-index.js";
import { INDEX_CONFIG_FILE } from "../formats/index-config.js";
import { SYMBOL_INDEX_FILE } from "../formats/symbol-index.js";
import type { IndexedFile } from "../core/index/indexed-file.js";
import { readTextIfExists, writeFileAtomic } from "./atomic-write.js";

export const AI_DIR = ".ai";
/** Derived, gitignored data: rebuilt from the committed files whenever it is missing or out of date. */
export const CACHE_DIR = ".ai/.cache";
export const INDEX_FILES = [SYMBOL_INDEX_FILE, ENDPOINT_INDEX_FILE, FILE_INDEX_FILE, DOMAIN_MANIFEST_FILE] as const;
export type IndexFileName = (typeof INDEX_FILES)[number];

export function aiPath(root: string, name: string): string {
  return join(root, AI_DIR, name);
}

export async function readIndexConfigText(root: string): Promise<string | undefined> {
  return readTextIfExists(aiPath(root, INDEX_CONFIG_FILE));
}

export async function readIndexFile(root: string, name: IndexFileName): Promise<string | undefined> {
  return readTextIfExists(aiPath(root, name));
}

/** Writes the index files that changed, atomically; returns the names written. */
export async function writeIndexFiles(root: string, contents: ReadonlyMap<IndexFileName, string>): Promise<IndexFileName[]> {
  const written: IndexFileName[] = [];
  for (const [name, content] of contents) {
    if (await writeFileAtomic(aiPath(root, name), content)) written.push(name);
  }
  await writeFileAtomic(join(root, CACHE_DIR, ".gitignore"), "*\n");
  return written;
}

/**
 * A stamp of the committed index files as they are on disk (size and mtime), so derived caches can
 * tell cheaply that they were built from exactly these files.
 */
export async function indexStamp(root: string): Promise<string> {
  const parts: string[] = [];
  for (const name of INDEX_FILES) {
    try {
      const stats = await stat(aiPath(root, name));
      parts.push(`${name}:${stats.size}:${stats.mtimeMs}`);
    } catch {
      parts.push(`${name}:absent`);
    }
  }
  return parts.join("|");
}

const FILES_CACHE = "files.json";

/** An indexed file plus the stat it had when last hashed, so an unchanged file need not be read again. */
export interface CachedFile extends IndexedFile {
  size: number;
  mtimeMs: number;
  ino: number;
}

interface FilesCache {
  version: string;
  /** When the run that wrote the cache started (ms since epoch); see `isStatTrusted`. */
  startedAt: number;
  files: CachedFile[];
}

/**
 * What the last run knew of each file. Valid only for the extractor that wrote it: a rebuilt
 * extractor must re-parse everything.
 */
export async function readFilesCache(root: string, version: string): Promise<{ startedAt: number; files: CachedFile[] } | null> {
  try {
    const cache = JSON.parse(await readFile(join(root, CACHE_DIR, FILES_CACHE), "utf8")) as FilesCache;
    return cache.version === version && Array.isArray(cache.files) ? cache : null;
  } catch {
    return null;
  }
}

export async function writeFilesCache(root: string, version: string, startedAt: number, files: CachedFile[]): Promise<void> {
  await writeFileAtomic(join(root, CACHE_DIR, FILES_CACHE), JSON.stringify({ version, startedAt, files } satisfies FilesCache));
}
