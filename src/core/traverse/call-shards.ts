import type { CallEdge, Override } from "../../model.js";
import { edgesOf, matchCallNodes, matchesQuery, nodeKey, type CallDirection, type CallNode } from "./find-calls.js";
import { findSymbols, memberName, type SymbolQuery } from "./find-symbols.js";
import type { SymbolRow } from "../../formats/symbol-index.js";
import type { RecordedFiles, TraverseSource } from "./traverse-source.js";

const CONTAINER_KINDS = new Set(["class", "interface", "namespace", "enum", "trait", "record", "module", "struct"]);

/**
 * The call index as a walk reads it: shards loaded by member name, level by level (`load` what the
 * next level asks for, then ask `edgesFrom` synchronously).
 */
export class CallShards {
  private readonly loaded = new Map<string, readonly CallEdge[]>();
  private readonly related = new Map<string, readonly Override[]>();
  /** What the index recorded of its files; null until a shard was loaded (or when there is no index). */
  files: RecordedFiles | null = null;

  constructor(
    private readonly source: TraverseSource,
    readonly direction: CallDirection,
  ) {}

  /** Loads the shards of `names`; false when there is no index. */
  async load(names: Iterable<string>): Promise<boolean> {
    for (const name of new Set(names)) {
      if (this.loaded.has(name)) continue;
      const [lookup, overrides] = await Promise.all([this.source.calls(this.direction, name), this.direction === "callers" ? this.source.overrides(name) : null]);
      if (!lookup) return false;
      this.files ??= lookup.files;
      this.loaded.set(name, lookup.rows);
      this.related.set(name, overrides?.rows ?? []);
    }
    return true;
  }

  /** The rows of one loaded shard: every edge whose callee (callers) or caller (callees) has this member name. */
  shard(name: string): readonly CallEdge[] {
    return this.loaded.get(name) ?? [];
  }

  /** Overrides rows of a loaded shard's name. */
  overrides(name: string): readonly Override[] {
    return this.related.get(name) ?? [];
  }

  /** The resolved edges into (callers) or out of (callees) one declaration; its shard must be loaded. */
  edgesFrom(node: CallNode): CallEdge[] {
    const name = memberName(node.name);
    return edgesOf(this.shard(name), node, this.direction, this.overrides(name));
  }
}

/**
 * The declarations a query names, as a walk starts from them: those the call index knows, those
 * the symbol index declares (one nobody calls directly may be called through a base type), and a
 * class's, interface's or namespace's members (its sites follow its own, member by member in line
 * order). The query's shard must be loaded; the members' shards are loaded here.
 */
export async function callRoots(source: TraverseSource, shards: CallShards, parsed: SymbolQuery): Promise<{ roots: CallNode[]; known: SymbolRow[] }> {
  const symbols = await source.symbols(parsed.name);
  const known = symbols ? findSymbols(symbols.rows, parsed) : [];
  const members = await memberNodes(source, known, shards.direction);
  await shards.load(members.map((node) => memberName(node.name)));
  const roots = uniqueNodes([
    ...matchCallNodes(shards.shard(parsed.name), parsed, shards.direction),
    // A member the symbol index does not list but that implements another (a typed object literal's method).
    ...shards.overrides(parsed.name).flatMap((o) => (matchesQuery(o.member.name, o.member.path, parsed) ? [{ path: o.member.path, name: o.member.name }] : [])),
    ...known.filter((s) => shards.direction === "callers" || s.kind !== "class").map((s) => ({ path: s.path, name: s.container ? `${s.container}.${s.name}` : s.name })),
    ...members,
  ]);
  return { roots, known };
}

/**
 * The members of the named classes, interfaces and namespaces that calls land in (callers) or that
 * make calls (callees), in line order.
 */
async function memberNodes(source: TraverseSource, known: readonly SymbolRow[], direction: CallDirection): Promise<CallNode[]> {
  const nodes: (CallNode & { line: number })[] = [];
  for (const symbol of known.filter((s) => CONTAINER_KINDS.has(s.kind))) {
    const qualified = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    const lookup = await source.memberCalls(direction, qualified);
    // Inside this declaration: another file's `Foo.bar` is another Foo's.
    const within = (path: string, line: number): boolean => path === symbol.path && line >= symbol.line && line <= symbol.endLine;
    for (const edge of lookup?.rows ?? []) {
      if (direction === "callers" && edge.target && within(edge.target.path, edge.target.line)) nodes.push({ path: edge.target.path, name: edge.callee, line: edge.target.line });
      if (direction === "callees" && within(edge.path, edge.line)) nodes.push({ path: edge.path, name: edge.caller, line: edge.line });
    }
  }
  nodes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return uniqueNodes(nodes.map(({ path, name }) => ({ path, name })));
}

export function uniqueNodes(nodes: readonly CallNode[]): CallNode[] {
  return [...new Map(nodes.map((node) => [nodeKey(node), node])).values()];
}
