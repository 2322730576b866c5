import { managerInstructions } from "../../core/hooks/hook-script.js";
import { hookRunCommand } from "../../core/init/agent-instructions.js";
import type { HookResult, HookRunResult } from "../commands/hook-command.js";

/** `ctx hook install|uninstall|status`: each hook's state, and what to do when a manager owns the hooks or ctx cannot be found. */
export function renderHookText(done: HookResult): string {
  const { setup } = done;
  if (done.action === "install" && !done.changed && setup.manager !== null) return `${managerInstructions(setup.manager, hookRunCommand(setup.location)).join("\n")}\n`;
  const verb = done.action === "install" ? "installed" : done.action === "uninstall" ? "removed" : "status";
  const lines = [`ctx hook ${verb}: ${setup.dir}`];
  for (const state of setup.hooks) {
    const what = state.present === "ctx" ? "ctx's hook" : state.present === "other" ? "another hook (not ctx's)" : "none";
    lines.push(`  ${state.hook.padEnd(17)} ${what}${state.present === "ctx" && state.chained ? `, runs ${state.hook}.ctx-chained first` : ""}`);
  }
  if (setup.manager !== null && done.action === "status") lines.push(...managerInstructions(setup.manager, hookRunCommand(setup.location)).map((line) => `  ${line}`));
  if (setup.hooks.some((state) => state.present === "ctx")) {
    lines.push(setup.ctx === null ? "  warning: the hook will not find ctx (no node_modules/.bin/ctx-nav, none on PATH): commits go through without refreshing .ai/ — `npm install -D ctx-nav`" : `  finds ctx at ${setup.ctx}`);
  }
  return `${lines.join("\n")}\n`;
}

/** What the hook did, said in one line; nothing when no staged path could change the index. */
export function renderHookRunText(done: HookRunResult, mergeStopped = false): string {
  if (done.reason === "no staged sources") return "";
  const lines = [`ctx hook: .ai/ refreshed (${done.parsed} file${done.parsed === 1 ? "" : "s"} re-parsed)${done.staged.length > 0 ? `; staged ${done.staged.join(", ")}` : "; already current"}`];
  if (done.partlyStaged.length > 0) lines.push(`ctx hook: ${done.partlyStaged.join(", ")} also has unstaged edits: indexed as staged, as the commit holds it; lookups in it miss as stale until you stage them or run ctx index`);
  if (mergeStopped) lines.push("ctx hook: the merge is staged with its regenerated index but not committed (git would commit the index from before): run `git commit --no-edit`");
  if (done.manifestLeft) lines.push("ctx hook: .ai/domain-manifest.yaml has unstaged edits of yours: refreshed but not staged — review and stage it");
  return `${lines.join("\n")}\n`;
}
