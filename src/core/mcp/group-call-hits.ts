import type { TraverseHit } from "../traverse/traverse-result.js";

/**
 * One call site inside its group, as one short line: `12 UsersController.get (method)`, with
 * ` via ref` (new, tag, decorator, jsx, ref) when it is not a plain call. In a tree (depth > 1)
 * it starts with its number in the whole answer and ends with its parent's: `#7 40 main (function) ← #2`.
 * A line, not an object: a page of objects spends most of its tokens on repeated keys.
 */
export type GroupedSite = string;

/** Consecutive sites in one file that reach the same callee, with what they share said once. */
export interface CallGroup {
  callee: string;
  calleeKind: string;
  /** `path:line` of the callee's declaration; null when unresolved. */
  calleeAt: string | null;
  path: string;
  module: string | null;
  /** Every site was checked against its file's SHA-256 just now (stale ones are under `rejected`). */
  fresh: true;
  sites: GroupedSite[];
}

const groupKey = (hit: TraverseHit): string => `${String(hit.callee)}\0${String(hit.calleePath)}\0${String(hit.calleeLine)}\0${hit.path}`;

function site(hit: TraverseHit, n: number, tree: boolean): GroupedSite {
  const via = hit.via !== "call" ? ` via ${String(hit.via)}` : "";
  const text = `${String(hit.line)} ${hit.name} (${hit.kind})${via}`;
  if (!tree) return text;
  return `#${n} ${text}${typeof hit.parent === "number" ? ` ← #${hit.parent}` : ""}`;
}

function header(hit: TraverseHit): Omit<CallGroup, "sites"> {
  return {
    callee: String(hit.callee),
    calleeKind: String(hit.calleeKind),
    calleeAt: hit.calleePath === null ? null : `${String(hit.calleePath)}:${String(hit.calleeLine)}`,
    path: hit.path,
    module: hit.module,
    fresh: true,
  };
}

/**
 * Caller/Callee hits as groups: each hit repeats its callee, the callee's place, its file and
 * module, which a page of sites into one function would otherwise say once per site. Order is
 * kept (groups are runs of consecutive hits), so a tree's parent numbers still hold: with
 * `tree`, each site carries its number in the whole answer, counted from `first`.
 */
export function groupCallHits(hits: readonly TraverseHit[], first: number, tree: boolean): CallGroup[] {
  const groups: CallGroup[] = [];
  let key: string | null = null;
  hits.forEach((hit, i) => {
    const current = groupKey(hit);
    if (current !== key) groups.push({ ...header(hit), sites: [] });
    key = current;
    groups[groups.length - 1]!.sites.push(site(hit, first + i, tree));
  });
  return groups;
}

/** What a hit adds to a page of groups: its site, and a group's header when it starts one. */
export function groupedCost(tree: boolean): (hit: TraverseHit, previous: TraverseHit | undefined, n: number) => unknown[] {
  return (hit, previous, n) => (previous !== undefined && groupKey(previous) === groupKey(hit) ? [site(hit, n, tree)] : [header(hit), site(hit, n, tree)]);
}
