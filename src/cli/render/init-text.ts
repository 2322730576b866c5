import type { InitResult } from "../commands/init-command.js";

/** What `ctx init` did, a line per file. */
export function renderInitText(done: InitResult): string {
  const lines = [`ctx init: ${done.created.length} created, ${done.kept.length} left alone (they exist) in ${done.root}`];
  for (const path of done.created) lines.push(`  created     ${path}`);
  for (const path of done.kept) lines.push(`  left alone  ${path}`);
  lines.push(done.ignored.length > 0 ? `  .gitignore: added ${done.ignored.join(", ")}` : "  .gitignore: already ignores .ai/.cache/ and .ai/logs/");
  if (done.created.includes(".ai/HANDOFF.md")) lines.push("next: fill in .ai/HANDOFF.md before building (every [bracketed] placeholder), then `ctx index`");
  return `${lines.join("\n")}\n`;
}
