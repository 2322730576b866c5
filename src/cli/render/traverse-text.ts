import { quotePath } from "../../formats/quoted-path.js";
import type { TraverseHit, TraverseResult } from "../../core/traverse/traverse-result.js";
import { aliasLines, candidateLines, renderCallGroups, testsLine } from "./call-groups-text.js";
import { renderImpactText } from "./impact-text.js";
import { flowJson, renderFlowText } from "./flow-text.js";
import { answerHead, answerTail } from "./answer-json.js";
import { renderCallTree } from "./call-tree-text.js";

function location(hit: TraverseHit): string {
  // A path is quoted as in the index files when it holds a newline, a tab or another control character.
  const path = quotePath(hit.path);
  if (hit.line === null) return `${path}/`;
  return hit.endLine !== null && hit.endLine !== hit.line ? `${path}:${hit.line}-${hit.endLine}` : `${path}:${hit.line}`;
}

/** A call site: where it is written, who calls, what it lands on; indented by its depth in the walk. */
function callLine(hit: TraverseHit): string {
  const indent = "  ".repeat(Math.max(0, (typeof hit.depth === "number" ? hit.depth : 1) - 1));
  const arrow = hit.via === "call" ? "→" : `→ (${String(hit.via)})`;
  const target = hit.calleePath === null ? "unresolved" : `${String(hit.calleeKind)} @ ${quotePath(String(hit.calleePath))}:${String(hit.calleeLine)}`;
  return `${indent}${quotePath(hit.path)}:${hit.line} ${hit.kind} ${hit.name} ${arrow} ${String(hit.callee)} · ${target}${typeof hit.through === "string" ? ` · ${hit.through}` : ""}`;
}

/** A recorded fix: where it is, how it matched, when it was verified, the fix, then its cause and files. */
function errorLines(hit: TraverseHit): string[] {
  const at = [`verified ${String(hit.verified ?? "at an unknown date")}`, ...(typeof hit.commit === "string" ? [`@ ${hit.commit.slice(0, 7)}`] : [])].join(" ");
  const differs = Array.isArray(hit.differs) && hit.differs.length > 0 ? ` (${(hit.differs as string[]).join("; ")})` : "";
  const lines = [`${hit.path}:${hit.line} ${hit.kind} · ${String(hit.match)}${hit.match === "words" ? ` ${String(hit.score)}` : differs} · ${at} · fix: ${hit.signature}`, `  error: ${hit.name}`];
  if (typeof hit.cause === "string") lines.push(`  cause: ${hit.cause}`);
  const files = (hit.files as { path: string; changedSince: boolean; missing: boolean }[]).map(
    (f) => `${f.path}${f.missing ? " (missing now)" : f.changedSince ? " (changed since)" : ""}`,
  );
  if (files.length > 0) lines.push(`  files: ${files.join(", ")}`);
  if (typeof hit.entry === "string") lines.push(`  entry: ${hit.entry}`);
  return lines;
}

function hitLine(hit: TraverseHit): string {
  if ("callee" in hit) return callLine(hit);
  if ("fix" in hit) return errorLines(hit).join("\n");
  if ("matched" in hit) return `${hit.path}:${hit.line} ${hit.kind} · ${hit.name} · ${hit.signature} (score ${String(hit.score)}: ${(hit.matched as string[]).join(", ")})`;
  const name = hit.container ? `${hit.container}.${hit.name}` : hit.name;
  if (hit.kind === "endpoint") return `${location(hit)} ${hit.signature}`;
  if (hit.kind === "module") return `${location(hit)} module ${name} · ${hit.signature}`;
  const alias = typeof hit.exportedAs === "string" ? ` · exported as ${hit.exportedAs} from ${(hit.exportedFrom as string[]).map(quotePath).join(", ")}` : "";
  return `${location(hit)} ${hit.kind} ${name}${hit.exported ? "" : " (internal)"} · ${hit.signature}${alias}`;
}

/**
 * What an agent reads in a shell: a status line, one line per hit, never source bodies. A one-level
 * Caller/Callee answer is grouped (see renderCallGroups); a deeper one is a tree, a line per site.
 */
