import type { CallEdge, EndpointRecord, Override, RepoPath } from "../../model.js";
import { estimateTokens } from "../brief/estimate-tokens.js";
import { isTestPath } from "../index/is-test-path.js";
import { partitionFresh } from "./check-freshness.js";
import { fallbackCommand, NOT_INDEXED, rgFixed, rgWord, type FallbackSearch } from "./conclude-traverse.js";
import { CallShards, callRoots } from "./call-shards.js";
import { Channels } from "./channels.js";
import { nodeKey, type CallNode } from "./find-calls.js";
import { findEndpoints, parseEndpointQuery } from "./find-endpoints.js";
import { flowChain, implementationsOf, walkFlow, type FlowNode, type FlowWalk } from "./find-flow.js";
import { MODULE_CODE } from "./find-impact.js";
import { memberName, parseSymbolQuery, type SymbolQuery } from "./find-symbols.js";
import { handlerShard, routeHandlers } from "./route-handlers.js";
import { commonDirectory, miss, type FlowSummary, type RejectedCandidate, type TraverseHit, type TraverseResult } from "./traverse-result.js";
import type { TraverseSource } from "./traverse-source.js";

export interface FlowOptions {
  query: string;
  /** A declaration to reach: the answer is then the call paths from the start to it. */
  to: string | null;
  /** The most tokens the tree may take (0: no limit): it is shown to the depth that fits, the rest counted. */
  budget: number;
}

export const DEFAULT_FLOW_BUDGET = 600;

/** A leaf called from this many declarations or more is a utility: counted, not shown. */
const UTILITY_FAN_IN = 20;
/** Paths shown with `to`: the shortest, and one through each other last step, up to this many. */
const PATHS_SHOWN = 5;
/** What a flow's lines cost besides its declarations: the header and the closing lines. */
const FLOW_OVERHEAD = 80;

const LOG_NAMES = new Set(["log", "debug", "info", "warn", "warning", "error", "trace", "verbose", "fatal"]);

/** Why a leaf is left out of a flow: what it is, not what the flow does. */
type Trivial = "accessor" | "error constructor" | "logging" | "assertion" | "utility";

/**
 * `ctx traverse Flow <from> [--to <to>]`: the forward call tree from an entry point (a route, by its
 * handler; an inline handler, by its calls) or a declaration, each declaration once with where it
 * is, trivial leaves counted rather than shown, as deep as the budget allows. With `to`: the call
 * paths from the one to the other.
 */
