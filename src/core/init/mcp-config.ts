import type { CtxLocation } from "./agent-instructions.js";

/** The agents `ctx init --mcp` configures. */
export const MCP_CLIENTS = ["claude", "cursor", "vscode", "codex"] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/**
 * Each client's project file and the key its servers sit under. Codex has none: it keeps servers in
 * the user's ~/.codex/config.toml, so it gets the `codex mcp add` line to run instead.
 */
export const MCP_FILES = {
  claude: { path: ".mcp.json", key: "mcpServers" },
  cursor: { path: ".cursor/mcp.json", key: "mcpServers" },
  vscode: { path: ".vscode/mcp.json", key: "servers" },
} as const;
export type McpFileClient = keyof typeof MCP_FILES;

/** The name ctx's server is registered under in every client. */
export const MCP_SERVER_NAME = "ctx";

/** Cursor and VS Code put the opened folder's path in place of this, in `command` and `args`. */
export const WORKSPACE_FOLDER = "${workspaceFolder}";

export interface McpServerCommand {
  command: string;
  args: string[];
}

/**
 * How a client starts `ctx mcp` for a repository where ctx is at `location`.
 *
 * NOTE: Cursor starts project servers in `/` and VS Code where it likes, so both get the folder
 * through `${workspaceFolder}` — in the script's path and in `-C`; Claude Code starts them in the
 * project, where relative paths hold. `-C` comes after `mcp`: npx reads the options before the
 * first word that is not one as its own (`npx --no ctx -C dir` hands `-C` to npm, as `--prefix`).
 * The installed script runs through `node`: no npm start-up, no shell shim (Windows), and a clear
 * failure where it is not installed. Codex's line goes to the user's configuration, shared by every
 * project: npx finds the ctx-nav of whichever project codex runs in, and fails where there is none.
 */
export function mcpServerCommand(client: McpClient, location: CtxLocation): McpServerCommand {
  const folder = client === "cursor" || client === "vscode" ? WORKSPACE_FOLDER : null;
  const serve = folder === null ? ["mcp"] : ["mcp", "-C", folder];
  const script = (path: string): McpServerCommand => ({ command: "node", args: [folder === null ? path : `${folder}/${path}`, ...serve] });
  if (location === "path") return { command: "ctx", args: serve };
  if (location === null) return { command: "npx", args: ["-y", "ctx-nav", ...serve] };
  if (client === "codex") return { command: "npx", args: ["--no", "--", "ctx-nav", ...serve] };
  return location === "local" ? script("node_modules/ctx-nav/bin/ctx.js") : script("bin/ctx.js");
}

/** The entry a client's file holds for ctx's server (VS Code's names its transport). */
export function mcpServerEntry(client: McpFileClient, server: McpServerCommand): Record<string, unknown> {
  return client === "vscode" ? { type: "stdio", ...server } : { ...server };
}

/** The line that registers ctx's server with codex, as a shell runs it. */
export function codexAddLine(server: McpServerCommand): string {
  return ["codex", "mcp", "add", MCP_SERVER_NAME, "--", server.command, ...server.args].map(shellWord).join(" ");
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** A client's file with ctx's server in it: `text` null when it already holds exactly that entry. */
export type McpFileEdit = { ok: true; text: string | null; existed: boolean } | { ok: false; problem: string };

/**
 * `existing` (null: no file) with ctx's server set in it; every other server and key is kept, in
 * its order. Written as two-space JSON with a final newline, so a re-run finds the entry in place
 * and changes nothing. A file that is not a JSON object (comments included) is not rewritten.
 */
export function withMcpServer(existing: string | null, client: McpFileClient, entry: Record<string, unknown>): McpFileEdit {
  const { key } = MCP_FILES[client];
  let config: unknown = {};
  if (existing !== null && existing.trim() !== "") {
    try {
      config = JSON.parse(existing);
    } catch (error) {
      return { ok: false, problem: `not valid JSON (${(error as Error).message})` };
    }
  }
  if (!isPlainObject(config)) return { ok: false, problem: "expected a JSON object at the top" };
  const servers = config[key] ?? {};
  if (!isPlainObject(servers)) return { ok: false, problem: `expected "${key}" to be an object of servers` };
  if (JSON.stringify(servers[MCP_SERVER_NAME]) === JSON.stringify(entry)) return { ok: true, text: null, existed: true };
  const next = { ...config, [key]: { ...servers, [MCP_SERVER_NAME]: entry } };
  return { ok: true, text: `${JSON.stringify(next, null, 2)}\n`, existed: existing !== null };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `--mcp claude,cursor --mcp vscode` as the clients it names, each once, in MCP_CLIENTS order; null names the word that is not one. */
export function parseMcpClients(values: readonly string[]): { clients: McpClient[]; unknown: string | null } {
  const words = values.flatMap((value) => value.split(",")).map((word) => word.trim().toLowerCase()).filter((word) => word !== "");
  const unknown = words.find((word) => !(MCP_CLIENTS as readonly string[]).includes(word)) ?? null;
  return { clients: MCP_CLIENTS.filter((client) => words.includes(client)), unknown };
}
