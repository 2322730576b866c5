import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { ctx, git, tempDir } from "../helpers/fixture.js";
import { linkCtxNav } from "../helpers/linked-install.js";

const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** A repository with ctx-nav installed in it (linked to this build) and one class to look up. */
function project(): string {
  const dir = tempDir();
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "users.ts"), "export class UsersService {\n  find(id: string): string {\n    return id;\n  }\n}\n");
  git(dir, "init", "-q", "-b", "main");
  linkCtxNav(dir);
  return dir;
}

/**
 * The environment a client starts the server with: this one, minus the npm settings of the process running the
 * tests, with npm's cache empty and no registry to reach — a command that would download fails here.
 */
function clientEnvironment(dir: string): Record<string, string> {
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !/^npm_/i.test(entry[0])));
  return { ...env, npm_config_cache: join(dir, ".npm-cache"), npm_config_registry: "http://127.0.0.1:9/", npm_config_offline: "true", npm_config_update_notifier: "false" };
}

/**
 * Starts the server as the client does — `command` and `args` with `${workspaceFolder}` replaced by the folder, in
 * `cwd` (Cursor: `/`; Claude Code and codex: the project) — and looks a symbol up through it with the SDK's client.
 */
async function lookUpThrough(server: { command: string; args: string[] }, dir: string, cwd: string): Promise<Record<string, unknown>> {
  const substitute = (text: string): string => text.replaceAll("${workspaceFolder}", dir);
  const client = new Client({ name: "ctx-test", version: "1.0.0" });
  const transport = new StdioClientTransport({ command: substitute(server.command), args: server.args.map(substitute), cwd, env: clientEnvironment(dir), stderr: "pipe" });
  await client.connect(transport);
  clients.push(client);
  const result = (await client.callTool({ name: "ctx", arguments: { request: "symbol", query: "UsersService.find" } })) as { isError?: boolean; content: { text: string }[] };
  expect(result.isError ?? false).toBe(false);
  return JSON.parse(result.content[0]!.text) as Record<string, unknown>;
}

const HIT = { status: "hit", hits: [expect.objectContaining({ path: "src/users.ts", line: 2 })] };

interface Setup {
  client: string;
  file: string | null;
  status: string;
  server: { command: string; args: string[] };
  run: string | null;
}

