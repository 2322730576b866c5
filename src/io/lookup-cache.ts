import { appendFile, readFile, rm, stat, writeFile } from "node:fs/promises";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import type { FileRow } from "../formats/file-index.js";
import type { SymbolRow } from "../formats/symbol-index.js";
import type { CallEdge, EndpointRecord, ModuleRecord, Override, RepoPath } from "../model.js";
import { parseCallRows, parseCallRowsMentioning, renderCallRow, type ExportAlias } from "../formats/call-index.js";
import type { calleeTermsOf as calleeTermsOfType } from "../core/brief/routing-terms.js";
import type { routingFieldsOf as routingFieldsOfType } from "../core/index/indexed-file.js";
import { quotePath, unquotePath } from "../formats/quoted-path.js";
import { readText, replaceDirectory, writeFileAtomic } from "./atomic-write.js";
import { parseRoutingLayout, renderRoutingLayout, shiftedLayout, type RoutingLayout, renderRoutingLine, renderRoutingTable, renderTerms, RoutingTable, weightOf, type PreviousRouting, type RoutingRow } from "../formats/routing-table.js";
import { compare } from "../core/index/build-modules.js";
import { CACHE_DIR, indexStamp, readIndexFile } from "./index-store.js";
import { memberName } from "../core/traverse/find-symbols.js";

/**
 * A derived, gitignored copy of the committed index, laid out so that one lookup reads little:
 * symbols are sharded by the hash of their lower-cased name, file hashes and modules by the hash
 * of their path. The Markdown and YAML stay the source of truth: the cache
 * carries the stamp (size, mtime) of the files it was built from and is rebuilt from them when
 * they no longer match — after a `git pull`, a checkout or a hand edit.
 * NOTE: bump LOOKUP_VERSION whenever the layout changes.
 */
const LOOKUP_VERSION = 18;
const SHARDS = 256;
const LOOKUP_DIR = `${CACHE_DIR}/lookup`;

/**
 * New symbol rows grouped by shard as JSON text, filled as files are parsed: a 50k-file index has
 * ~700k rows, and as text they take a fraction of the memory they would as objects.
 */
export class LookupRows {
  readonly shards = new Map<number, string[]>();
  readonly names: NameCounts = new Map();

  add(rows: readonly SymbolRow[]): void {
    for (const row of rows) {
      const shard = shardOf(row.name);
      let list = this.shards.get(shard);
      if (!list) this.shards.set(shard, (list = []));
      list.push(JSON.stringify(row));
      this.names.set(row.name, (this.names.get(row.name) ?? 0) + 1);
    }
  }
}

export interface LookupTables {
  symbols: SymbolRow[];
  endpoints: EndpointRecord[];
  modules: ModuleRecord[];
  files: FileRow[];
  calls: CallEdge[];
  /** The rendered row of each of `calls`, when the caller has them already. */
  callRows?: string[];
  overrides: Override[];
  /** call_index.md's aliases: few, kept in one file and read only when a symbol lookup misses. */
  aliases: ExportAlias[];
  /** What routing.tsv and routing-symbols.txt are written from (formats/routing-table.ts), in path order. */
  routing: RoutingRow[];
}

