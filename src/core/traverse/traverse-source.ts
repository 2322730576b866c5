import type { CallEdge, EndpointRecord, ModuleRecord, Override, RepoPath } from "../../model.js";
import type { ExportAlias } from "../../formats/call-index.js";
import type { SymbolRow } from "../../formats/symbol-index.js";
import type { CachedError } from "../memory/match-memory.js";
import type { MentionAccount } from "./mention-account.js";

/**
 * What the index recorded of its files: `load` the paths a lookup needs, then `get` them
 * synchronously (the lookup cache is sharded; a traverse reads only the shards it touches).
 */
export interface RecordedFiles {
  load(paths: Iterable<RepoPath>): Promise<void>;
  /** The recorded entry of a path `load`ed before; undefined when the index does not hold it. */
  get(path: RepoPath): { sha256: string; module: string } | undefined;
  /** Every indexed path of a module. */
  pathsOf(module: string): Promise<RepoPath[]>;
}

/** Rows of one index table, with the recorded files to verify them against. */
export interface Lookup<T> {
  rows: T[];
  files: RecordedFiles;
}

/** A piece of memory (`.ai/brain/`, lessons, the brain index) with every text that speaks of it. */
export interface RememberedItem {
  id: string | null;
  main: { title: string; type: string | null; path: string; line: number; text: string };
  text: string;
  /** `path:line` of each document merged into it. */
  sources: string[];
}

/**
 * Everything a traverse reads: the index's tables by name, the files' current hashes and the
 * memory files. src/io/traverse-source.ts reads them from disk; the decisions of every kind
 * (traverse.ts) take them from here, so they are made the same for the CLI and the MCP server.
 * A method returning null means there is no index.
 */
export interface TraverseSource {
  /** Symbols named `name` (the shard's rows: any container, any case — callers filter). */
  symbols(name: string): Promise<Lookup<SymbolRow> | null>;
  /** Every symbol name, for suggestions after a miss. */
  symbolNames(): Promise<string[]>;
  /** Names exported for a declaration of another name (`export { Hono as HonoBase }`), spelled `name`. */
  aliases(name: string): Promise<Lookup<ExportAlias> | null>;
  endpoints(): Promise<Lookup<EndpointRecord> | null>;
  modules(): Promise<Lookup<ModuleRecord> | null>;
  /** Call edges by the member name of their callee (callers) or caller (callees). */
  calls(direction: "callers" | "callees", name: string): Promise<Lookup<CallEdge> | null>;
  /** Call edges of the members of one container (`Class`), by its qualified name. */
  memberCalls(direction: "callers" | "callees", container: string): Promise<Lookup<CallEdge> | null>;
  /** Every `listen` row: where declarations listen on channels (events, emitters, queues; see CALL_VIAS). */
  listens(): Promise<Lookup<CallEdge> | null>;
  /** Overrides rows whose member's name is `name`. */
  overrides(name: string): Promise<Lookup<Override> | null>;
  /** The other names `nodes` are exported as (`enum` of `export { _enum as enum }`). */
  exportedNames(nodes: readonly { path: RepoPath; name: string }[]): Promise<string[]>;
  /** The declarations of one indexed file as they are now, or null when it is not indexed or cannot be read. */
  declarationsIn(path: RepoPath): Promise<{ name: string; line: number; endLine: number }[] | null>;
  /** Every line naming `word` in indexed files, accounted for against `sites` and `otherCalls` (`path:line` keys). */
  mentions(word: string, sites: ReadonlySet<string>, otherCalls: ReadonlySet<string>): Promise<MentionAccount | undefined>;
  /** The current SHA-256 of each path; null for a file that is gone or unreadable. */
  hash(paths: Iterable<RepoPath>): Map<RepoPath, string | null>;
  /** Recorded error fixes, and the lines that could not be read as one. */
  cachedErrors(): Promise<{ cached: CachedError[]; warnings: string[] }>;
  memory(): Promise<RememberedItem[]>;
  /** How ctx is run in this repository (`npx ctx`, `node_modules/.bin/ctx`), as misses spell commands. */
  invocation: string;
}