describe("ctx init --mcp", () => {
  it("writes each client's configuration, and the server each one starts answers a lookup in the repository", async () => {
    const dir = project();
    const init = await ctx(dir, "init", "--mcp", "claude,cursor", "--mcp", "vscode", "--mcp", "codex", "--json");
    expect(init.code, init.stderr).toBe(0);
    const { mcp } = JSON.parse(init.stdout) as { mcp: Setup[] };
    expect(mcp.map(({ client, file, status }) => [client, file, status])).toEqual([
      ["claude", ".mcp.json", "created"],
      ["cursor", ".cursor/mcp.json", "created"],
      ["vscode", ".vscode/mcp.json", "created"],
      ["codex", null, "printed"],
    ]);
    expect((await ctx(dir, "index", "-q")).code).toBe(0);

    const claude = JSON.parse(readFileSync(join(dir, ".mcp.json"), "utf8")) as { mcpServers: { ctx: Setup["server"] } };
    expect(await lookUpThrough(claude.mcpServers.ctx, dir, dir)).toMatchObject(HIT);
    // Cursor starts a project's servers in `/`: the folder reaches ctx through ${workspaceFolder} alone.
    const cursor = JSON.parse(readFileSync(join(dir, ".cursor", "mcp.json"), "utf8")) as { mcpServers: { ctx: Setup["server"] } };
    expect(await lookUpThrough(cursor.mcpServers.ctx, dir, "/")).toMatchObject(HIT);
    // The check tells a broken configuration from a working one: the form the README gave hands -C to npm (as
    // --prefix), so ctx serves `/`, where nothing is indexed.
    expect(await lookUpThrough({ command: "npx", args: ["--no", "ctx", "-C", "${workspaceFolder}", "mcp"] }, dir, "/")).toMatchObject({ status: "miss", reason: "not-indexed" });
    const vscode = JSON.parse(readFileSync(join(dir, ".vscode", "mcp.json"), "utf8")) as { servers: { ctx: Setup["server"] & { type: string } } };
    expect(vscode.servers.ctx.type).toBe("stdio");
    expect(await lookUpThrough(vscode.servers.ctx, dir, "/")).toMatchObject(HIT);

    // codex: the line to run, whose command (after `--`) codex starts in the project it works in.
    const codex = mcp.find((setup) => setup.client === "codex")!;
    expect(codex.run).toMatch(/^codex mcp add ctx -- /);
    const [command, ...args] = codex.run!.slice("codex mcp add ctx -- ".length).split(" ");
    expect(await lookUpThrough({ command: command!, args }, dir, dir)).toMatchObject(HIT);
  });

  it("keeps the other servers of an existing file, and a re-run changes no byte", async () => {
    const dir = project();
    const theirs = { mcpServers: { docs: { command: "docs-server", args: ["--port", "1"] }, ctx: { command: "npx", args: ["--no", "ctx", "-C", "${workspaceFolder}", "mcp"] } }, other: true };
    mkdirSync(join(dir, ".cursor"));
    writeFileSync(join(dir, ".cursor", "mcp.json"), JSON.stringify(theirs));
    const first = JSON.parse((await ctx(dir, "init", "--mcp", "cursor,claude", "--json")).stdout) as { mcp: Setup[] };
    expect(first.mcp.map((setup) => [setup.client, setup.status])).toEqual([
      ["claude", "created"],
      ["cursor", "updated"],
    ]);
    const written = JSON.parse(readFileSync(join(dir, ".cursor", "mcp.json"), "utf8")) as typeof theirs;
    expect(Object.keys(written.mcpServers)).toEqual(["docs", "ctx"]);
    expect(written.mcpServers.docs).toEqual(theirs.mcpServers.docs);
    expect(written.other).toBe(true);
    expect(written.mcpServers.ctx.args).toContain("${workspaceFolder}");

    const before = [".mcp.json", ".cursor/mcp.json"].map((file) => readFileSync(join(dir, file)));
    const again = await ctx(dir, "init", "--mcp", "claude", "--mcp", "cursor");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("mcp cursor: .cursor/mcp.json already starts ctx's server");
    expect([".mcp.json", ".cursor/mcp.json"].map((file) => readFileSync(join(dir, file)))).toEqual(before);
  });

  it("stops on a file that is not JSON with one line and exit 2, leaving it, and everything else, unwritten", async () => {
    const dir = project();
    mkdirSync(join(dir, ".vscode"));
    const jsonc = '{\n  // my servers\n  "servers": {}\n}\n';
    writeFileSync(join(dir, ".vscode", "mcp.json"), jsonc);
    const run = await ctx(dir, "init", "--mcp", "claude,vscode");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^ctx: \.vscode\/mcp\.json: not valid JSON \(.*\); left as it is, nothing written — fix it, or add ctx's server to it by hand: \{"servers":\{"ctx":\{"type":"stdio",.*\}\}\}\n$/);
    expect(readFileSync(join(dir, ".vscode", "mcp.json"), "utf8")).toBe(jsonc);
    for (const file of [".mcp.json", ".ai", "AGENTS.md"]) expect(existsSync(join(dir, file)), file).toBe(false);
    expect((await ctx(dir, "init", "--mcp", "zed")).stderr).toContain('"zed" is not a client ctx configures: expected claude, cursor, vscode, codex');
  });

  it("writes no client file unasked, and says how to ask", async () => {
    const dir = project();
    const run = await ctx(dir, "init");
    for (const file of [".mcp.json", ".cursor", ".vscode"]) expect(existsSync(join(dir, file)), file).toBe(false);
    expect(run.stdout).toContain("mcp: `node_modules/.bin/ctx init --mcp claude|cursor|vscode|codex` writes the client's configuration");
  });

  it("every server command `ctx mcp --help` shows starts a server that answers", async () => {
    const dir = project();
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const help = (await ctx(dir, "mcp", "--help")).stdout;
    const adds = [...help.matchAll(/^ {2}(?:claude|codex) mcp add ctx -- (.+)$/gm)].map((match) => match[1]!.split(" "));
    expect(adds.length).toBe(2);
    for (const [command, ...args] of adds) expect(await lookUpThrough({ command: command!, args }, dir, dir)).toMatchObject(HIT);
    // `ctx mcp -C <dir>` from another folder, through the installed bin.
    const serveOther = /^ {2}ctx mcp -C (\S+)/m.exec(help);
    expect(serveOther?.[1]).toBe("../app");
    const sibling = join(dir, "..", `${dir.split("/").at(-1)}-sibling`);
    mkdirSync(sibling);
    expect(await lookUpThrough({ command: join(dir, "node_modules", ".bin", "ctx"), args: ["mcp", "-C", dir] }, dir, sibling)).toMatchObject(HIT);
  });
});
