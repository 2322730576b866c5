import type { EndpointRecord, ModuleRecord, RepoPath } from "../../model.js";
import type { RouteHandler } from "./route-handlers.js";
import { UsageError } from "../../errors.js";
import type { SymbolRow } from "../../formats/symbol-index.js";
import { partitionFresh } from "./check-freshness.js";
import { concludeTraverse, fallbackCommand, nextToVerify, NOT_INDEXED, RG_FILES, rgFixed, rgWord, type FallbackSearch } from "./conclude-traverse.js";
import { lookUpAliased } from "./find-aliases.js";
import { findSymbols, parseSymbolQuery } from "./find-symbols.js";
import { miss, shellQuote, type TraverseHit, type TraverseKind, type TraverseResult } from "./traverse-result.js";
import type { RecordedFiles, TraverseSource } from "./traverse-source.js";

export interface TraverseOptions {
  kind: TraverseKind;
  query: string;
  limit: number;
  /** Caller/Callee: how many levels to walk (1–3). */
  depth?: number;
  /** Caller/Callee: list the sites in test files; by default they are counted, not listed. */
  tests?: boolean;
  /** Flow: the declaration whose call paths from the start are the answer. */
  to?: string | null;
  /** Flow: the most tokens its tree may take. */
  budget?: number;
}

/** A source file's path given where a declaration is asked for (`src/a.ts`, not `src/a.ts:run`). */
const SOURCE_PATH = /^[^:]*\/[^:]*\.(?:[cm]?[jt]sx?|py|go)$/;

/** `src/a.ts:42`: the declaration at (or around) a line, as an editor's "go to" or a stack trace gives it. */
const LINE_QUERY = /^(.+):(\d+)$/;

/**
 * `ctx traverse <Kind> <query>`: every kind's answer from the index `source` reads, each hit
 * verified against the current hashes of the files it rests on. The CLI and the MCP server both
 * come here (through src/cli/commands/traverse-command.ts, which adds `--exact`).
 */
