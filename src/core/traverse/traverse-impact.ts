import type { EndpointRecord, RepoPath } from "../../model.js";
import { isTestPath } from "../index/is-test-path.js";
import { partitionFresh } from "./check-freshness.js";
import { fallbackCommand, NOT_INDEXED, rgWord } from "./conclude-traverse.js";
import { CallShards, callRoots } from "./call-shards.js";
import { Channels } from "./channels.js";
import { nodeKey } from "./find-calls.js";
import { byEntryPlace, chainOf, hubOf, impactEntries, MODULE_CODE, walkImpact, type ImpactWalk, type Reached } from "./find-impact.js";
import { memberName, parseSymbolQuery } from "./find-symbols.js";
import { commonDirectory, miss, type ImpactSummary, type RejectedCandidate, type TraverseHit, type TraverseResult } from "./traverse-result.js";
import type { RecordedFiles, TraverseSource } from "./traverse-source.js";
import type { CallNode } from "./find-calls.js";
import type { SymbolRow } from "../../formats/symbol-index.js";

export interface ImpactOptions {
  query: string;
  limit: number;
  /** List the test declarations that reach the target, after the entries; by default they are counted. */
  tests: boolean;
}

/** A walk over callers that rests only on files unchanged since indexing, and what it left out. */
export interface FreshImpactWalk {
  roots: CallNode[];
  known: SymbolRow[];
  walk: ImpactWalk;
  rejected: RejectedCandidate[];
  shards: CallShards;
  files: RecordedFiles;
  channels: Channels;
}

/**
 * Everything that reaches the declarations a query names, through any chain of resolved calls: walked
 * once, every file the walk rests on re-hashed, and walked again without the changed ones. A miss
 * when there is no index, no such declaration, or every one of them changed. (The eval reads it too.)
 */
export async function freshImpactWalk(source: TraverseSource, query: string): Promise<FreshImpactWalk | TraverseResult> {
  const parsed = parseSymbolQuery(query);
  const search = rgWord(parsed.name);
  const shards = new CallShards(source, "callers");
  if (!(await shards.load([parsed.name])) || !shards.files) return miss("Impact", query, "not-indexed", NOT_INDEXED, fallbackCommand(search, "."));
  const files = shards.files;
  const { roots, known } = await callRoots(source, shards, parsed);
  if (roots.length === 0) return miss("Impact", query, "no-such-symbol", `no declaration named exactly "${query}" in the index`, fallbackCommand(search, parsed.path ?? "."));

  const channels = new Channels((await source.listens())?.rows ?? []);
  const first = await walkImpact(roots, shards, isTestPath, undefined, channels);
  const paths = [...new Set([...roots.map((root) => root.path), ...first.edges.flatMap((edge) => (edge.target ? [edge.path, edge.target.path] : [edge.path]))])];
  const [observed] = await Promise.all([source.hash(paths), files.load(paths)]);
  const recorded = (path: RepoPath): string | undefined => files.get(path)?.sha256;
  const { rejected } = partitionFresh(paths, (path) => [path], recorded, observed);
  const changed = new Set(rejected.map((r) => r.path));
  const staleRoots = roots.filter((root) => changed.has(root.path));
  if (staleRoots.length === roots.length) {
    const detail = `${staleRoots.map((root) => root.path).join(", ")} changed since indexing; run \`ctx index\` to refresh`;
    return miss("Impact", query, "stale", detail, fallbackCommand(search, commonDirectory(staleRoots.map((root) => root.path))), { rejected });
  }
  const walk = changed.size === 0 ? first : await walkImpact(roots.filter((root) => !changed.has(root.path)), shards, isTestPath, (edge) => !changed.has(edge.path) && !(edge.target && changed.has(edge.target.path)), channels);
  return { roots, known, walk, rejected: rejected as RejectedCandidate[], shards, files, channels };
}

/**
 * `ctx traverse Impact <symbol>`: what reaches the declarations a query names (freshImpactWalk),
 * collapsed to its entry points (route handlers, top-level code, what nothing else calls), each
 * once, with the direct caller its shortest chain goes through. Tests apart.
 */
