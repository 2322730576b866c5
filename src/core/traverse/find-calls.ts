import { isChannelVia, type CallEdge, type Override, type RepoPath } from "../../model.js";
import { memberName, type SymbolQuery } from "./find-symbols.js";

export type CallDirection = "callers" | "callees";

/** A declaration in the call graph: its file and qualified name. */
export interface CallNode {
  path: RepoPath;
  name: string;
}

export function nodeKey(node: CallNode): string {
  return `${node.path}\0${node.name}`;
}


export function matchesQuery(qualified: string, path: RepoPath, query: SymbolQuery): boolean {
  if (memberName(qualified) !== query.name) return false;
  if (query.container !== null) {
    const container = qualified.slice(0, Math.max(0, qualified.length - query.name.length - 1));
    if (container !== query.container && !container.endsWith(`.${query.container}`)) return false;
  }
  return query.path === null || path === query.path || path.endsWith(`/${query.path}`);
}

/** The declarations a query names, as the call graph knows them: callees (for Caller) or callers (for Callee). */
export function matchCallNodes(edges: readonly CallEdge[], query: SymbolQuery, direction: CallDirection): CallNode[] {
  const found = new Map<string, CallNode>();
  for (const edge of edges) {
    const node =
      direction === "callers"
        ? edge.target && { path: edge.target.path, name: edge.callee }
        : edge.caller === "(module)"
          ? null
          : { path: edge.path, name: edge.caller };
    if (node && matchesQuery(node.name, node.path, query)) found.set(nodeKey(node), node);
  }
  return [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The declarations whose calls count as calls of `node`: the node, the members it overrides (a
 * call through a base may run it) and the members that override it (Overrides rows hold every
 * ancestor, not only the nearest). Not its siblings — other implementations of a base it shares,
 * which the compiler's call hierarchy also lists: a call on one of them can never run `node`.
 * Functions of one name in several scripts are one global to the compiler (each row pairs one with
 * the first declared): all of them count.
 */
export function relatedNodes(node: CallNode, overrides: readonly Override[]): CallNode[] {
  const key = nodeKey(node);
  const bases = overrides.filter((o) => nodeKey(o.member) === key).map((o) => ({ path: o.base.path, name: o.base.name }));
  const shared = new Set(bases.filter((base) => !base.name.includes(".")).map(nodeKey));
  const derived = overrides.filter((o) => nodeKey(o.base) === key || shared.has(nodeKey(o.base))).map((o) => ({ path: o.member.path, name: o.member.name }));
  const unique = new Map([node, ...bases, ...derived].map((n) => [nodeKey(n), n]));
  return [...unique.values()];
}

/**
 * The resolved edges into (callers) or out of (callees) one declaration, one per site line, in
 * file order. Callers include calls of the members related by `overrides`.
 */
export function edgesOf(edges: readonly CallEdge[], node: CallNode, direction: CallDirection, overrides: readonly Override[] = []): CallEdge[] {
  // Where a channel is listened on or published to is no call (CALL_VIAS): Impact and Flow join those apart (channels.ts).
  if (direction === "callees") return uniqueSorted(edges.filter((edge) => edge.path === node.path && edge.caller === node.name && edge.target !== null && !isChannelVia(edge.via)));
  const targets = new Set(relatedNodes(node, overrides).map(nodeKey));
  return uniqueSorted(edges.filter((edge) => edge.target !== null && !isChannelVia(edge.via) && targets.has(nodeKey({ path: edge.target.path, name: edge.callee }))));
}

/**
 * Unresolved sites that may belong to the query: for Caller, sites calling a method of that name
 * (or of one of `aliases`, the names it is exported as) on a receiver ctx could not type; for Callee, the calls the declaration makes that stayed unresolved.
 */
export function candidateEdges(edges: readonly CallEdge[], query: SymbolQuery, direction: CallDirection, aliases: readonly string[] = []): CallEdge[] {
  const picked = edges.filter((edge) =>
    edge.target === null &&
    !isChannelVia(edge.via) &&
    (direction === "callers"
      ? edge.callee === query.name || aliases.includes(edge.callee)
      : edge.caller !== "(module)" && matchesQuery(edge.caller, edge.path, query)),
  );
  return uniqueSorted(picked);
}

function uniqueSorted(edges: CallEdge[]): CallEdge[] {
  const seen = new Set<string>();
  const unique = edges.filter((edge) => {
    // A line that hands a function on and calls it (`xs.map(f) ?? f(x)`) has both rows: the call is kept apart from the value.
    const key = `${edge.path}:${edge.line}\0${edge.caller}\0${edge.callee}\0${edge.target?.path ?? ""}:${edge.target?.line ?? ""}\0${edge.via === "value" ? "value" : "call"}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line || (a.callee < b.callee ? -1 : a.callee > b.callee ? 1 : 0));
}

/** The declaration one level further along an edge: the caller (walking up) or the callee (walking down). */
export function nextNode(edge: CallEdge, direction: CallDirection): CallNode | null {
  if (direction === "callers") return edge.caller === "(module)" ? null : { path: edge.path, name: edge.caller };
  return edge.target ? { path: edge.target.path, name: edge.callee } : null;
}

/** A call edge placed in the walked tree: `parent` is the index of the edge it continues, in DFS order. */
export interface CallTreeEntry {
  edge: CallEdge;
  depth: number;
  parent: number | null;
  /** The declaration walked to reach the edge; Caller edges may land on a member it overrides or that overrides it. */
  from: CallNode;
}

/**
 * Walks the call graph from `roots` to `depth`, depth first, keeping the tree shape. A declaration
 * already on the path is not expanded again (recursion), and the walk stops at `maxEntries`.
 * `edgesFrom` answers for one declaration; the caller loads what it needs before each level.
 */
export function walkCalls(
  roots: readonly CallNode[],
  depth: number,
  direction: CallDirection,
  edgesFrom: (node: CallNode) => readonly CallEdge[],
  maxEntries: number,
): CallTreeEntry[] {
  const entries: CallTreeEntry[] = [];
  // Roots related by overrides reach the same sites: each is listed once at the first level.
  const firstLevel = new Set<CallEdge>();
  const visit = (node: CallNode, level: number, parent: number | null, path: Set<string>): void => {
    for (const edge of edgesFrom(node)) {
      if (entries.length >= maxEntries) return;
      if (level === 1) {
        if (firstLevel.has(edge)) continue;
        firstLevel.add(edge);
      }
      entries.push({ edge, depth: level, parent, from: node });
      const next = nextNode(edge, direction);
      if (level < depth && next && !path.has(nodeKey(next))) {
        visit(next, level + 1, entries.length - 1, new Set([...path, nodeKey(next)]));
      }
    }
  };
  for (const root of roots) visit(root, 1, null, new Set([nodeKey(root)]));
  return entries;
}

/** A site in a walked tree: its file, and the index of the site it continues (null at the first level). */
export interface TreeSite {
  path: RepoPath;
  parent: number | null;
}

/**
 * A walked tree (in DFS order) with the sites in test files after the others among each site's
 * children, as one level's sites are among themselves, so a page is not filled with test callers.
 * Unless `listTests`, a test site is cut out with everything walked through it, and returned apart
 * to be counted. Parents are renumbered to the kept order.
 */
export function placeTestSites<T extends TreeSite>(tree: readonly T[], isTest: (path: RepoPath) => boolean, listTests: boolean): { kept: T[]; cut: T[] } {
  const children = new Map<number | null, number[]>();
  tree.forEach((site, index) => {
    const siblings = children.get(site.parent);
    if (siblings) siblings.push(index);
    else children.set(site.parent, [index]);
  });
  const kept: T[] = [];
  const cut: T[] = [];
  const cutAll = (index: number): void => {
    cut.push(tree[index]!);
    for (const child of children.get(index) ?? []) cutAll(child);
  };
  const visit = (parent: number | null, keptParent: number | null): void => {
    const siblings = children.get(parent) ?? [];
    const ordered = [...siblings.filter((index) => !isTest(tree[index]!.path)), ...siblings.filter((index) => isTest(tree[index]!.path))];
    for (const index of ordered) {
      if (!listTests && isTest(tree[index]!.path)) {
        cutAll(index);
        continue;
      }
      kept.push({ ...tree[index]!, parent: keptParent });
      visit(index, kept.length - 1);
    }
  };
  visit(null, null);
  return { kept, cut };
}
