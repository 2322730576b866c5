import type { LinkStats } from "../../core/calls/link-calls.js";
import { UnreadableSummary } from "../../core/calls/lazy-summary.js";
import { relinkFiles, relinkPlan } from "../../core/calls/relink-files.js";
import { linkCalls } from "../../core/calls/link-calls.js";
import { createModuleResolver, specifierResolver } from "../../core/calls/resolve-specifier.js";
import { joinRoutes, routeJoinContext } from "../../core/index/join-routes.js";
import { buildModules, compare, type WorkspacePackage } from "../../core/index/build-modules.js";
import type { BuildFile, LanguageProject } from "../../analysis/language-project.js";
import { DEFAULT_CONFIG, type IndexConfig } from "../../core/index/index-config.js";
import { indexRows } from "../../core/index/index-rows.js";
import { symbolNamesOf, symbolRowsOf, toIndexedFile } from "../../core/index/indexed-file.js";
import { relativeImportResolver, relativeLookupPrefix } from "../../core/index/resolve-import.js";
import { goPackageResolver, languageImportResolver } from "../../core/index/resolve-language-import.js";
import { grammarOf } from "../../analysis/tree-sitter.js";
import { readGoModules } from "../../io/read-go-modules.js";
import { readBuildFiles } from "../../io/read-build-files.js";
import { isBuildFile } from "../../analysis/build-file-patterns.js";
import { LANGUAGE_PROJECTS } from "../../analysis/language-projects.js";
import { rowDifference } from "../../core/index/row-difference.js";
import { isTestPath } from "../../core/index/is-test-path.js";
import { selectSources, type DefaultExclusion } from "../../core/index/select-files.js";
import { parseDomainManifest, renderDomainManifest } from "../../formats/domain-manifest.js";
import { callIndexParts } from "../../formats/call-index.js";
import { renderShards, shardFolder, shardsOf, SHARDED_INDEX_FILES, type ShardableIndex, type ShardedIndexName } from "../../formats/index-shards.js";
import { renderEndpointIndex } from "../../formats/endpoint-index.js";
import { fileIndexParts, holdsFileIndexMeta, parseFileIndex, readFileIndexMeta, renderFileRow } from "../../formats/file-index.js";
import { parseIndexConfig } from "../../formats/index-config.js";
import { renderSymbolIndexChunks, SYMBOL_TABLE_HEADER } from "../../formats/symbol-index.js";
import { createAnalyzePool, workerCountFor, type AnalyzePool } from "../../io/analyze-pool.js";
import { extractorVersion } from "../../io/ctx-version.js";
import { gitHead, gitReadBlobs } from "../../io/git.js";
import { provenByGit, stagedOnlyPaths, type GitIndexState } from "../../core/index/proven-by-git.js";
import {
  indexFileDiffers,
  indexStamp,
  readFilesCache,
  rowsLength,
  readIndexConfigText,
  readIndexFile,
  readIndexFileHead,
  writeFilesCache,
  writeIndexFiles,
  removeShards,
  shardsOnDisk,
  type CachedFile,
} from "../../io/index-store.js";
import { listRepositoryFiles } from "../../io/list-files.js";
import { readSelection, selectionKey, writeSelection } from "../../io/selection-cache.js";
import { ensureLookupCache, invalidateLookupCache, LookupRows, lookupCacheStamp, patchLookupCache, writeLookupCache } from "../../io/lookup-cache.js";
import { NOT_FROM_DISK, observeBytes, observeFile, sameStat, sha256 } from "../../io/read-source.js";
import { hasLexicon, writeLexicon } from "../../io/lexicon-store.js";
import { refreshHistory } from "../../io/history-store.js";
import { invocationAt } from "../../io/locate-ctx.js";
import { findRepoRoot } from "../../io/repo-root.js";
import { sweepTemporaryFiles } from "../../io/temporary-files.js";
import { readPathMappings } from "../../io/tsconfigs.js";
import { builtSelfEntries, hashDeclarations, installedPackagesStamp, packageDeclarations } from "../../io/package-declarations.js";
import { discoverWorkspacePackages, readSelfPackage } from "../../io/workspace.js";
import { INDEX_SCHEMA, type EndpointRecord, type FileRecord, type IndexMeta, type RepoPath, type SkippedFile } from "../../model.js";
import { quotePath } from "../../formats/quoted-path.js";
import { PhaseClock, type Phase } from "../phase-clock.js";

