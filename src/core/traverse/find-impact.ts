import type { CallEdge, RepoPath } from "../../model.js";
import { Channels, type ChannelStep } from "./channels.js";
import { nodeKey, nextNode, type CallNode } from "./find-calls.js";
import { memberName } from "./find-symbols.js";

/** Top-level code of a file: where a chain of calls starts when no declaration encloses the call. */
export const MODULE_CODE = "(module)";

/**
 * A declaration that reaches the target, and how: the first step of one of its shortest chains.
 * Top-level code outside tests is reached once per line (see walkImpact).
 */
export interface Reached {
  node: CallNode;
  /** Calls between it and the target along its shortest chain (0 for the target itself). */
  depth: number;
  /** nodeKey of the next declaration on that chain, toward the target; null for the target. */
  toward: string | null;
  /** The call site that step is; null for the target. */
  site: CallEdge | null;
  /** In a test file: counted among the tests to run, never walked through. */
  test: boolean;
  /** Reached by publishing on a channel the next declaration listens on, not by a call: which. */
  channel?: ChannelStep;
}

/** What a walk over callers gives: everything that reaches the roots, and how many callers each has outside tests. */
export interface ImpactWalk {
  reached: Map<string, Reached>;
  /** Per reached declaration (nodeKey), how many declarations outside tests call it. */
  callers: Map<string, number>;
  /** Every edge walked, for their files to be checked. */
  edges: CallEdge[];
}

/** The walk's view of the call index: load the shards of some names, then read one declaration's callers. */
export interface CallerGraph {
  load(names: Iterable<string>): Promise<unknown>;
  edgesFrom(node: CallNode): readonly CallEdge[];
  /** Every row of a loaded shard (callers: by the callee's member name). */
  shard(name: string): readonly CallEdge[];
}

/**
 * Every declaration that reaches `roots` through any chain of resolved calls, with no depth cap,
 * breadth first so that each is reached by a shortest chain. Top-level code reaches but is not
 * walked through (nothing calls it); test files are reached and not walked through either: their
 * callers are test runners. `usable` leaves out edges (those in files changed since indexing).
 */
export async function walkImpact(
  roots: readonly CallNode[],
  graph: CallerGraph,
  isTest: (path: RepoPath) => boolean,
  usable: (edge: CallEdge) => boolean = () => true,
  channels: Channels = new Channels([]),
): Promise<ImpactWalk> {
  const reached = new Map<string, Reached>();
  const callers = new Map<string, Set<string>>();
  const edges: CallEdge[] = [];
  for (const root of roots) reached.set(nodeKey(root), { node: root, depth: 0, toward: null, site: null, test: isTest(root.path) });
  let frontier = roots.filter((root) => !isTest(root.path));
  for (let depth = 1; frontier.length > 0; depth += 1) {
    const made = frontier.map((node) => [node, ...constructed(node, reached.get(nodeKey(node))?.site?.callerKind)] as const);
    // A listener is reached from whatever publishes on its channel: those rows are in the channel's shard.
    const heard = new Map(frontier.map((node) => [node, channels.heardBy(node)] as const));
    await graph.load([...made.flat().map((node) => memberName(node.name)), ...[...heard.values()].flat().map((listen) => memberName(listen.callee))]);
    const next: CallNode[] = [];
    for (const [node, ...classes] of made) {
      const key = nodeKey(node);
      const steps = new Map<CallEdge, ChannelStep>();
      const published = heard.get(node)!.flatMap((listen) => graph.shard(memberName(listen.callee)).filter((edge) => channels.publishes(edge, listen) && !steps.has(edge) && steps.set(edge, Channels.step(listen))));
      for (const edge of [...[node, ...classes].flatMap((reachedAs) => graph.edgesFrom(reachedAs)), ...published]) {
        if (!usable(edge)) continue;
        edges.push(edge);
        const caller = nextNode(edge, "callers") ?? { path: edge.path, name: MODULE_CODE };
        const test = isTest(edge.path);
        // Top-level code is told apart by line outside tests: each inline route handler is its own way in.
        const callerKey = caller.name === MODULE_CODE && !test ? `${nodeKey(caller)}:${edge.line}` : nodeKey(caller);
        if (!test && callerKey !== key) {
          const set = callers.get(key) ?? new Set<string>();
          set.add(callerKey);
          callers.set(key, set);
        }
        if (reached.has(callerKey)) continue;
        const channel = steps.get(edge);
        reached.set(callerKey, { node: caller, depth, toward: key, site: edge, test, ...(channel ? { channel } : {}) });
        if (!test && caller.name !== MODULE_CODE) next.push(caller);
      }
    }
    frontier = next;
  }
  return { reached, callers: new Map([...callers].map(([key, set]) => [key, set.size])), edges };
}

