import { DEFAULT_CONFIG, type IndexConfig } from "../../core/index/index-config.js";
import { buildModules } from "../../core/index/build-modules.js";
import { indexRows } from "../../core/index/index-rows.js";
import { planReindex } from "../../core/index/plan-reindex.js";
import { resolveRelativeImport } from "../../core/index/resolve-import.js";
import { isTestPath, selectSourceFiles } from "../../core/index/select-files.js";
import { parseDomainManifest, renderDomainManifest } from "../../formats/domain-manifest.js";
import { renderEndpointIndex } from "../../formats/endpoint-index.js";
import { parseFileIndex, renderFileIndex } from "../../formats/file-index.js";
import { parseIndexConfig } from "../../formats/index-config.js";
import { renderSymbolIndex } from "../../formats/symbol-index.js";
import { analyzeFiles } from "../../io/analyze-pool.js";
import { extractorVersion } from "../../io/ctx-version.js";
import { gitHead } from "../../io/git.js";
import {
  readIndexConfigText,
  readIndexFile,
  readRecordsCache,
  writeIndexFiles,
  writeRecordsCache,
  type IndexFileName,
} from "../../io/index-store.js";
import { listRepositoryFiles } from "../../io/list-files.js";
import { writeLookupCache } from "../../io/lookup-cache.js";
import { readSource, type SourceRead } from "../../io/read-source.js";
import { findRepoRoot } from "../../io/repo-root.js";
import { discoverWorkspacePackages } from "../../io/workspace.js";
import { INDEX_SCHEMA, type FileRecord, type IndexMeta, type RepoPath, type SkippedFile } from "../../model.js";

export interface IndexOptions {
  cwd: string;
  check: boolean;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export interface OutdatedFile {
  path: RepoPath;
  change: "added" | "modified" | "deleted";
}

export interface IndexSummary {
  root: string;
  files: number;
  parsed: number;
  reused: number;
  dropped: number;
  skipped: SkippedFile[];
  /** Files the parser recovered from syntax errors in; what it could parse is indexed. */
  partial: { path: RepoPath; syntaxErrors: number }[];
  symbols: number;
  endpoints: number;
  modules: number;
  /** Index files written (none when nothing changed). */
  written: string[];
  /** With --check: whether the committed index matches the working tree, and what differs. */
  check: { upToDate: boolean; outdated: OutdatedFile[]; indexFiles: string[] } | null;
  durationMs: number;
}

const READ_CONCURRENCY = 64;

async function readAll(root: string, paths: readonly RepoPath[], maxBytes: number): Promise<SourceRead[]> {
  const results: SourceRead[] = new Array(paths.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(READ_CONCURRENCY, paths.length) }, async () => {
      while (next < paths.length) {
        const i = next++;
        results[i] = await readSource(root, paths[i]!, maxBytes);
      }
    }),
  );
  return results;
}

