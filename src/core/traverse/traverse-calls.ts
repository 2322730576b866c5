import { partitionFresh } from "./check-freshness.js";
import { fallbackCommand, NOT_INDEXED, rgWord } from "./conclude-traverse.js";
import {
  candidateEdges,
  nextNode,
  placeTestSites,
  walkCalls,
  type CallDirection,
  nodeKey,
  type CallNode,
  type CallTreeEntry,
} from "./find-calls.js";
import { memberName, parseSymbolQuery, type SymbolQuery } from "./find-symbols.js";
import { lookUpAliased } from "./find-aliases.js";
import { commonDirectory, miss, type TraverseHit, type TraverseKind, type TraverseResult } from "./traverse-result.js";
import { isTestPath } from "../index/is-test-path.js";
import type { RecordedFiles, TraverseSource } from "./traverse-source.js";
import { CallShards, callRoots } from "./call-shards.js";
import type { MentionAccount } from "./mention-account.js";
import { isChannelVia, type CallEdge, type RepoPath } from "../../model.js";

export interface CallTraverseOptions {
  kind: TraverseKind;
  query: string;
  limit: number;
  depth: number;
  /** List the sites in test files (after the others of their level) instead of only counting them. */
  tests: boolean;
}

/**
 * How many edges a walk deeper than one level may collect before it stops: deep walks through hub
 * functions fan out fast. One level is never cut: every site of the declaration is the answer.
 */
const MAX_DEEP_ENTRIES = 2000;

function filesOf(edge: CallEdge): RepoPath[] {
  return edge.target && edge.target.path !== edge.path ? [edge.path, edge.target.path] : [edge.path];
}

function toHit(edge: CallEdge, files: RecordedFiles, place: { depth: number; parent: number | null } | null, through?: string): TraverseHit {
  return {
    name: edge.caller,
    kind: edge.callerKind,
    container: "",
    path: edge.path,
    line: edge.line,
    endLine: edge.line,
    signature: `${edge.via} ${edge.callee}`,
    exported: true,
    module: files.get(edge.path)?.module || null,
    callee: edge.callee,
    calleeKind: edge.target?.kind ?? "unresolved",
    calleePath: edge.target?.path ?? null,
    calleeLine: edge.target?.line ?? null,
    via: edge.via,
    ...(through === undefined ? {} : { through }),
    ...(place ? { depth: place.depth, parent: place.parent } : {}),
  };
}

/**
 * `Caller` and `Callee`: the resolved call sites into or out of the declarations a query names,
 * walked to `depth`, each hit verified against the hashes of its site's file and its target's.
 */
