#!/usr/bin/env node
// The user's path, from the packed tarball: `npm pack`, install it into a new project outside this repository (no access to
// its node_modules), then run what the README tells a user to run there — and fail on the first error. Catches a file
// missing from `files`, a dev dependency used at run time, a broken `bin`. Run by .ci/run; prints what it measured.
// Usage: node scripts/smoke-pack.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "ctx-smoke-"));
const env = { ...process.env, GIT_AUTHOR_NAME: "smoke", GIT_AUTHOR_EMAIL: "smoke@localhost", GIT_COMMITTER_NAME: "smoke", GIT_COMMITTER_EMAIL: "smoke@localhost", NO_COLOR: "1" };

/** The installed bin, as the instructions `ctx init` writes name it: no npm start-up, and no registry. */
const bin = (dir) => join(dir, "node_modules", ".bin", "ctx");

/** Runs a step; on failure prints what it printed and stops with exit 1. */
function step(label, command, args, cwd, input) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", input, maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    console.error(`smoke: ${label} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    process.exit(1);
  }
  console.error(`smoke: ${label} ok (${(ms / 1000).toFixed(2)} s)`);
  return result.stdout;
}

/** Commits what is there, then a new file, through whatever hook is installed, and checks the hook kept .ai/ current. */
function commitTwiceThroughHook(dir, label, file, source) {
  step(`git add (${label})`, "git", ["add", "-A"], dir);
  step(`git commit (${label})`, "git", ["commit", "-q", "-m", "first"], dir);
  writeFileSync(join(dir, "src", file), source);
  step(`git add (${label}, an edit)`, "git", ["add", "-A"], dir);
  step(`git commit (${label}: the hook refreshes .ai/)`, "git", ["commit", "-q", "-m", file], dir);
  const check = step(`ctx index --check (${label})`, bin(dir), ["index", "--check"], dir);
  if (!check.includes("up to date")) throw new Error(`the hook (${label}) did not keep the index current:\n${check}`);
}

