import type { FlowSummary, TraverseHit, TraverseResult } from "../../core/traverse/traverse-result.js";
import { quotePath } from "../../formats/quoted-path.js";
import { answerHead, answerTail } from "./answer-json.js";

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;

/** `name path:line`, or `name :line` when the path is the one before it. */
function place(name: string, path: string, line: number | null, previousPath: string | undefined): string {
  const at = line === null ? "" : `:${line}`;
  return path === previousPath ? `${name} ${at}` : `${name} ${quotePath(path)}${at}`;
}

/**
 * A Flow answer: the tree of what the start calls, each declaration once under the one that reached
 * it first, indented by depth (a path said once for a run of lines in its file), breadth first as far
 * as the budget allows (`(+N)`: declarations below it not shown); what was left out counted on the
 * closing lines. With `--to`, one line per call path instead.
 */
export function renderFlowText(result: TraverseResult): string[] {
  const flow = result.flow!;
  if (flow.to !== undefined) return pathLines(result, flow);
  const shownDepth = flow.depth < flow.deepest ? `depth ${flow.depth} of ${flow.deepest}` : `depth ${flow.depth}`;
  const prunedCount = flow.pruned.reduce((sum, item) => sum + item.count, 0);
  const lines = [`TRAVERSE_HIT Flow ${result.query} (${plural(flow.declarations, "declaration")}, ${shownDepth}${prunedCount > 0 ? `; ${prunedCount} trivial left out` : ""})`];
  let previous: string | undefined;
  for (const hit of result.hits) {
    const depth = Number(hit.depth);
    const route = typeof hit.route === "string" ? `[${String(hit.method)} ${hit.route}] ` : "";
    const impl = hit.via === "impl" ? " (implementation)" : hit.via === "value" ? " (handed on)" : hit.via === "middleware" ? " (middleware, runs before the handler)" : typeof hit.channel === "string" ? ` (${String(hit.via)} ${hit.channel})` : "";
    const hidden = typeof hit.hidden === "number" ? ` (+${hit.hidden})` : "";
    lines.push(`${"  ".repeat(depth)}${route}${place(hit.name, hit.path, hit.line, previous)}${impl}${hidden}`);
    previous = hit.path;
  }
  if (flow.deeper > 0) lines.push(`not shown: ${plural(flow.deeper, "declaration")} below the (+N) marks (raise --budget, or start Flow at one of them)`);
  if (prunedCount > 0) lines.push(`left out: ${flow.pruned.map((item) => `${trivialCount(item.kind, item.count)} (${namesText(item.names)})`).join("; ")}`);
  lines.push(closingLine(flow, result.rejected.length));
  return lines;
}

function pathLines(result: TraverseResult, flow: FlowSummary): string[] {
  const lines = [`TRAVERSE_HIT Flow ${result.query} → ${String(flow.to)} (${plural(result.total, "path")}${result.total > result.hits.length ? `, ${result.hits.length} shortest shown` : ""})`];
  for (const hit of result.hits) {
    const steps = hit.steps as { name: string; path: string; line: number | null; via: string; channel?: string }[];
    lines.push(steps.map((step, i) => place(step.name, step.path, step.line, i > 0 ? steps[i - 1]!.path : undefined) + (step.channel === undefined ? "" : ` (${step.via} ${step.channel})`)).join(" → "));
  }
  lines.push(closingLine(flow, result.rejected.length));
  return lines;
}

/** `2 utilities called from 20+ places`, `1 error constructor`, `3 logging calls`. */
function trivialCount(kind: string, count: number): string {
  if (kind === "utility") return `${count} ${count === 1 ? "utility" : "utilities"} called from 20+ places`;
  return plural(count, kind === "logging" ? "logging call" : kind);
}

function namesText(names: readonly string[]): string {
  return names.length > 4 ? `${names.slice(0, 4).join(", ")}, …` : names.join(", ");
}

/** Whether the tree is all there is to it: every call on the way linked, nothing changed, the walk whole. */
function closingLine(flow: FlowSummary, rejected: number): string {
  if (flow.complete) return "complete";
  const parts: string[] = [];
  if (flow.unresolved.sites > 0) {
    const names = flow.unresolved.names.slice(0, 5).map((item) => `${item.name} ${item.sites}`);
    parts.push(`${plural(flow.unresolved.sites, "call")} on the way not linked (${names.join(", ")}${flow.unresolved.names.length > 5 ? ", …" : ""}): each may lead further`);
  }
  if (rejected > 0) parts.push(`${plural(rejected, "file")} changed since indexing left out; run \`ctx index\``);
  if (flow.capped) parts.push("the walk stopped at its cap");
  return `not complete: ${parts.join("; ")}`;
}

/** Flow for tools: the start, each declaration shown with its depth and the declaration that reached it, and what was left out. */
export function flowJson(result: TraverseResult): object {
  const flow = result.flow;
  const node = (hit: TraverseHit): object => ({
    name: hit.name,
    kind: hit.kind,
    path: hit.path,
    line: hit.line,
    depth: hit.depth,
    via: hit.via,
    ...(typeof hit.channel === "string" ? { channel: hit.channel } : {}),
    ...(typeof hit.parent === "string" ? { parent: hit.parent } : {}),
    ...(typeof hit.route === "string" ? { method: hit.method, route: hit.route } : {}),
    ...(typeof hit.unresolved === "number" ? { unresolved: hit.unresolved } : {}),
    ...(typeof hit.hidden === "number" ? { hidden: hit.hidden } : {}),
  });
  return {
    ...answerHead(result),
    ...(flow ? { from: flow.from } : {}),
    ...(flow?.to !== undefined ? { to: flow.to, paths: result.hits.map((hit) => hit.steps), total: result.total } : { nodes: result.hits.map(node) }),
    ...(flow ? { declarations: flow.declarations, depth: flow.depth, deepest: flow.deepest, deeper: flow.deeper, pruned: flow.pruned, unresolved: flow.unresolved, complete: flow.complete, ...(flow.capped ? { capped: true } : {}) } : { complete: false }),
    ...answerTail(result),
  };
}