export async function traverseCalls(source: TraverseSource, options: CallTraverseOptions): Promise<TraverseResult> {
  const { kind, query, limit, depth, tests } = options;
  const direction: CallDirection = kind === "Caller" ? "callers" : "callees";
  const parsed = parseSymbolQuery(query);
  const search = rgWord(parsed.name);
  const scope = parsed.path ?? ".";

  const shards = new CallShards(source, direction);
  if (!(await shards.load([parsed.name])) || !shards.files) return miss(kind, query, "not-indexed", NOT_INDEXED, fallbackCommand(search, "."));
  const table: RecordedFiles = shards.files;
  const shard = shards.shard(parsed.name);
  const { roots } = await callRoots(source, shards, parsed);
  // Called by a name it is exported as (`z.enum` of `export { _enum as enum }`) where the receiver is unknown: a candidate too.
  const aliases = direction === "callers" ? await source.exportedNames(roots) : [];
  await shards.load(aliases);
  const candidates = candidateEdges([...shard, ...aliases.flatMap((alias) => shards.shard(alias))], parsed, direction, aliases);

  // Load level by level what the walk will ask for, then walk synchronously.
  // A function handed on by name is not a call of it (CALL_VIAS `value`): Impact and Flow follow those, Caller and Callee do not.
  const edgesFrom = (node: CallNode): CallEdge[] => shards.edgesFrom(node).filter((edge) => edge.via !== "value");
  let frontier = roots;
  for (let level = 1; level < depth && frontier.length > 0; level += 1) {
    const next = frontier.flatMap((node) => edgesFrom(node).flatMap((edge) => nextNode(edge, direction) ?? []));
    await shards.load(next.map((node) => memberName(node.name)));
    frontier = next;
  }
  const bound = depth > 1 ? MAX_DEEP_ENTRIES : Number.POSITIVE_INFINITY;
  const entries = walkCalls(roots, depth, direction, edgesFrom, bound);
  // Unresolved calls in test files are counted, not listed, as test sites are (unless --tests).
  const listedCandidates = tests ? candidates : candidates.filter((edge) => !isTestPath(edge.path));
  const shownCandidates = listedCandidates.slice(0, limit);
  // A miss lists them all: there is no answer for the tests line to stand beside.
  const missCandidates = candidates.slice(0, limit);

  const paths = [...new Set([...entries.flatMap((entry) => filesOf(entry.edge)), ...shownCandidates.flatMap(filesOf), ...missCandidates.flatMap(filesOf)])];
  const [observed] = await Promise.all([source.hash(paths), table.load(paths)]);
  const recorded = (path: RepoPath): string | undefined => table.get(path)?.sha256;
  const verdict = partitionFresh(entries, (entry) => filesOf(entry.edge), recorded, observed);
  const candidateHits = partitionFresh(shownCandidates, filesOf, recorded, observed).fresh.map((edge) => toHit(edge, table, null));
  const missCandidateHits = (): { candidates: TraverseHit[]; candidatesMore: number } => ({
    candidates: partitionFresh(missCandidates, filesOf, recorded, observed).fresh.map((edge) => toHit(edge, table, null)),
    candidatesMore: candidates.length - missCandidates.length,
  });
  const kept = keepTree(entries, new Set(verdict.fresh));
  const labels = direction === "callers" ? await throughLabels(source, kept.map(({ entry }) => entry), shards) : new Map<CallTreeEntry, string>();
  // Sites in application files first, so that a page is not filled with test callers; the tests
  // after them when asked for, else counted.
  const placed = placeTestSites(kept.map(({ entry, parent }) => ({ path: entry.edge.path, parent, entry })), isTestPath, tests);
  const hits = placed.kept.map(({ entry, parent }) => toHit(entry.edge, table, { depth: entry.depth, parent }, labels.get(entry)));
  const testSites = placed.cut.map(({ entry }) => entry.edge);

  if (hits.length === 0 && testSites.length === 0) {
    if (entries.length > 0) {
      const detail = `${verdict.rejected.length} file${verdict.rejected.length === 1 ? "" : "s"} behind the call sites changed since indexing; run \`ctx index\` to refresh`;
      const fallbackScope = commonDirectory(verdict.rejected.map((r) => r.path));
      return miss(kind, query, "stale", detail, fallbackCommand(search, fallbackScope), { rejected: verdict.rejected, ...missCandidateHits() });
    }
    if (roots.length === 0) {
      if (candidates.length === 0) {
        const aliased = await answerThroughAlias(source, options, parsed, table);
        if (aliased) return aliased;
      }
      return miss(kind, query, "no-such-symbol", `no declaration named exactly "${query}" in the index`, fallbackCommand(search, scope), missCandidateHits());
    }
    const what = direction === "callers" ? "no resolved call sites reach it" : "it makes no resolved calls";
    const unresolved = candidates.length > 0 ? `; ${candidates.length} unresolved site${candidates.length === 1 ? " matches" : "s match"} by name` : "";
    // Handed on by name (`withProfiler(Page)`, `app.post("/x", handler)`): whoever receives it calls it; Impact follows those.
    const handedOn = direction === "callers" ? uniqueSites(roots.flatMap((node) => shards.edgesFrom(node).filter((edge) => edge.via === "value"))) : [];
    const values = handedOn.length > 0 ? `; handed on by name at ${handedOn.slice(0, 3).join(", ")}${handedOn.length > 3 ? `, +${handedOn.length - 3} more` : ""} (\`ctx traverse Impact ${query}\` follows those)` : "";
    return miss(kind, query, "no-calls", `"${query}" is indexed but ${what}${unresolved}${values}`, fallbackCommand(search, scope), missCandidateHits());
  }
  // One level of callers: every line a grep for the name would print, accounted for, so that the
  // answer can be seen to leave nothing out.
  const mentions = depth === 1 && direction === "callers" ? await accountMentions(source, parsed.name, [...hits, ...testSites], candidates, shard) : undefined;
  return {
    status: "hit",
    kind,
    query,
    hits: hits.slice(0, limit),
    total: hits.length,
    rejected: verdict.rejected,
    suggestions: [],
    candidates: candidateHits,
    ...(listedCandidates.length > shownCandidates.length ? { candidatesMore: listedCandidates.length - shownCandidates.length } : {}),
    ...(candidates.length > listedCandidates.length ? { candidatesInTests: candidates.length - listedCandidates.length } : {}),
    ...(testSites.length > 0 ? { tests: { sites: testSites.length, files: new Set(testSites.map((site) => site.path)).size } } : {}),
    ...(mentions ? { mentions } : {}),
    ...(entries.length >= bound ? { capped: bound, truncated: true } : {}),
    reason: null,
    detail: null,
    fallback: null,
  };
}

/**
 * The answer for the declaration a name is exported as an alias of (`HonoBase` of `export { Hono as
 * HonoBase }`), said to be about it; null when no declaration is exported so. The alias rests on the
 * files exporting it: one changed since indexing may no longer export it, and the answer is stale.
 */