export async function traverse(source: TraverseSource, options: TraverseOptions): Promise<TraverseResult> {
  if ((options.kind === "Symbol" || options.kind === "Caller" || options.kind === "Callee" || options.kind === "Impact" || options.kind === "Flow") && SOURCE_PATH.test(options.query.trim())) {
    const path = options.query.trim();
    throw new UsageError(`"${path}" is a file, not a declaration`, `name one in it, e.g. \`ctx traverse ${options.kind} '${path}:Name'\`; \`ctx outline ${path}\` lists them`);
  }
  const atLine = options.kind === "Symbol" || options.kind === "Caller" || options.kind === "Callee" || options.kind === "Impact" || options.kind === "Flow" ? LINE_QUERY.exec(options.query.trim()) : null;
  if (atLine) {
    const named = await declarationAt(source, atLine[1]!.replace(/^\.\//, ""), Number(atLine[2]));
    if (named === null) return miss(options.kind, options.query, "no-such-symbol", `no declaration at ${options.query.trim()} in the index`, fallbackCommand(RG_FILES, atLine[1]!));
    return { ...(await traverse(source, { ...options, query: named })), query: options.query };
  }
  switch (options.kind) {
    case "Symbol":
      return traverseSymbol(source, options);
    case "Endpoint":
      return traverseEndpoint(source, options);
    case "Module":
      return traverseModule(source, options);
    case "Caller":
    case "Callee": {
      const { traverseCalls } = await import("./traverse-calls.js");
      return traverseCalls(source, { ...options, depth: options.depth ?? 1, tests: options.tests ?? false });
    }
    case "Impact": {
      const { traverseImpact } = await import("./traverse-impact.js");
      return traverseImpact(source, { query: options.query, limit: options.limit, tests: options.tests ?? false });
    }
    case "Flow": {
      const { traverseFlow, DEFAULT_FLOW_BUDGET } = await import("./traverse-flow.js");
      return traverseFlow(source, { query: options.query, to: options.to ?? null, budget: options.budget ?? DEFAULT_FLOW_BUDGET });
    }
    case "Err":
    case "Brain": {
      const { traverseBrain, traverseErr } = await import("./traverse-memory.js");
      return (options.kind === "Err" ? traverseErr : traverseBrain)(source, options);
    }
  }
}


/**
 * The declaration a `path:line` query names, as `path:Name`: the one starting on that line, else the
 * innermost one whose span holds it; null when the file has none there (or is not in the index).
 */
async function declarationAt(source: TraverseSource, path: RepoPath, line: number): Promise<string | null> {
  const declarations = await source.declarationsIn(path);
  if (declarations === null) return null;
  const holding = declarations.filter((d) => d.line <= line && line <= d.endLine);
  const best = holding.find((d) => d.line === line) ?? holding.sort((a, b) => b.line - a.line || a.endLine - b.endLine)[0];
  return best === undefined ? null : `${path}:${best.name}`;
}

/** What a lookup of the index (Symbol, Endpoint, Module) is asked. */
interface LookupQuery {
  kind: TraverseKind;
  query: string;
  limit: number;
}

// NOTE: what only some queries need is imported where it is needed: every module loaded costs
// `ctx traverse Symbol`, the hot path, about a millisecond of startup.
const suggestions = async (query: string, names: Iterable<string>): Promise<string[]> =>
  (await import("./suggest-names.js")).suggestNames(query, names);

/**
 * The answer from ranked candidates: their files hashed, best first, until `limit` of them are
 * fresh (a long list is not hashed through when its head answers), the rest counted as unverified.
 */
async function concludeRanked<T>(
  source: TraverseSource,
  lookup: { kind: TraverseKind; query: string; limit: number; files: RecordedFiles; fallback: FallbackSearch },
  candidates: readonly T[],
  filesOf: (candidate: T) => readonly string[],
  toHit: (candidate: T) => TraverseHit,
): Promise<TraverseResult> {
  const { files, limit } = lookup;
  const observed = new Map<string, string | null>();
  let checked = 0;
  let fresh = 0;
  for (;;) {
    const count = nextToVerify(checked, fresh, candidates.length, limit);
    if (count === 0) break;
    const batch = candidates.slice(checked, checked + count);
    const paths = batch.flatMap(filesOf);
    const [hashes] = await Promise.all([source.hash(paths.filter((p) => !observed.has(p))), files.load(paths)]);
    for (const [path, hash] of hashes) observed.set(path, hash);
    fresh += partitionFresh(batch, filesOf, (path) => files.get(path)?.sha256, observed).fresh.length;
    checked += count;
  }
  return concludeTraverse({
    kind: lookup.kind,
    query: lookup.query,
    candidates: candidates.slice(0, checked),
    unverified: candidates.length - checked,
    filesOf,
    toHit,
    recorded: (path) => files.get(path)?.sha256,
    observed,
    limit,
    fallback: lookup.fallback,
  });
}

async function traverseSymbol(source: TraverseSource, { kind, query, limit }: LookupQuery): Promise<TraverseResult> {
  const parsed = parseSymbolQuery(query);
  const lookup = await source.symbols(parsed.name);
  const scope = parsed.path ?? ".";
  if (!lookup) return miss(kind, query, "not-indexed", NOT_INDEXED, fallbackCommand(rgWord(parsed.name), "."));
  // Not declared under that name: maybe exported under it (`export { Hono as HonoBase }`).
  const declared = findSymbols(lookup.rows, parsed);
  const aliased =
    declared.length === 0
      ? await lookUpAliased(parsed, async (name) => (await source.aliases(name))?.rows ?? [], async (name) => (await source.symbols(name))?.rows ?? [])
      : [];
  const exportedAs = new Map(aliased.map((entry) => [entry.row, entry]));
  const candidates = aliased.length > 0 ? aliased.map((entry) => entry.row) : declared;
  if (candidates.length === 0) {
    const suggested = await suggestions(parsed.name, await source.symbolNames());
    return miss(kind, query, "no-such-symbol", `no symbol named exactly "${query}" in the index`, fallbackCommand(rgWord(parsed.name), scope), {
      suggestions: suggested,
    });
  }
  // An alias rests on the files exporting it too: one changed since indexing may no longer.
  const filesOf = (c: SymbolRow): RepoPath[] => [...new Set([c.path, ...(exportedAs.get(c)?.exportedFrom ?? [])])];
  return concludeRanked(source, { kind, query, limit, files: lookup.files, fallback: rgWord(parsed.name) }, candidates, filesOf, (s) => ({
      name: s.name,
      kind: s.kind,
      container: s.container,
      path: s.path,
      line: s.line,
      endLine: s.endLine,
      signature: s.signature,
      exported: s.exported,
      module: lookup.files.get(s.path)?.module || null,
      ...(exportedAs.has(s) ? { exportedAs: parsed.name, exportedFrom: exportedAs.get(s)!.exportedFrom } : {}),
    }));
}


async function traverseEndpoint(source: TraverseSource, { kind, query, limit }: LookupQuery): Promise<TraverseResult> {
  const { findEndpoints, parseEndpointQuery } = await import("./find-endpoints.js");
  const parsed = parseEndpointQuery(query);
  const search = parsed.text ? rgFixed(parsed.text) : rgWord(parsed.method ?? query);
  const lookup = await source.endpoints();
  if (!lookup) return miss(kind, query, "not-indexed", NOT_INDEXED, fallbackCommand(search, "."));
  const candidates = findEndpoints(lookup.rows, parsed);
  if (candidates.length === 0) {
    const detail = lookup.rows.length === 0 ? "the index has no endpoints" : `no endpoint matches "${query}"`;
    return miss(kind, query, "no-such-endpoint", detail, fallbackCommand(search, "."));
  }
  // A full route rests on the files of its mounts too: a changed `app.use("/api", …)` makes it stale.
  const filesOf = (e: EndpointRecord): RepoPath[] => [...new Set([e.path, ...e.mounts.map((m) => m.path)])];
  const result = await concludeRanked(source, { kind, query, limit, files: lookup.files, fallback: search }, candidates, filesOf, (e) => ({
      name: `${e.method} ${e.route}`,
      kind: "endpoint",
      container: "",
      path: e.path,
      line: e.line,
      endLine: e.line,
      signature: `${e.method} ${e.route} → ${e.handler} (${e.framework}${mountedNote(e)})`,
      exported: true,
      module: lookup.files.get(e.path)?.module || null,
      method: e.method,
      route: e.route,
      written: e.written,
      mounts: e.mounts,
      handler: e.handler,
      framework: e.framework,
    }));
  return withHandlers(source, result);
}

/**
 * Each hit's handler where the call index linked its expression to one declaration whose file is
 * as indexed (`h.DeleteApplication` → `ApplicationAPI.DeleteApplication api/application.go:301`).
 * A handler whose file changed is left unnamed: the route still holds, where it lands may not.
 */
async function withHandlers(source: TraverseSource, result: TraverseResult): Promise<TraverseResult> {
  const { handlerShard, namedHandler, routeHandlers } = await import("./route-handlers.js");
  for (const hit of result.hits) {
    const route = { path: hit.path, line: hit.line!, handler: String(hit.handler) };
    const calls = await source.calls("callers", handlerShard(route));
    let linked = calls ? routeHandlers(route, calls.rows) : [];
    let files = calls?.files;
    if (linked.length === 0) {
      const symbols = await source.symbols(handlerShard(route));
      linked = symbols ? namedHandler(route, symbols.rows) : [];
      files = symbols?.files;
    }
    if (linked.length !== 1 || !files) continue;
    const [handler] = linked as [RouteHandler];
    // An annotated method is its own registration: its place is already the hit's.
    if (handler.path === hit.path && handler.line === hit.line) continue;
    await files.load([handler.path]);
    const recorded = files.get(handler.path)?.sha256;
    if (recorded === undefined || source.hash([handler.path]).get(handler.path) !== recorded) continue;
    hit.handlerAt = handler;
    const where = handler.path === hit.path ? `:${handler.line}` : `${handler.path}:${handler.line}`;
    const named = handler.name === route.handler ? "" : ` = ${handler.name}`;
    hit.signature = hit.signature.replace(` → ${route.handler} (`, ` → ${route.handler}${named} ${where} (`);
  }
  return result;
}

/** Where a route's prefixes come from when another file adds them: what the handler's file writes, and those mounts, once each. */
function mountedNote(e: EndpointRecord): string {
  const elsewhere = [...new Set(e.mounts.filter((m) => m.path !== e.path).map((m) => `${m.path}:${m.line}`))];
  return e.written === e.route || elsewhere.length === 0 ? "" : `; written ${e.written}, mounted at ${elsewhere.join(", ")}`;
}

async function traverseModule(source: TraverseSource, { kind, query, limit }: LookupQuery): Promise<TraverseResult> {
  const { findModules, leavesRepository } = await import("./find-modules.js");
  // A path is answered only inside the repository: `../../etc/passwd` is no module's.
  if (leavesRepository(query.trim())) throw new UsageError(`"${query}" is not inside the repository`, "give a module name, or a path relative to the repository root (src/users)");
  const lookup = await source.modules();
  const fallback = fallbackCommand(RG_FILES, query.includes("/") ? query : ".");
  if (!lookup) return miss(kind, query, "not-indexed", NOT_INDEXED, fallback);
  const candidates = findModules(lookup.rows, query);
  if (candidates.length === 0) {
    const names = lookup.rows.map((m) => m.name);
    return miss(kind, query, "no-such-module", `no module named "${query}" or containing that path`, fallback, {
      suggestions: await suggestions(query, names),
    });
  }
  // A module's answer (entries, dependencies) rests on every file in it, so every one is verified.
  const files = new Map(await Promise.all(candidates.map(async (m) => [m.name, await lookup.files.pathsOf(m.name)] as const)));
  return concludeRanked(source, { kind, query, limit, files: lookup.files, fallback: RG_FILES }, candidates, (m) => files.get(m.name) ?? [], (m) => ({
      name: m.name,
      kind: "module",
      container: "",
      path: m.paths[0] ?? "",
      line: null,
      endLine: null,
      signature: `${m.files} files; entries: ${entriesText(m, source.invocation)}; depends on: ${m.dependsOn.join(", ") || "nothing"}`,
      exported: true,
      module: m.name,
      paths: m.paths,
      entries: m.entries,
      moreEntries: m.moreEntries ?? 0,
      dependsOn: m.dependsOn,
      files: m.files,
      description: m.description ?? "",
      keywords: m.keywords ?? [],
    }));
}

/** A module's entries, and past the listed ones how many more files other modules import and where to see them all. */
function entriesText(m: ModuleRecord, invocation: string): string {
  const more = m.moreEntries ? [`+${m.moreEntries} more imported by other modules (\`${invocation} outline ${shellQuote(m.name)}\` lists every file)`] : [];
  return [...m.entries, ...more].join(", ") || "none";
}
