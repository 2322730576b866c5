import { UsageError } from "../../errors.js";
import { enclosingDeclaration, headLine, type Declaration } from "../../core/read/declaration-lines.js";
import { excerpt, type Excerpt } from "../../core/read/excerpt.js";
import { HEAD_WIDTH } from "../../core/read/outline-entries.js";
import { parseReadQuery } from "../../core/read/read-query.js";
import { findSymbols } from "../../core/traverse/find-symbols.js";
import { handlerShard, namedHandler, routeHandlers, type RouteHandler } from "../../core/traverse/route-handlers.js";
import { lookUpAliased } from "../../core/traverse/find-aliases.js";
import { leavesRepository } from "../../core/traverse/find-modules.js";
import { fallbackCommand, RG_FILES, rgFixed, rgWord, type FallbackSearch } from "../../core/traverse/conclude-traverse.js";
import { shellQuote, type RejectedCandidate } from "../../core/traverse/traverse-result.js";
import type { RoutingTable } from "../../formats/routing-table.js";
import type { EndpointRecord, RepoPath } from "../../model.js";
import { spokenAs } from "../../core/init/agent-instructions.js";
import { invocationAt } from "../../io/locate-ctx.js";
import { openIndexReader, type IndexReader } from "../../io/lookup-cache.js";
import { readDeclarations, statementAt, wasRead, type ReadFile, type ReadText } from "../../io/read-declarations.js";
import { findRepoRoot } from "../../io/repo-root.js";

export interface ShowOptions {
  cwd: string;
  query: string;
  /** Tokens the source may take; 0: all of it. */
  budget: number;
}

/** A declaration `show` found, fresh: from the index over an unchanged file, or parsed from a changed one. */
export interface ShowMatch extends Declaration {
  /** The first line of code, cut: what a list of several matches shows of each. */
  head: string;
  state: "fresh" | "parsed";
  /** Found by a name it is exported as, not its own (`export { Hono as HonoBase }`): that name, and the files exporting it so. */
  exportedAs?: string;
  exportedFrom?: RepoPath[];
}

export interface ShowResult {
  status: "hit" | "miss";
  query: string;
  /** Best first. One: `source` is its text; several: a list to choose from, no bodies. */
  matches: ShowMatch[];
  source: Excerpt | null;
  rejected: RejectedCandidate[];
  reason: "not-indexed" | "no-such-symbol" | "no-such-endpoint" | "no-declaration" | "stale" | null;
  detail: string | null;
  fallback: string | null;
}

const NOT_INDEXED = "no index under .ai/; run `ctx index` first";

/** One declaration's source as it is now, or the declarations a query names when it names several. */
export async function runShow(options: ShowOptions): Promise<ShowResult> {
  const root = findRepoRoot(options.cwd);
  const result = await showAt(root, options);
  return result.detail === null ? result : { ...result, detail: spokenAs(result.detail, invocationAt(root)) };
}