async function answerThroughAlias(source: TraverseSource, options: CallTraverseOptions, parsed: SymbolQuery, table: RecordedFiles): Promise<TraverseResult | null> {
  const [target] = await lookUpAliased(parsed, async (name) => (await source.aliases(name))?.rows ?? [], async (name) => (await source.symbols(name))?.rows ?? []);
  if (!target) return null;
  const { row, alias, exportedFrom } = target;
  const name = row.container ? `${row.container}.${row.name}` : row.name;
  const aliasOf = { alias, name, kind: row.kind, path: row.path, line: row.line, exportedFrom };
  await table.load(exportedFrom);
  const observed = source.hash(exportedFrom);
  const changed = exportedFrom.filter((path) => observed.get(path) !== table.get(path)?.sha256);
  if (changed.length > 0) {
    const rejected = changed.map((path) => ({ path, reason: observed.get(path) === null ? ("missing" as const) : ("modified" as const) }));
    const detail = `${alias} is exported from ${changed.join(", ")}, changed since indexing; run \`ctx index\` to refresh`;
    return { ...miss(options.kind, options.query, "stale", detail, fallbackCommand(rgWord(alias), commonDirectory(changed)), { rejected }), aliasOf };
  }
  const answer = await traverseCalls(source, { ...options, query: `${row.path}:${name}` });
  return { ...answer, query: options.query, aliasOf };
}

/** The lines naming `name` in every indexed file, against the answer's sites and other declarations' calls. */
async function accountMentions(source: TraverseSource, name: string, hits: readonly { path: RepoPath; line: number | null }[], candidates: readonly CallEdge[], named: readonly CallEdge[]): Promise<MentionAccount | undefined> {
  const sites = new Set([...hits, ...candidates].map((site) => `${site.path}:${String(site.line)}`));
  const otherCalls = new Set(named.filter((edge) => edge.target !== null && edge.via !== "value" && !isChannelVia(edge.via)).map((edge) => `${edge.path}:${edge.line}`).filter((key) => !sites.has(key)));
  return source.mentions(name, sites, otherCalls);
}

/**
 * For each Caller edge that lands on a member related to the one walked rather than on it, what it
 * was written against: `via interface QueryRunner` (a member it overrides or implements) or
 * `override in class PostgresQueryRunner` (a member that overrides it). Direct calls get none.
 */
async function throughLabels(source: TraverseSource, entries: readonly CallTreeEntry[], shards: CallShards): Promise<Map<CallTreeEntry, string>> {
  const labels = new Map<CallTreeEntry, string>();
  const kinds = new Map<string, string>();
  for (const entry of entries) {
    const target = entry.edge.target;
    if (!target) continue;
    const landed: CallNode = { path: target.path, name: entry.edge.callee };
    if (nodeKey(landed) === nodeKey(entry.from)) continue;
    const dot = landed.name.lastIndexOf(".");
    if (dot < 0) continue;
    const container = landed.name.slice(0, dot);
    const key = `${target.path}\0${container}`;
    if (!kinds.has(key)) {
      const own = container.slice(container.lastIndexOf(".") + 1);
      const rows = (await source.symbols(own))?.rows ?? [];
      // A namespace merged with the class or interface of its name is not what a member is written against.
      const named = rows.filter((r) => r.path === target.path && (r.container ? `${r.container}.${r.name}` : r.name) === container);
      const row = named.find((r) => r.kind !== "namespace") ?? named[0];
      kinds.set(key, row?.kind ?? "class");
    }
    const overrides = shards.overrides(memberName(entry.from.name));
    const isBase = overrides.some((o) => nodeKey({ path: o.member.path, name: o.member.name }) === nodeKey(entry.from) && nodeKey({ path: o.base.path, name: o.base.name }) === nodeKey(landed));
    labels.set(entry, `${isBase ? "via" : "override in"} ${kinds.get(key)!} ${container}`);
  }
  return labels;
}

const uniqueSites = (edges: readonly CallEdge[]): string[] => [...new Set(edges.map((edge) => `${edge.path}:${edge.line}`))];

/** Fresh entries whose whole chain up to the root is fresh, with parents renumbered. */
function keepTree(entries: readonly CallTreeEntry[], fresh: ReadonlySet<CallTreeEntry>): { entry: CallTreeEntry; parent: number | null }[] {
  const kept: { entry: CallTreeEntry; parent: number | null }[] = [];
  const newIndex = new Map<number, number>();
  entries.forEach((entry, index) => {
    if (!fresh.has(entry)) return;
    if (entry.parent !== null && !newIndex.has(entry.parent)) return;
    newIndex.set(index, kept.length);
    kept.push({ entry, parent: entry.parent === null ? null : newIndex.get(entry.parent)! });
  });
  return kept;
}
