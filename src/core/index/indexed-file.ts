import type { FileRecord, FileRoutes, Override, RepoPath } from "../../model.js";
import type { LinkStats } from "../calls/link-calls.js";
import { LazySummary } from "../calls/lazy-summary.js";
import { splitRow } from "../../formats/markdown-table.js";
import type { ExportAlias } from "../../formats/call-index.js";
import { renderSymbolRow, type SymbolRow } from "../../formats/symbol-index.js";
import { compare } from "./build-modules.js";
import { routingTermsOf } from "../brief/routing-terms.js";
import { renderRoutingFields } from "../../formats/routing-table.js";

/**
 * What the index keeps of one file between runs: enough to write every index file without
 * re-parsing it. Symbol rows are kept already rendered, since an incremental run only
 * concatenates them; routes are few and stay structured (they are joined across files on every run).
 */
export interface IndexedFile {
  path: RepoPath;
  sha256: string;
  isTest: boolean;
  /** Module specifiers as written; resolved against the current file set on every run. */
  imports: string[];
  /** This file's rows of symbol_index.md, in index order, each ending with a newline. */
  symbolRows: string;
  symbolCount: number;
  routes?: FileRoutes;
  /** Call sites and bindings as extracted; linked against the other files' summaries. */
  summary: LazySummary;
  /** What linking needs of every file, without reading its summary: see callableNamesOf and isScript. */
  callables: string[];
  script: boolean;
  /** A digest of the summary's declarations, imports and exports: what other files' links can depend on. */
  shape: string;
  /**
   * Its routing terms and symbols as routing.tsv renders them (formats/routing-table.ts): set when
   * the file is parsed in this run only. Not cached per file (it would double the cache every run
   * reads); an incremental run takes the other files' from the routing table it patches.
   */
  routing?: string;
  /** This file's rows of call_index.md, each ending with a newline ("" until linked). */
  callRows: string;
  /**
   * The other files read while linking it, with the names read of each (encodeReads): a change to
   * one of those names relinks this file. Text, read only by a run whose edit changed what other
   * files can read: a large repository's files read a million names of one another.
   */
  reads: string;
  /** How this file's sites were last linked; null for a file parsed in this run and not linked yet. */
  link: LinkRecord | null;
}

/** What a run keeps of one file's linked sites, besides their rendered rows. */
export interface LinkRecord {
  /** Other files its resolved calls land in, sorted: its edges in the file graph `ctx brief` ranks with. */
  targets: RepoPath[];
  /** The terms of the names its sites call, rendered (routing.tsv's calls field): set when linked in this run only, like `routing`. */
  callTerms?: string;
  /** Names asked of the repository-wide set of callable names: a declaration added or removed under one relinks this file. */
  probes: string[];
  /** The repository files its `export *` bindings reach (FileLink.stars). */
  stars: RepoPath[];
  stats: LinkStats;
  overrides: Override[];
  /** Names it exports for a declaration of another name (FileLink.aliases). */
  aliases: ExportAlias[];
  /** Rows in callRows, and how many of them are unresolved. */
  rows: number;
  unresolvedRows: number;
}

/** A file's symbols as index rows, in the one deterministic order: line, container, name, kind. */
export function symbolRowsOf(record: FileRecord): SymbolRow[] {
  return [...record.symbols]
    .sort((a, b) => a.line - b.line || compare(a.container, b.container) || compare(a.name, b.name) || compare(a.kind, b.kind))
    .map((symbol) => ({ ...symbol, isTest: record.isTest }));
}

export function toIndexedFile(record: FileRecord, rows: readonly SymbolRow[] = symbolRowsOf(record)): IndexedFile {
  return {
    path: record.path,
    sha256: record.sha256,
    isTest: record.isTest,
    imports: record.imports.map((entry) => entry.specifier),
    symbolRows: rows.map(renderSymbolRow).join(""),
    routing: routingFieldsOf(record.path, rows),
    symbolCount: rows.length,
    ...(record.routes ? { routes: record.routes } : {}),
    summary: LazySummary.fromText(record.calls.json),
    callables: record.calls.callables,
    script: record.calls.script,
    shape: record.calls.shape,
    callRows: "",
    reads: "",
    link: null,
  };
}

/** The symbol names in a file's rendered rows (the first cell of each), with repeats. */
export function symbolNamesOf(file: Pick<IndexedFile, "symbolRows">): string[] {
  const names: string[] = [];
  for (const line of file.symbolRows.split("\n")) {
    const name = line ? splitRow(line)?.[0] : undefined;
    if (name !== undefined) names.push(name);
  }
  return names;
}

/** A file's routing fields from its symbol rows: the same function serves the index and a rebuild from the Markdown. */
export function routingFieldsOf(path: RepoPath, rows: readonly SymbolRow[]): string {
  const { terms, symbols } = routingTermsOf(path, rows);
  return renderRoutingFields(terms, symbols);
}