export function shardOf(name: string): number {
  let hash = 0x811c9dc5;
  const lower = name.toLowerCase();
  for (let i = 0; i < lower.length; i += 1) {
    hash ^= lower.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SHARDS;
}

const FILE_SHARDS = 64;
const ROUTING_FILE = "routing.tsv";
const ROUTING_LAYOUT_FILE = "routing.idx";
const ROUTING_SYMBOLS_FILE = "routing-symbols.txt";
/** How many bytes of routing-symbols.txt no line points at (left by patches): past half, both are rewritten. */
const ROUTING_DEAD_FILE = "routing-symbols.dead";
const CALL_SHARDS = 64;


/**
 * callers-<k>.md holds the rows of call_index.md whose callee's name hashes to k (for `Caller`),
 * callees-<k>.md those whose caller's name does (for `Callee`): the committed rows as they are,
 * so writing the cache renders nothing twice. `rows[i]` is the rendered row of `calls[i]`.
 */
function callShards(calls: readonly CallEdge[], rows: readonly string[]): { callers: string[][]; callees: string[][]; listens: string[] } {
  const callers: string[][] = Array.from({ length: CALL_SHARDS }, () => []);
  const callees: string[][] = Array.from({ length: CALL_SHARDS }, () => []);
  const listens: string[] = [];
  calls.forEach((edge, i) => {
    const row = rows[i]!;
    callers[callerShardOf(edge)]!.push(row);
    callees[calleeShardOf(edge)]!.push(row);
    if (edge.via === "listen") listens.push(row);
  });
  return { callers, callees, listens };
}

/** listens.md: every `listen` row, few, read whole by Impact and Flow to join publishers to listeners. */
const LISTENS_FILE = "listens.md";

/** The callers-<k>.md shard of an edge: by its callee's name (a Caller query names the callee). */
const callerShardOf = (edge: Pick<CallEdge, "callee">): number => shardOf(memberName(edge.callee)) % CALL_SHARDS;
const calleeShardOf = (edge: Pick<CallEdge, "caller">): number => shardOf(memberName(edge.caller)) % CALL_SHARDS;

/** related-<k>.json: the overrides whose member's name hashes to k (a base member has the same name). */
function overrideShards(overrides: readonly Override[]): string[] {
  const shards: string[][] = Array.from({ length: CALL_SHARDS }, () => []);
  for (const override of overrides) shards[shardOf(memberName(override.member.name)) % CALL_SHARDS]!.push(JSON.stringify(override));
  return shards.map((list) => `[${list.join(",")}]`);
}

function fileShardOf(path: RepoPath): number {
  return shardOf(path) % FILE_SHARDS;
}

/** files-<k>.tsv: `path\tsha256\tmodule` lines of the paths hashing to k, sorted. */
function fileShards(files: readonly FileRow[]): string[] {
  const shards: string[][] = Array.from({ length: FILE_SHARDS }, () => []);
  for (const f of files) shards[fileShardOf(f.path)]!.push(`${quotePath(f.path)}\t${f.sha256}\t${quotePath(f.module)}\n`);
  return shards.map((lines) => lines.join(""));
}


/**
 * How many symbols carry each name: patched by counts, so a name disappears with its last symbol.
 * NOTE: a Map (stored as entries), not an object: symbol names include `constructor` and `__proto__`.
 */
type NameCounts = Map<string, number>;

function countNames(rows: readonly { name: string }[]): NameCounts {
  const counts: NameCounts = new Map();
  for (const row of rows) counts.set(row.name, (counts.get(row.name) ?? 0) + 1);
  return counts;
}

function parseNameCounts(text: string): NameCounts {
  return new Map(JSON.parse(text) as [string, number][]);
}

/**
 * Name counts in shards (names-<k>.json, by shardOf): an edit that adds a name rewrites the one
 * shard holding it, where a single file of a 50k-file index's names is ten megabytes to parse and write.
 */
const NAME_SHARDS = 64;
const nameShardOf = (name: string): number => shardOf(name) % NAME_SHARDS;
const nameShardFile = (shard: number): string => `names-${shard}.json`;

/** The name shards' texts: every one, or only `shards`. */
function nameShards(names: NameCounts, shards?: ReadonlySet<number>): Map<number, string> {
  const grouped = new Map<number, [string, number][]>();
  for (let shard = 0; shard < NAME_SHARDS; shard += 1) if (!shards || shards.has(shard)) grouped.set(shard, []);
  for (const entry of names) grouped.get(nameShardOf(entry[0]))?.push(entry);
  return new Map([...grouped].map(([shard, entries]) => [shard, JSON.stringify(entries)]));
}

async function writeCalls(directory: string, calls: readonly CallEdge[], rows: readonly string[]): Promise<void> {
  const shards = callShards(calls, rows);
  await Promise.all([
    ...shards.callers.map((list, i) => writeFile(join(directory, `callers-${i}.md`), list.join(""))),
    ...shards.callees.map((list, i) => writeFile(join(directory, `callees-${i}.md`), list.join(""))),
    writeFile(join(directory, LISTENS_FILE), shards.listens.join("")),
  ]);
}

/**
 * The tables but symbols and calls. `only` (when patching) limits the rewrite to the file shards
 * holding these paths, the override shards when overrides changed, and names when they changed.
 */
async function writeCommon(
  directory: string,
  tables: Omit<LookupTables, "symbols" | "calls" | "callRows">,
  names: NameCounts | null,
  only?: { paths: ReadonlySet<RepoPath>; overrides: boolean },
  /** Patching: rows without fields keep those of the table on disk; true when modules may have moved. */
  patching?: boolean,
): Promise<void> {
  const fileShardsToWrite = only ? new Set([...only.paths].map(fileShardOf)) : undefined;
  await Promise.all([
    ...(only && !only.overrides ? [] : overrideShards(tables.overrides).map((text, i) => writeFile(join(directory, `related-${i}.json`), text))),
    ...(only && !only.overrides ? [] : [writeFile(join(directory, "aliases.json"), JSON.stringify(tables.aliases))]),
    ...fileShards(tables.files).flatMap((text, i) => (fileShardsToWrite && !fileShardsToWrite.has(i) ? [] : [writeFile(join(directory, `files-${i}.tsv`), text)])),
    ...(names === null ? [] : [...nameShards(names)].map(([shard, text]) => writeFile(join(directory, nameShardFile(shard)), text))),
    writeFile(join(directory, "endpoints.json"), JSON.stringify(tables.endpoints)),
    writeFile(join(directory, "modules.json"), JSON.stringify(tables.modules)),
    patching === undefined ? writeRouting(directory, tables.routing) : patchRouting(directory, tables.routing, patching),
  ]);
}

/**
 * routing.tsv after an edit. While every file keeps its line and its module, only the lines of files
 * parsed or linked again are read and rendered again (the table's layout, routing.idx, says where
 * each line is), and a parsed file's symbols are appended to routing-symbols.txt (kept lines go on
 * pointing at their bytes; routing-symbols.dead counts the bytes no line points at any more).
 * Otherwise — files added or dropped, modules moved, or a symbols file more than half dead — both
 * are rendered whole, rows without fields taking them from the table on disk.
 */
async function patchRouting(directory: string, rows: readonly RoutingRow[], modulesChanged: boolean): Promise<void> {
  const symbolsPath = join(directory, ROUTING_SYMBOLS_FILE);
  const [bytes, layoutBytes, { size }, deadText] = await Promise.all([
    readFile(join(directory, ROUTING_FILE)),
    readFile(join(directory, ROUTING_LAYOUT_FILE)).catch(() => null),
    stat(symbolsPath),
    readText(join(directory, ROUTING_DEAD_FILE)).catch(() => null),
  ]);
  const table = new RoutingTable(bytes, layoutBytes && parseRoutingLayout(layoutBytes, bytes.length));
  const dead = deadText === null ? Number.NaN : Number(deadText);
  const inPlace = !modulesChanged && Number.isSafeInteger(dead) && 2 * dead <= size && table.size === rows.length && rows.every((row, i) => table.path(i) === row.path);
  if (!inPlace) {
    await writeRouting(directory, rows, { entries: Array.from({ length: table.size }, (_, i) => table.entry(i)), symbols: await readFile(symbolsPath) });
    return;
  }
  const place = new Map(rows.map((row, i) => [row.path, i]));
  const { starts } = table.layout;
  const chunks: Buffer[] = [];
  // Lines rewritten in place, for the layout; unknown (null) once a line's targets moved, which changes the graph.
  let replaced: Map<number, { bytes: number; length: number }> | null = new Map();
  const appended: string[] = [];
  let copiedTo = 0;
  let end = size;
  let died = dead;
  rows.forEach((row, i) => {
    if (row.fields === undefined && row.calls === undefined) return;
    const old = table.entry(i);
    const calls = row.calls ?? old.calls;
    let line: string;
    if (row.fields === undefined) {
      const total = old.length - weightOf(old.calls) + weightOf(calls);
      line = renderRoutingLine(row, { total, terms: old.terms, calls, at: old.symbolsAt }, place);
    } else {
      const [own = "0", terms = "", symbolText = ""] = row.fields.split("\t");
      const symbolBytes = Buffer.byteLength(symbolText);
      line = renderRoutingLine(row, { total: Number(own) + weightOf(calls), terms, calls, at: [end, symbolBytes] }, place);
      appended.push(`${symbolText}\n`);
      end += symbolBytes + 1;
      died += old.symbolsAt[1] + 1;
    }
    const lineBytes = Buffer.from(line);
    chunks.push(bytes.subarray(copiedTo, starts[i]), lineBytes);
    copiedTo = starts[i + 1]!;
    const targets = row.targets.flatMap((path) => place.get(path) ?? []).sort((a, b) => a - b);
    if (replaced && targets.join(",") === old.targets.join(",")) replaced.set(i, { bytes: lineBytes.length, length: Number(line.split("\t", 4)[3]) });
    else replaced = null;
  });
  chunks.push(bytes.subarray(copiedTo));
  // Symbols first: the new lines point past the old end of the file.
  await appendFile(symbolsPath, appended.join(""));
  await writeFileAtomic(join(directory, ROUTING_DEAD_FILE), String(died), { ifChanged: false });
  await writeTable(directory, Buffer.concat(chunks), replaced && shiftedLayout(table.layout, replaced));
}

async function writeRouting(directory: string, rows: readonly RoutingRow[], previous?: PreviousRouting): Promise<void> {
  const { table, symbols } = renderRoutingTable(rows, previous);
  await writeFile(join(directory, ROUTING_SYMBOLS_FILE), Buffer.concat(symbols.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk))));
  await writeFile(join(directory, ROUTING_DEAD_FILE), "0");
  await writeTable(directory, Buffer.from(table));
}