async function showAt(root: string, { query, budget }: ShowOptions): Promise<ShowResult> {
  const parsed = parseReadQuery(query);
  if (parsed.kind === "line" && leavesRepository(parsed.path)) throw new UsageError(`"${parsed.path}" is not inside the repository`, "give a path relative to the repository root, e.g. src/app.ts:40");
  const reader = await openIndexReader(root);
  const miss = (reason: NonNullable<ShowResult["reason"]>, detail: string, search: FallbackSearch | string, scope: string, rejected: RejectedCandidate[] = []): ShowResult => ({
    status: "miss",
    query,
    matches: [],
    source: null,
    rejected,
    reason,
    detail,
    fallback: typeof search === "string" ? search : fallbackCommand(search, scope),
  });
  if (parsed.kind === "line") {
    // Missed: the lines around the one asked for, as they are.
    const around = `sed -n ${Math.max(1, parsed.line - 20)},${parsed.line + 40}p -- ${shellQuote(parsed.path)}`;
    if (!reader) return miss("not-indexed", NOT_INDEXED, around, parsed.path);
    const table = await reader.routing();
    const path = indexedPath(table, parsed.path);
    if (path === null) return miss("not-indexed", `${parsed.path} is not in the index; run \`ctx index\` if it is a new source file`, around, parsed.path);
    const [file] = await readDeclarations(root, reader, table, [path]);
    if (!wasRead(file)) return miss("stale", `${path} is ${file?.state ?? "missing"} now`, RG_FILES, ".", [{ path, reason: file?.state === "unreadable" ? "unverifiable" : "missing" }]);
    const enclosing = enclosingDeclaration(file.declarations, parsed.line);
    if (!enclosing) return miss("no-declaration", `no declaration of ${path} holds line ${parsed.line}`, around, path);
    return hit(query, [toMatch(file, enclosing)], file, budget);
  }
  if (parsed.kind === "route") {
    const { findEndpoints, parseEndpointQuery } = await import("../../core/traverse/find-endpoints.js");
    const route = parseEndpointQuery(parsed.text);
    const search = route.text ? rgFixed(route.text) : rgWord(parsed.text);
    if (!reader) return miss("not-indexed", NOT_INDEXED, search, ".");
    const endpoints = findEndpoints(await reader.endpoints(), route);
    if (endpoints.length === 0) return miss("no-such-endpoint", `no endpoint matches "${parsed.text}"`, search, ".");
    const table = await reader.routing();
    // Where the index linked each route's handler expression, when to one declaration.
    const linked = new Map<EndpointRecord, RouteHandler>();
    for (const endpoint of endpoints) {
      let handlers = routeHandlers(endpoint, await reader.callsTo(handlerShard(endpoint)));
      if (handlers.length === 0) handlers = namedHandler(endpoint, await reader.symbolsNamed(handlerShard(endpoint)));
      if (handlers.length === 1) linked.set(endpoint, handlers[0]!);
    }
    const files = await readFiles(root, reader, table, endpoints.flatMap((e) => [e.path, ...e.mounts.map((m) => m.path), ...(linked.has(e) ? [linked.get(e)!.path] : [])]));
    const found: ShowMatch[] = [];
    for (const endpoint of endpoints) {
      const file = files.get(endpoint.path);
      if (!wasRead(file)) continue;
      // The route rests on its mounts: one changed since indexing may have moved it.
      if (endpoint.mounts.some((m) => files.get(m.path)?.state !== "fresh")) continue;
      // The linked declaration, only while the route's file and the handler's are as indexed.
      const handler = linked.get(endpoint);
      const handlerFile = handler && files.get(handler.path);
      if (handler && file.state === "fresh" && wasRead(handlerFile) && handlerFile.state === "fresh") {
        const declared = handlerFile.declarations.filter((d) => d.name === handler.name).sort((a, b) => Math.abs(a.line - handler.line) - Math.abs(b.line - handler.line))[0];
        if (declared) {
          found.push(toMatch(handlerFile, declared));
          continue;
        }
      }
      const declaration = await handlerOf(file, endpoint);
      if (declaration) found.push(toMatch(file, declaration));
    }
    return conclude(query, unique(found), files, budget, () => miss("stale", "the files of the matching endpoints are gone or changed", search, ".", rejectedOf(files)));
  }
  const symbol = parsed.symbol;
  if (!reader) return miss("not-indexed", NOT_INDEXED, rgWord(symbol.name), symbol.path ?? ".");
  const declared = findSymbols(await reader.symbolsNamed(symbol.name), symbol);
  // Not declared under that name: maybe exported under it (`export { Hono as HonoBase }`).
  const aliased = declared.length === 0 ? await lookUpAliased(symbol, reader.aliasesNamed, reader.symbolsNamed) : [];
  const exportedAs = new Map(aliased.map((entry) => [entry.row, entry]));
  const candidates = aliased.length > 0 ? aliased.map((entry) => entry.row) : declared;
  if (candidates.length === 0) return miss("no-such-symbol", `no symbol named exactly "${query}" in the index`, rgWord(symbol.name), symbol.path ?? ".");
  // The index's rows say where each declaration is in an unchanged file: no table to read.
  const files = await readFiles(root, reader, null, candidates.flatMap((c) => [c.path, ...(exportedAs.get(c)?.exportedFrom ?? [])]));
  const found = candidates.flatMap((candidate) => {
    const file = files.get(candidate.path);
    if (!wasRead(file)) return [];
    // An alias rests on the files exporting it: one changed since indexing may no longer.
    const alias = exportedAs.get(candidate);
    if (alias?.exportedFrom.some((path) => files.get(path)?.state !== "fresh")) return [];
    const aka = alias ? { exportedAs: alias.alias, exportedFrom: alias.exportedFrom } : {};
    const name = candidate.container ? `${candidate.container}.${candidate.name}` : candidate.name;
    if (file.state === "fresh") {
      return [{ ...toMatch(file, { name, kind: candidate.kind, path: candidate.path, line: candidate.line, endLine: candidate.endLine, exported: candidate.exported }), ...aka }];
    }
    // Changed since indexing: the same name in the text as it is now, the nearest to where it was.
    const now = file.declarations.filter((d) => d.name === name).sort((a, b) => Math.abs(a.line - candidate.line) - Math.abs(b.line - candidate.line));
    return now.length > 0 ? [{ ...toMatch(file, now[0]!), ...aka }] : [];
  });
  return conclude(query, unique(found), files, budget, () =>
    miss("stale", `${candidates.length === 1 ? "its file" : "their files"} changed since indexing and no longer declare it`, rgWord(symbol.name), symbol.path ?? ".", rejectedOf(files)),
  );
}

