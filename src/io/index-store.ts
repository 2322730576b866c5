import { hash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { mkdir, readdir, rm, rmdir, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { joinShards, shardFolder, shardPathsOf } from "../formats/index-shards.js";
import { sameStat, type FileStat } from "./read-source.js";
import {
  CALL_INDEX_FILE,
  DOMAIN_MANIFEST_FILE,
  ENDPOINT_INDEX_FILE,
  FILE_INDEX_FILE,
  INDEX_CONFIG_FILE,
  SYMBOL_INDEX_FILE,
} from "../formats/index-file-names.js";
import type { LinkStats } from "../core/calls/link-calls.js";
import type { IndexedFile, LinkRecord } from "../core/index/indexed-file.js";
import type { LazySummary } from "../core/calls/lazy-summary.js";
import type { RepoPath } from "../model.js";
import { removeStaleSegments, storeSummaries, SummaryStore, type Segment } from "./summary-store.js";
import { readText, readTextIfExists, writeFileAtomic } from "./atomic-write.js";

export const AI_DIR = ".ai";
/** Derived, gitignored data: rebuilt from the committed files whenever it is missing or out of date. */
export const CACHE_DIR = ".ai/.cache";
export const INDEX_FILES = [SYMBOL_INDEX_FILE, ENDPOINT_INDEX_FILE, CALL_INDEX_FILE, FILE_INDEX_FILE, DOMAIN_MANIFEST_FILE] as const;
export type IndexFileName = (typeof INDEX_FILES)[number];

export function aiPath(root: string, name: string): string {
  return join(root, AI_DIR, name);
}

/** Whether any file of layered memory exists (before `ctx init` or `ctx complete-task`, none does). */
export function hasMemory(root: string): boolean {
  return ["hot-cache.jsonl", "incident-cache.jsonl", "lessons-learned.md", "brain-index.md"].some((name) => statSync(aiPath(root, name), { throwIfNoEntry: false }) !== undefined);
}

export async function readIndexConfigText(root: string): Promise<string | undefined> {
  return readTextIfExists(aiPath(root, INDEX_CONFIG_FILE));
}

/** An index file's text; a sharded one (formats/index-shards.ts) read back whole, its shards in place. */
export async function readIndexFile(root: string, name: IndexFileName): Promise<string | undefined> {
  const top = await readTextIfExists(aiPath(root, name));
  if (top === undefined) return undefined;
  const paths = shardPathsOf(top);
  if (paths.length === 0) return top;
  const shards = new Map(await Promise.all(paths.map(async (path) => [path, await readTextIfExists(aiPath(root, path))] as const)));
  return joinShards(top, `.ai/${name}`, (path) => shards.get(path));
}

/** Whether a file under `.ai/` differs from `content`: by size first, so a changed file is not read. */
export async function indexFileDiffers(root: string, path: string, content: string | readonly string[]): Promise<boolean> {
  const chunks = typeof content === "string" ? [content] : content;
  try {
    if ((await stat(aiPath(root, path))).size !== chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0)) return true;
  } catch {
    return true;
  }
  const existing = (await readTextIfExists(aiPath(root, path))) ?? "";
  let offset = 0;
  for (const chunk of chunks) {
    if (!existing.startsWith(chunk, offset)) return true;
    offset += chunk.length;
  }
  return offset !== existing.length;
}

/** Writes files under `.ai/` atomically (the caller passes only those whose content changed). */
export async function writeIndexFiles(root: string, contents: ReadonlyMap<string, string | readonly string[]>): Promise<void> {
  for (const [path, content] of contents) {
    await mkdir(dirname(aiPath(root, path)), { recursive: true });
    await writeFileAtomic(aiPath(root, path), content, { ifChanged: false });
  }
  await writeFileAtomic(join(root, CACHE_DIR, ".gitignore"), "*\n");
}

/** The shards on disk in an index file's shard folder (paths under `.ai/`), sorted; none when it has no folder. */
export async function shardsOnDisk(root: string, name: IndexFileName): Promise<string[]> {
  const folder = shardFolder(name);
  try {
    return (await readdir(aiPath(root, folder))).filter((entry) => SHARD_FILE.test(entry)).map((entry) => `${folder}/${entry}`).sort();
  } catch {
    return [];
  }
}

/** Removes shards no top file names any more, and a shard folder left empty; nothing else in it is touched. */
export async function removeShards(root: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) await rm(aiPath(root, path), { force: true });
  for (const folder of new Set(paths.map((path) => path.slice(0, path.indexOf("/"))))) {
    await rmdir(aiPath(root, folder)).catch(() => undefined);
  }
}

const SHARD_FILE = /^[0-9a-f]{16}\.md$/;

/**
 * A stamp of the committed index files as they are on disk (size and mtime), shards included, so
 * derived caches can tell cheaply that they were built from exactly these files. Synchronous: a
 * stat per file, taken while nothing else could run (see openIndexReader).
 */
