import { existsSync, realpathSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { findCitations } from "../../core/handoff/find-citations.js";
import { leavesRepository } from "../../core/traverse/find-modules.js";
import { missingHandoff, validateHandoff, type HandoffProblem, type HandoffReport, type SymbolEvidence } from "../../core/handoff/validate-handoff.js";
import { UsageError } from "../../errors.js";
import { parseHandoff } from "../../formats/handoff.js";
import { readTextIfExists } from "../../io/atomic-write.js";
import { inspectPaths } from "../../io/inspect-paths.js";
import { invocationAt } from "../../io/locate-ctx.js";
import { findRepoRoot } from "../../io/repo-root.js";
import { spokenAs } from "../../core/init/agent-instructions.js";
import { runTraverse } from "./traverse-command.js";

export interface HandoffValidation {
  /** The handoff checked, relative to the repository root (as CI annotations want it). */
  path: string;
  report: HandoffReport;
  /** The command that runs ctx in this repository, as the text's hints quote it. */
  invocation: string;
}

/** Checks a handoff (default `.ai/HANDOFF.md`): its text, the paths it cites, and its symbols against the index. */
export async function runValidateHandoff(cwd: string, path?: string): Promise<HandoffValidation> {
  const root = findRepoRoot(cwd);
  const file = path === undefined ? join(root, ".ai", "HANDOFF.md") : resolve(cwd, path);
  const shown = relative(root, file).split(sep).join("/");
  // Only a file of the repository: the MCP tool passes a path a model chose.
  const realRoot = realpathSync(root);
  const real = existsSync(file) ? realpathSync(file) : resolve(realRoot, relative(root, file));
  if (leavesRepository(relative(realRoot, real))) {
    throw new UsageError(`${path ?? shown} is outside the repository`, "pass a handoff inside the repository, e.g. `ctx validate-handoff .ai/HANDOFF.md`");
  }
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`${path ?? shown} is a directory, not a handoff file`, "pass the Markdown file, e.g. `ctx validate-handoff .ai/HANDOFF.md`");
  }
  const text = await readTextIfExists(file);
  if (text === undefined) return { path: shown, report: spokenHere(root, missingHandoff(shown)), invocation: invocationAt(root) };
  const handoff = parseHandoff(text);
  const citations = findCitations(handoff);
  const symbols = new Map<string, SymbolEvidence>();
  for (const query of new Set(citations.symbols.filter((s) => !s.exempt).map((s) => s.query))) {
    const result = await runTraverse({ cwd: root, kind: "Symbol", query, limit: 1 });
    symbols.set(
      query,
      result.status === "hit"
        ? { found: true }
        : { found: false, reason: result.reason ?? "no-such-symbol", detail: result.detail ?? "not found", suggestions: result.suggestions },
    );
  }
  const paths = inspectPaths(root, citations.paths.filter((p) => !p.exempt).map((p) => p.path));
  return { path: shown, report: spokenHere(root, validateHandoff(handoff, citations, { paths, symbols })), invocation: invocationAt(root) };
}

/** The report with the ctx commands its fixes quote as they run here (`node_modules/.bin/ctx index` where ctx is a dev dependency). */
function spokenHere(root: string, report: HandoffReport): HandoffReport {
  const invocation = invocationAt(root);
  const said = (problems: HandoffProblem[]): HandoffProblem[] => problems.map((p) => ({ ...p, message: spokenAs(p.message, invocation), fix: spokenAs(p.fix, invocation) }));
  return { ...report, errors: said(report.errors), warnings: said(report.warnings) };
}