export async function traverseImpact(source: TraverseSource, { query, limit, tests }: ImpactOptions): Promise<TraverseResult> {
  const fresh = await freshImpactWalk(source, query);
  if ("status" in fresh) return fresh;
  const { roots, known, walk, rejected, shards, files, channels } = fresh;

  const endpoints = (await source.endpoints())?.rows ?? [];
  const find = await routeFinder(source, endpoints);
  // By the reached object: top-level code of one file is reached once per line.
  const routes = new Map<Reached, EndpointRecord>();
  for (const reached of walk.reached.values()) {
    const route = reached.test ? undefined : await find(reached);
    if (route) routes.set(reached, route);
  }
  const routeOf = (reached: Reached): EndpointRecord | undefined => routes.get(reached);
  const entries = oncePerRoute(
    // A listener is an entry (an event or job handler) whatever publishes on its channel.
    impactEntries(walk, (reached) => routeOf(reached) !== undefined || channels.heardBy(reached.node).length > 0).filter((entry) => entry.depth > 0 || (walk.callers.get(nodeKey(entry.node)) ?? 0) === 0),
    routeOf,
  );
  const testNodes = [...walk.reached.values()].filter((r) => r.test);
  const listed = [...entries, ...(tests ? testNodes.sort(byPlace) : [])];
  const lineOf = await declarationLines(source, shards, walk, listed.flatMap((entry) => [entry, ...[hubOf(walk, entry) ?? []].flat()]));
  const hits = entries.map((entry) => entryHit(walk, entry, lineOf, routeOf(entry), files.get(entry.node.path)?.module || null));
  const listedTests = tests ? testNodes.map((entry) => ({ ...entryHit(walk, entry, lineOf, undefined, files.get(entry.node.path)?.module || null), kind: "test" })) : [];
  const unresolved = unresolvedOf(walk, shards);
  const summary: ImpactSummary = {
    targets: roots.map((root) => {
      const row = known.find((s) => s.path === root.path && (s.container ? `${s.container}.${s.name}` : s.name) === root.name);
      return { name: root.name, kind: row?.kind ?? "function", path: root.path, line: row?.line ?? null };
    }),
    entries: entries.length,
    declarations: [...walk.reached.values()].filter((r) => !r.test && r.depth > 0 && r.node.name !== MODULE_CODE).length,
    tests: { files: new Set(testNodes.map((r) => r.node.path)).size, declarations: testNodes.length },
    unresolved,
    complete: unresolved.sites === 0 && rejected.length === 0,
  };
  const all = [...hits, ...listedTests];
  return {
    status: "hit",
    kind: "Impact",
    query,
    hits: all.slice(0, limit),
    total: all.length,
    rejected,
    suggestions: [],
    impact: summary,
    reason: null,
    detail: null,
    fallback: null,
  };
}

/**
 * One entry per route: top-level code reached on several lines of one inline handler is that route
 * once, and a handler registered by name (`app.post("/orders", createOrder)`, handed on from the
 * registration's line) is the route, not the registration. The named handler is kept, else the
 * shortest chain (the entries come sorted by path and line, not depth).
 */
function oncePerRoute(entries: readonly Reached[], routeOf: (reached: Reached) => EndpointRecord | undefined): Reached[] {
  const kept = new Map<string, Reached>();
  const out: Reached[] = [];
  const better = (a: Reached, b: Reached): boolean => (a.node.name === MODULE_CODE) !== (b.node.name === MODULE_CODE) ? b.node.name === MODULE_CODE : a.depth < b.depth;
  for (const entry of entries) {
    const route = routeOf(entry);
    if (!route) {
      out.push(entry);
      continue;
    }
    const key = `${route.method} ${route.path}:${route.line}`;
    const known = kept.get(key);
    if (known === undefined) {
      kept.set(key, entry);
      out.push(entry);
    } else if (better(entry, known)) {
      out[out.indexOf(known)] = entry;
      kept.set(key, entry);
    }
  }
  return out.sort(byEntryPlace);
}

const byPlace = (a: Reached, b: Reached): number => (a.node.path < b.node.path ? -1 : a.node.path > b.node.path ? 1 : 0) || (a.site?.line ?? 0) - (b.site?.line ?? 0);

/**
 * The route a reached declaration serves: it is the handler an endpoint names — in the endpoint's
 * file, by its qualified name (`OrdersController.create`), or by a name no other declaration in the
 * repository has (`app.post("/orders", createOrder)` with createOrder imported) — or it is top-level
 * code in an endpoint's inline handler (`app.post("/users", (req) => create(req))`, over the lines
 * the endpoint index gives it) or on its registration's line.
 */
async function routeFinder(source: TraverseSource, endpoints: readonly EndpointRecord[]): Promise<(reached: Reached) => Promise<EndpointRecord | undefined>> {
  const byFile = new Map<string, EndpointRecord[]>();
  const byName = new Map<string, EndpointRecord[]>();
  for (const endpoint of endpoints) {
    byFile.set(endpoint.path, [...(byFile.get(endpoint.path) ?? []), endpoint]);
    const name = memberName(endpoint.handler);
    byName.set(name, [...(byName.get(name) ?? []), endpoint]);
  }
  const declared = new Map<string, number>();
  return async (reached) => {
    if (reached.node.name === MODULE_CODE) {
      const at = reached.site?.line ?? 0;
      return byFile.get(reached.node.path)?.find((e) => at >= e.line && at <= (e.endLine ?? e.line));
    }
    const name = memberName(reached.node.name);
    const named = byName.get(name) ?? [];
    if (named.length === 0) return undefined;
    const exact = named.find((e) => e.handler === reached.node.name && (e.path === reached.node.path || e.handler.includes(".")));
    if (exact) return exact;
    const inFile = named.find((e) => e.path === reached.node.path && (e.handler === name || reached.node.name.endsWith(`.${e.handler}`)));
    if (inFile) return inFile;
    if (!declared.has(name)) declared.set(name, ((await source.symbols(name))?.rows ?? []).filter((row) => row.name === name && CALLABLE.has(row.kind)).length);
    return declared.get(name) === 1 ? named.find((e) => e.handler === name) : undefined;
  };
}