/**
 * routing.tsv and its layout (routing.idx), each replaced whole. A reader between the two renames
 * finds a layout of another table, which RoutingTable declines (it scans the table instead).
 */
async function writeTable(directory: string, table: Buffer, layout: RoutingLayout | null = null): Promise<void> {
  await writeFileAtomic(join(directory, ROUTING_FILE), table, { ifChanged: false });
  await writeFileAtomic(join(directory, ROUTING_LAYOUT_FILE), renderRoutingLayout(layout ?? new RoutingTable(table).layout, table.length), { ifChanged: false });
}

/** Writes the whole cache into a staging directory and swaps it in. */
export async function writeLookupCache(root: string, tables: Omit<LookupTables, "symbols">, rows: LookupRows): Promise<void> {
  await replaceDirectory(join(root, LOOKUP_DIR), async (staging) => {
    for (let i = 0; i < SHARDS; i += 1) {
      await writeFile(join(staging, `symbols-${i}.json`), `[${(rows.shards.get(i) ?? []).join(",")}]`);
    }
    await writeCalls(staging, tables.calls, tables.callRows ?? tables.calls.map(renderCallRow));
    await writeCommon(staging, tables, rows.names);
    // The stamp goes in last: a cache without a matching stamp is never read.
    await writeFile(join(staging, "meta.json"), JSON.stringify({ version: LOOKUP_VERSION, stamp: indexStamp(root) }));
  });
}

