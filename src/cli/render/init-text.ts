import type { InitResult, McpSetup } from "../commands/init-command.js";

/** What `ctx init` did, a line per file. */
export function renderInitText(done: InitResult): string {
  const lines = [`ctx init: ${done.created.length} created, ${done.kept.length} left alone (they exist) in ${done.root}`];
  for (const path of done.created) lines.push(`  created     ${path}`);
  for (const path of done.kept) lines.push(`  left alone  ${path}`);
  lines.push(done.ignored.length > 0 ? `  .gitignore: added ${done.ignored.join(", ")}` : "  .gitignore: already ignores .ai/.cache/ and .ai/logs/");
  lines.push(done.attributes.length > 0 ? `  .gitattributes: generated indexes now merge through ctx's driver (${done.attributes.length} lines)` : "  .gitattributes: already routes generated indexes to ctx's merge driver");
  lines.push(done.instructions.length > 0 ? `  agent instructions: ctx's section written to ${done.instructions.join(" and ")}` : "  agent instructions: AGENTS.md and CLAUDE.md are current");
  lines.push(done.mergeDriver ? "  git: merge driver ctx-index registered in this clone (.git/config)" : "  git: not a repository, no merge driver registered");
  for (const setup of done.mcp) lines.push(mcpLine(setup));
  if (done.created.includes(".ai/HANDOFF.md")) lines.push(`next: fill in .ai/HANDOFF.md before building (every [bracketed] placeholder), then \`${done.invocation} index\``);
  lines.push(`then: \`${done.invocation} hook install\` keeps .ai/ current on every commit`);
  if (done.mcp.length === 0) lines.push(`mcp: \`${done.invocation} init --mcp claude|cursor|vscode|codex\` writes the client's configuration for ctx's server`);
  return `${lines.join("\n")}\n`;
}

function mcpLine(setup: McpSetup): string {
  const command = [setup.server.command, ...setup.server.args].join(" ");
  if (setup.run !== null) return `  mcp ${setup.client}: codex keeps its servers in ~/.codex/config.toml — run: ${setup.run}`;
  return `  mcp ${setup.client}: ${setup.file} ${setup.status === "unchanged" ? "already starts ctx's server" : `${setup.status}, starts ctx's server`} (${command})`;
}
