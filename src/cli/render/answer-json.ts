import type { TraverseResult } from "../../core/traverse/traverse-result.js";

/** What every traverse answer's JSON opens with: whether it hit, for which kind and query. */
export function answerHead(result: TraverseResult): { status: TraverseResult["status"]; kind: TraverseResult["kind"]; query: string } {
  return { status: result.status, kind: result.kind, query: result.query };
}

/** What a walk's JSON (Impact, Flow) closes with: the files turned away as stale, and for a miss why and what to run instead. */
export function answerTail(result: TraverseResult): object {
  return {
    rejected: result.rejected,
    suggestions: result.suggestions,
    reason: result.reason,
    detail: result.detail,
    fallback: result.fallback,
    ...(result.warnings ? { warnings: result.warnings } : {}),
  };
}
