import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeRegistry, type FakeRegistry } from "../helpers/fake-registry.js";
import { git, tempDir } from "../helpers/fixture.js";

const BIN = join(import.meta.dirname, "..", "..", "bin", "ctx.js");
const registries: FakeRegistry[] = [];

afterEach(async () => {
  for (const registry of registries.splice(0)) await registry.close();
});

/**
 * The environment of a machine where ctx-nav is installed nowhere: no `ctx` or `ctx-nav` on PATH, none of
 * the npm settings of the process running the tests, npm's cache empty, and the registry `registry`.
 */
function bareEnvironment(work: string, registry: string, ranLog: string): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "" && !existsSync(join(dir, "ctx")) && !existsSync(join(dir, "ctx-nav")) && !dir.includes("node_modules"));
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  writeFileSync(join(work, "npmrc"), "");
  return {
    ...env,
    PATH: [dirname(process.execPath), ...path].join(delimiter),
    NO_COLOR: "1",
    RAN_LOG: ranLog,
    npm_config_registry: registry,
    npm_config_cache: join(work, "npm-cache"),
    npm_config_userconfig: join(work, "npmrc"),
    npm_config_update_notifier: "false",
    npm_config_fetch_retries: "0",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    // Not spawnSync: the fake registry answers from this process's event loop.
    execFile(command, args, { cwd, env, encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/**
 * Every way a text runs ctx through npx, as the words up to the package npx looks up (`npx --no ctx`,
 * `npx -y ctx-nav`); and every other command that names ctx's bin. Found anywhere, prose included, so a
 * form written back into any text ctx writes or prints is found.
 */
function launchers(text: string): string[][] {
  const found: string[][] = [];
  for (const match of text.matchAll(/\bnpx((?:\s+-[^\s`'"]*)*)\s+([^\s`'"),;\]-][^\s`'"),;\]]*)/g)) found.push(["npx", ...match[1]!.trim().split(/\s+/).filter(Boolean), match[2]!]);
  for (const match of text.matchAll(/(?:^|[\s`'"])(node_modules\/\.bin\/ctx(?:-nav)?|node bin\/ctx\.js)(?=[\s`'"]|$)/gm)) found.push(match[1]!.split(" "));
  return found;
}

describe("the commands ctx writes and prints, in a repository where ctx-nav is not installed", () => {
  it("each run ctx-nav or fail: none fetches, let alone runs, a package of another name (such as the registry's `ctx`)", async () => {
    const work = tempDir();
    const ranLog = join(work, "ran.log");
    writeFileSync(ranLog, "");
    const registry = await startFakeRegistry(work, ranLog);
    registries.push(registry);
    const env = bareEnvironment(work, registry.url, ranLog);

    const dir = join(work, "app");
    mkdirSync(join(dir, "src"), { recursive: true });
    writeFileSync(join(dir, "src", "prices.ts"), "export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n");
    git(dir, "init", "-q", "-b", "main");
    const ctx = (cwd: string, ...args: string[]) => run(process.execPath, [BIN, ...args], cwd, env);

    // What ctx prints: init, the hints of a lookup, a brief and the gates before and after an index, the hook
    // managers' lines, and every help text.
    const printed: string[] = [];
    const say = async (cwd: string, ...args: string[]) => printed.push((await ctx(cwd, ...args)).output);
    await say(dir, "traverse", "Symbol", "total");
    await say(dir, "brief", "fix the total");
    const init = await ctx(dir, "init", "--ci", "github", "--mcp", "claude,cursor,vscode,codex");
    expect(init.code, init.output).toBe(0);
    printed.push(init.output);
    await say(dir, "validate-handoff");
    await say(dir, "index");
    writeFileSync(join(dir, "src", "prices.ts"), "export function total(): number {\n  return 0;\n}\n");
    await say(dir, "traverse", "Symbol", "total");
    await say(dir, "index", "--check");
    await say(dir, "brief", "fix the total");
    const husky = join(work, "husky-app");
    mkdirSync(join(husky, ".husky", "_"), { recursive: true });
    git(husky, "init", "-q");
    await say(husky, "hook", "install");
    const lefthook = join(work, "lefthook-app");
    mkdirSync(lefthook);
    git(lefthook, "init", "-q");
    writeFileSync(join(lefthook, "lefthook.yml"), "pre-push:\n  commands: {}\n");
    await say(lefthook, "hook", "install");
    for (const command of ["", "init", "index", "traverse", "show", "outline", "brief", "validate-handoff", "complete-task", "compress", "hook", "mcp"]) {
      await say(dir, ...(command === "" ? [] : [command]), "--help");
    }
    expect(printed.join("\n")).toContain("husky manages");
    expect(printed.join("\n")).toContain("codex mcp add ctx --");

    // What ctx wrote.
    const written = ["AGENTS.md", "CLAUDE.md", ".github/workflows/ctx.yml", ".mcp.json", ".cursor/mcp.json", ".vscode/mcp.json"].map((file) => readFileSync(join(dir, file), "utf8"));
    const servers = [
      JSON.parse(written[3]!).mcpServers.ctx,
      JSON.parse(written[4]!).mcpServers.ctx,
      JSON.parse(written[5]!).servers.ctx,
    ] as { command: string; args: string[] }[];

    // Each command is run as written, with a ctx subcommand after it (npx reads options up to the first word that is not one).
    const commands = new Map<string, string[]>();
    for (const launcher of launchers([...printed, ...written].join("\n"))) commands.set(launcher.join(" "), [...launcher, "index", "--check"]);
    for (const server of servers) {
      const argv = [server.command, ...server.args.map((arg) => arg.replaceAll("${workspaceFolder}", dir))];
      commands.set(argv.join(" "), argv);
    }
    expect([...commands.keys()].some((command) => command.startsWith("npx"))).toBe(true);

    const verdicts: { command: string; code: number; requested: string[]; ran: string[] }[] = [];
    const attempt = async (argv: string[]) => {
      const before = registry.requested.length;
      writeFileSync(ranLog, "");
      const done = await run(argv[0]!, argv.slice(1), dir, env);
      return { command: argv.join(" "), code: done.code, requested: [...new Set(registry.requested.slice(before))], ran: readFileSync(ranLog, "utf8").split("\n").filter(Boolean) };
    };
    for (const argv of commands.values()) verdicts.push(await attempt(argv));
    for (const verdict of verdicts) {
      expect(verdict.requested.filter((name) => name !== "ctx-nav"), verdict.command).toEqual([]);
      expect(verdict.ran.filter((name) => name !== "ctx-nav"), verdict.command).toEqual([]);
      // It ran ctx-nav (here: the registry's, as npx -y ctx-nav would), or it failed.
      expect(verdict.code !== 0 || verdict.ran.includes("ctx-nav"), `${verdict.command} exited 0 without running ctx-nav`).toBe(true);
    }

    // The check would see the danger: npx with the bare name fetches the registry's `ctx` (and, without --no, runs it).
    expect(await attempt(["npx", "ctx", "index", "--check"])).toMatchObject({ requested: ["ctx"], ran: ["ctx"] });
    expect((await attempt(["npx", "--no", "ctx", "index", "--check"])).requested).toEqual(["ctx"]);
  }, 180_000);
});
