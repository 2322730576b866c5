import type { TraverseHit, TraverseResult } from "../../core/traverse/traverse-result.js";

function location(hit: TraverseHit): string {
  if (hit.line === null) return `${hit.path}/`;
  return hit.endLine !== null && hit.endLine !== hit.line ? `${hit.path}:${hit.line}-${hit.endLine}` : `${hit.path}:${hit.line}`;
}

function hitLine(hit: TraverseHit): string {
  const name = hit.container ? `${hit.container}.${hit.name}` : hit.name;
  if (hit.kind === "endpoint") return `${location(hit)} ${hit.signature}`;
  if (hit.kind === "module") return `${location(hit)} module ${name} · ${hit.signature}`;
  return `${location(hit)} ${hit.kind} ${name}${hit.exported ? "" : " (internal)"} · ${hit.signature}`;
}

/** What an agent reads in a shell: a status line, one line per hit, never source bodies. */
export function renderTraverseText(result: TraverseResult): string {
  const lines: string[] = [];
  if (result.status === "hit") {
    lines.push(`TRAVERSE_HIT ${result.kind} ${result.query} (${result.total})`);
    for (const hit of result.hits) lines.push(hitLine(hit));
    if (result.total > result.hits.length) {
      lines.push(`+${result.total - result.hits.length} more (not yet checked for freshness; raise --limit to see them)`);
    }
  } else {
    lines.push(`TRAVERSE_MISS ${result.kind} ${result.query}: ${result.reason}${result.detail ? ` (${result.detail})` : ""}`);
    if (result.suggestions.length > 0) lines.push(`did you mean: ${result.suggestions.join(", ")}`);
  }
  for (const rejected of result.rejected) lines.push(`rejected: ${rejected.path} (${rejected.reason} since indexing)`);
  if (result.fallback) lines.push(`fallback: ${result.fallback}`);
  return `${lines.join("\n")}\n`;
}

/** The stable JSON shape scripts rely on. */
export function traverseJson(result: TraverseResult): object {
  return {
    status: result.status,
    kind: result.kind,
    query: result.query,
    hits: result.hits,
    total: result.total,
    rejected: result.rejected,
    suggestions: result.suggestions,
    reason: result.reason,
    fallback: result.fallback,
  };
}
