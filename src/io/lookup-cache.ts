import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseDomainManifest } from "../formats/domain-manifest.js";
import { parseEndpointIndex } from "../formats/endpoint-index.js";
import { parseFileIndex, type FileRow } from "../formats/file-index.js";
import { parseSymbolIndex, type SymbolRow } from "../formats/symbol-index.js";
import type { EndpointRecord, ModuleRecord } from "../model.js";
import { CACHE_DIR, indexStamp, readIndexFile } from "./index-store.js";

/**
 * A derived, gitignored copy of the committed index, split so that one lookup reads one small
 * file: symbols are sharded by the hash of their lower-cased name. The Markdown and YAML stay the
 * source of truth; the cache is rebuilt from them whenever their size or mtime no longer match.
 * NOTE: bump LOOKUP_VERSION whenever the shard layout changes.
 */
const LOOKUP_VERSION = 1;
const SHARDS = 256;
const LOOKUP_DIR = `${CACHE_DIR}/lookup`;

export interface LookupTables {
  symbols: SymbolRow[];
  endpoints: EndpointRecord[];
  modules: ModuleRecord[];
  files: FileRow[];
}

/** path → [sha256, module] for the files a shard's rows live in. */
type FileTable = Record<string, [string, string]>;

interface Shard<T> {
  rows: T[];
  files: FileTable;
}

export interface Lookup<T> {
  rows: T[];
  sha: Map<string, string>;
  module: Map<string, string>;
}

function shardOf(name: string): number {
  let hash = 0x811c9dc5;
  const lower = name.toLowerCase();
  for (let i = 0; i < lower.length; i += 1) {
    hash ^= lower.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SHARDS;
}

function toLookup<T>(shard: Shard<T>): Lookup<T> {
  const sha = new Map<string, string>();
  const module = new Map<string, string>();
  for (const [path, [hash, owner]] of Object.entries(shard.files)) {
    sha.set(path, hash);
    module.set(path, owner);
  }
  return { rows: shard.rows, sha, module };
}

function fileTable(paths: Iterable<string>, files: ReadonlyMap<string, FileRow>): FileTable {
  const table: FileTable = {};
  for (const path of [...new Set(paths)].sort()) {
    const row = files.get(path);
    if (row) table[path] = [row.sha256, row.module];
  }
  return table;
}

export async function writeLookupCache(root: string, tables: LookupTables): Promise<void> {
  const stamp = await indexStamp(root);
  const directory = join(root, LOOKUP_DIR);
  const staging = `${directory}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const files = new Map(tables.files.map((f) => [f.path, f]));
  const shards: SymbolRow[][] = Array.from({ length: SHARDS }, () => []);
  for (const row of tables.symbols) shards[shardOf(row.name)]!.push(row);
  const writes: Promise<void>[] = shards.map((rows, i) =>
    writeFile(join(staging, `symbols-${i}.json`), JSON.stringify({ rows, files: fileTable(rows.map((r) => r.path), files) })),
  );
  writes.push(writeFile(join(staging, "names.json"), JSON.stringify([...new Set(tables.symbols.map((s) => s.name))].sort())));
  writes.push(
    writeFile(
      join(staging, "endpoints.json"),
      JSON.stringify({ rows: tables.endpoints, files: fileTable(tables.endpoints.map((e) => e.path), files) }),
    ),
  );
  writes.push(
    writeFile(join(staging, "modules.json"), JSON.stringify({ rows: tables.modules, files: fileTable(files.keys(), files) })),
  );
  await Promise.all(writes);
  // The stamp goes in last: a cache without a matching stamp is never read.
  await writeFile(join(staging, "meta.json"), JSON.stringify({ version: LOOKUP_VERSION, stamp }));
  await rm(directory, { recursive: true, force: true });
  await rename(staging, directory);
}

/** The committed index parsed into tables, or null when there is no index. Throws FormatError on a malformed file. */
export async function readIndexTables(root: string): Promise<LookupTables | null> {
  const fileText = await readIndexFile(root, "file_index.md");
  if (fileText === undefined) return null;
  const [symbolText, endpointText, manifestText] = await Promise.all([
    readIndexFile(root, "symbol_index.md"),
    readIndexFile(root, "endpoint_index.md"),
    readIndexFile(root, "domain-manifest.yaml"),
  ]);
  return {
    files: parseFileIndex(fileText, ".ai/file_index.md").rows,
    symbols: symbolText === undefined ? [] : parseSymbolIndex(symbolText, ".ai/symbol_index.md"),
    endpoints: endpointText === undefined ? [] : parseEndpointIndex(endpointText, ".ai/endpoint_index.md"),
    modules: manifestText === undefined ? [] : parseDomainManifest(manifestText, ".ai/domain-manifest.yaml"),
  };
}

/** Makes sure the cache matches the committed files; false when there is no index at all. */
async function ensureCache(root: string): Promise<boolean> {
  const stamp = await indexStamp(root);
  try {
    const meta = JSON.parse(await readFile(join(root, LOOKUP_DIR, "meta.json"), "utf8")) as { version: number; stamp: string };
    if (meta.version === LOOKUP_VERSION && meta.stamp === stamp) return true;
  } catch {
    // No cache yet, or a broken one: rebuild below.
  }
  const tables = await readIndexTables(root);
  if (!tables) return false;
  await writeLookupCache(root, tables);
  return true;
}

async function readShard<T>(root: string, file: string): Promise<Lookup<T> | null> {
  if (!(await ensureCache(root))) return null;
  return toLookup(JSON.parse(await readFile(join(root, LOOKUP_DIR, file), "utf8")) as Shard<T>);
}

export function loadSymbolLookup(root: string, name: string): Promise<Lookup<SymbolRow> | null> {
  return readShard<SymbolRow>(root, `symbols-${shardOf(name)}.json`);
}

export function loadEndpointLookup(root: string): Promise<Lookup<EndpointRecord> | null> {
  return readShard<EndpointRecord>(root, "endpoints.json");
}

export function loadModuleLookup(root: string): Promise<Lookup<ModuleRecord> | null> {
  return readShard<ModuleRecord>(root, "modules.json");
}

export async function loadSymbolNames(root: string): Promise<string[]> {
  if (!(await ensureCache(root))) return [];
  return JSON.parse(await readFile(join(root, LOOKUP_DIR, "names.json"), "utf8")) as string[];
}