export interface IndexOptions {
  cwd: string;
  check: boolean;
  /**
   * Index the next commit as git's index holds it (a commit hook's run): its tracked files only; a
   * cached file whose blob id is the one git staged is taken as cached without being statted or
   * read; a file staged with further edits in the working tree is indexed as staged, read from git.
   */
  gitIndex?: GitIndexState;
  /** A pool the caller started early (a commit hook, while git answers); the run closes it. */
  pool?: AnalyzePool;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export interface OutdatedFile {
  path: RepoPath;
  change: "added" | "modified" | "deleted";
}

/** Routes with an unresolved `{expression}` part: what `ctx index` says of prefixes it could not prove. */
function dynamicRoutesOf(endpoints: readonly EndpointRecord[]): IndexSummary["dynamicRoutes"] {
  const dynamic = endpoints.filter((e) => e.route.includes("{"));
  const first = dynamic[0];
  return { count: dynamic.length, first: first ? `${first.method} ${first.route} (${quotePath(first.path)}:${first.line})` : null };
}

export interface IndexSummary {
  root: string;
  files: number;
  parsed: number;
  reused: number;
  dropped: number;
  /** Files whose call sites were linked in this run (every file on a run without a cache). */
  relinked: number;
  skipped: SkippedFile[];
  /** Sources only the default excludes (build/, vendor/, *.min.js, …) kept out, by folder, with the setting that brings them back. */
  leftOutByDefault: DefaultExclusion[];
  /** Files the parser recovered from syntax errors in this run; what it could parse is indexed. */
  partial: { path: RepoPath; syntaxErrors: number }[];
  symbols: number;
  endpoints: number;
  /** Endpoints whose route holds a part only the running program knows (`{config.prefix}/items`): the first of them, and how many. */
  dynamicRoutes: { count: number; first: string | null };
  /** Call sites linked in this run: resolved, unresolved (candidates only) and external. */
  calls: LinkStats;
  modules: number;
  /** Index files written (none when nothing changed). */
  written: string[];
  /** With --check: whether the committed index matches the working tree, and what differs. */
  check: { upToDate: boolean; outdated: OutdatedFile[]; indexFiles: string[]; refresh: string } | null;
  durationMs: number;
  /** Where the run's time went, phase by phase (milliseconds), and the resident memory at each phase's end. */
  phases: Phase[];
}

/**
 * A file whose stat matches the cache is trusted unchanged without being read, unless it was
 * modified this close to the run that cached it: within a filesystem's timestamp granularity, an
 * edit could leave size and mtime as they were ("racily clean", in git's words).
 */
const RACY_WINDOW_MS = 2_000;
/**
 * Rounds of summarising the declaration files linking reached and linking again: each round
 * summarises what the last reached and what those re-export, so a package's chain of re-exports
 * settles in one or two; the cap only bounds a pathological one.
 */
const MAX_DECLARATION_ROUNDS = 16;

/** An index file's text, or how to render it when it is needed. */
type IndexText = string | (() => string[]);
const textOf = (text: IndexText): string | string[] => (typeof text === "string" ? text : text());

const byPath = <T extends { path: string }>(a: T, b: T): number => compare(a.path, b.path);

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean => a !== undefined && b !== undefined && a.length === b.length && a.every((item, i) => item === b[i]);

/** The committed content of the files the working tree no longer holds as staged, from git's blobs. */
async function readStaged(root: string, git: GitIndexState, selected: readonly RepoPath[], cachedBlob: (path: RepoPath) => string | undefined): Promise<Map<RepoPath, Buffer>> {
  const paths = stagedOnlyPaths(git, selected, cachedBlob);
  const blobs = await gitReadBlobs(root, paths.map((path) => git.blobs.get(path)!));
  return new Map(
    paths.flatMap((path) => {
      const bytes = blobs.get(git.blobs.get(path)!);
      return bytes ? [[path, bytes] as const] : [];
    }),
  );
}

export async function runIndex(options: IndexOptions): Promise<IndexSummary> {
  try {
    return await indexWith(options, false);
  } catch (error) {
    // A cached summary that cannot be read back (a damaged cache): nothing is written before linking,
    // so the run starts again as if there were no cache.
    if (error instanceof UnreadableSummary) return indexWith(options, true);
    throw error;
  }
}

async function indexWith(options: IndexOptions, ignoreCache: boolean): Promise<IndexSummary> {
  const started = performance.now();
  const clock = new PhaseClock();
  const startedAt = Date.now();
  const root = findRepoRoot(options.cwd);
  // What a run killed mid-write left behind (ignored by git, but it adds up).
  if (!options.check) await sweepTemporaryFiles(root);
  const configText = await readIndexConfigText(root);
  const config: IndexConfig = configText === undefined ? DEFAULT_CONFIG : parseIndexConfig(configText, ".ai/index-config.yaml");

  // Parse what is committed first: a malformed manifest must stop the run before anything is written.
  const manifestText = await readIndexFile(root, "domain-manifest.yaml");
  // --check compares every row; a run reads only the line naming the HEAD the index was built at.
  const fileIndexHead = options.check ? undefined : readIndexFileHead(root, "file_index.md");
  const fileIndexText = fileIndexHead !== undefined && holdsFileIndexMeta(fileIndexHead) ? fileIndexHead : await readIndexFile(root, "file_index.md");

  const version = extractorVersion();
  // One worker loads the compiler while this thread reads the cache: an edited file is then parsed
  // without waiting for it. With no cache everything will be parsed, by as many workers as pay.
  const pool = options.pool ?? createAnalyzePool();
  const workers = workerCountFor(Number.POSITIVE_INFINITY);
  if (workers > 0) await pool.warmUp(1);
  clock.mark("read index files");
  // Without a lexicon, every file is parsed to make one.
  const cache = ignoreCache || (!options.check && !hasLexicon(root)) ? null : await readFilesCache(root, version);
  // As the last run parsed it, when it is the text that run left; else parsed now, before anything is written.
  const manifestSha = manifestText === undefined ? undefined : sha256(Buffer.from(manifestText));
  const manifestBefore = cache?.settled?.manifest;
  const previousModules =
    manifestText === undefined ? [] : !options.check && manifestBefore !== undefined && manifestBefore.sha256 === manifestSha ? manifestBefore.modules : parseDomainManifest(manifestText, ".ai/domain-manifest.yaml");
  clock.mark("read cache");
  try {
    if (!cache) await pool.warmUp(workers);
    const listing = options.gitIndex ? Promise.resolve({ files: options.gitIndex.tracked }) : listRepositoryFiles(root);
    const [{ files: listed }, packages, self, head] = await Promise.all([
      listing,
      listing.then(({ files }) => discoverWorkspacePackages(root, files)),
      readSelfPackage(root),
      gitHead(root).catch(() => null),
    ]);
    clock.mark("list files");
    const listingKey = selectionKey(version, listed, config);
    const selectedBefore = options.check ? null : await readSelection(root, listingKey);
    const { selected, leftOutByDefault } = selectedBefore?.sameListing ? selectedBefore : selectSources(listed, config, selectedBefore ? new Set(selectedBefore.selected) : undefined);
    // Kept once the run has written its cache folder (and the ignore file in it).
    const rememberSelection = async (): Promise<void> => {
      if (!selectedBefore?.sameListing) await writeSelection(root, listingKey, { selected, leftOutByDefault });
    };
    const previous = new Map((cache?.files ?? []).map((entry) => [entry.path, entry]));
    const fromGit = options.gitIndex ? await readStaged(root, options.gitIndex, selected, (path) => previous.get(path)?.blob) : new Map<RepoPath, Buffer>();
    // Everything is parsed: a repository mostly of tree-sitter languages gets a worker on every core.
    const treeSitterFiles = cache || workers === 0 ? 0 : selected.filter((path) => grammarOf(path) !== undefined).length;
    const moreWorkers = cache || workers === 0 ? 0 : workerCountFor(selected.length, treeSitterFiles / Math.max(1, selected.length));
    // Those load the compiler only if some file needs it.
    if (moreWorkers > workers) await pool.warmUp(moreWorkers, treeSitterFiles < selected.length);
    clock.mark("select sources");

    // --check trusts nothing but hashes; a normal run trusts an unchanged stat outside the racy window.
    const trustBefore = (cache?.startedAt ?? 0) - RACY_WINDOW_MS;
    const current = new Map<RepoPath, string>();
    const files: CachedFile[] = [];
    // Parsed files leave only their cached entry and their lookup rows behind, so memory stays
    // proportional to the index's text, not to its symbols as objects.
    const parsed: RepoPath[] = [];
    const parsedWords = new Map<RepoPath, string>();
    const lookupRows = new LookupRows();
    const partial: { path: RepoPath; syntaxErrors: number }[] = [];
    const skipped: SkippedFile[] = [];
    const analyses: Promise<void>[] = [];
    let reused = 0;
    let statChanged = false;
    for (const [index, path] of selected.entries()) {
      options.onProgress?.("index", index + 1, selected.length);
      const known = previous.get(path);
      // Proven by git's index to hold the very content the cache has: taken as it is.
      if (known && options.gitIndex && !options.check && provenByGit(options.gitIndex, path, known.blob)) {
        current.set(path, known.sha256);
        // The cache's record itself, changed in place by this run (relinking tells what rows it had).
        files.push(known);
        reused += 1;
        continue;
      }
      const trusted = !options.check && known && known.mtimeMs < trustBefore ? known : undefined;
      const staged = fromGit.get(path);
      const observation = staged ? observeBytes(path, staged, config.maxFileBytes, NOT_FROM_DISK) : observeFile(root, path, config.maxFileBytes, trusted);
      if (observation.kind === "skipped") {
        skipped.push({ path, reason: observation.reason });
        continue;
      }
      const sha256 = observation.kind === "unchanged" ? known!.sha256 : observation.sha256;
      current.set(path, sha256);
      statChanged ||= observation.kind === "read" && (!known || !sameStat(known, observation.stat));
      if (known && known.sha256 === sha256) {
        files.push(Object.assign(known, observation.stat, observation.kind === "read" ? { blob: observation.blob } : {}));
        reused += 1;
        continue;
      }
      // Each file is analysed as soon as it is read (inline, inside submit), so texts do not pile up.
      const { stat, text, blob } = observation as Extract<typeof observation, { kind: "read" }>;
      analyses.push(
        pool.submit(path, text).then((analysis) => {
          if ("error" in analysis) {
            skipped.push({ path, reason: `parser failed: ${analysis.error}` });
            current.delete(path);
            return;
          }
          if (analysis.syntaxErrors > 0) partial.push({ path, syntaxErrors: analysis.syntaxErrors });
          const record: FileRecord = {
            path,
            sha256,
            isTest: isTestPath(path),
            symbols: analysis.symbols,
            ...(analysis.routes ? { routes: analysis.routes } : {}),
            imports: analysis.imports.map((specifier) => ({ specifier, resolved: null })),
            calls: analysis.calls,
          };
          const rows = symbolRowsOf(record);
          parsed.push(path);
          parsedWords.set(path, analysis.lexicon);
          lookupRows.add(rows);
          files.push({ ...toIndexedFile(record, rows), ...stat, blob });
        }),
      );
    }
    clock.mark("check files");
    await Promise.all(analyses);
    // The workers' heaps are freed before linking, which needs the most memory of the run.
    await pool.close();
    clock.mark("parse");
    const dropped = [...previous.keys()].filter((path) => !current.has(path));
    files.sort(byPath);
    skipped.sort(byPath);
    partial.sort(byPath);

    const [mappings, goModules, buildFiles] = await Promise.all([readPathMappings(root, listed), readGoModules(root, listed), readBuildFiles(root, listed, isBuildFile)]);
    const installed = [installedPackagesStamp(root, packages.map((pkg) => pkg.dir)), ...(self ? builtSelfEntries(root) : [])];
    // Build files by digest: their text decides imports and modules, and a repository may hold thousands of them.
    const builds = buildFiles.map((file) => [file.path, sha256(Buffer.from(file.text))]);
    const resolution = JSON.stringify([packages, self, mappings, installed, ...(goModules.length > 0 ? [goModules] : []), ...(builds.length > 0 ? [builds] : [])]);
    clock.mark("read tsconfigs");
    const settled = cache?.settled;
    // Installed packages' declaration files the last run read: one changed (a package upgraded or
    // removed) can move any link that read it.
    const declarationsBefore = settled?.declarations ?? {};
    const declarationsNow = hashDeclarations(root, Object.keys(declarationsBefore));
    const declarationsChanged = Object.entries(declarationsBefore).some(([key, sha]) => declarationsNow.get(key) !== sha);
    // The index files' stamp before this run writes any: a stat of every file and shard, taken once.
    let stampBefore: string | undefined;
    const stampAtStart = (): string => (stampBefore ??= indexStamp(root));
    if (!options.check && settled && !declarationsChanged && parsed.length === 0 && dropped.length === 0 && settled.resolution === resolution && settled.stamp === stampAtStart()) {
      // Nothing changed since the last run wrote these very index files: the same bytes would be written.
      if (statChanged) await writeFilesCache(root, version, startedAt, files, settled, cache);
      await Promise.all([ensureLookupCache(root, stampAtStart()), refreshHistory(root, head), rememberSelection()]);
      return {
        root,
        files: files.length,
        parsed: 0,
        reused,
        dropped: 0,
        relinked: 0,
        skipped,
        leftOutByDefault,
        partial,
        ...settled.counts,
        written: [],
        check: null,
        durationMs: Math.round(performance.now() - started),
        phases: (clock.mark("refresh caches"), clock.toJSON()),
      };
    }

    const filesByPath = new Map(files.map((file) => [file.path, file]));
    // The index files as the last run left them (nobody edited the manifest since, say).
    const asLeft = !options.check && settled !== undefined && settled !== null && settled.stamp === stampAtStart();
    // Import targets depend on which files exist, so they are resolved on every run, not cached...
    const resolveRelative = relativeImportResolver(new Set(files.map((f) => f.path)));
    const resolveLanguage = projectImportResolver(files.map((f) => f.path), buildFiles, languageImportResolver(files.map((f) => f.path), goModules));
    const resolveImport = (from: RepoPath, specifier: string): RepoPath | null =>
      grammarOf(from) ? resolveLanguage(from, specifier) : resolveRelative(from, specifier);
    // ...but the same files, packages and specifiers make the modules the last run wrote.
    const sameImports = parsed.every((path) => sameList(previous.get(path)?.imports, filesByPath.get(path)?.imports));
    const modules =
      asLeft && settled.resolution === resolution && dropped.length === 0 && sameImports
        ? previousModules
        : buildModules(
            files.map((f) => ({ path: f.path, imports: f.imports.map((specifier) => ({ specifier, resolved: resolveImport(f.path, specifier) })) })),
            [...packages, ...languagePackages(buildFiles, files.map((f) => f.path))],
            previousModules,
          );
    // Specifiers resolve against every module file present, declaration files included, as the
    // compiler's do: a call into a `.d.ts` lands outside the indexed sources.
    const modulePaths = new Set(listed.filter((path) => /\.(?:[cm]?[jt]sx?)$/.test(path) && !path.includes("node_modules/")));
    const declarations = packageDeclarations(root, options.check ? undefined : version);
    // The repository's own package by name (a self-reference) after its workspace packages.
    const resolver = createModuleResolver(modulePaths, self ? [...packages, self] : packages, mappings, (from, specifier) => (grammarOf(from) ? resolveLanguage(from, specifier) : undefined), declarations);
    clock.mark("modules");
    const rows = indexRows(files, modules, joinRoutes(
        files,
        routeJoinContext(
          files,
          resolver,
          goPackageResolver(files.map((f) => f.path), goModules),
        ),
      ));
    clock.mark("rows and routes");
    // Calls are linked against every file's summary, but only the sites an edit can have moved are
    // linked again: those of changed files, and of files that read what a changed file declares.
    const last = cache
      ? {
          changed: new Map(parsed.map((path) => [path, previous.get(path)])),
          dropped,
          droppedFiles: new Map(dropped.map((path) => [path, previous.get(path)!])),
          resolutionChanged: settled?.resolution !== resolution || declarationsChanged,
          resolve: specifierResolver(resolver),
          // A relative specifier of a file the compiler reads looks only at paths that begin with the name it writes.
          lookupPrefix: (from: RepoPath, specifier: string) => (grammarOf(from) || !specifier.startsWith(".") ? undefined : relativeLookupPrefix(from, specifier)),
        }
      : null;
    const plan = relinkPlan(files, last);
    let links = linkCalls(files, resolver, plan);
    // Declaration files linking reached that no cache had: summarised (which loads the compiler
    // here, so only then) and linked again, until linking reaches no new one.
    for (let round = 0; declarations.missing().length > 0 && round < MAX_DECLARATION_ROUNDS; round += 1) {
      declarations.fill((await import("../../analysis/summarize-declarations.js")).summarizeDeclarations);
      links = linkCalls(files, resolver, plan);
    }
    const calls = relinkFiles(files, last, resolver, { plan, links });
    clock.mark("link calls");
    // The call rows a file had before this run: a relinked file's record was changed in place.
    const rowsBefore = (path: RepoPath): string | undefined => (calls.rowsBefore.has(path) ? calls.rowsBefore.get(path) : previous.get(path)?.callRows);
    // symbol_index.md, call_index.md and file_index.md past config.shardAbove are written as shards
    // (formats/index-shards.ts). A file's text is rendered only when it is compared or written: an
    // unchanged shard's rows stay unread.
    const sharded = (name: ShardedIndexName, index: Omit<ShardableIndex, "files">, entries: ShardableIndex["files"], bytes: number): [string, IndexText][] => {
      if (bytes <= config.shardAbove) return [[name, () => [index.head, ...entries.map((entry) => entry.rows), ...index.tail]]];
      const { top, shards } = renderShards(name, { ...index, files: entries });
      return [[top.path, top.chunks], ...shards.map((shard): [string, IndexText] => [shard.path, shard.chunks])];
    };
    const shardable = (name: "symbol_index.md" | "call_index.md", key: "symbolRows" | "callRows", index: Omit<ShardableIndex, "files">): [string, IndexText][] =>
      sharded(
        name,
        index,
        files.map((file) => ({ path: file.path, get rows() { return file[key]; } })),
        files.reduce((sum, file) => sum + rowsLength(file, key), 0),
      );
    const fileRows = rows.files.map(renderFileRow);
    const fileRowBytes = fileRows.reduce((sum, row) => sum + row.length, 0);
    const callParts = callIndexParts(calls.counts, calls.overrides, calls.aliases);
    const render = (meta: IndexMeta): Map<string, IndexText> =>
      new Map<string, IndexText>([
        ...shardable("symbol_index.md", "symbolRows", { head: renderSymbolIndexChunks([], rows.symbolCount, rows.files.length)[0]!, tableHeader: SYMBOL_TABLE_HEADER, tail: [] }),
        ["endpoint_index.md", renderEndpointIndex(rows.endpoints)],
        ...shardable("call_index.md", "callRows", { head: callParts.head, tableHeader: callParts.tableHeader, tail: callParts.tail }),
        ...sharded("file_index.md", fileIndexParts(meta, rows.files.length, skipped), rows.files.map((row, i) => ({ path: row.path, rows: fileRows[i]! })), fileRowBytes),
        ["domain-manifest.yaml", () => [renderDomainManifest(modules)]],
      ]);

    // HEAD moves on every commit; it is rewritten only when the content changes, so an unchanged
    // tree rewrites nothing and a pre-commit hook never chases its own commit.
    const previousHead = fileIndexText === undefined ? undefined : readFileIndexMeta(fileIndexText, ".ai/file_index.md").head;
    const keptMeta: IndexMeta = { schema: INDEX_SCHEMA, head: previousHead === undefined ? head : previousHead };
    let contents = render(keptMeta);
    // The rows of a file that did not change are as the last run rendered them; when no file's rows
    // changed and the index files are as the last run left them, those are known equal unread: a
    // whole index file, or a shard whose files are the same ones, none of them changed.
    const symbolsMoved = new Set([...dropped, ...parsed.filter((path) => previous.get(path)?.symbolRows !== filesByPath.get(path)!.symbolRows)]);
    const callsMoved = new Set([...dropped, ...calls.replaced].filter((path) => rowsBefore(path) !== filesByPath.get(path)?.callRows));
    const knownSame = new Set<string>();
    const knownDiffering = new Set<string>();
    if (asLeft && cache !== null) {
      // The manifest as read back: the same modules render the same text.
      if (JSON.stringify(modules) === JSON.stringify(previousModules)) knownSame.add("domain-manifest.yaml");
      if (symbolsMoved.size === 0) knownSame.add("symbol_index.md");
      if (!calls.rowsChanged && !calls.overridesChanged) knownSame.add("call_index.md");
      // A file's row in file_index.md is its hash, module, counts of symbols and endpoints: while the
      // modules and the endpoints are as before, it changes only with the file.
      const endpoints = "endpoint_index.md";
      (await indexFileDiffers(root, endpoints, textOf(contents.get(endpoints)!)) ? knownDiffering : knownSame).add(endpoints);
      const fileRowsKept = knownSame.has(endpoints) && knownSame.has("domain-manifest.yaml");
      const fileRowsMoved = new Set([...dropped, ...parsed]);
      const before = new Map(shardsOf([...previous.values()].sort(byPath)).map((shard) => [shard.name, shard.files.map((file) => file.path).join("\0")]));
      for (const shard of shardsOf(files)) {
        const members = shard.files.map((file) => file.path);
        if (before.get(shard.name) !== members.join("\0")) continue;
        if (!members.some((path) => symbolsMoved.has(path))) knownSame.add(`${shardFolder("symbol_index.md")}/${shard.name}.md`);
        if (!members.some((path) => callsMoved.has(path))) knownSame.add(`${shardFolder("call_index.md")}/${shard.name}.md`);
        if (fileRowsKept && !members.some((path) => fileRowsMoved.has(path))) knownSame.add(`${shardFolder("file_index.md")}/${shard.name}.md`);
      }
    }
    const differing: string[] = [];
    for (const [name, text] of contents) if (knownDiffering.has(name) || (!knownSame.has(name) && (await indexFileDiffers(root, name, textOf(text))))) differing.push(name);
    // Shards no top file names any more: removed by a write, a difference to --check.
    const staleShards = (await Promise.all(SHARDED_INDEX_FILES.map((name) => shardsOnDisk(root, name)))).flat().filter((path) => !contents.has(path));
    clock.mark("render and compare");

    const summary: IndexSummary = {
      root,
      files: files.length,
      parsed: parsed.length,
      reused,
      dropped: dropped.length,
      relinked: links.length,
      skipped,
      leftOutByDefault,
      partial,
      symbols: rows.symbolCount,
      endpoints: rows.endpoints.length,
      dynamicRoutes: dynamicRoutesOf(rows.endpoints),
      calls: calls.stats,
      modules: modules.length,
      written: [],
      check: null,
      durationMs: 0,
      phases: [],
    };

    if (options.check) {
      const previousRows = fileIndexText === undefined ? [] : parseFileIndex(fileIndexText, ".ai/file_index.md").rows;
      const recorded = new Map(previousRows.map((r) => [r.path, r.sha256]));
      const outdated: OutdatedFile[] = [];
      for (const [path, sha] of current) {
        const then = recorded.get(path);
        if (then === undefined) outdated.push({ path, change: "added" });
        else if (then !== sha) outdated.push({ path, change: "modified" });
      }
      for (const path of recorded.keys()) if (!current.has(path)) outdated.push({ path, change: "deleted" });
      outdated.sort(byPath);
      const indexFiles = [...differing, ...staleShards].map((n) => `.ai/${n}`);
      summary.check = { upToDate: indexFiles.length === 0 && outdated.length === 0, outdated, indexFiles, refresh: `${invocationAt(root)} index` };
    } else {
      if (differing.length > 0 && head !== keptMeta.head) contents = render({ schema: INDEX_SCHEMA, head });
      const lookupStamp = lookupCacheStamp(root);
      // Shards before the top files that name them, so a reader never meets a top file naming a missing shard.
      const writes = [...contents]
        .filter(([name]) => differing.includes(name))
        .map(([name, text]): [string, string | string[]] => [name, textOf(text)])
        .sort(([a], [b]) => Number(!a.includes("/")) - Number(!b.includes("/")));
      const changedFiles = new Map(writes);
      await writeIndexFiles(root, changedFiles);
      await removeShards(root, staleShards);
      clock.mark("write index files");
      summary.written = [...changedFiles.keys(), ...staleShards].map((n) => `.ai/${n}`);
      // And after: what the caches are stamped with.
      const stampAfter = summary.written.length > 0 ? indexStamp(root) : stampAtStart();
      if (summary.written.length > 0) {
        const changed = new Set([...parsed, ...dropped]);
        const routing = rows.files.map((row) => {
          const file = filesByPath.get(row.path)!;
          return { path: row.path, module: row.module, isTest: row.isTest, fields: file.routing, calls: file.link?.callTerms, targets: file.link?.targets ?? [] };
        });
        const tables = { endpoints: rows.endpoints, modules, files: rows.files, overrides: calls.overrides, aliases: calls.aliases, routing };
        if (reused === 0) {
          await writeLookupCache(root, { ...tables, calls: calls.edges, callRows: calls.rows }, lookupRows);
        } else if (lookupStamp !== null && lookupStamp === stampAtStart()) {
          // Only what the edit changed, row by row, is patched.
          const symbolsDiff = { removed: [] as string[], added: [] as string[] };
          for (const path of changed) {
            const { removed, added } = rowDifference(previous.get(path)?.symbolRows ?? "", filesByPath.get(path)?.symbolRows ?? "");
            symbolsDiff.removed.push(...symbolNamesOf({ symbolRows: removed.join("") }));
            symbolsDiff.added.push(...symbolNamesOf({ symbolRows: added.join("") }));
          }
          const callsDiff = { removed: [] as string[], added: [] as string[] };
          for (const path of calls.replaced) {
            const { removed, added } = rowDifference(rowsBefore(path) ?? "", filesByPath.get(path)?.callRows ?? "");
            callsDiff.removed.push(...removed);
            callsDiff.added.push(...added);
          }
          const patch = {
            ...tables,
            replaced: changed,
            names: symbolsDiff,
            rows: lookupRows,
            calls: callsDiff,
            modulesChanged: differing.includes("domain-manifest.yaml"),
            overridesChanged: calls.overridesChanged,
            stamp: stampAfter,
          };
          // A cache that cannot be patched is dropped; the next lookup rebuilds it from the Markdown.
          await patchLookupCache(root, patch).catch(() => invalidateLookupCache(root));
        } else {
          // The cache was already out of step; the next lookup rebuilds it from the Markdown.
          await invalidateLookupCache(root);
        }
      }
      clock.mark("lookup cache");
      if (cache === null || parsed.length > 0 || dropped.length > 0) {
        await writeLexicon(root, { files, parsed: parsedWords, dropped, whole: cache === null });
      }
      clock.mark("lexicon");
      await refreshHistory(root, head);
      const counts = { symbols: summary.symbols, endpoints: summary.endpoints, dynamicRoutes: summary.dynamicRoutes, modules: summary.modules, calls: summary.calls };
      // Those read before and not relinked since, and those this run read.
      const declarationsRead = Object.fromEntries([...(calls.whole ? [] : declarationsNow), ...declarations.read()].sort(([a], [b]) => compare(a, b)));
      // The manifest as parsed, while it is the text this run read (a rewritten one is parsed next run).
      const manifest = manifestSha !== undefined && !summary.written.includes(".ai/domain-manifest.yaml") ? { manifest: { sha256: manifestSha, modules: previousModules } } : {};
      await writeFilesCache(root, version, startedAt, files, { stamp: stampAfter, resolution, counts, declarations: declarationsRead, ...manifest }, cache);
      await Promise.all([ensureLookupCache(root, stampAfter), rememberSelection()]);
    }
    clock.mark("files cache");
    summary.durationMs = Math.round(performance.now() - started);
    summary.phases = clock.toJSON();
    return summary;
  } finally {
    cache?.close();
    await pool.close();
  }
}

/** Each language's projects (Maven modules, .csproj projects, workspace crates) as modules. */
function languagePackages(buildFiles: readonly BuildFile[], paths: readonly RepoPath[]): WorkspacePackage[] {
  if (buildFiles.length === 0) return [];
  return Object.values(LANGUAGE_PROJECTS).flatMap((project) => project?.packages(buildFiles.filter((file) => project.buildFile.test(file.path)), paths) ?? []);
}

/**
 * Imports of a language with a LanguageProject (Java, C#, Rust, PHP, Ruby) resolved by it, from
 * the build files; Python's and Go's by `others`. Each project's resolver is made on first use.
 */
function projectImportResolver(
  paths: readonly RepoPath[],
  buildFiles: readonly BuildFile[],
  others: (from: RepoPath, specifier: string) => RepoPath | null,
): (from: RepoPath, specifier: string) => RepoPath | null {
  const made = new Map<LanguageProject, (from: RepoPath, specifier: string) => RepoPath | null>();
  return (from, specifier) => {
    const grammar = grammarOf(from);
    const project = grammar ? LANGUAGE_PROJECTS[grammar] : undefined;
    if (!project) return others(from, specifier);
    let resolve = made.get(project);
    if (!resolve) made.set(project, (resolve = project.resolver(paths, buildFiles.filter((file) => project.buildFile.test(file.path)))));
    return resolve(from, specifier);
  };
}
