import type { TraverseHit, TraverseResult } from "../../core/traverse/traverse-result.js";
import { quotePath } from "../../formats/quoted-path.js";

/** Sites (Caller) or calls (Callee) of one declaration under one parent: one line of the tree. */
interface TreeGroup {
  name: string;
  path: string;
  /** Caller: the lines of its sites in `path`; Callee: the callee's declaration line. */
  lines: number[];
  through: string | null;
  children: TreeGroup[];
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;

/**
 * A Caller or Callee walk deeper than one level, as a tree: under a header per declaration walked,
 * each caller (Caller: with the lines of its sites) or callee (Callee: where it is declared) once
 * per parent, indented by level, a path written once for a run of lines in one file.
 */
export function renderCallTree(result: TraverseResult, depth: number): string[] {
  const callers = result.kind === "Caller";
  const roots = new Map<string, { header: string; groups: TreeGroup[] }>();
  const groupOf: TreeGroup[] = [];
  const place = (siblings: TreeGroup[], hit: TraverseHit): TreeGroup => {
    const name = callers ? hit.name : String(hit.callee);
    const path = callers ? hit.path : String(hit.calleePath);
    const line = callers ? (hit.line ?? 0) : Number(hit.calleeLine);
    const known = siblings.find((group) => group.name === name && group.path === path);
    if (known) {
      if (!known.lines.includes(line)) known.lines.push(line);
      return known;
    }
    const group: TreeGroup = { name, path, lines: [line], through: typeof hit.through === "string" ? hit.through : null, children: [] };
    siblings.push(group);
    return group;
  };
  result.hits.forEach((hit, i) => {
    const parent = typeof hit.parent === "number" ? groupOf[hit.parent] : undefined;
    if (parent) {
      groupOf[i] = place(parent.children, hit);
      return;
    }
    const key = callers ? `${String(hit.calleePath)}\0${String(hit.callee)}` : `${hit.path}\0${hit.name}`;
    const header = callers ? `→ ${String(hit.calleeKind)} ${String(hit.callee)} ${quotePath(String(hit.calleePath))}:${String(hit.calleeLine)}` : `← ${hit.kind} ${hit.name} ${quotePath(hit.path)}`;
    const root = roots.get(key) ?? { header, groups: [] };
    roots.set(key, root);
    groupOf[i] = place(root.groups, hit);
  });
  const sites = result.total + (result.tests?.sites ?? 0);
  const lines = [`TRAVERSE_HIT ${result.kind} ${result.query} (${plural(sites, callers ? "site" : "call")}, depth ${depth})`];
  let previous: string | undefined;
  const visit = (group: TreeGroup, level: number): void => {
    const at = group.lines.join(", ");
    const where = group.path === previous ? `:${at}` : `${quotePath(group.path)}:${at}`;
    lines.push(`${"  ".repeat(level)}${group.name} ${where}${group.through ? ` · ${group.through}` : ""}`);
    previous = group.path;
    for (const child of group.children) visit(child, level + 1);
  };
  for (const root of roots.values()) {
    lines.push(root.header);
    previous = undefined;
    for (const group of root.groups) visit(group, 1);
  }
  return lines;
}