const CALLABLE = new Set(["function", "method", "constant", "variable"]);

/**
 * The line each reached declaration is declared on, by nodeKey, from the symbol index (top-level
 * code has none: its line is its call's).
 */
async function declarationLines(source: TraverseSource, shards: CallShards, walk: ImpactWalk, reached: readonly Reached[]): Promise<Map<string, number>> {
  const lines = new Map<string, number>();
  // Where the call index says a declaration is, as the target of a call walked: an object literal's method has no symbol row.
  const targeted = new Map(walk.edges.flatMap((edge) => (edge.target ? [[nodeKey({ path: edge.target.path, name: edge.callee }), edge.target.line] as const] : [])));
  const byName = new Map<string, Reached[]>();
  for (const r of reached) {
    if (r.node.name === MODULE_CODE) continue;
    const name = memberName(r.node.name);
    byName.set(name, [...(byName.get(name) ?? []), r]);
  }
  for (const [name, group] of byName) {
    const rows = (await source.symbols(name))?.rows ?? [];
    for (const r of group) {
      const row = rows.find((s) => s.path === r.node.path && (s.container ? `${s.container}.${s.name}` : s.name) === r.node.name);
      // A typed object literal's method is not a symbol; the Overrides rows place it.
      const implementing = shards.overrides(name).find((o) => o.member.path === r.node.path && o.member.name === r.node.name);
      const line = row?.line ?? implementing?.member.line ?? targeted.get(nodeKey(r.node));
      if (line !== undefined) lines.set(nodeKey(r.node), line);
    }
  }
  return lines;
}

function entryHit(walk: ImpactWalk, entry: Reached, lineOf: ReadonlyMap<string, number>, route: EndpointRecord | undefined, module: string | null): TraverseHit {
  const hub = hubOf(walk, entry);
  // An inline route handler is declared where the route is registered.
  const inline = route !== undefined && entry.node.name === MODULE_CODE;
  const line = inline ? route.line : entry.node.name === MODULE_CODE ? (entry.site?.line ?? null) : (lineOf.get(nodeKey(entry.node)) ?? null);
  const name = inline ? route.handler : entry.node.name;
  const steps = chainOf(walk, entry);
  // `router.get("/orders", requireAuth, listOrders)`: a function handed on at a route's registration that is not its handler runs before it.
  const middleware = inline && steps[1]?.dispatch?.kind === "value" && steps[1].name !== route.handler;
  if (middleware) steps[1] = { name: steps[1]!.name, dispatch: { kind: "middleware", through: `${route.method} ${route.route}` } };
  const chain = [middleware ? `${route.method} ${route.route}` : name, ...steps.slice(1).map((step) => step.name)];
  // Steps a reader follows that are not calls of the declaration as written: kept apart from proven calls.
  const dispatch = steps.flatMap((step) => (step.dispatch === null ? [] : [{ name: step.name, ...step.dispatch }]));
  return {
    name,
    kind: route ? "endpoint" : entry.node.name === MODULE_CODE ? "module" : entry.depth === 0 ? "target" : (entry.site?.callerKind ?? "function"),
    container: "",
    path: entry.node.path,
    line,
    endLine: line,
    signature: chain.join(" → "),
    exported: true,
    module,
    depth: entry.depth,
    chain,
    ...(dispatch.length > 0 ? { dispatch } : {}),
    ...(hub ? { via: hub.node.name, viaPath: hub.node.path, viaLine: lineOf.get(nodeKey(hub.node)) ?? null } : {}),
    ...(route ? { method: route.method, route: route.route } : {}),
  };
}

/** Unresolved calls (outside tests) of the names of the declarations reached: each may be another way in. */
function unresolvedOf(walk: ImpactWalk, shards: CallShards): ImpactSummary["unresolved"] {
  const counts = new Map<string, number>();
  const names = new Set([...walk.reached.values()].filter((r) => !r.test && r.node.name !== MODULE_CODE).map((r) => memberName(r.node.name)));
  for (const name of names) {
    const sites = new Set(shards.shard(name).filter((edge) => edge.target === null && edge.callee === name && !isTestPath(edge.path)).map((edge) => `${edge.path}:${edge.line}`));
    if (sites.size > 0) counts.set(name, sites.size);
  }
  const list = [...counts].map(([name, sites]) => ({ name, sites })).sort((a, b) => b.sites - a.sites || (a.name < b.name ? -1 : 1));
  return { sites: list.reduce((sum, item) => sum + item.sites, 0), names: list };
}