export async function traverseFlow(source: TraverseSource, { query, to, budget }: FlowOptions): Promise<TraverseResult> {
  const shards = new CallShards(source, "callees");
  const start = await flowStart(source, shards, query);
  if ("status" in start) return start;
  const files = shards.files!;
  const overrides = new Map<string, readonly Override[]>();
  const graph = {
    load: (names: Iterable<string>) => shards.load(names),
    callsOf: (node: CallNode): readonly CallEdge[] =>
      shards.shard(memberName(node.name)).filter((edge) => edge.path === node.path && edge.caller === node.name && (node.name !== MODULE_CODE || start.lines === null || (edge.line >= start.lines[0] && edge.line <= start.lines[1]))),
    implementations: async (node: CallNode) => {
      const name = memberName(node.name);
      if (!overrides.has(name)) overrides.set(name, (await source.overrides(name))?.rows ?? []);
      return implementationsOf(node, overrides.get(name)!);
    },
  };

  const channels = new Channels((await source.listens())?.rows ?? []);
  const first = await walkFlow(start.roots, graph, isTestPath, undefined, channels);
  const paths = [...new Set([...start.roots.map((root) => root.path), ...(start.registration ? [start.registration] : []), ...first.edges.flatMap((edge) => (edge.target ? [edge.path, edge.target.path] : [edge.path]))])];
  const [observed] = await Promise.all([source.hash(paths), files.load(paths)]);
  const { rejected } = partitionFresh(paths, (path) => [path], (path: RepoPath) => files.get(path)?.sha256, observed);
  const changed = new Set(rejected.map((r) => r.path));
  const search = start.search;
  if (start.roots.every((root) => changed.has(root.path))) {
    const detail = `${[...new Set(start.roots.map((root) => root.path))].join(", ")} changed since indexing; run \`ctx index\` to refresh`;
    return miss("Flow", query, "stale", detail, fallbackCommand(search, commonDirectory(start.roots.map((root) => root.path))), { rejected });
  }
  const walk =
    changed.size === 0
      ? first
      : await walkFlow(start.roots.filter((root) => !changed.has(root.path)), graph, isTestPath, (edge) => !changed.has(edge.path) && !(edge.target && changed.has(edge.target.path)), channels);

  await placeListeners(source, walk);
  if (to !== null) return flowPaths(walk, query, to, start, rejected);

  const trivial = await trivialLeaves(source, walk);
  const kept = [...walk.nodes.values()].filter((flow) => !trivial.has(flow.key));
  const { depth, shown } = fitToBudget(walk, kept, budget === 0 ? Number.POSITIVE_INFINITY : budget);
  const unresolved = countNames(kept.flatMap((flow) => flow.unresolved));
  const prunedNames = (kind: Trivial): string[] => [...trivial].filter(([, why]) => why === kind).map(([key]) => walk.nodes.get(key)!.node.name);
  const summary: FlowSummary = {
    from: start.from,
    declarations: kept.length,
    shown: shown.length,
    depth,
    deepest: Math.max(0, ...kept.map((flow) => flow.depth)),
    deeper: kept.length - shown.length,
    pruned: (["accessor", "error constructor", "logging", "assertion", "utility"] as const).flatMap((kind) => {
      const names = prunedNames(kind);
      return names.length === 0 ? [] : [{ kind, count: names.length, names: names.sort() }];
    }),
    unresolved,
    capped: walk.capped,
    complete: unresolved.sites === 0 && rejected.length === 0 && !walk.capped,
  };
  const shownKeys = new Set(shown.map((flow) => flow.key));
  const keptKeys = new Set(kept.map((flow) => flow.key));
  const hits = shown.map((flow) => ({
    ...flowHit(walk, flow, files.get(flow.node.path)?.module || null, start.route),
    // Declarations it reached first that are not shown: it is not a leaf, only cut.
    ...hiddenUnder(walk, flow, shownKeys, keptKeys),
  }));
  return { status: "hit", kind: "Flow", query, hits, total: hits.length, rejected: rejected as RejectedCandidate[], suggestions: [], flow: summary, reason: null, detail: null, fallback: null };
}

interface FlowStart {
  roots: (CallNode & { kind: string; line: number | null })[];
  from: FlowSummary["from"];
  /** An inline route handler: the lines of its registration, whose top-level calls are its own. */
  lines: [number, number] | null;
  route: EndpointRecord | null;
  search: FallbackSearch;
  /** The file a route's middleware is read from (its registration), checked with the others. */
  registration?: RepoPath;
}

