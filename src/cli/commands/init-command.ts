import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { agentSection, CLAUDE_POINTER, ctxInvocation, withSection, type CtxLocation } from "../../core/init/agent-instructions.js";
import { CI_FILES, gitattributesAdditions, gitignoreAdditions, INIT_FILES, type CiProvider } from "../../core/init/init-plan.js";
import { codexAddLine, MCP_CLIENTS, MCP_FILES, mcpServerCommand, mcpServerEntry, withMcpServer, type McpClient, type McpServerCommand } from "../../core/init/mcp-config.js";
import { CtxError } from "../../errors.js";
import { createIfAbsent, readIfReadable, writeFileAtomic } from "../../io/atomic-write.js";
import { gitHooksDir } from "../../io/git.js";
import { locateCtx } from "../../io/locate-ctx.js";
import { MERGE_DRIVER, registerMergeDriver } from "../../io/merge-driver.js";
import { findRepoRoot } from "../../io/repo-root.js";
import { readTemplate } from "../../io/templates.js";

export interface InitResult {
  root: string;
  /** Files this run created, repository-relative. */
  created: string[];
  /** Files that existed and were left as they were. */
  kept: string[];
  /** The entries this run added to `.gitignore` (none when it had them). */
  ignored: string[];
  /** The lines this run added to `.gitattributes` (none when it had them). */
  attributes: string[];
  /** AGENTS.md and CLAUDE.md where this run added or updated ctx's section (none when they held it). */
  instructions: string[];
  /** Whether the merge driver for generated indexes is registered in this clone's git configuration (false outside git). */
  mergeDriver: boolean;
  /** How ctx runs in this repository (`node_modules/.bin/ctx`, `ctx`, or `npx -y ctx-nav` when it is not installed): what the instructions say. */
  invocation: string;
  /** The MCP clients `--mcp` named: what starts ctx's server for each, and where that was written. */
  mcp: McpSetup[];
}

/** One client's MCP configuration, as `ctx init --mcp` left it. */
export interface McpSetup {
  client: McpClient;
  /** The project file written, repository-relative; null for codex, whose servers live in the user's home. */
  file: string | null;
  /** created, updated (ctx's entry set, the rest kept), unchanged (it held exactly this), or printed (codex: a line to run). */
  status: "created" | "updated" | "unchanged" | "printed";
  /** What the client runs, before it puts the folder's path in place of `${workspaceFolder}`. */
  server: McpServerCommand;
  /** codex: the line that registers the server; null for the others. */
  run: string | null;
}

/**
 * Creates what is missing of `.ai/` from the templates and keeps ctx's section of the agent instructions current; never
 * overwrites a file of yours. With `mcp`, sets ctx's server in each client's project file (the rest of it kept).
 */
export async function runInit(cwd: string, options: { ci?: CiProvider; mcp?: readonly McpClient[] } = {}): Promise<InitResult> {
  const root = findRepoRoot(cwd);
  const location = locateCtx(root);
  // Planned before anything is written: a client file that cannot be read as JSON stops the run with nothing changed.
  const mcp = planMcp(root, location, options.mcp ?? []);
  const result: InitResult = { root, created: [], kept: [], ignored: [], attributes: [], instructions: [], mergeDriver: false, invocation: ctxInvocation(location), mcp: [] };
  for (const file of options.ci === undefined ? INIT_FILES : [...INIT_FILES, CI_FILES[options.ci]]) {
    const content = file.template === null ? "" : readTemplate(file.template);
    if (await createIfAbsent(join(root, file.path), content)) result.created.push(file.path);
    else result.kept.push(file.path);
  }
  result.ignored = await appendMissing(join(root, ".gitignore"), gitignoreAdditions);
  result.attributes = await appendMissing(join(root, ".gitattributes"), (existing) => gitattributesAdditions(existing, MERGE_DRIVER));
  for (const [file, section] of [["AGENTS.md", agentSection(location)], ["CLAUDE.md", CLAUDE_POINTER]] as const) {
    const next = withSection(readIfReadable(join(root, file)) ?? null, section);
    if (next === null) continue;
    await writeFileAtomic(join(root, file), next);
    result.instructions.push(file);
  }
  if ((await gitHooksDir(root)) !== null) {
    await registerMergeDriver(root);
    result.mergeDriver = true;
  }
  for (const { setup, text } of mcp) {
    if (setup.file !== null && text !== null) await writeFileAtomic(join(root, setup.file), text);
    result.mcp.push(setup);
  }
  return result;
}

/** Each client's setup and the text its file is to hold (null: leave it as it is); throws on a file that is not a JSON object. */
function planMcp(root: string, location: CtxLocation, clients: readonly McpClient[]): { setup: McpSetup; text: string | null }[] {
  return MCP_CLIENTS.filter((client) => clients.includes(client)).map((client) => {
    const server = mcpServerCommand(client, location);
    if (client === "codex") return { setup: { client, file: null, status: "printed", server, run: codexAddLine(server) }, text: null };
    const { path } = MCP_FILES[client];
    const edit = withMcpServer(readIfReadable(join(root, path)) ?? null, client, mcpServerEntry(client, server));
    if (!edit.ok) {
      const entry = JSON.stringify({ [MCP_FILES[client].key]: { ctx: mcpServerEntry(client, server) } });
      throw new CtxError("config", `${path}: ${edit.problem}; left as it is, nothing written`, `fix it, or add ctx's server to it by hand: ${entry}`);
    }
    return { setup: { client, file: path, status: edit.text === null ? "unchanged" : edit.existed ? "updated" : "created", server, run: null }, text: edit.text };
  });
}

async function appendMissing(path: string, additions: (existing: string | null) => { missing: string[]; text: string }): Promise<string[]> {
  const { missing, text } = additions(readIfReadable(path) ?? null);
  if (text !== "") await appendFile(path, text);
  return missing;
}