/** A cache file removed while this process read the cache: another process swapped a new copy in. */
function vanished(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/** Symbol and call shards are patched; the other tables are rewritten whole. */
export interface LookupPatch extends Omit<LookupTables, "symbols" | "calls" | "callRows"> {
  /** Paths whose rows are replaced (changed files) or removed (dropped files). */
  replaced: ReadonlySet<RepoPath>;
  /**
   * The names of the symbol rows the replaced paths lost and gained, with repeats: only their shards
   * are rewritten (the rows a file kept are in place already).
   */
  names: { removed: readonly string[]; added: readonly string[] };
  /** Every row of the changed files, by shard: what a rewritten shard holds of them. */
  rows: LookupRows;
  /** Call rows (each with its newline) that went and that came: the difference, row by row, of the files linked again. */
  calls: { removed: readonly string[]; added: readonly string[] };
  /** Whether any file may have moved to another module (then every file shard is rewritten). */
  modulesChanged: boolean;
  overridesChanged: boolean;
  /** indexStamp of the index files this patch brings the cache in step with (written by then). */
  stamp: string;
}

/** The stamp the cache was built for, or null when there is no usable cache. */
export function lookupCacheStamp(root: string): string | null {
  try {
    const meta = JSON.parse(readFileSync(join(root, LOOKUP_DIR, "meta.json"), "utf8")) as { version: number; stamp: string };
    return meta.version === LOOKUP_VERSION ? meta.stamp : null;
  } catch {
    return null;
  }
}

/**
 * Brings a cache that matched the previous index files up to date by rewriting only the shards
 * whose names changed. The caller checked the cache against the stamp before writing the index.
 */
export async function patchLookupCache(root: string, patch: LookupPatch): Promise<void> {
  const directory = join(root, LOOKUP_DIR);
  // Invalidate first: if this process dies mid-patch, the next reader rebuilds from the Markdown.
  await rm(join(directory, "meta.json"), { force: true });
  const shards = new Set([...patch.names.removed, ...patch.names.added].map(shardOf));
  await inTurn([...shards], async (shard) => {
    const file = join(directory, `symbols-${shard}.json`);
    const kept = (JSON.parse(await readText(file)) as SymbolRow[]).filter((row) => !patch.replaced.has(row.path)).map((row) => JSON.stringify(row));
    await writeFileAtomic(file, `[${[...kept, ...(patch.rows.shards.get(shard) ?? [])].join(",")}]`, { ifChanged: false });
  });
  // The names file changes only when the replaced files' names do (as a multiset).
  const sameNames = [...patch.names.removed].sort().join("\n") === [...patch.names.added].sort().join("\n");
  if (!sameNames) {
    // Only the shards of names whose counts moved.
    const touched = new Set([...patch.names.removed, ...patch.names.added].map(nameShardOf));
    const names: NameCounts = new Map();
    for (const shard of touched) for (const entry of parseNameCounts(await readText(join(directory, nameShardFile(shard))))) names.set(...entry);
    for (const name of patch.names.removed) {
      const left = (names.get(name) ?? 0) - 1;
      if (left > 0) names.set(name, left);
      else names.delete(name);
    }
    for (const name of patch.names.added) names.set(name, (names.get(name) ?? 0) + 1);
    await Promise.all([...nameShards(names, touched)].map(([shard, text]) => writeFileAtomic(join(directory, nameShardFile(shard)), text, { ifChanged: false })));
  }
  await patchCalls(directory, patch.calls);
  await writeCommon(directory, patch, null, patch.modulesChanged ? undefined : { paths: patch.replaced, overrides: patch.overridesChanged }, patch.modulesChanged);
  await writeFile(join(directory, "meta.json"), JSON.stringify({ version: LOOKUP_VERSION, stamp: patch.stamp }));
}

/**
 * Rewrites the call shards that hold a row that went or will hold one that came. A file relinked
 * because something it read changed usually keeps every row, and then no shard is touched.
 */
async function patchCalls(directory: string, calls: LookupPatch["calls"]): Promise<void> {
  const removedRows = calls.removed.join("");
  const addedRows = calls.added.join("");
  const removed = parseCallRows(removedRows, "removed rows");
  const added = parseCallRows(addedRows, "added rows");
  const going = callShards(removed, calls.removed);
  const coming = callShards(added, calls.added);
  const patchShard = async (file: string, out: readonly string[], into: readonly string[]): Promise<void> => {
    const drop = new Set(out.map((row) => row.slice(0, -1)));
    const kept = (await readText(join(directory, file))).split("\n").filter((row) => row !== "" && !drop.has(row));
    await writeFileAtomic(join(directory, file), [...kept.map((row) => `${row}\n`), ...into], { ifChanged: false });
  };
  const touched = (direction: { callers: string[][]; callees: string[][] }[], key: "callers" | "callees"): number[] =>
    Array.from({ length: CALL_SHARDS }, (_, i) => i).filter((i) => direction.some((shards) => shards[key][i]!.length > 0));
  await inTurn(touched([going, coming], "callers"), (i) => patchShard(`callers-${i}.md`, going.callers[i]!, coming.callers[i]!));
  await inTurn(touched([going, coming], "callees"), (i) => patchShard(`callees-${i}.md`, going.callees[i]!, coming.callees[i]!));
  if (going.listens.length > 0 || coming.listens.length > 0) await patchShard(LISTENS_FILE, going.listens, coming.listens);
}

/**
 * Runs `task` over `items` a few at a time: a large patch (a branch switch) would otherwise hold
 * every shard it rewrites in memory at once.
 */
async function inTurn<T>(items: readonly T[], task: (item: T) => Promise<void>, width = 8): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(task));
}

export async function invalidateLookupCache(root: string): Promise<void> {
  await rm(join(root, LOOKUP_DIR, "meta.json"), { force: true });
}

