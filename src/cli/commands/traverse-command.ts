import { traverse, type TraverseOptions as CoreTraverseOptions } from "../../core/traverse/traverse.js";
import type { TraverseResult } from "../../core/traverse/traverse-result.js";
import type { ExactCheck } from "../../core/traverse/settle-candidates.js";
import { spokenAs } from "../../core/init/agent-instructions.js";
import { findRepoRoot } from "../../io/repo-root.js";
import { openTraverseSource } from "../../io/traverse-source.js";

export interface TraverseOptions extends CoreTraverseOptions {
  cwd: string;
  /** Caller/Callee: settle the candidate sites with the TypeScript checker (traverse-exact.ts). */
  exact?: boolean;
}

/** `ctx traverse`, for the CLI, the MCP server and validate-handoff: the core's answer from this repository's index, settled by the checker when asked. */
export async function runTraverse(options: TraverseOptions): Promise<TraverseResult & { exact?: ExactCheck }> {
  const root = findRepoRoot(options.cwd);
  const source = openTraverseSource(root);
  const answer = await traverse(source, options);
  const result = options.exact && (options.kind === "Caller" || options.kind === "Callee") ? await (await import("./traverse-exact.js")).settleExactly(root, answer) : answer;
  // A miss's detail says what to run: as it runs here (`node_modules/.bin/ctx index` where ctx is a dev dependency).
  return result.detail === null ? result : { ...result, detail: spokenAs(result.detail, source.invocation) };
}