export async function runIndex(options: IndexOptions): Promise<IndexSummary> {
  const started = performance.now();
  const root = findRepoRoot(options.cwd);
  const configText = await readIndexConfigText(root);
  const config: IndexConfig = configText === undefined ? DEFAULT_CONFIG : parseIndexConfig(configText, ".ai/index-config.yaml");

  // Parse what is committed first: a malformed manifest must stop the run before anything is written.
  const manifestText = await readIndexFile(root, "domain-manifest.yaml");
  const previousModules = manifestText === undefined ? [] : parseDomainManifest(manifestText, ".ai/domain-manifest.yaml");
  const fileIndexText = await readIndexFile(root, "file_index.md");
  const previousFileIndex = fileIndexText === undefined ? undefined : parseFileIndex(fileIndexText, ".ai/file_index.md");

  const [{ files: listed }, packages, head] = await Promise.all([
    listRepositoryFiles(root),
    discoverWorkspacePackages(root),
    gitHead(root).catch(() => null),
  ]);
  const selected = selectSourceFiles(listed, config);
  const reads = await readAll(root, selected, config.maxFileBytes);

  const version = extractorVersion();
  const cached = await readRecordsCache(root, version);
  const previous = new Map(cached.map((r) => [r.path, r]));
  const current = new Map<RepoPath, string>();
  const texts = new Map<RepoPath, string>();
  const skipped: SkippedFile[] = [];
  for (const read of reads) {
    if (read.ok) {
      current.set(read.path, read.sha256);
      texts.set(read.path, read.text);
    } else {
      skipped.push({ path: read.path, reason: read.reason });
    }
  }
  const plan = planReindex(previous, current);
  const toParse = plan.parse.map((path) => ({ path, text: texts.get(path)! }));
  const analyses = await analyzeFiles(toParse, (done) => options.onProgress?.("parse", done, toParse.length));

  const fileSet = new Set(current.keys());
  const partial: { path: RepoPath; syntaxErrors: number }[] = [];
  const records: FileRecord[] = [...plan.reuse];
  analyses.forEach((analysis, i) => {
    const path = plan.parse[i]!;
    if ("error" in analysis) {
      skipped.push({ path, reason: `parser failed: ${analysis.error}` });
      return;
    }
    if (analysis.syntaxErrors > 0) partial.push({ path, syntaxErrors: analysis.syntaxErrors });
    records.push({
      path,
      sha256: current.get(path)!,
      isTest: isTestPath(path),
      symbols: analysis.symbols,
      endpoints: analysis.endpoints,
      imports: analysis.imports.map((specifier) => ({ specifier, resolved: null })),
    });
  });
  // Import targets depend on which files exist, so they are resolved on every run, not cached.
  for (const record of records) {
    for (const entry of record.imports) entry.resolved = resolveRelativeImport(record.path, entry.specifier, fileSet);
  }
  records.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  const modules = buildModules(records, packages, previousModules);
  const rows = indexRows(records, modules);
  const render = (meta: IndexMeta): Map<IndexFileName, string> =>
    new Map<IndexFileName, string>([
      ["symbol_index.md", renderSymbolIndex(rows.symbols, rows.files.length)],
      ["endpoint_index.md", renderEndpointIndex(rows.endpoints)],
      ["file_index.md", renderFileIndex(meta, rows.files, skipped)],
      ["domain-manifest.yaml", renderDomainManifest(modules)],
    ]);

  // HEAD moves on every commit; it is rewritten only when the content changes, so an unchanged
  // tree rewrites nothing and the pre-commit hook never chases its own commit.
  const keptMeta: IndexMeta = { schema: INDEX_SCHEMA, head: previousFileIndex?.meta.head ?? head };
  let contents = render(keptMeta);
  const existing = new Map<IndexFileName, string | undefined>();
  for (const name of contents.keys()) existing.set(name, await readIndexFile(root, name));
  const differing = [...contents.entries()].filter(([name, text]) => existing.get(name) !== text).map(([name]) => name);

  const summary: IndexSummary = {
    root,
    files: records.length,
    parsed: toParse.length,
    reused: plan.reuse.length,
    dropped: plan.dropped.length,
    skipped,
    partial,
    symbols: rows.symbols.length,
    endpoints: rows.endpoints.length,
    modules: modules.length,
    written: [],
    check: null,
    durationMs: 0,
  };

  if (options.check) {
    const recorded = new Map((previousFileIndex?.rows ?? []).map((r) => [r.path, r.sha256]));
    const outdated: OutdatedFile[] = [];
    for (const [path, sha] of current) {
      const then = recorded.get(path);
      if (then === undefined) outdated.push({ path, change: "added" });
      else if (then !== sha) outdated.push({ path, change: "modified" });
    }
    for (const path of recorded.keys()) if (!current.has(path)) outdated.push({ path, change: "deleted" });
    outdated.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    summary.check = { upToDate: differing.length === 0 && outdated.length === 0, outdated, indexFiles: differing.map((n) => `.ai/${n}`) };
  } else {
    if (differing.length > 0 && head !== keptMeta.head) contents = render({ schema: INDEX_SCHEMA, head });
    summary.written = (await writeIndexFiles(root, contents)).map((n) => `.ai/${n}`);
    if (plan.parse.length > 0 || plan.dropped.length > 0 || cached.length !== records.length) {
      await writeRecordsCache(root, version, records);
    }
    // Unchanged index files keep their stamp, so the lookup cache built from them stays valid.
    if (summary.written.length > 0) {
      await writeLookupCache(root, { symbols: rows.symbols, endpoints: rows.endpoints, modules, files: rows.files });
    }
  }
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}