/** The committed index parsed into tables, or null when there is no index. Throws FormatError on a malformed file. */
export async function readIndexTables(root: string): Promise<LookupTables | null> {
  const fileText = await readIndexFile(root, "file_index.md");
  if (fileText === undefined) return null;
  const [symbolText, endpointText, manifestText, callText] = await Promise.all([
    readIndexFile(root, "symbol_index.md"),
    readIndexFile(root, "endpoint_index.md"),
    readIndexFile(root, "domain-manifest.yaml"),
    readIndexFile(root, "call_index.md"),
  ]);
  // Parsers are loaded only on this slow path, so a warm lookup never pays for js-yaml.
  const [{ parseFileIndex }, { parseSymbolIndex }, { parseEndpointIndex }, { parseDomainManifest }, { parseAliases, parseCallIndex, parseOverrides }] = await Promise.all([
    import("../formats/file-index.js"),
    import("../formats/symbol-index.js"),
    import("../formats/endpoint-index.js"),
    import("../formats/domain-manifest.js"),
    import("../formats/call-index.js"),
  ]);
  const files = parseFileIndex(fileText, ".ai/file_index.md").rows;
  const symbols = symbolText === undefined ? [] : parseSymbolIndex(symbolText, ".ai/symbol_index.md");
  const calls = callText === undefined ? [] : parseCallIndex(callText, ".ai/call_index.md");
  return {
    files,
    symbols,
    endpoints: endpointText === undefined ? [] : parseEndpointIndex(endpointText, ".ai/endpoint_index.md"),
    modules: manifestText === undefined ? [] : parseDomainManifest(manifestText, ".ai/domain-manifest.yaml"),
    calls,
    overrides: callText === undefined ? [] : parseOverrides(callText, ".ai/call_index.md"),
    aliases: callText === undefined ? [] : parseAliases(callText, ".ai/call_index.md"),
    routing: routingRowsOf(files, symbols, calls, await import("../core/brief/routing-terms.js"), await import("../core/index/indexed-file.js")),
  };
}

/** The routing rows from the committed tables: what `ctx index` writes from its per-file records. */
function routingRowsOf(
  files: readonly FileRow[],
  symbols: readonly SymbolRow[],
  calls: readonly CallEdge[],
  // Loaded on this slow path only: a lookup from the cache never pays for the stemmer and the indexer's records.
  { calleeTermsOf }: { calleeTermsOf: typeof calleeTermsOfType },
  { routingFieldsOf }: { routingFieldsOf: typeof routingFieldsOfType },
): RoutingRow[] {
  const symbolsOf = new Map<RepoPath, SymbolRow[]>();
  for (const row of symbols) {
    const list = symbolsOf.get(row.path);
    if (list) list.push(row);
    else symbolsOf.set(row.path, [row]);
  }
  const targetsOf = new Map<RepoPath, Set<RepoPath>>();
  const calleesOf = new Map<RepoPath, string[]>();
  for (const edge of calls) {
    const callees = calleesOf.get(edge.path);
    if (callees) callees.push(edge.callee);
    else calleesOf.set(edge.path, [edge.callee]);
    if (!edge.target || edge.target.path === edge.path) continue;
    const set = targetsOf.get(edge.path);
    if (set) set.add(edge.target.path);
    else targetsOf.set(edge.path, new Set([edge.target.path]));
  }
  return files.map((file) => ({
    path: file.path,
    module: file.module,
    isTest: file.isTest,
    fields: routingFieldsOf(file.path, symbolsOf.get(file.path) ?? []),
    calls: renderTerms(calleeTermsOf(calleesOf.get(file.path) ?? [])),
    targets: [...(targetsOf.get(file.path) ?? [])].sort(compare),
  }));
}

type TableName = "symbols" | "endpoints" | "modules" | "names" | "overrides" | "aliases";

/**
 * Reads `file` from the cache when it matches the committed index; otherwise parses the
 * committed index, answers from it, and rebuilds the cache for the next lookup. Null: no index.
 */
/**
 * What one traverse's lookups share: the stamps taken by its first lookup, and the call shards it read.
 * A walk makes thousands of lookups (Flow, Impact); a stamp is a stat of every index file (hundreds of
 * shards in a large repository) and a shard is megabytes there. Scoped to one query, never to the
 * process: an MCP server or a test runs many, with the index rewritten between them. What a lookup
 * answers is still checked file by file against the files' hashes; the stamps only say which copy to read.
 */
export interface LookupSession {
  stamps?: [string, string | null];
  shardTexts: Map<string, string>;
  /** JSON shards (symbols, overrides) as parsed, by file: read-only to their readers. */
  parsed: Map<string, unknown>;
}

export function lookupSession(): LookupSession {
  return { shardTexts: new Map(), parsed: new Map() };
}

const CALL_SHARD_FILE = /^call(?:er|ee)s-\d+\.md$/;

function stampsOf(root: string, session: LookupSession | undefined): [string, string | null] {
  if (session?.stamps) return session.stamps;
  const stamps: [string, string | null] = [indexStamp(root), lookupCacheStamp(root)];
  // A cache being rebuilt is not remembered: the next lookup takes the stamps again.
  if (session && stamps[1] !== null && stamps[0] === stamps[1]) session.stamps = stamps;
  return stamps;
}

async function readShardText(path: string, session: LookupSession | undefined): Promise<string> {
  const kept = session?.shardTexts.get(path);
  if (kept !== undefined) return kept;
  const text = await readText(path);
  session?.shardTexts.set(path, text);
  return text;
}

function readCached<T>(
  root: string,
  file: string,
  fromTables: (tables: LookupTables) => T,
  parse: (text: string) => T,
  session?: LookupSession,
): Promise<{ value: T; files: FileTable } | null> {
  return readCachedWith(
    root,
    async (directory) => {
      const path = join(directory, file);
      return parse(CALL_SHARD_FILE.test(file) ? await readShardText(path, session) : await readText(path));
    },
    fromTables,
    session,
  );
}