export function indexStamp(root: string): string {
  const stamped = (path: string): string => {
    try {
      const stats = statSync(aiPath(root, path));
      return `${path}:${stats.size}:${stats.mtimeMs}`;
    } catch {
      return `${path}:absent`;
    }
  };
  const shards = (name: IndexFileName): string[] => {
    const folder = shardFolder(name);
    try {
      return readdirSync(aiPath(root, folder)).filter((entry) => SHARD_FILE.test(entry)).sort().map((entry) => `${folder}/${entry}`);
    } catch {
      return [];
    }
  };
  // Hashed: with a stamp per shard it would be tens of kilobytes, and it is kept in the caches' headers.
  return hash("sha256", INDEX_FILES.flatMap((name) => [stamped(name), ...shards(name).map(stamped)]).join("|"));
}

const FILES_CACHE = "files.jsonl";
/** NOTE: bump when a cached line's fields change: a cache of another layout is rebuilt, never misread. */
const FILES_CACHE_LAYOUT = 5;
const ROWS_CACHE = "symbol-rows.md";
const CALL_ROWS_CACHE = "call-rows.md";

/** An indexed file plus the stat it had when last hashed, so an unchanged file need not be read again. */
export interface CachedFile extends IndexedFile, FileStat {
  /** The cache line this file was read from, written again as it is while nothing in it changed. */
  cachedLine?: CachedLine;
}

interface CachedLine extends FileStat {
  text: string;
  sha256: string;
  link: LinkRecord | null;
  summary: LazySummary;
  segment: number;
}

/** A link record with the files it touched as indexes into the cache's (sorted) file list. */
type StoredLink = Omit<LinkRecord, "touched" | "targets" | "callTerms"> & { touched: number[]; targets: number[] };

/** One line of the cache: all but the rows (in their own files) and the summary (in the summary store: segment index, offset, length). */
type StoredFile = Omit<CachedFile, "symbolRows" | "callRows" | "link" | "summary" | "routing"> & {
  rowsLength: number;
  callRowsLength: number;
  link: StoredLink | null;
  at: [number, number, number];
};

/**
 * What the last run wrote: the stamp of the index files it left, what module resolution rested on,
 * and its counts. A run that finds no file changed, the same resolution and index files with that
 * stamp would write the same bytes, so it stops there.
 */
export interface SettledIndex {
  stamp: string;
  resolution: string;
  counts: { symbols: number; endpoints: number; dynamicRoutes: { count: number; first: string | null }; modules: number; calls: LinkStats };
}

/** The first line of the cache. */
interface FilesCacheHeader {
  version: string;
  /** When the run that wrote the cache started (ms since epoch); see RACY_WINDOW_MS in index-command. */
  startedAt: number;
  /** Lengths of the rows files this cache was written with; a mismatch means the set is torn. */
  rowsLength: number;
  callRowsLength: number;
  files: number;
  /** The summary store's segments the files' summaries are in. */
  segments: Segment[];
  settled: SettledIndex | null;
}

/** What the last run knew; `close` releases the summary store once the run has written its own. */
export interface FilesCache {
  startedAt: number;
  /** In the order written: by path. */
  files: CachedFile[];
  settled: SettledIndex | null;
  segments: Segment[];
  close(): void;
}

/**
 * What the last run knew of each file: a header line, then a line per file. Call summaries are in
 * the summary store, read only when linking reaches a file; the rendered symbol and call rows live
 * in plain text files beside it, because parsing megabytes of them as JSON strings would cost more
 * than the rest of an incremental run. Valid only for the extractor that wrote it: a rebuilt
 * extractor re-parses all.
 */
export async function readFilesCache(root: string, version: string): Promise<FilesCache | null> {
  let store: SummaryStore | null = null;
  try {
    const [text, rows, callRows] = await Promise.all([
      readText(join(root, CACHE_DIR, FILES_CACHE)),
      readText(join(root, CACHE_DIR, ROWS_CACHE)),
      readText(join(root, CACHE_DIR, CALL_ROWS_CACHE)),
    ]);
    const lines = text.split("\n");
    const header = JSON.parse(lines[0]!) as FilesCacheHeader;
    if (header.version !== `${version}#${FILES_CACHE_LAYOUT}` || header.rowsLength !== rows.length || header.callRowsLength !== callRows.length || lines.length !== header.files + 2) return null;
    store = SummaryStore.open(join(root, CACHE_DIR), header.segments);
    if (!store) return null;
    const opened = store;
    const texts = lines.slice(1, -1);
    const stored = texts.map((line) => JSON.parse(line) as StoredFile);
    const paths = stored.map((file) => file.path);
    let offset = 0;
    let callOffset = 0;
    // Each parsed line becomes its file's record in place (copying 7,000 records costs more than
    // the parse); the stored-only fields it keeps are overwritten when it is written again.
    const files = stored.map((entry, i): CachedFile => {
      const { rowsLength, callRowsLength, at } = entry;
      const storedLink = entry.link;
      const file = entry as unknown as CachedFile;
      file.symbolRows = rows.slice(offset, offset + rowsLength);
      offset += rowsLength;
      file.callRows = callRows.slice(callOffset, callOffset + callRowsLength);
      callOffset += callRowsLength;
      file.summary = opened.summary({ segment: header.segments[at[0]]!.name, offset: at[1], length: at[2] });
      file.link = linkOf(storedLink, paths);
      file.cachedLine = { text: texts[i]!, sha256: file.sha256, size: file.size, mtimeMs: file.mtimeMs, ctimeMs: file.ctimeMs, ino: file.ino, link: file.link, summary: file.summary, segment: at[0] };
      return file;
    });
    if (offset !== rows.length || callOffset !== callRows.length) throw new Error("torn cache");
    return { startedAt: header.startedAt, files, settled: header.settled ?? null, segments: header.segments, close: () => opened.close() };
  } catch {
    store?.close();
    return null;
  }
}