/**
 * A class's constructor and its property initializers run when it is made: `new C()` (or a subclass's
 * `super()`) reaches them as a call of the class. Static ones run once, when the class is defined;
 * they are counted the same (what makes them run is loading the module that declares it).
 */
function constructed(node: CallNode, kind: string | undefined): CallNode[] {
  const dot = node.name.lastIndexOf(".");
  if (dot <= 0 || (kind !== "property" && !node.name.endsWith(".constructor"))) return [];
  return [{ path: node.path, name: node.name.slice(0, dot) }];
}

/**
 * The entry points among what reaches the target: declarations outside tests that nothing else in
 * the repository calls (an exported API, a handler a framework calls, a command, dead code) or that
 * `isEntry` names (route handlers, which a framework calls though the repository may too), and top-level code.
 * Sorted by path, then line of the declaration's shortest-chain site.
 */
export function impactEntries(walk: ImpactWalk, isEntry: (reached: Reached) => boolean): Reached[] {
  const entries = [...walk.reached.values()].filter((r) => !r.test && (r.node.name === MODULE_CODE || (walk.callers.get(nodeKey(r.node)) ?? 0) === 0 || isEntry(r)));
  return entries.sort(byEntryPlace);
}

/** Entries in path order, then by the line of their shortest chain's site, then by name. */
export function byEntryPlace(a: Reached, b: Reached): number {
  return (a.node.path < b.node.path ? -1 : a.node.path > b.node.path ? 1 : 0) || (a.site?.line ?? 0) - (b.site?.line ?? 0) || (a.node.name < b.node.name ? -1 : a.node.name > b.node.name ? 1 : 0);
}

/**
 * The declarations along a reached declaration's shortest chain, from it to the target, each with
 * how it was reached (ChainStep).
 */
export function chainOf(walk: ImpactWalk, from: Reached): ChainStep[] {
  const steps: ChainStep[] = [];
  let dispatch: ChainStep["dispatch"] = null;
  let current: Reached | undefined = from;
  while (current) {
    steps.push({ name: current.node.name, dispatch });
    const site = current.site;
    const toward = current.toward === null ? undefined : walk.reached.get(current.toward);
    dispatch = current.channel
      ? current.channel
      : site?.via === "value"
        ? { kind: "value" }
        : site?.target && toward && nodeKey({ path: site.target.path, name: site.callee }) !== current.toward
          ? toward.node.name.startsWith(`${site.callee}.`) && site.target.path === toward.node.path
            ? { kind: "constructed", through: site.callee }
            : { kind: "member", through: site.callee }
          : null;
    current = current.toward === null ? undefined : walk.reached.get(current.toward);
  }
  return steps;
}

/**
 * A declaration on a chain, and how the one before reached it when not by a call of it as written:
 * handed on by name (`value`), through the member a call names (`member`: an interface's or a base's),
 * or run by making its class (`constructed`: a constructor or property initializer, by `new C()`), or
 * by publishing on a channel the next one listens on (`event`, `queue`, `channel`: see Channels.step), or
 * as middleware a route runs before its handler (`middleware`, set by traverse-impact.ts).
 */
export interface ChainStep {
  name: string;
  dispatch: null | { kind: "value" } | { kind: "member" | "constructed" | "middleware"; through: string } | ChannelStep;
}

/** The declaration its shortest chain calls the target from (the target's direct caller), or null for one that calls it directly or is it. */
export function hubOf(walk: ImpactWalk, from: Reached): Reached | null {
  let current = from;
  for (;;) {
    const next = current.toward === null ? undefined : walk.reached.get(current.toward);
    if (!next || next.depth === 0) return current === from ? null : current;
    current = next;
  }
}