/** A value read from the cache by `read` while the cache matches the index files; else from the Markdown, the cache rebuilt. */
async function readCachedWith<T>(
  root: string,
  read: (directory: string) => Promise<T>,
  fromTables: (tables: LookupTables) => T,
  session?: LookupSession,
): Promise<{ value: T; files: FileTable } | null> {
  const directory = join(root, LOOKUP_DIR);
  const [stamp, cached] = stampsOf(root, session);
  if (cached !== null && cached === stamp) {
    try {
      return { value: await read(directory), files: new FileTable(directory, [], root) };
    } catch {
      // Another process is swapping the cache right now: fall through to the Markdown.
    }
  }
  const tables = await readIndexTables(root);
  if (!tables) return null;
  await rebuildFrom(root, tables);
  return { value: fromTables(tables), files: new FileTable(null, tables.files) };
}

async function rebuildFrom(root: string, tables: LookupTables): Promise<void> {
  try {
    const rows = new LookupRows();
    rows.add(tables.symbols);
    await writeLookupCache(root, tables, rows);
  } catch {
    // Another process is writing the same cache; the next reader finds one or the other.
  }
}

/**
 * Rebuilds the cache from the committed index when it does not match it (after an upgrade of ctx,
 * a checkout, or a run that could not patch it), so that readers that must not write — `ctx
 * brief` — find it usable. `ctx index` calls this last.
 */
export async function ensureLookupCache(root: string, stamp = indexStamp(root)): Promise<void> {
  const cached = lookupCacheStamp(root);
  if (cached !== null && cached === stamp) return;
  const tables = await readIndexTables(root);
  if (tables) await rebuildFrom(root, tables);
}

function tableOf(name: TableName): (tables: LookupTables) => unknown {
  if (name === "names") return (tables) => [...countNames(tables.symbols).keys()].sort();
  return (tables) => tables[name];
}

/**
 * Recorded hash and module of indexed files, read shard by shard: `load` the paths a lookup
 * needs, then `get` them synchronously. Built from rows in memory when the cache was just rebuilt.
 */
export class FileTable {
  private readonly loaded = new Map<number, Map<RepoPath, { sha256: string; module: string }>>();

  /** `root`: where to read the committed file index from when the cache is swapped away mid-lookup. */
  constructor(
    private readonly directory: string | null,
    rows: readonly FileRow[] = [],
    private readonly root?: string,
  ) {
    if (directory === null) this.fill(rows);
  }

  private fill(rows: readonly FileRow[]): void {
    const fresh = Array.from({ length: FILE_SHARDS }, (_, i) => i).filter((i) => !this.loaded.has(i));
    for (const i of fresh) this.loaded.set(i, new Map());
    const filled = new Set(fresh);
    for (const row of rows) {
      const shard = fileShardOf(row.path);
      if (filled.has(shard)) this.loaded.get(shard)!.set(row.path, { sha256: row.sha256, module: row.module });
    }
  }

  async load(paths: Iterable<RepoPath>): Promise<void> {
    const missing = [...new Set([...paths].map(fileShardOf))].filter((shard) => !this.loaded.has(shard));
    await Promise.all(missing.map((shard) => this.loadShard(shard)));
  }

  /** The recorded entry of a path `load`ed before; undefined when the index does not hold it. */
  get(path: RepoPath): { sha256: string; module: string } | undefined {
    return this.loaded.get(fileShardOf(path))?.get(path);
  }

  /** Every indexed path of a module. */
  async pathsOf(module: string): Promise<RepoPath[]> {
    if (this.loaded.size < FILE_SHARDS) {
      const all = Array.from({ length: FILE_SHARDS }, (_, i) => i).filter((i) => !this.loaded.has(i));
      await Promise.all(all.map((i) => this.loadShard(i)));
    }
    const paths: RepoPath[] = [];
    for (const shard of this.loaded.values()) for (const [path, entry] of shard) if (entry.module === module) paths.push(path);
    return paths.sort();
  }

  // Synchronous, as hashFile: a lookup loads a few small shards and waits for them.
  private async loadShard(shard: number): Promise<void> {
    const entries = new Map<RepoPath, { sha256: string; module: string }>();
    const file = `files-${shard}.tsv`;
    let text: string;
    try {
      text = readFileSync(join(this.directory!, file), "utf8");
    } catch (error) {
      if (!vanished(error) || this.root === undefined || this.loaded.has(shard)) throw error;
      // The committed index is what the cache is built from: reading it is slower, never different.
      const tables = await readIndexTables(this.root);
      if (!tables) throw error;
      this.fill(tables.files);
      return;
    }
    for (const [i, line] of text.split("\n").entries()) {
      const [path, sha256, module] = line.split("\t");
      const where = { file: `.ai/.cache/lookup/${file}`, line: i + 1 };
      if (path && sha256) entries.set(unquotePath(path, where), { sha256, module: unquotePath(module ?? "", where) });
    }
    this.loaded.set(shard, entries);
  }
}

export interface Lookup<T> {
  rows: T[];
  files: FileTable;
}

async function readLookup<T>(root: string, file: string, table: TableName, session?: LookupSession): Promise<Lookup<T> | null> {
  const kept = session?.parsed.get(file) as Lookup<T> | undefined;
  if (kept) return kept;
  const result = await readCached(root, file, tableOf(table) as (tables: LookupTables) => T[], (text) => JSON.parse(text) as T[], session);
  const lookup = result && { rows: result.value, files: result.files };
  if (lookup && session?.stamps) session.parsed.set(file, lookup);
  return lookup;
}