/** Where a flow starts: a route's handler (or its inline code), else the declarations a symbol query names. */
async function flowStart(source: TraverseSource, shards: CallShards, query: string): Promise<FlowStart | TraverseResult> {
  const endpointQuery = parseEndpointQuery(query);
  // `GET /orders`, `mutation addItemToOrder`, `/orders`; not a lone word that is also a method (`get`).
  const routeLike = (endpointQuery.method !== null && endpointQuery.text !== "") || endpointQuery.text.startsWith("/");
  if (routeLike) {
    const search = rgFixed(endpointQuery.text || query);
    const lookup = await source.endpoints();
    if (!lookup || !(await shards.load([MODULE_CODE])) || !shards.files) return miss("Flow", query, "not-indexed", NOT_INDEXED, fallbackCommand(search, "."));
    const [route] = findEndpoints(lookup.rows, endpointQuery);
    if (!route) return miss("Flow", query, "no-such-endpoint", lookup.rows.length === 0 ? "the index has no endpoints" : `no endpoint matches "${query}"`, fallbackCommand(search, "."));
    const from = { name: `${route.method} ${route.route}`, kind: "endpoint", path: route.path, line: route.line, handler: route.handler };
    if (route.endLine !== undefined || route.handler.startsWith("<")) {
      return { roots: [{ path: route.path, name: MODULE_CODE, kind: "module", line: route.line }], from, lines: [route.line, route.endLine ?? route.line], route, search };
    }
    const handler = await handlerDeclaration(source, route);
    if (!handler) return miss("Flow", query, "no-such-symbol", `${route.method} ${route.route} is handled by ${route.handler}, which the index does not declare`, fallbackCommand(rgWord(memberName(route.handler)), "."));
    await shards.load([memberName(handler.name)]);
    // `router.get("/orders", requireAuth, listOrders)`: the middleware handed on with the handler runs first.
    const middleware = shards
      .shard(MODULE_CODE)
      .filter((edge) => edge.path === route.path && edge.caller === MODULE_CODE && edge.via === "value" && edge.line === route.line && edge.target !== null && !(edge.target.path === handler.path && edge.callee === handler.name))
      .map((edge) => ({ path: edge.target!.path, name: edge.callee, kind: edge.target!.kind, line: edge.target!.line, via: "middleware" }));
    // A class-based view (`views.Detail.as_view()`): a request runs its methods.
    const methods = handler.kind === "class" ? (await callRoots(source, shards, { name: memberName(handler.name), container: null, path: handler.path })).roots.filter((root) => root.name !== handler.name) : [];
    const placed = await Promise.all(methods.map(async (method) => {
      const row = ((await source.symbols(memberName(method.name)))?.rows ?? []).find((s) => s.path === method.path && `${s.container}.${s.name}` === method.name);
      return { ...method, kind: row?.kind ?? "method", line: row?.line ?? null };
    }));
    return { roots: [...(placed.length > 0 ? placed : [handler]), ...middleware], from, lines: null, route, search: rgWord(memberName(handler.name)), registration: route.path };
  }
  const parsed: SymbolQuery = parseSymbolQuery(query);
  const search = rgWord(parsed.name);
  if (!(await shards.load([parsed.name])) || !shards.files) return miss("Flow", query, "not-indexed", NOT_INDEXED, fallbackCommand(search, "."));
  const { roots, known } = await callRoots(source, shards, parsed);
  if (roots.length === 0) return miss("Flow", query, "no-such-symbol", `no declaration named exactly "${query}" in the index`, fallbackCommand(search, parsed.path ?? "."));
  const placed = roots.map((root) => {
    const row = known.find((s) => s.path === root.path && (s.container ? `${s.container}.${s.name}` : s.name) === root.name);
    return { ...root, kind: row?.kind ?? "function", line: row?.line ?? null };
  });
  const [first] = placed;
  return { roots: placed, from: { name: placed.length === 1 ? first!.name : query, kind: placed.length === 1 ? first!.kind : "declarations", path: first!.path, line: first!.line }, lines: null, route: null, search };
}

/**
 * The declaration a route names as its handler: the one the call index linked its handler
 * expression to, else by name — in the route's file, else the one declaration of that name.
 */
async function handlerDeclaration(source: TraverseSource, route: EndpointRecord): Promise<(CallNode & { kind: string; line: number }) | null> {
  const name = handlerShard(route);
  const [linked] = routeHandlers(route, (await source.calls("callers", name))?.rows ?? []);
  if (linked) return { path: linked.path, name: linked.name, kind: linked.kind, line: linked.line };
  const rows = ((await source.symbols(name))?.rows ?? []).filter((row) => row.name === name && row.kind !== "class" && row.kind !== "interface");
  const qualified = (row: (typeof rows)[number]): string => (row.container ? `${row.container}.${row.name}` : row.name);
  const match = rows.find((row) => row.path === route.path && (qualified(row) === route.handler || route.handler.endsWith(`.${qualified(row)}`) || qualified(row).endsWith(`.${route.handler}`) || qualified(row) === name)) ?? rows.find((row) => qualified(row) === route.handler) ?? (rows.length === 1 ? rows[0] : undefined);
  return match ? { path: match.path, name: qualified(match), kind: match.kind, line: match.line } : null;
}

/** A listener is reached by a `listen` row, which says where it listens, not where it is declared: the symbol index does. */
async function placeListeners(source: TraverseSource, walk: FlowWalk): Promise<void> {
  for (const flow of walk.nodes.values()) {
    if (flow.line !== null || flow.channel === undefined) continue;
    const name = memberName(flow.node.name);
    const row = ((await source.symbols(name))?.rows ?? []).find((s) => s.path === flow.node.path && (s.container ? `${s.container}.${s.name}` : s.name) === flow.node.name);
    if (row) flow.line = row.line;
  }
}

/**
 * Leaves a reader skips: accessors, error constructors, logging, assertions, and utilities called
 * from everywhere (counted by their callers in the index). Only leaves: a declaration that calls
 * on is part of the flow.
 */