export function renderTraverseText(result: TraverseResult, options: { depth?: number } = {}): string {
  const calls = result.kind === "Caller" || result.kind === "Callee";
  if (result.status === "hit" && ((calls && (options.depth ?? 1) === 1) || result.impact || result.flow)) {
    const lines = result.impact ? renderImpactText(result) : result.flow ? renderFlowText(result) : renderCallGroups(result);
    for (const rejected of result.rejected) lines.push(`rejected: ${quotePath(rejected.path)} (${rejected.reason} since indexing)`);
    return `${lines.join("\n")}\n`;
  }
  const lines: string[] = [];
  // A pasted error runs over several lines; the status line stays one line.
  const query = result.query.includes("\n") ? `${result.query.split("\n")[0]!.trim()} …` : result.query;
  if (result.status === "hit") {
    if (calls) lines.push(...renderCallTree(result, options.depth ?? 1), ...aliasLines(result));
    else {
      lines.push(`TRAVERSE_HIT ${result.kind} ${query} (${result.total})`, ...aliasLines(result));
      for (const hit of result.hits) lines.push(hitLine(hit));
    }
    if (result.total > result.hits.length) {
      // Call sites are all verified before the tree is cut to --limit; other kinds stop verifying at --limit.
      lines.push(`+${result.total - result.hits.length} more (${calls ? "" : "not yet checked for freshness; "}raise --limit to see them)`);
    }
    if (result.tests || result.candidatesInTests) lines.push(testsLine(result.tests ?? { sites: 0, files: 0 }, result.candidatesInTests ?? 0));
    if (result.truncated) lines.push(`truncated: the walk stopped at ${result.capped} call sites (≥ ${result.total} in all); name the declaration with its path (path/file.ts:Name) or lower --depth`);
  } else {
    lines.push(`TRAVERSE_MISS ${result.kind} ${query}: ${result.reason}${result.detail ? ` (${result.detail})` : ""}`, ...aliasLines(result));
    if (result.suggestions.length > 0) lines.push(`did you mean: ${result.suggestions.join(", ")}`);
  }
  if (result.candidates && result.candidates.length > 0) {
    // Grouped by file: the unresolved calls of the name asked about (a deeper Callee walk keeps a line per call).
    if (result.kind === "Caller" || (calls && (options.depth ?? 1) === 1)) lines.push(...candidateLines(result.candidates, result.candidatesMore ?? 0, String(result.candidates[0]!.callee)));
    else {
      lines.push("unresolved, matched by name only (not verified as calls of this declaration):");
      for (const candidate of result.candidates) lines.push(`  ${callLine({ ...candidate, depth: 1 })}`);
    }
  }
  for (const rejected of result.rejected) lines.push(`rejected: ${quotePath(rejected.path)} (${rejected.reason} since indexing)`);
  if (result.fallback) lines.push(`fallback: ${result.fallback}`);
  for (const warning of result.warnings ?? []) lines.push(`warning: ${warning}`);
  return `${lines.join("\n")}\n`;
}

/** Whether a Caller/Callee answer leaves nothing for a grep to find: the same rule as its text's `complete` line. */
function isComplete(result: TraverseResult): boolean {
  return result.status === "hit" && result.total === result.hits.length && result.rejected.length === 0 && !result.truncated && (result.candidates ?? []).length === 0 && !result.candidatesMore && !result.candidatesInTests;
}

/** The stable JSON shape scripts rely on. */
export function traverseJson(result: TraverseResult): object {
  if (result.kind === "Impact") return impactJson(result);
  if (result.kind === "Flow") return flowJson(result);
  return {
    ...answerHead(result),
    hits: result.hits,
    total: result.total,
    rejected: result.rejected,
    suggestions: result.suggestions,
    ...(result.candidates ? { candidates: result.candidates } : {}),
    ...(result.candidatesMore ? { candidatesMore: result.candidatesMore } : {}),
    ...(result.candidatesInTests ? { candidatesInTests: result.candidatesInTests } : {}),
    // Caller/Callee: every site is here, none was turned away as stale, and no call of that name is left unresolved.
    ...(result.kind === "Caller" || result.kind === "Callee" ? { complete: isComplete(result) } : {}),
    ...(result.capped !== undefined ? { capped: result.capped, truncated: true } : {}),
    ...(result.tests ? { tests: result.tests } : {}),
    ...(result.mentions ? { mentions: result.mentions } : {}),
    ...(result.aliasOf ? { aliasOf: result.aliasOf } : {}),
    reason: result.reason,
    fallback: result.fallback,
    ...(result.warnings ? { warnings: result.warnings } : {}),
  };
}

/**
 * Impact for tools: the targets, each entry point with its own declaration's path and line, how it
 * is reached (depth, the direct caller it goes through, its shortest chain), the tests apart.
 */
function impactJson(result: TraverseResult): object {
  const impact = result.impact;
  const shape = (hit: TraverseHit): object => ({
    kind: hit.kind,
    name: hit.name,
    path: hit.path,
    line: hit.line,
    ...(typeof hit.route === "string" ? { method: hit.method, route: hit.route } : {}),
    depth: hit.depth,
    ...(typeof hit.via === "string" ? { via: { name: hit.via, path: hit.viaPath, line: hit.viaLine } } : {}),
    chain: hit.chain,
    // Steps that are not calls of the declaration as written: a call through an interface member reaching an implementation.
    ...(Array.isArray(hit.dispatch) ? { dispatch: hit.dispatch } : {}),
  });
  const listed = result.hits.filter((hit) => hit.kind !== "test");
  return {
    ...answerHead(result),
    targets: impact?.targets ?? [],
    entries: listed.map(shape),
    ...(impact && impact.entries > listed.length ? { truncated: true, more: impact.entries - listed.length } : {}),
    declarations: impact?.declarations ?? 0,
    tests: { ...(impact?.tests ?? { files: 0, declarations: 0 }), ...(result.hits.some((hit) => hit.kind === "test") ? { listed: result.hits.filter((hit) => hit.kind === "test").map(shape) } : {}) },
    unresolved: impact?.unresolved ?? { sites: 0, names: [] },
    complete: impact?.complete ?? false,
    ...answerTail(result),
  };
}