export function loadSymbolLookup(root: string, name: string, session?: LookupSession): Promise<Lookup<SymbolRow> | null> {
  return readLookup<SymbolRow>(root, `symbols-${shardOf(name)}.json`, "symbols", session);
}

export function loadEndpointLookup(root: string, session?: LookupSession): Promise<Lookup<EndpointRecord> | null> {
  return readLookup<EndpointRecord>(root, "endpoints.json", "endpoints", session);
}

export function loadModuleLookup(root: string, session?: LookupSession): Promise<Lookup<ModuleRecord> | null> {
  return readLookup<ModuleRecord>(root, "modules.json", "modules", session);
}

export async function loadSymbolNames(root: string): Promise<string[]> {
  const result = await readCachedWith(
    root,
    async (directory) => {
      const shards = await Promise.all(Array.from({ length: NAME_SHARDS }, (_, shard) => readText(join(directory, nameShardFile(shard)))));
      return shards.flatMap((text) => [...parseNameCounts(text).keys()]).sort();
    },
    tableOf("names") as (tables: LookupTables) => string[],
  );
  return result?.value ?? [];
}

/** Call edges whose callee (direction `callers`) or caller (`callees`) is named `name`, among others sharing its shard. */
export async function loadCallLookup(root: string, direction: "callers" | "callees", name: string, session?: LookupSession): Promise<Lookup<CallEdge> | null> {
  const file = `${direction}-${shardOf(name) % CALL_SHARDS}.md`;
  // Only the rows of this member name: a shard holds 1/64 of a large index's, which a walk asking for thousands of names cannot all keep.
  const own = (edge: CallEdge): boolean => memberName(direction === "callers" ? edge.callee : edge.caller) === name;
  const result = await readCached(root, file, (tables) => tables.calls.filter(own), (text) => parseCallRowsMentioning(text, `${LOOKUP_DIR}/${file}`, name).filter(own), session);
  return result && { rows: result.value, files: result.files };
}

/** Every `listen` row: where declarations listen on channels (see CALL_VIAS). */
export async function loadListenLookup(root: string, session?: LookupSession): Promise<Lookup<CallEdge> | null> {
  const result = await readCached(root, LISTENS_FILE, (tables) => tables.calls.filter((edge) => edge.via === "listen"), (text) => parseCallRows(text, `${LOOKUP_DIR}/${LISTENS_FILE}`), session);
  return result && { rows: result.value, files: result.files };
}

/**
 * Call edges into (`callers`: the callee is `container.x`, any depth) or out of (`callees`: the
 * caller is) the members of `container`, from every shard: a class's, interface's or namespace's
 * members are not known by name beforehand (an interface's are not indexed as symbols), and edges
 * are sharded by member name. Rows are taken apart only when they mention the container. May
 * repeat an edge (see edgesOf).
 */
export async function loadMemberCalls(root: string, direction: "callers" | "callees", container: string): Promise<Lookup<CallEdge> | null> {
  const prefix = `${container}.`;
  const edges: CallEdge[] = [];
  let files: FileTable | null = null;
  for (let shard = 0; shard < CALL_SHARDS; shard += 1) {
    const file = `${direction}-${shard}.md`;
    // Read from the Markdown (a cache being rebuilt), the first shard stands for all of them.
    const result = await readCached(root, file, (tables) => (shard === 0 ? tables.calls : []), (text) => parseCallRows(text, `${LOOKUP_DIR}/${file}`, (row) => row.includes(prefix)));
    if (!result) return null;
    files ??= result.files;
    for (const edge of result.value) if ((direction === "callers" ? edge.callee : edge.caller).startsWith(prefix)) edges.push(edge);
  }
  return files && { rows: edges, files };
}

/** Overrides among members named `name` (and others sharing its shard). */
export function loadOverrideLookup(root: string, name: string, session?: LookupSession): Promise<Lookup<Override> | null> {
  return readLookup<Override>(root, `related-${shardOf(name) % CALL_SHARDS}.json`, "overrides", session);
}

/** The names exported for a declaration of another name that are spelled `name` (`HonoBase` of `export { Hono as HonoBase }`). */
export async function loadAliasLookup(root: string, name: string): Promise<Lookup<ExportAlias> | null> {
  const lookup = await readLookup<ExportAlias>(root, "aliases.json", "aliases");
  return lookup && { rows: lookup.rows.filter((alias) => alias.name === name), files: lookup.files };
}

/**
 * The other names the declarations `nodes` are exported as (`enum` of `export { _enum as enum }`):
 * a call by such a name whose receiver is unknown may be a call of one of them.
 */
export async function loadExportedNames(root: string, nodes: readonly { path: RepoPath; name: string }[]): Promise<string[]> {
  if (nodes.length === 0) return [];
  const lookup = await readLookup<ExportAlias>(root, "aliases.json", "aliases");
  const wanted = new Set(nodes.map((node) => `${node.path}\0${node.name}`));
  const names = (lookup?.rows ?? []).filter((alias) => wanted.has(`${alias.target.path}\0${alias.target.name}`)).map((alias) => alias.name);
  const own = new Set(nodes.map((node) => node.name.slice(node.name.lastIndexOf(".") + 1)));
  return [...new Set(names)].filter((name) => !own.has(name) && name !== "default").sort();
}

