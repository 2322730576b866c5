import { isChannelVia, type CallEdge, type Override, type RepoPath } from "../../model.js";
import { Channels } from "./channels.js";
import { memberName } from "./find-symbols.js";
import { nodeKey, type CallNode } from "./find-calls.js";

/** A declaration a forward walk reached, once, by its shortest chain from the roots. */
export interface FlowNode {
  node: CallNode;
  key: string;
  kind: string;
  /** Its declaration's line (the call index records where each target is declared); null for a root not in it. */
  line: number | null;
  depth: number;
  /** Key of the declaration whose call reached it first; null for a root. */
  parent: string | null;
  /**
   * How it was reached: a call (`call`, `new`, …), `impl` for an implementation of the member called, or
   * `event`/`queue`/`channel` for a listener on a channel its parent publishes on.
   */
  via: string;
  /** For a listener: the channel it was reached through. */
  channel?: string;
  /** Keys of the declarations it reached first, in call order. */
  children: string[];
  /** Calls it makes that ctx could not link, by the name called. */
  unresolved: string[];
}

/** The walk's view of the call index: load the callee shards of some names, then read one declaration's calls. */
export interface CalleeGraph {
  load(names: Iterable<string>): Promise<unknown>;
  /** Every call site the declaration makes, resolved or not. */
  callsOf(node: CallNode): readonly CallEdge[];
  /** Implementations of a member a call may dispatch to (overriding members); empty for most. */
  implementations(node: CallNode): Promise<readonly (CallNode & { kind: string; line: number })[]>;
}

export interface FlowWalk {
  nodes: Map<string, FlowNode>;
  /** Keys of the roots, in order. */
  roots: string[];
  /** The walk stopped at this many declarations. */
  capped: boolean;
  /** Every edge walked, for their files to be checked. */
  edges: CallEdge[];
}

/** A walk that reaches more than this many declarations is a map of the whole program, not a flow: it stops. */
export const MAX_FLOW_NODES = 3000;

/**
 * The declarations `roots` call, and those call, breadth first so that each is reached by a
 * shortest chain and listed once. A member that others override reaches them (`impl`, a level
 * below it): the reader follows an interface call to its implementations. Test files are not walked into.
 * `usable` leaves out edges (those in files changed since indexing).
 */
export async function walkFlow(
  roots: readonly (CallNode & { kind: string; line: number | null; via?: string })[],
  graph: CalleeGraph,
  isTest: (path: RepoPath) => boolean,
  usable: (edge: CallEdge) => boolean = () => true,
  channels: Channels = new Channels([]),
): Promise<FlowWalk> {
  const nodes = new Map<string, FlowNode>();
  const edges: CallEdge[] = [];
  for (const root of roots) {
    const key = nodeKey(root);
    if (!nodes.has(key)) nodes.set(key, { node: { path: root.path, name: root.name }, key, kind: root.kind, line: root.line, depth: 0, parent: null, via: root.via ?? "root", children: [], unresolved: [] });
  }
  let frontier = [...nodes.values()];
  let capped = false;
  while (frontier.length > 0 && !capped) {
    await graph.load(frontier.map((flow) => memberName(flow.node.name)));
    const next: FlowNode[] = [];
    const reach = (from: FlowNode, node: CallNode, kind: string, line: number | null, via: string, channel?: string): FlowNode | undefined => {
      const key = nodeKey(node);
      if (nodes.has(key) || isTest(node.path)) return undefined;
      if (nodes.size >= MAX_FLOW_NODES) {
        capped = true;
        return undefined;
      }
      const flow: FlowNode = { node, key, kind, line, depth: from.depth + 1, parent: from.key, via, children: [], unresolved: [], ...(channel === undefined ? {} : { channel }) };
      nodes.set(key, flow);
      from.children.push(key);
      next.push(flow);
      return flow;
    };
    for (const flow of frontier) {
      for (const edge of graph.callsOf(flow.node)) {
        if (!usable(edge) || edge.via === "listen") continue;
        edges.push(edge);
        if (!isChannelVia(edge.via) && edge.target === null) flow.unresolved.push(edge.callee);
        if (!isChannelVia(edge.via) && edge.target !== null) {
          const called = reach(flow, { path: edge.target.path, name: edge.callee }, edge.target.kind, edge.target.line, edge.via);
          // A member others override runs one of them: they hang under it, as a reader follows an interface call.
          if (called) for (const implementation of await graph.implementations(called.node)) reach(called, { path: implementation.path, name: implementation.name }, implementation.kind, implementation.line, "impl");
        }
        // Publishing runs what listens on the channel: each listener hangs under the publisher, as a reader follows an event to its handlers.
        for (const listen of channels.listenersOf(edge)) {
          const step = Channels.step(listen);
          if (!usable(listen)) continue;
          edges.push(listen);
          reach(flow, { path: listen.path, name: listen.caller }, listen.callerKind, null, step.kind, step.through);
        }
      }
    }
    frontier = next;
  }
  return { nodes, roots: roots.map(nodeKey).filter((key, i, all) => all.indexOf(key) === i), capped, edges };
}

/** The members overriding `node` (its implementations), from the Overrides rows of its name. */
export function implementationsOf(node: CallNode, overrides: readonly Override[]): (CallNode & { kind: string; line: number })[] {
  const key = nodeKey(node);
  return overrides
    .filter((o) => nodeKey({ path: o.base.path, name: o.base.name }) === key)
    .map((o) => ({ path: o.member.path, name: o.member.name, kind: o.member.kind, line: o.member.line }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line);
}

/** The chain of declarations from a root to `key`, root first. */
export function flowChain(walk: FlowWalk, key: string): FlowNode[] {
  const chain: FlowNode[] = [];
  for (let current = walk.nodes.get(key); current; current = current.parent === null ? undefined : walk.nodes.get(current.parent)) chain.unshift(current);
  return chain;
}