try {
  const packed = JSON.parse(step("npm pack", "npm", ["pack", "--json", "--pack-destination", work], ROOT))[0];
  const tarball = join(work, packed.filename);
  const maps = packed.files.filter((file) => file.path.endsWith(".map"));
  if (maps.length > 0) throw new Error(`the package ships ${maps.length} source maps without their sources`);
  for (const needed of ["bin/ctx.js", "LICENSE", "README.md", "CHANGELOG.md", "templates/HANDOFF.md", "docs/commands.md", "docs/mcp.md"]) {
    if (!packed.files.some((file) => file.path === needed)) throw new Error(`the package lacks ${needed}`);
  }

  const app = join(work, "app");
  execFileSync("mkdir", ["-p", join(app, "src")]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "smoke-app", version: "1.0.0", private: true, type: "module" }, null, 2));
  writeFileSync(join(app, "src", "users.ts"), "export class UsersService {\n  find(id: string): string {\n    return id;\n  }\n}\nexport function getUser(id: string): string {\n  return new UsersService().find(id);\n}\n");
  step("git init", "git", ["init", "-q", "-b", "main"], app);
  step("npm i -D <tarball>", "npm", ["install", "--no-audit", "--no-fund", "-D", tarball], app);
  const version = step("ctx --version", bin(app), ["--version"], app).trim();
  if (version !== packed.version) throw new Error(`ctx --version printed ${version}, the package is ${packed.version}`);
  // npx by the package's name reaches the installed ctx-nav (its `ctx-nav` bin), never the registry.
  const viaNpx = step("npx --no -- ctx-nav --version", "npx", ["--no", "--", "ctx-nav", "--version"], app).trim();
  if (viaNpx !== packed.version) throw new Error(`npx --no -- ctx-nav --version printed ${viaNpx}, the package is ${packed.version}`);
  step("ctx init --mcp claude", bin(app), ["init", "--mcp", "claude"], app);
  if (!readFileSync(join(app, "AGENTS.md"), "utf8").includes("`node_modules/.bin/ctx brief")) throw new Error("AGENTS.md does not name the installed bin");
  step("ctx index", bin(app), ["index"], app);
  const hit = step("ctx traverse Symbol UsersService.find", bin(app), ["traverse", "Symbol", "UsersService.find"], app);
  if (!hit.startsWith("TRAVERSE_HIT")) throw new Error(`traverse did not hit:\n${hit}`);
  step("ctx traverse Caller UsersService.find", bin(app), ["traverse", "Caller", "UsersService.find"], app);
  step("ctx brief", bin(app), ["brief", "fix getUser when the id is empty"], app);
  step("ctx hook install", bin(app), ["hook", "install"], app);
  writeFileSync(join(app, ".gitignore"), "node_modules/\n");
  commitTwiceThroughHook(app, "ctx's hook", "orders.ts", "export function placeOrder(): number {\n  return 1;\n}\n");
  const requests = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "smoke", version: "1" } } },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
  ];
  // The server as Claude Code starts it: exactly the command of the .mcp.json `ctx init --mcp claude` wrote, in the project.
  const server = JSON.parse(readFileSync(join(app, ".mcp.json"), "utf8")).mcpServers.ctx;
  const answers = step(`ctx mcp through .mcp.json (${[server.command, ...server.args].join(" ")}; tools/list)`, server.command, server.args, app, `${requests.map((r) => JSON.stringify(r)).join("\n")}\n`);
  const tools = answers.trim().split("\n").map((line) => JSON.parse(line)).find((answer) => answer.id === 2)?.result?.tools ?? [];
  if (tools.length !== 1 || tools[0].name !== "ctx") throw new Error(`mcp listed ${JSON.stringify(tools)}`);

  // Under husky, as its users have it: ctx prints the line for .husky/pre-commit, and a commit through it refreshes .ai/.
  const husky = join(work, "husky-app");
  execFileSync("mkdir", ["-p", join(husky, "src")]);
  writeFileSync(join(husky, "package.json"), JSON.stringify({ name: "smoke-husky", version: "1.0.0", private: true, type: "module" }, null, 2));
  writeFileSync(join(husky, ".gitignore"), "node_modules/\n");
  writeFileSync(join(husky, "src", "cart.ts"), "export function total(prices: number[]): number {\n  return prices.reduce((a, b) => a + b, 0);\n}\n");
  step("git init (husky)", "git", ["init", "-q", "-b", "main"], husky);
  step("npm i -D <tarball> husky", "npm", ["install", "--no-audit", "--no-fund", "-D", tarball, "husky@9"], husky);
  step("npx husky init", "npx", ["--no", "--", "husky", "init"], husky);
  step("ctx init", bin(husky), ["init"], husky);
  step("ctx index", bin(husky), ["index"], husky);
  const advice = spawnSync(bin(husky), ["hook", "install"], { cwd: husky, env, encoding: "utf8" });
  const line = advice.stdout.split("\n")[1]?.trim() ?? "";
  if (advice.status !== 1 || !advice.stdout.startsWith("husky manages") || line === "") throw new Error(`ctx hook install under husky printed:\n${advice.stdout}${advice.stderr}`);
  console.error(`smoke: ctx hook install under husky says to add: ${line}`);
  writeFileSync(join(husky, ".husky", "pre-commit"), `${line}\n`);
  commitTwiceThroughHook(husky, "husky", "tax.ts", "export function tax(total: number): number {\n  return total * 0.2;\n}\n");

  const installed = join(app, "node_modules", packed.name);
  const size = (dir) => readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? size(join(dir, entry.name)) : statSync(join(dir, entry.name)).size), 0);
  console.log(JSON.stringify({ package: `${packed.name}@${packed.version}`, tarballBytes: packed.size, unpackedBytes: packed.unpackedSize, files: packed.entryCount, installedBytes: size(installed) }));
} catch (error) {
  console.error(`smoke: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
