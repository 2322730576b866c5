import { spawn } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture, ctx, indexedFixture } from "../helpers/fixture.js";
import { HUB_SITES, hubRepository } from "../helpers/hub-repository.js";

const CTX_BIN = join(import.meta.dirname, "..", "..", "bin", "ctx.js");
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** `ctx mcp` started the way an agent's client starts it: a child process spoken to over stdio, by the SDK's own client. */
async function connect(dir: string): Promise<Client> {
  const client = new Client({ name: "ctx-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CTX_BIN, "mcp"], cwd: dir, stderr: "pipe" }));
  clients.push(client);
  return client;
}

interface ToolAnswer {
  isError: boolean;
  text: string;
  json: Record<string, unknown> & { status?: string; hits?: Record<string, unknown>[]; complete?: boolean; more?: number; cursor?: string | null; total?: number };
}

async function ask(client: Client, args: Record<string, unknown>): Promise<ToolAnswer> {
  const result = (await client.callTool({ name: "ctx", arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
  const text = result.content.map((part) => part.text).join("");
  return { isError: result.isError === true, text, json: result.isError ? {} : (JSON.parse(text) as ToolAnswer["json"]) };
}

const indexed = (): Promise<string> => indexedFixture("traverse/users-service");

const TRAVERSALS = [
  ["symbol", "Symbol", "UsersService"],
  ["caller", "Caller", "UsersService.findOne"],
  ["callee", "Callee", "UsersController.findOne"],
  ["endpoint", "Endpoint", "GET /users/:id"],
  ["module", "Module", "users"],
  ["err", "Err", "user not found"],
  ["brain", "Brain", "users"],
] as const;

describe("ctx mcp", () => {
  it("initializes as ctx and lists one read-only tool whose description says when to use it and what a miss means", async () => {
    const client = await connect(await indexed());
    expect(client.getServerVersion()?.name).toBe("ctx");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["ctx"]);
    const [tool] = tools;
    expect(tool!.description).toMatch(/symbols, calls, routes or\s+modules/);
    expect(tool!.description).toContain("TRAVERSE_MISS");
    expect(tool!.description).toContain("escape");
    expect(tool!.annotations?.readOnlyHint).toBe(true);
    expect(tool!.inputSchema.type).toBe("object");
    expect((tool!.inputSchema.properties as { request: { enum: string[] } }).request.enum).toEqual(["symbol", "caller", "callee", "impact", "flow", "endpoint", "module", "err", "brain", "show", "outline", "brief", "validate_handoff", "escape"]);
  });

  it("answers impact with the entry points of `ctx traverse Impact --json`, paged by the budget with the summary whole", async () => {
    const dir = await indexed();
    const client = await connect(dir);
    const cli = JSON.parse((await ctx(dir, "traverse", "Impact", "UsersService.findOne", "--json")).stdout) as { entries: object[]; complete: boolean };
    const answer = await ask(client, { request: "impact", query: "UsersService.findOne" });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.json).toMatchObject({ status: "hit", kind: "Impact", entries: cli.entries, total: cli.entries.length, more: 0, complete: cli.complete });
    expect(answer.json.entries).toContainEqual(expect.objectContaining({ kind: "endpoint", method: "GET", route: "/users/:id", path: "src/users/users.controller.ts" }));
    expect((await ask(client, { request: "impact", query: "UsersService.findOne", depth: 2 })).text).toMatch(/^invalid request: field `depth` \(request "impact"\)/);
  });

  it("answers flow with the tree of `ctx traverse Flow --json`, and the paths to a declaration with `to`", async () => {
    const dir = await indexed();
    const client = await connect(dir);
    const cli = JSON.parse((await ctx(dir, "traverse", "Flow", "GET /users/:id", "--json", "--budget", "1500")).stdout) as { nodes: object[] };
    const answer = await ask(client, { request: "flow", query: "GET /users/:id" });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.json).toMatchObject({ status: "hit", kind: "Flow", nodes: cli.nodes });
    expect((answer.json.nodes as { name: string }[]).map((node) => node.name)).toContain("UsersService.findOne");
    const paths = await ask(client, { request: "flow", query: "UsersController.findOne", to: "UsersService.findOne" });
    expect(paths.json).toMatchObject({ status: "hit", to: "UsersService.findOne", total: 1 });
  });

  it("answers every lookup with the data of `ctx traverse --json`, each hit marked fresh, and says when the evidence is complete", async () => {
    const dir = await indexed();
    const client = await connect(dir);
    for (const [request, kind, query] of TRAVERSALS) {
      const cli = JSON.parse((await ctx(dir, "traverse", kind, query, "--json")).stdout) as { status: string; hits: object[]; reason: string | null };
      const answer = await ask(client, { request, query });
      expect(answer.isError, `${request}: ${answer.text}`).toBe(false);
      expect(answer.json).toMatchObject({ status: cli.status, kind, query, reason: cli.reason });
      // Caller and callee come grouped (tested below); every other lookup's hits are the CLI's.
      if (request !== "caller" && request !== "callee") expect(answer.json.hits).toEqual(cli.hits.map((hit) => ({ ...hit, fresh: true })));
      else expect((answer.json.groups as { sites: string[] }[]).flatMap((group) => group.sites)).toHaveLength(cli.hits.length);
      expect(answer.json.complete).toBe(cli.status === "hit");
    }
    // The ones this fixture answers, so the loop above compared real hits.
    expect((await ask(client, { request: "endpoint", query: "GET /users/:id" })).json.hits![0]).toMatchObject({ path: "src/users/users.controller.ts", line: 8 });
    expect((await ask(client, { request: "caller", query: "UsersService.findOne" })).json.groups).toEqual([
      { callee: "UsersService.findOne", calleeKind: "method", calleeAt: "src/users/users.service.ts:6", path: "src/users/users.controller.ts", module: "users", sites: ["10 UsersController.findOne (method)"], fresh: true },
    ]);
  });

  it("brief, validate_handoff and escape answer too; the brief is the data of `ctx brief --json`, within the budget", async () => {
    const dir = await indexed();
    const client = await connect(dir);
    const task = "fix the 404 in GET /users/:id";
    const cli = JSON.parse((await ctx(dir, "brief", task, "--json")).stdout) as Record<string, unknown>;
    const brief = await ask(client, { request: "brief", query: task });
    expect(brief.json).toMatchObject({ task, lane: cli.lane, files: cli.files, endpoints: cli.endpoints, complete: true, omitted: {} });
    // A small budget cuts the longest lists from the end and says by how many.
    const small = await ask(client, { request: "brief", query: task, budget: 150 });
    expect(small.json.complete).toBe(false);
    const omitted = small.json.omitted as Record<string, number>;
    for (const [list, count] of Object.entries(omitted)) expect((small.json[list] as unknown[]).length + count).toBe((cli[list] as unknown[]).length);
    expect(Object.keys(omitted).length).toBeGreaterThan(0);
    const handoff = await ask(client, { request: "validate_handoff" });
    expect(handoff.json).toMatchObject({ path: ".ai/HANDOFF.md", valid: false });
    const escape = await ask(client, { request: "escape", query: "which Node version does CI use?", reason: "a config question" });
    expect(escape.json).toMatchObject({ status: "escape", complete: true });
    expect(escape.text).toContain("rg -n -F");
  });

  it("show and outline answer with the data of the CLI's --json; a long declaration comes in pages of lines that add up to it", async () => {
    const dir = await indexed();
    const client = await connect(dir);
    const cli = JSON.parse((await ctx(dir, "show", "UsersService", "--json", "--budget", "0")).stdout) as { source: { start: number; end: number; text: string } };
    const lines: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await ask(client, { request: "show", query: "UsersService", budget: 100, ...(cursor ? { cursor } : {}) });
      expect(page.json).toMatchObject({ status: "hit", matches: [{ name: "UsersService", path: "src/users/users.service.ts" }] });
      const source = page.json.source as { text: string; from: number; to: number };
      expect(source.from).toBe(cli.source.start + lines.length);
      lines.push(...source.text.split("\n"));
      cursor = page.json.cursor;
      expect(page.json.complete).toBe(!cursor);
    } while (cursor);
    expect(lines.join("\n")).toBe(cli.source.text);
    expect(lines.length).toBeGreaterThan(3);
    const outline = await ask(client, { request: "outline", query: "src/users/users.service.ts" });
    const outlineCli = JSON.parse((await ctx(dir, "outline", "src/users/users.service.ts", "--json")).stdout) as { files: { entries: { name: string }[] }[] };
    expect((outline.json.entries as { name: string }[]).map((entry) => entry.name)).toEqual(outlineCli.files[0]!.entries.map((entry) => entry.name));
    expect(outline.json.complete).toBe(true);
    expect((await ask(client, { request: "show", query: "NoSuchThing" })).json).toMatchObject({ status: "miss", reason: "no-such-symbol", complete: false });
  });

  it("never says complete while a call of that name is left unresolved, and lists every such call", async () => {
    const client = await connect(await indexedFixture("calls/never-silent-miss"));
    const answer = await ask(client, { request: "caller", query: "QueryObserver.setOptions" });
    expect(answer.json).toMatchObject({ status: "hit", more: 0, complete: false });
    expect((answer.json.candidates as { path: string; line: number }[]).map((hit) => `${hit.path}:${hit.line}`)).toEqual(["src/use-base-query.ts:8", "src/use-base-query.ts:11"]);
    expect((await ask(client, { request: "caller", query: "direct" })).json).toMatchObject({ status: "hit", complete: true });
  });

  it("pages every call site of a declaration called thousands of times, to the last, then says complete", async () => {
    const client = await connect(await hubRepository());
    let cursor: string | null | undefined;
    let sites = 0;
    let pages = 0;
    do {
      const page = await ask(client, { request: "caller", query: "hub", budget: 20000, ...(cursor ? { cursor } : {}) });
      sites += (page.json.groups as { sites: string[] }[]).reduce((sum, group) => sum + group.sites.length, 0);
      expect(page.json.total).toBe(HUB_SITES);
      expect(page.json.capped).toBeUndefined();
      cursor = page.json.cursor;
      expect(page.json.complete).toBe(!cursor);
      pages += 1;
    } while (cursor);
    expect(sites).toBe(HUB_SITES);
    expect(pages).toBeGreaterThan(1);
  });

  it("pages hits to the budget: `more` and a cursor, and the pages together are every hit, once", async () => {
    const dir = copyFixture("traverse/users-service");
    writeFileSync(join(dir, "src", "jobs.ts"), Array.from({ length: 30 }, (_, i) => `export class Job${i} {\n  run(): number {\n    return ${i};\n  }\n}\n`).join(""));
    await ctx(dir, "index", "-q");
    const client = await connect(dir);
    const all = JSON.parse((await ctx(dir, "traverse", "Symbol", "run", "--json", "--limit", "100")).stdout) as { hits: { container: string }[] };
    expect(all.hits).toHaveLength(30);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await ask(client, { request: "symbol", query: "run", budget: 400, ...(cursor ? { cursor } : {}) });
      const hits = page.json.hits!;
      expect(hits.length).toBeGreaterThan(0);
      seen.push(...hits.map((hit) => hit.container as string));
      expect(page.json.more).toBe(30 - seen.length);
      expect(page.json.complete).toBe(seen.length === 30);
      cursor = page.json.cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThan(2);
    expect(seen).toEqual(all.hits.map((hit) => hit.container));
  });

  it("groups call sites under their callee and file, so a page at the default budget holds every one of 60, and a tree keeps its numbers", async () => {
    const dir = copyFixture("traverse/users-service");
    writeFileSync(join(dir, "src", "bounds.ts"), "export function getBounds(x: number): number {\n  return x;\n}\n");
    for (const area of ["a", "b", "c"]) {
      const callers = Array.from({ length: 20 }, (_, i) => `export function ${area}Caller${i}(): number {\n  return getBounds(${i});\n}\n`).join("");
      writeFileSync(join(dir, "src", `${area}.ts`), `import { getBounds } from "./bounds";\n${callers}export function ${area}Top(): number {\n  return ${area}Caller0() + ${area}Caller1();\n}\n`);
    }
    await ctx(dir, "index", "-q");
    const client = await connect(dir);
    const page = await ask(client, { request: "caller", query: "getBounds" });
    expect(page.json).toMatchObject({ status: "hit", total: 60, more: 0, complete: true });
    const groups = page.json.groups as { callee: string; calleeAt: string; path: string; sites: string[] }[];
    expect(groups.map((group) => [group.callee, group.calleeAt, group.path, group.sites.length])).toEqual([
      ["getBounds", "src/bounds.ts:1", "src/a.ts", 20],
      ["getBounds", "src/bounds.ts:1", "src/b.ts", 20],
      ["getBounds", "src/bounds.ts:1", "src/c.ts", 20],
    ]);
    expect(groups[0]!.sites.slice(0, 2)).toEqual(["3 aCaller0 (function)", "6 aCaller1 (function)"]);

    // Two levels, paged small: the pages together hold each site once, and every parent is a site's number.
    const numbered: { n: number; caller: string; parent: number | null }[] = [];
    let cursor: string | null | undefined;
    do {
      const next = await ask(client, { request: "caller", query: "getBounds", depth: 2, budget: 300, ...(cursor ? { cursor } : {}) });
      for (const group of next.json.groups as { sites: string[] }[]) {
        for (const text of group.sites) {
          const [, n, caller, parent] = /^#(\d+) \d+ (\S+) \(function\)(?: ← #(\d+))?$/.exec(text)!;
          numbered.push({ n: Number(n), caller: caller!, parent: parent === undefined ? null : Number(parent) });
        }
      }
      cursor = next.json.cursor;
    } while (cursor);
    expect(numbered.map((site) => site.n)).toEqual(numbered.map((_, i) => i));
    expect(numbered).toHaveLength(66);
    const top = numbered.filter((site) => site.parent !== null);
    expect(top.map((site) => [site.caller, numbered[site.parent!]!.caller])).toContainEqual(["aTop", "aCaller0"]);
  });

  it("counts caller sites in test files without listing them, as the CLI does, and lists them last when asked with tests", async () => {
    const dir = await indexedFixture("traverse/test-callers");
    const client = await connect(dir);
    const sitesOf = (answer: ToolAnswer): string[] => (answer.json.groups as { path: string; sites: string[] }[]).flatMap((group) => group.sites.map((site) => `${group.path} ${site}`));
    const one = await ask(client, { request: "caller", query: "format" });
    expect(sitesOf(one)).toEqual(["src/report.ts 4 report (function)"]);
    expect(one.json).toMatchObject({ total: 1, more: 0, tests: { sites: 1, files: 1 }, complete: true });
    const deep = await ask(client, { request: "caller", query: "format", depth: 2 });
    expect(sitesOf(deep)).toEqual(["src/report.ts #0 4 report (function)", "src/main.ts #1 4 main (function) ← #0"]);
    expect(deep.json).toMatchObject({ total: 2, tests: { sites: 2, files: 2 }, complete: true });
    const all = await ask(client, { request: "caller", query: "format", depth: 2, tests: true });
    expect(sitesOf(all)).toEqual([
      "src/report.ts #0 4 report (function)",
      "src/main.ts #1 4 main (function) ← #0",
      "src/__tests__/report.test.ts #2 4 checkReport (function) ← #0",
      "src/__tests__/format.test.ts #3 4 checkFormat (function)",
    ]);
    expect(all.json.tests).toBeUndefined();
    expect(await ask(client, { request: "symbol", query: "format", tests: true })).toMatchObject({ isError: true, text: expect.stringContaining("field `tests`") });
  });

  it("answers a line that is not JSON with -32700, bad params with -32602 in one line, and every request piped before the input ends", async () => {
    const dir = await indexed();
    const lines = [
      "{not json",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "ctx", arguments: null } }),
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "ctx", arguments: { request: "symbol", query: "UsersService" } } }),
    ];
    const child = spawn(process.execPath, [CTX_BIN, "mcp"], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end(`${lines.join("\n")}\n`);
    expect(await new Promise((done) => child.on("close", done))).toBe(0);
    const answers = stdout.trim().split("\n").map((line) => JSON.parse(line) as { id: number | null; error?: { code: number; message: string }; result?: unknown });
    expect(answers.find((answer) => answer.id === null)?.error?.code).toBe(-32700);
    const params = answers.find((answer) => answer.id === 2)!.error!;
    expect(params.code).toBe(-32602);
    expect(params.message).toMatch(/^invalid params: `arguments` must be an object .*, got null$/);
    expect(answers.find((answer) => answer.id === 3)?.result).toBeDefined();
  });

  it("a malformed request gets an error naming the field; a stale file is rejected, not answered; no index is a miss saying so", async () => {
    const dir = await indexed();
    const client = await connect(dir);
    expect(await ask(client, { request: "symbol" })).toMatchObject({ isError: true, text: expect.stringMatching(/^invalid request: field `query` \(request "symbol"\)/) });
    expect(await ask(client, { request: "caller", query: "x", depth: 9 })).toMatchObject({ isError: true, text: expect.stringContaining("field `depth`") });
    expect(await ask(client, { request: "grep", query: "x" })).toMatchObject({ isError: true, text: expect.stringContaining("field `request`: one of symbol, caller") });

    appendFileSync(join(dir, "src", "users", "users.service.ts"), "\nexport const edited = true;\n");
    const stale = await ask(client, { request: "symbol", query: "UsersService" });
    expect(stale.json).toMatchObject({ status: "miss", hits: [], complete: false });
    expect(stale.json.rejected).toEqual([expect.objectContaining({ path: "src/users/users.service.ts", reason: "modified" })]);

    const bare = await connect(copyFixture("traverse/users-service"));
    expect((await ask(bare, { request: "symbol", query: "UsersService" })).json).toMatchObject({ status: "miss", reason: "not-indexed", complete: false });
  });
});