/** Read-only access to the index for commands that must write nothing (`ctx brief`). */
export interface IndexReader {
  files: FileTable;
  /** Symbols named `name` (any case: the shard's rows; callers filter). */
  symbolsNamed(name: string): Promise<SymbolRow[]>;
  endpoints(): Promise<EndpointRecord[]>;
  modules(): Promise<ModuleRecord[]>;
  /** routing.tsv, with its layout when routing.idx is the one of this table. */
  routing(): Promise<RoutingTable>;
  /** The symbols fields at these places of routing-symbols.txt (RoutingEntry.symbolsAt). Called once: it closes the file. */
  routingSymbols(places: readonly (readonly [number, number])[]): Promise<string[]>;
  /** Call edges whose callee's member name is `name`. */
  callsTo(name: string): Promise<CallEdge[]>;
  /** The aliases spelled `name` (see loadAliasLookup). */
  aliasesNamed(name: string): Promise<ExportAlias[]>;
}

/**
 * The lookup cache when it matches the committed index; otherwise the committed Markdown parsed
 * once and served from memory, with nothing written. Null when there is no index.
 */
export async function openIndexReader(root: string): Promise<IndexReader | null> {
  const directory = join(root, LOOKUP_DIR);
  const [stamp, cached] = stampsOf(root, undefined);
  if (cached !== null && cached === stamp) {
    try {
      return cachedReader(root, directory);
    } catch (error) {
      if (!vanished(error)) throw error;
    }
  }
  const tables = await readIndexTables(root);
  return tables && tablesReader(tables);
}

function cachedReader(root: string, directory: string): IndexReader {
  // What every brief needs is read at once, synchronously: the caller has just spawned git and
  // would only wait, and a promise read of a large file waits on this thread between its chunks.
  const table = readFileSync(join(directory, ROUTING_FILE));
  const layout = readIfExists(join(directory, ROUTING_LAYOUT_FILE));
  const modules = JSON.parse(readFileSync(join(directory, "modules.json"), "utf8")) as ModuleRecord[];
  // Opened with its table: its offsets are of this file, which stays readable through a swap.
  const symbols = openSync(join(directory, ROUTING_SYMBOLS_FILE), "r");
  // Another process may swap the cache while this one reads it: what is gone is read from the Markdown.
  let fallback: Promise<IndexReader> | undefined;
  const orMarkdown =
    <A extends unknown[], R>(read: (...args: A) => R | Promise<R>, from: (reader: IndexReader) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await read(...args);
      } catch (error) {
        if (!vanished(error)) throw error;
        fallback ??= readIndexTables(root).then((tables) => {
          if (!tables) throw error;
          return tablesReader(tables);
        });
        return from(await fallback)(...args);
      }
    };
  const json = <T>(file: string): T => JSON.parse(readFileSync(join(directory, file), "utf8")) as T;
  return {
    files: new FileTable(directory, [], root),
    symbolsNamed: orMarkdown((name: string) => json<SymbolRow[]>(`symbols-${shardOf(name)}.json`), (reader) => reader.symbolsNamed),
    endpoints: orMarkdown(() => json<EndpointRecord[]>("endpoints.json"), (reader) => reader.endpoints),
    modules: async () => modules,
    routing: async () => new RoutingTable(table, layout && parseRoutingLayout(layout, table.length)),
    routingSymbols: async (places) => {
      try {
        return readRanges(symbols, places);
      } finally {
        closeSync(symbols);
      }
    },
    callsTo: orMarkdown(
      (name: string) => {
        const file = `callers-${shardOf(name) % CALL_SHARDS}.md`;
        // A shard holds thousands of rows: only those that mention the name are taken apart.
        return parseCallRows(readFileSync(join(directory, file), "utf8"), `${LOOKUP_DIR}/${file}`, (row) => row.includes(name)).filter((edge) => memberName(edge.callee) === name);
      },
      (reader) => reader.callsTo,
    ),
    aliasesNamed: orMarkdown((name: string) => json<ExportAlias[]>("aliases.json").filter((alias) => alias.name === name), (reader) => reader.aliasesNamed),
  };
}

/** The committed Markdown parsed once and served from memory, with nothing written. */
function tablesReader(tables: LookupTables): IndexReader {
  const routing = renderRoutingTable(tables.routing);
  const symbolBytes = Buffer.concat(routing.symbols.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk)));
  return {
    files: new FileTable(null, tables.files),
    symbolsNamed: async (name) => tables.symbols.filter((row) => shardOf(row.name) === shardOf(name)),
    endpoints: async () => tables.endpoints,
    modules: async () => tables.modules,
    routing: async () => new RoutingTable(Buffer.from(routing.table)),
    routingSymbols: async (places) => places.map(([offset, length]) => symbolBytes.toString("utf8", offset, offset + length)),
    callsTo: async (name) => tables.calls.filter((edge) => memberName(edge.callee) === name),
    aliasesNamed: async (name) => tables.aliases.filter((alias) => alias.name === name),
  };
}

function readIfExists(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** Byte ranges of one file as text, read in place (a brief needs a few lines of a long file). */
function readRanges(descriptor: number, places: readonly (readonly [number, number])[]): string[] {
  // Synchronous: a few short reads, waited for at once.
  return places.map(([offset, length]) => {
    const buffer = Buffer.alloc(length);
    readSync(descriptor, buffer, 0, length, offset);
    return buffer.toString("utf8");
  });
}
