import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, afterEach, expect } from "vitest";
import { runCli } from "../../src/cli/main.js";

const created: string[] = [];

afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ctx-test-"));
  created.push(dir);
  return dir;
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });
}

const templates = new Map<string, Promise<string>>();

afterAll(async () => {
  for (const template of templates.values()) rmSync(await template, { recursive: true, force: true });
  templates.clear();
});

/**
 * A fresh copy of what `build` makes, built once per test file: tests that start from the same indexed repository share
 * the build and get their own copy to change. The copy's files are newer than its caches, as after a copy: the first
 * lookup rebuilds the lookup cache and the index re-hashes what it checks.
 */
export async function prepared(key: string, build: (dir: string) => Promise<void>): Promise<string> {
  let template = templates.get(key);
  if (!template) {
    template = (async () => {
      const dir = mkdtempSync(join(tmpdir(), "ctx-template-"));
      await build(dir);
      return dir;
    })();
    templates.set(key, template);
  }
  const dir = tempDir();
  cpSync(await template, dir, { recursive: true });
  return dir;
}

/**
 * How ctx's hints name ctx in a test repository: neither installed in it nor (usually) on PATH, so
 * the one-off `npx -y ctx-nav`; `ctx` on a machine where PATH has one.
 */
export const CTX_HERE = (process.env.PATH ?? "").split(delimiter).some((entry) => entry !== "" && existsSync(join(entry, "ctx"))) ? "ctx" : "npx -y ctx-nav";

/** test/fixtures/<name> as a git repository with one commit, indexed by `ctx index`. */
export function indexedFixture(name: string): Promise<string> {
  return prepared(`indexed:${name}`, async (dir) => {
    fillFixture(dir, name, true);
    const run = await ctx(dir, "index", "-q");
    expect(run.code, run.stderr).toBe(0);
  });
}

function fillFixture(dir: string, name: string, repository: boolean): void {
  cpSync(join(import.meta.dirname, "..", "fixtures", name), dir, { recursive: true });
  if (repository) {
    git(dir, "init", "-q", "-b", "main");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "fixture");
  }
}

/** Copies test/fixtures/<name> to a temp dir; with `git: true` it becomes a repository with one commit. */
export function copyFixture(name: string, options: { git?: boolean } = { git: true }): string {
  const dir = tempDir();
  fillFixture(dir, name, options.git !== false);
  return dir;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process, as the binary would, capturing its output. */
export async function ctx(cwd: string, ...argv: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    cwd,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    isTTY: false,
  });
  return { code, stdout, stderr };
}

/** A lookup that must hit (exit 0): its text output as lines, without the final newline. */
export async function hitLines(cwd: string, ...argv: string[]): Promise<string[]> {
  const run = await ctx(cwd, ...argv);
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout.trimEnd().split("\n");
}

export function readAi(dir: string, file: string): string {
  return readFileSync(join(dir, ".ai", file), "utf8");
}

/** Data rows of a Markdown table in an .ai file, as trimmed cell arrays. */
export function tableRows(dir: string, file: string): string[][] {
  return readAi(dir, file)
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| ---"))
    .slice(1)
    .map((line) => line.slice(2, -2).split(" | ").map((cell) => cell.trim()));
}

/** method, route, handler, location, framework, as written, prefixes from — endpoint_index.md's rows for test/fixtures/endpoints/<fixture>, indexed. */
export async function endpointsOf(fixture: string): Promise<string[][]> {
  const dir = copyFixture(`endpoints/${fixture}`);
  const run = await ctx(dir, "index", "--quiet");
  expect(run.code).toBe(0);
  return tableRows(dir, "endpoint_index.md");
}

/** A new git repository holding these files (paths from its root), indexed. */
export async function indexedFiles(files: Record<string, string>): Promise<string> {
  const dir = tempDir();
  git(dir, "init", "-q");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  expect((await ctx(dir, "index", "-q")).code).toBe(0);
  return dir;
}

/**
 * Edits an indexed repository step by step: after each edit `ctx index` runs incrementally, the
 * call index must be what `expected` says, and equal to a full index of a copy without the cache.
 */
export function incrementalSteps(dir: string): (edit: () => void, expected: (index: string) => void) => Promise<void> {
  const full = async (): Promise<string> => {
    const copy = tempDir();
    cpSync(dir, copy, { recursive: true });
    rmSync(join(copy, ".ai", ".cache"), { recursive: true, force: true });
    expect((await ctx(copy, "index", "-q")).code).toBe(0);
    return readAi(copy, "call_index.md");
  };
  return async (edit, expected) => {
    edit();
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const index = readAi(dir, "call_index.md");
    expected(index);
    expect(index).toBe(await full());
  };
}

/** site, caller, via, callee, target of every call_index.md row of test/fixtures/calls/<fixture>, indexed. */
export async function callRows(fixture: string): Promise<string[][]> {
  const dir = await indexedFixture(`calls/${fixture}`);
  return tableRows(dir, "call_index.md")
    .filter((row) => row.length === 7)
    .map(([site, caller, , via, callee, , target]) => [site!, caller!, via!, callee!, target!]);
}