/** A stored link made a link record in place: its touched files' indexes turned back into paths. */
function linkOf(stored: StoredLink | null, paths: readonly RepoPath[]): LinkRecord | null {
  if (!stored) return null;
  const touched = stored.touched.map((index) => paths[index]!);
  const targets = stored.targets.map((index) => paths[index]!);
  const link = stored as unknown as LinkRecord;
  link.touched = touched;
  link.targets = targets;
  return link;
}

/** `files` must be sorted by path; `previous` is the cache they were read from. */
export async function writeFilesCache(
  root: string,
  version: string,
  startedAt: number,
  files: readonly CachedFile[],
  settled: SettledIndex | null,
  previous: Pick<FilesCache, "files" | "segments"> | null,
  /** Which rows files differ from the previous cache's (without one, both are written). */
  rowsChanged: { symbols: boolean; calls: boolean } = { symbols: true, calls: true },
): Promise<void> {
  const previousSegments = previous?.segments ?? [];
  // Lines refer to other files by their place in the list: kept only while every file keeps its place.
  const samePlaces = previous !== null && previous.files.length === files.length && previous.files.every((file, i) => file.path === files[i]!.path);
  const cacheDir = join(root, CACHE_DIR);
  const { at, segments } = await storeSummaries(cacheDir, files.map((file) => file.summary), previousSegments);
  const segmentIndex = new Map(segments.map((segment, i) => [segment.name, i]));
  const indexOf = new Map(files.map((file, i) => [file.path, i]));
  const rowsLength = files.reduce((sum, file) => sum + file.symbolRows.length, 0);
  const callRowsLength = files.reduce((sum, file) => sum + file.callRows.length, 0);
  const header: FilesCacheHeader = { version: `${version}#${FILES_CACHE_LAYOUT}`, startedAt, rowsLength, callRowsLength, files: files.length, segments, settled };
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- routing is left out of the line on purpose (see IndexedFile)
  const lines = files.map(({ symbolRows, callRows, link, summary, cachedLine, routing, ...file }, i) => {
    const where = at[i]!;
    if (
      samePlaces &&
      cachedLine &&
      cachedLine.link === link &&
      cachedLine.summary === summary &&
      cachedLine.sha256 === file.sha256 &&
      sameStat(cachedLine, file) &&
      // The summary stays where the line says: not moved into a new segment by a compaction, which
      // can give the new segment the old one's place in the list while every offset changes.
      where === summary.storedAt &&
      cachedLine.segment === segmentIndex.get(where.segment)
    ) {
      return `${cachedLine.text}\n`;
    }
    const stored: StoredFile = {
      ...file,
      rowsLength: symbolRows.length,
      callRowsLength: callRows.length,
      // A touched file that is gone is not indexed any more; the run that dropped it relinked everything.
      link: link && {
        touched: link.touched.flatMap((path) => indexOf.get(path) ?? []),
        targets: link.targets.flatMap((path) => indexOf.get(path) ?? []),
        probes: link.probes,
        stats: link.stats,
        overrides: link.overrides,
        rows: link.rows,
        unresolvedRows: link.unresolvedRows,
      },
      at: [segmentIndex.get(where.segment)!, where.offset, where.length],
    };
    return `${JSON.stringify(stored)}\n`;
  });
  if (previous === null || rowsChanged.symbols) await writeFileAtomic(join(cacheDir, ROWS_CACHE), files.map((file) => file.symbolRows), { ifChanged: false });
  if (previous === null || rowsChanged.calls) await writeFileAtomic(join(cacheDir, CALL_ROWS_CACHE), files.map((file) => file.callRows), { ifChanged: false });
  await writeFileAtomic(join(cacheDir, FILES_CACHE), [`${JSON.stringify(header)}\n`, ...lines], { ifChanged: false });
  await removeStaleSegments(cacheDir, segments);
}