async function trivialLeaves(source: TraverseSource, walk: FlowWalk): Promise<Map<string, Trivial>> {
  const trivial = new Map<string, Trivial>();
  const roots = new Set(walk.roots);
  // Callers of each leaf's name, read once: many leaves share a name (`get`, `save`).
  const loaded = new Map<string, Promise<readonly CallEdge[]>>();
  for (const flow of walk.nodes.values()) {
    if (roots.has(flow.key) || flow.children.length > 0 || flow.unresolved.length > 0) continue;
    const name = memberName(flow.node.name);
    const container = flow.node.name.slice(0, Math.max(0, flow.node.name.length - name.length - 1));
    if (flow.kind === "getter" || flow.kind === "setter" || flow.kind === "property") trivial.set(flow.key, "accessor");
    else if (/(?:Error|Exception)$/.test(flow.node.name) && (flow.via === "new" || flow.kind === "class" || flow.kind === "constructor")) trivial.set(flow.key, "error constructor");
    else if ((LOG_NAMES.has(name) && /log/i.test(container)) || /^log(?:[A-Z_]|$)/.test(name)) trivial.set(flow.key, "logging");
    else if (/^(?:assert|invariant)(?:[A-Z_]|$)/.test(name)) trivial.set(flow.key, "assertion");
    else if ((await callerCount(source, flow.node, loaded)) >= UTILITY_FAN_IN) trivial.set(flow.key, "utility");
  }
  return trivial;
}

/** Declarations (or files' top-level code) with a resolved call of `node`. */
async function callerCount(source: TraverseSource, node: CallNode, loaded: Map<string, Promise<readonly CallEdge[]>>): Promise<number> {
  const name = memberName(node.name);
  if (!loaded.has(name)) loaded.set(name, source.calls("callers", name).then((lookup) => lookup?.rows ?? []));
  const rows = await loaded.get(name)!;
  const key = nodeKey(node);
  return new Set(rows.filter((edge) => edge.target !== null && nodeKey({ path: edge.target.path, name: edge.callee }) === key).map((edge) => `${edge.path}\0${edge.caller}`)).size;
}

/**
 * What fits the budget: the declarations breadth first — every one a level down before any two
 * levels down, each level in call order — until the next would not fit. `depth` is the deepest
 * level shown whole.
 */
function fitToBudget(walk: FlowWalk, kept: readonly FlowNode[], budget: number): { depth: number; shown: FlowNode[] } {
  const keptKeys = new Set(kept.map((flow) => flow.key));
  const inTree = treeOrder(walk, keptKeys);
  const cost = (flow: FlowNode): number => estimateTokens(`${"  ".repeat(flow.depth)}${flow.node.name} ${flow.node.path}:${flow.line ?? ""} (+9)\n`);
  const byLevel = [...inTree].sort((a, b) => a.depth - b.depth);
  const chosen = new Set<string>();
  let spent = FLOW_OVERHEAD;
  for (const flow of byLevel) {
    // A declaration is shown only under its shown parent, so the tree stays a tree.
    if (flow.depth > 0 && (flow.parent === null || !chosen.has(flow.parent))) continue;
    spent += cost(flow);
    if (flow.depth > 0 && spent > budget) break;
    chosen.add(flow.key);
  }
  const shown = inTree.filter((flow) => chosen.has(flow.key));
  const deepest = Math.max(0, ...kept.map((flow) => flow.depth));
  let depth = 0;
  while (depth < deepest && kept.filter((flow) => flow.depth === depth + 1).every((flow) => chosen.has(flow.key))) depth += 1;
  return { depth, shown };
}

/** The walked declarations depth first, each under the declaration that reached it first, roots in order. */
function treeOrder(walk: FlowWalk, keep: ReadonlySet<string>): FlowNode[] {
  const out: FlowNode[] = [];
  const visit = (key: string): void => {
    const flow = walk.nodes.get(key);
    if (!flow || !keep.has(key)) return;
    out.push(flow);
    for (const child of flow.children) visit(child);
  };
  for (const root of walk.roots) visit(root);
  return out;
}

function flowHit(walk: FlowWalk, flow: FlowNode, module: string | null, route: EndpointRecord | null): TraverseHit {
  const parent = flow.parent === null ? undefined : walk.nodes.get(flow.parent);
  const inline = flow.depth === 0 && flow.node.name === MODULE_CODE && route !== null;
  return {
    name: inline ? route.handler : flow.node.name,
    kind: flow.kind,
    container: "",
    path: flow.node.path,
    line: flow.line,
    endLine: flow.line,
    signature: flow.via,
    exported: true,
    module,
    depth: flow.depth,
    via: flow.via,
    ...(flow.channel === undefined ? {} : { channel: flow.channel }),
    ...(parent ? { parent: parent.node.name } : {}),
    ...(flow.depth === 0 && route && flow.via === "root" ? { method: route.method, route: route.route } : {}),
    ...(flow.unresolved.length > 0 ? { unresolved: flow.unresolved.length } : {}),
  };
}

