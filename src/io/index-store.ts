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
import { UnreadableSummary, type LazySummary } from "../core/calls/lazy-summary.js";
import type { FileRoutes, ModuleRecord, RepoPath } from "../model.js";
import { removeStaleSegments, storeSummaries, SummaryStore, type Segment } from "./summary-store.js";
import type { StoredAt } from "../core/calls/lazy-summary.js";
import { readHeadIfExists, readText, readTextIfExists, writeFileAtomic } from "./atomic-write.js";

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

/**
 * The beginning of an index file, where its preamble is (file_index.md's `ctx:index` line), or
 * undefined when it does not exist: a run that needs only that is spared a megabyte's read.
 */
export function readIndexFileHead(root: string, name: IndexFileName, bytes = 4096): string | undefined {
  return readHeadIfExists(aiPath(root, name), bytes);
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
const FILES_CACHE_LAYOUT = 9;

/**
 * Each file's rendered rows, and the names it read of other files (IndexedFile.reads), kept in
 * segments of their own (io/summary-store.ts), read only when something asks for them.
 */
type RowsKey = "symbolRows" | "callRows" | "reads";
const ROWS_KEYS: readonly RowsKey[] = ["symbolRows", "callRows", "reads"];
const ROWS_FOLDER: Record<RowsKey, string> = { symbolRows: "symbol-rows", callRows: "call-rows", reads: "reads" };


/** Where a text is in its segments: segment index, byte offset, byte length, and its length in UTF-16 code units. */
type StoredRowsAt = [number, number, number, number];

/** An indexed file plus the stat it had when last hashed, so an unchanged file need not be read again. */
export interface CachedFile extends IndexedFile, FileStat {
  /** The git blob id of the content hashed (read-source.ts `gitBlobId`): what proves it current against git's index. */
  blob: string;
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

/** A link record with its targets and stars as indexes into the cache's (sorted) file list. */
type StoredLink = Omit<LinkRecord, "targets" | "stars" | "callTerms"> & { targets: number[]; stars?: number[] };

/** One line of the cache: all but the rows and the summary (each in its segments: segment index, offset, length). */
type StoredFile = Omit<CachedFile, RowsKey | "link" | "summary" | "routing" | "cachedLine"> & {
  link: StoredLink | null;
  at: [number, number, number];
  symbolRowsAt: StoredRowsAt;
  callRowsAt: StoredRowsAt;
  readsAt: StoredRowsAt;
};

/**
 * What the last run wrote: the stamp of the index files it left, what module resolution rested on,
 * and its counts. A run that finds no file changed, the same resolution and index files with that
 * stamp would write the same bytes, so it stops there.
 */
export interface SettledIndex {
  stamp: string;
  resolution: string;
  /** Installed packages' declaration files read for types (PackageDeclarations), each with its SHA-256 then. */
  declarations?: Record<string, string>;
  /** The domain manifest the run left, by its SHA-256, as parsed: a run that finds it unchanged need not parse its YAML again. */
  manifest?: { sha256: string; modules: ModuleRecord[] };
  counts: { symbols: number; endpoints: number; dynamicRoutes: { count: number; first: string | null }; modules: number; calls: LinkStats };
}

/** The first line of the cache. */
interface FilesCacheHeader {
  version: string;
  /** When the run that wrote the cache started (ms since epoch); see RACY_WINDOW_MS in index-command. */
  startedAt: number;
  files: number;
  /** The summary store's segments the files' summaries are in. */
  segments: Segment[];
  /** The segments of the files' rows, by kind. */
  rowSegments: Record<RowsKey, Segment[]>;
  settled: SettledIndex | null;
}

/** What the last run knew; `close` releases the stores once the run has written its own. */
export interface FilesCache {
  startedAt: number;
  /** In the order written: by path. */
  files: CachedFile[];
  settled: SettledIndex | null;
  segments: Segment[];
  rowSegments: Record<RowsKey, Segment[]>;
  close(): void;
}

/** The row stores a cache's records read their rows from. */
interface RowsSource {
  stores: Record<RowsKey, SummaryStore>;
  segments: Record<RowsKey, Segment[]>;
}

/**
 * A file's record as read from the cache: its line's fields, and its rows, read from their segment
 * on first use; rows a run sets replace them (and are then stored anew). Records are changed in
 * place by the run that read them, never copied (a spread would lose the rows). The fields are
 * assigned one by one, so that every record has the same shape.
 */
class CachedRecord implements CachedFile {
  path: RepoPath;
  sha256: string;
  isTest: boolean;
  imports: string[];
  symbolCount: number;
  routes?: FileRoutes;
  summary: LazySummary;
  callables: string[];
  script: boolean;
  shape: string;
  routing?: string;
  link: LinkRecord | null;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  blob: string;
  cachedLine?: CachedLine;
  readonly symbolRowsAt: StoredRowsAt;
  readonly callRowsAt: StoredRowsAt;
  readonly readsAt: StoredRowsAt;
  readonly #source: RowsSource;
  #read: Partial<Record<RowsKey, string>> | undefined;
  #set: Partial<Record<RowsKey, string>> | undefined;

  constructor(entry: StoredFile, source: RowsSource, summary: LazySummary, link: LinkRecord | null) {
    this.path = entry.path;
    this.sha256 = entry.sha256;
    this.isTest = entry.isTest;
    this.imports = entry.imports;
    this.symbolCount = entry.symbolCount;
    if (entry.routes) this.routes = entry.routes;
    this.summary = summary;
    this.callables = entry.callables;
    this.script = entry.script;
    this.shape = entry.shape;
    this.link = link;
    this.size = entry.size;
    this.mtimeMs = entry.mtimeMs;
    this.ctimeMs = entry.ctimeMs;
    this.ino = entry.ino;
    this.blob = entry.blob;
    this.symbolRowsAt = entry.symbolRowsAt;
    this.callRowsAt = entry.callRowsAt;
    this.readsAt = entry.readsAt;
    this.#source = source;
  }

  get symbolRows(): string {
    return this.rows("symbolRows");
  }

  set symbolRows(rows: string) {
    (this.#set ??= {}).symbolRows = rows;
  }

  get callRows(): string {
    return this.rows("callRows");
  }

  set callRows(rows: string) {
    (this.#set ??= {}).callRows = rows;
  }

  get reads(): string {
    return this.rows("reads");
  }

  set reads(reads: string) {
    (this.#set ??= {}).reads = reads;
  }

  /** Where its rows are stored while they are those the cache holds; undefined once a run set others. */
  storedAt(key: RowsKey): StoredRowsAt | undefined {
    return this.#set?.[key] === undefined ? (key === "symbolRows" ? this.symbolRowsAt : key === "callRows" ? this.callRowsAt : this.readsAt) : undefined;
  }

  private rows(key: RowsKey): string {
    const known = this.#set?.[key] ?? this.#read?.[key];
    if (known !== undefined) return known;
    const [segment, offset, length, chars] = this.storedAt(key)!;
    const at = { segment: this.#source.segments[key][segment]!.name, offset, length };
    const text = this.#source.stores[key].text(at);
    if (text.length !== chars) throw new UnreadableSummary(at, new Error(`${chars} characters expected, ${text.length} read`));
    (this.#read ??= {})[key] = text;
    return text;
  }
}

function storedAtOf(file: CachedFile | IndexedFile, key: RowsKey): StoredRowsAt | undefined {
  return file instanceof CachedRecord ? file.storedAt(key) : undefined;
}

/** The length of a file's rows (UTF-16 code units), without reading stored ones. */
export function rowsLength(file: CachedFile | IndexedFile, key: RowsKey): number {
  return storedAtOf(file, key)?.[3] ?? file[key].length;
}

/**
 * What the last run knew of each file: a header line, then a line per file. Call summaries and the
 * rendered rows are in their segments, read only when a run reaches a file: an incremental run
 * reads a few kilobytes of them, not the tens of megabytes a large repository has. Valid only for
 * the extractor that wrote it: a rebuilt extractor re-parses all.
 */
export async function readFilesCache(root: string, version: string): Promise<FilesCache | null> {
  const stores: SummaryStore[] = [];
  const closeAll = (): void => stores.forEach((store) => store.close());
  try {
    const cacheDir = join(root, CACHE_DIR);
    const text = await readText(join(cacheDir, FILES_CACHE));
    const lines = text.split("\n");
    const header = JSON.parse(lines[0]!) as FilesCacheHeader;
    if (header.version !== `${version}#${FILES_CACHE_LAYOUT}` || lines.length !== header.files + 2) return null;
    const open = (segments: readonly Segment[], folder?: string): SummaryStore | null => {
      const store = SummaryStore.open(cacheDir, segments, folder);
      if (store) stores.push(store);
      return store;
    };
    const summaries = open(header.segments);
    const symbolRows = open(header.rowSegments.symbolRows, ROWS_FOLDER.symbolRows);
    const callRows = open(header.rowSegments.callRows, ROWS_FOLDER.callRows);
    const reads = open(header.rowSegments.reads, ROWS_FOLDER.reads);
    if (!summaries || !symbolRows || !callRows || !reads) {
      closeAll();
      return null;
    }
    const source: RowsSource = { stores: { symbolRows, callRows, reads }, segments: header.rowSegments };
    const texts = lines.slice(1, -1);
    const stored = texts.map((line) => JSON.parse(line) as StoredFile);
    const paths = stored.map((file) => file.path);
    const files = stored.map((entry, i): CachedFile => {
      const { at } = entry;
      const file = new CachedRecord(entry, source, summaries.summary({ segment: header.segments[at[0]]!.name, offset: at[1], length: at[2] }), linkOf(entry.link, paths));
      file.cachedLine = { text: texts[i]!, sha256: file.sha256, size: file.size, mtimeMs: file.mtimeMs, ctimeMs: file.ctimeMs, ino: file.ino, link: file.link, summary: file.summary, segment: at[0] };
      return file;
    });
    return { startedAt: header.startedAt, files, settled: header.settled ?? null, segments: header.segments, rowSegments: header.rowSegments, close: closeAll };
  } catch {
    closeAll();
    return null;
  }
}

/** A stored link made a link record in place: its targets' and stars' indexes turned back into paths. */
function linkOf(stored: StoredLink | null, paths: readonly RepoPath[]): LinkRecord | null {
  if (!stored) return null;
  const link = stored as unknown as LinkRecord;
  link.targets = stored.targets.map((index) => paths[index]!);
  link.stars = (stored.stars ?? []).map((index) => paths[index]!);
  return link;
}

/** The fields of a record that its line does not hold as they are: stored elsewhere, or rewritten. */
const NOT_IN_LINE = ["symbolRows", "callRows", "reads", "link", "summary", "cachedLine", "routing", "at", "symbolRowsAt", "callRowsAt", "readsAt"] as const;

/** `files` must be sorted by path; `previous` is the cache they were read from. */
export async function writeFilesCache(
  root: string,
  version: string,
  startedAt: number,
  files: readonly CachedFile[],
  settled: SettledIndex | null,
  previous: Pick<FilesCache, "files" | "segments" | "rowSegments"> | null,
): Promise<void> {
  // Lines refer to other files by their place in the list: a line is kept only while every file it
  // names keeps its place (a file added or gone moves the places after it, not the lines before).
  const placeBefore = new Map((previous?.files ?? []).map((file, i) => [file.path, i]));
  const cacheDir = join(root, CACHE_DIR);
  const { at, segments } = await storeSummaries(cacheDir, files.map((file) => file.summary), previous?.segments ?? []);
  // Rows still where the previous cache keeps them are left there; the others go into a new segment.
  const storedRows = (key: RowsKey): { storedAt: StoredAt | undefined; chars: number; toText(): string }[] =>
    files.map((file) => {
      const where = storedAtOf(file, key);
      const segment = where && previous?.rowSegments[key][where[0]];
      if (where && segment) return { storedAt: { segment: segment.name, offset: where[1], length: where[2] }, chars: where[3], toText: () => file[key] };
      const text = file[key];
      return { storedAt: undefined, chars: text.length, toText: () => text };
    });
  const rowTexts = { symbolRows: storedRows("symbolRows"), callRows: storedRows("callRows"), reads: storedRows("reads") };
  const [symbolRows, callRows, reads] = await Promise.all(ROWS_KEYS.map((key) => storeSummaries(cacheDir, rowTexts[key], previous?.rowSegments[key] ?? [], ROWS_FOLDER[key])));
  const rowsStored = { symbolRows: symbolRows!, callRows: callRows!, reads: reads! };
  const segmentIndex = new Map(segments.map((segment, i) => [segment.name, i]));
  const segmentIndexOf = (stored: { segments: Segment[] }): Map<string, number> => new Map(stored.segments.map((segment, i) => [segment.name, i]));
  const rowSegmentIndex = { symbolRows: segmentIndexOf(symbolRows!), callRows: segmentIndexOf(callRows!), reads: segmentIndexOf(reads!) };
  const indexOf = new Map(files.map((file, i) => [file.path, i]));
  const placesKept = (link: LinkRecord | null): boolean => link === null || [...link.targets, ...link.stars].every((path) => placeBefore.get(path) === indexOf.get(path));
  const header: FilesCacheHeader = {
    version: `${version}#${FILES_CACHE_LAYOUT}`,
    startedAt,
    files: files.length,
    segments,
    rowSegments: { symbolRows: symbolRows!.segments, callRows: callRows!.segments, reads: reads!.segments },
    settled,
  };
  const rowsAt = (key: RowsKey, i: number): StoredRowsAt => {
    const where = rowsStored[key].at[i]!;
    return [rowSegmentIndex[key].get(where.segment)!, where.offset, where.length, rowTexts[key][i]!.chars];
  };
  // A text stays where the line says: not moved into a new segment by a compaction, which can give
  // the new segment the old one's place in the list while every offset changes.
  const unmoved = (file: CachedFile, line: CachedLine, i: number): boolean =>
    at[i] === file.summary.storedAt &&
    line.segment === segmentIndex.get(at[i]!.segment) &&
    ROWS_KEYS.every((key) => {
      const before = storedAtOf(file, key);
      return before !== undefined && rowsAt(key, i).every((value, k) => value === before[k]);
    });
  const lines = files.map((file, i) => {
    const { cachedLine, link, summary } = file;
    if (cachedLine && cachedLine.link === link && cachedLine.summary === summary && cachedLine.sha256 === file.sha256 && sameStat(cachedLine, file) && placesKept(link) && unmoved(file, cachedLine, i)) {
      return `${cachedLine.text}\n`;
    }
    // Own fields only: a cached record's rows are on its prototype, a parsed one's are deleted here.
    const own: Record<string, unknown> = { ...file };
    for (const key of NOT_IN_LINE) delete own[key];
    const where = at[i]!;
    const stored: StoredFile = {
      ...(own as Omit<StoredFile, "link" | "at" | "symbolRowsAt" | "callRowsAt" | "readsAt">),
      link: link && {
        targets: link.targets.flatMap((path) => indexOf.get(path) ?? []),
        // Most files have none: left out of their lines.
        ...(link.stars.length > 0 ? { stars: link.stars.flatMap((path) => indexOf.get(path) ?? []) } : {}),
        probes: link.probes,
        stats: link.stats,
        overrides: link.overrides,
        aliases: link.aliases,
        rows: link.rows,
        unresolvedRows: link.unresolvedRows,
      },
      at: [segmentIndex.get(where.segment)!, where.offset, where.length],
      symbolRowsAt: rowsAt("symbolRows", i),
      callRowsAt: rowsAt("callRows", i),
      readsAt: rowsAt("reads", i),
    };
    return `${JSON.stringify(stored)}\n`;
  });
  await writeFileAtomic(join(cacheDir, FILES_CACHE), [`${JSON.stringify(header)}\n`, ...lines], { ifChanged: false });
  await Promise.all([
    removeStaleSegments(cacheDir, segments),
    ...ROWS_KEYS.map((key) => removeStaleSegments(cacheDir, rowsStored[key].segments, ROWS_FOLDER[key])),
    // What layout 5 kept whole: gone with it.
    rm(join(cacheDir, "symbol-rows.md"), { force: true }),
    rm(join(cacheDir, "call-rows.md"), { force: true }),
  ]);
}