/**
 * What `show` prints of a route: the handler when the file declares it by that name; an inline
 * handler (`app.get("/x", (c) => …)`), or one declared elsewhere, with its registration, which
 * starts on the indexed line only while the file is as indexed; else what encloses the registration.
 */
async function handlerOf(file: ReadText, endpoint: EndpointRecord): Promise<Declaration | null> {
  if (endpoint.handler !== INLINE) {
    const handler = endpoint.handler.slice(endpoint.handler.lastIndexOf(".") + 1);
    const declared = file.declarations.find((d) => d.name === endpoint.handler || d.name.endsWith(`.${handler}`) || d.name === handler);
    if (declared) return declared;
  }
  const registration = file.state === "fresh" ? await statementAt(file, endpoint.line) : null;
  if (registration) return { name: `${endpoint.method} ${endpoint.route}`, kind: "route", path: file.path, ...registration, exported: false };
  // A changed file: its registration may have moved, and the one starting on the indexed line would be another.
  return endpoint.handler === INLINE ? null : enclosingDeclaration(file.declarations, endpoint.line);
}

/** The handler an index records for a function written in the registration itself. */
const INLINE = "<inline>";

/** The indexed path a query's path names: itself, or the one indexed path ending with it. */
function indexedPath(table: RoutingTable, path: string): RepoPath | null {
  if (table.lineOf(path) !== undefined) return path;
  const lines = table.pathsEndingWith(path);
  return lines.length === 1 ? table.path(lines[0]!) : null;
}

async function readFiles(root: string, reader: IndexReader, table: RoutingTable | null, paths: readonly RepoPath[]): Promise<Map<RepoPath, ReadFile>> {
  const unique = [...new Set(paths)];
  return new Map((await readDeclarations(root, reader, table, unique)).map((file) => [file.path, file]));
}

function toMatch(file: ReadText, declaration: Declaration): ShowMatch {
  return {
    name: declaration.name,
    kind: declaration.kind,
    path: file.path,
    line: declaration.line,
    endLine: declaration.endLine,
    exported: declaration.exported,
    head: headLine(file.lines, declaration, HEAD_WIDTH),
    state: file.state,
  };
}

const unique = (matches: readonly ShowMatch[]): ShowMatch[] => [...new Map(matches.map((m) => [`${m.path}:${m.line}:${m.name}`, m])).values()];

function rejectedOf(files: ReadonlyMap<RepoPath, ReadFile>): RejectedCandidate[] {
  return [...files.values()].flatMap((file): RejectedCandidate[] => (file.state === "missing" || file.state === "unreadable" ? [{ path: file.path, reason: file.state === "missing" ? "missing" : "unverifiable" }] : file.state === "parsed" ? [{ path: file.path, reason: "modified" }] : []));
}

function conclude(query: string, matches: ShowMatch[], files: ReadonlyMap<RepoPath, ReadFile>, budget: number, none: () => ShowResult): ShowResult {
  if (matches.length === 0) return none();
  const only = matches.length === 1 ? files.get(matches[0]!.path) : undefined;
  return wasRead(only) ? hit(query, matches, only, budget) : { status: "hit", query, matches, source: null, rejected: [], reason: null, detail: null, fallback: null };
}

function hit(query: string, matches: ShowMatch[], file: ReadText, budget: number): ShowResult {
  return { status: "hit", query, matches, source: excerpt(file.lines, matches[0]!, budget), rejected: [], reason: null, detail: null, fallback: null };
}
