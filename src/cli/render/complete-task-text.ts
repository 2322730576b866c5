import type { CompleteTaskResult } from "../commands/complete-task-command.js";
import { renderHandoffText } from "./handoff-text.js";

const indent = (text: string): string[] => text.replace(/\n$/, "").split("\n").map((line) => `    ${line}`);

/** What `ctx complete-task` did (or would do with --dry-run), or why it refused. */
export function renderCompleteTaskText(result: CompleteTaskResult): string {
  const { report, path } = result.handoff;
  if (result.status === "refused") {
    const count = `${report.errors.length} problem${report.errors.length === 1 ? "" : "s"}`;
    return `${renderHandoffText(result.handoff)}ctx complete-task: refused: ${path} does not validate (${count}); fix it, or pass --force to record anyway (the entry says so)\n`;
  }
  const plan = result.plan!;
  const type = /- type: ([\w-]+)/.exec(plan.brainEntry.text)?.[1] ?? "";
  const lines: string[] = [];
  if (result.forced) lines.push(`warning: ${path} does not validate (${report.errors.length} problems); recorded anyway (--force), and the entry says so`);
  if (result.status === "dry-run") {
    lines.push(`ctx complete-task --dry-run: would record ${plan.id} (${type}); nothing written`);
    lines.push("  would append to .ai/lessons-learned.md:", ...indent(plan.lesson));
    lines.push(`  would create ${plan.brainEntry.path}:`, ...indent(plan.brainEntry.text));
    lines.push("  would add to .ai/brain-index.md:", ...indent(plan.brainRow));
    if (plan.hot) lines.push("  would append to .ai/hot-cache.jsonl:", ...indent(JSON.stringify(plan.hot)));
    if (plan.incident) lines.push("  would append to .ai/incident-cache.jsonl:", ...indent(JSON.stringify(plan.incident)));
    for (const write of result.writes.filter((w) => w.action === "archived" || w.action === "reset")) {
      lines.push(write.action === "archived" ? `  would archive .ai/HANDOFF.md as ${write.path}` : `  would reset ${write.path} from the template`);
    }
    return `${lines.join("\n")}\n`;
  }
  lines.push(`ctx complete-task: recorded ${plan.id} (${type})`);
  lines.push(result.reindexed === null ? "  index     not refreshed (no index, or --no-index)" : `  index     refreshed: ${result.reindexed} file${result.reindexed === 1 ? "" : "s"} re-parsed`);
  for (const write of result.writes) lines.push(`  ${write.action.padEnd(9)} ${write.path}${write.action === "reset" ? " (from the template)" : ""}`);
  return `${lines.join("\n")}\n`;
}

export function completeTaskJson(result: CompleteTaskResult): object {
  const { report } = result.handoff;
  return {
    status: result.status,
    id: result.id,
    forced: result.forced,
    handoff: { path: result.handoff.path, valid: report.valid, errors: report.errors, warnings: report.warnings },
    writes: result.writes,
    plan: result.plan,
    reindexed: result.reindexed,
  };
}