function hiddenUnder(walk: FlowWalk, flow: FlowNode, shown: ReadonlySet<string>, kept: ReadonlySet<string>): { hidden?: number } {
  let hidden = 0;
  const count = (key: string): void => {
    const node = walk.nodes.get(key);
    if (!node || !kept.has(key)) return;
    hidden += 1;
    for (const child of node.children) count(child);
  };
  for (const child of flow.children) if (!shown.has(child)) count(child);
  return hidden > 0 ? { hidden } : {};
}

function countNames(names: readonly string[]): FlowSummary["unresolved"] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const list = [...counts].map(([name, sites]) => ({ name, sites })).sort((a, b) => b.sites - a.sites || (a.name < b.name ? -1 : 1));
  return { sites: names.length, names: list };
}

/**
 * With `to`: the call paths from the start to the declarations `to` names — the shortest, and one
 * through each other declaration of the walk that calls it directly — or a miss saying none was found.
 */
function flowPaths(walk: FlowWalk, query: string, to: string, start: FlowStart, rejected: readonly RejectedCandidate[]): TraverseResult {
  const wanted = parseSymbolQuery(to);
  const targets = [...walk.nodes.values()].filter((flow) => flow.depth > 0 && memberName(flow.node.name) === wanted.name && (wanted.container === null || flow.node.name.slice(0, -wanted.name.length - 1).endsWith(wanted.container)) && (wanted.path === null || flow.node.path === wanted.path || flow.node.path.endsWith(`/${wanted.path}`)));
  const unresolved = countNames([...walk.nodes.values()].flatMap((flow) => flow.unresolved));
  if (targets.length === 0) {
    const detail = `no chain of resolved calls from ${query} reaches ${to} (${walk.nodes.size} declarations walked${unresolved.sites > 0 ? `; ${unresolved.sites} unresolved calls on the way may` : ""})`;
    return { ...miss("Flow", query, "no-path", detail, fallbackCommand(rgWord(wanted.name), "."), { rejected: [...rejected] }), flow: emptySummary(start, walk, unresolved, rejected) };
  }
  const chains: FlowNode[][] = [];
  for (const target of targets) {
    chains.push(flowChain(walk, target.key));
    // Other last steps into it: each declaration of the walk that calls it, by its own shortest chain.
    const callers = [...walk.nodes.values()].filter((flow) => flow.key !== target.parent && walk.edges.some((edge) => edge.path === flow.node.path && edge.caller === flow.node.name && edge.target && nodeKey({ path: edge.target.path, name: edge.callee }) === target.key));
    for (const caller of callers.sort((a, b) => a.depth - b.depth)) chains.push([...flowChain(walk, caller.key), target]);
  }
  const shown = chains.sort((a, b) => a.length - b.length).slice(0, PATHS_SHOWN);
  const hits = shown.map((chain, i) => ({
    name: chain.map((flow) => flow.node.name).join(" → "),
    kind: "path",
    container: "",
    path: chain[0]!.node.path,
    line: chain[0]!.line,
    endLine: chain[0]!.line,
    signature: `${chain.length - 1} calls`,
    exported: true,
    module: null,
    depth: chain.length - 1,
    index: i,
    steps: chain.map((flow) => ({ name: flow.depth === 0 && start.route && flow.node.name === MODULE_CODE ? start.route.handler : flow.node.name, kind: flow.kind, path: flow.node.path, line: flow.line, via: flow.via, ...(flow.channel === undefined ? {} : { channel: flow.channel }) })),
  }));
  return { status: "hit", kind: "Flow", query, hits, total: chains.length, rejected: [...rejected], suggestions: [], flow: { ...emptySummary(start, walk, unresolved, rejected), to }, reason: null, detail: null, fallback: null };
}

function emptySummary(start: FlowStart, walk: FlowWalk, unresolved: FlowSummary["unresolved"], rejected: readonly RejectedCandidate[]): FlowSummary {
  return { from: start.from, declarations: walk.nodes.size, shown: 0, depth: 0, deepest: Math.max(0, ...[...walk.nodes.values()].map((flow) => flow.depth)), deeper: 0, pruned: [], unresolved, capped: walk.capped, complete: unresolved.sites === 0 && rejected.length === 0 && !walk.capped };
}
