import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ctx, git, tempDir } from "../helpers/fixture.js";

// The hook takes files git proves unchanged as its cache has them. These are the ways a working
// tree changes behind the cache's back; after each, the hook's next commit must hold the index a
// fresh clone of that commit would build: `ctx index --check` there exits 0, and nothing of
// another branch or of an abandoned edit is in it.

const CTX_BIN = join(import.meta.dirname, "..", "..", "bin", "ctx.js");
const GIT_ENV = { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };

const fn = (...names: string[]): string => names.map((name) => `export function ${name}(): number {\n  return ${name.length};\n}\n`).join("");

/** A repository with ctx installed in node_modules, `ctx init` and the hook, and a first commit made through it. */
async function repository(): Promise<string> {
  const dir = tempDir();
  git(dir, "init", "-q", "-b", "main");
  writeFileSync(join(dir, ".gitignore"), "node_modules/\n");
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "a.ts"), fn("a1"));
  writeFileSync(join(dir, "src", "b.ts"), fn("b1"));
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  for (const bin of ["ctx", "ctx-nav"]) symlinkSync(CTX_BIN, join(dir, "node_modules", ".bin", bin));
  expect((await ctx(dir, "init")).code).toBe(0);
  expect((await ctx(dir, "hook", "install")).code).toBe(0);
  git(dir, "add", "-A");
  commit(dir, "-m", "start");
  expect(shown(dir, "HEAD", ".ai/symbol_index.md")).toContain("| a1 |");
  return dir;
}

/** `git` as a user runs it, hooks and all, with no ctx on PATH (the hook finds node_modules/.bin/ctx). */
function user(dir: string, ...args: string[]): string {
  const path = (process.env.PATH ?? "").split(":").filter((entry) => !existsSync(join(entry, "ctx")) && !existsSync(join(entry, "ctx-nav"))).join(":");
  const run = spawnSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...GIT_ENV, PATH: path, GIT_EDITOR: "true" } });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")} exited ${run.status}: ${run.stdout}${run.stderr}`);
  return `${run.stdout}${run.stderr}`;
}

/** ctx through the installed binary, as the hook runs it: the two share one cache (an in-process run's extractor is another). */
function ctxBin(dir: string, ...args: string[]): void {
  const run = spawnSync(process.execPath, [CTX_BIN, ...args], { cwd: dir, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`ctx ${args.join(" ")} exited ${run.status}: ${run.stdout}${run.stderr}`);
}

function commit(dir: string, ...args: string[]): string {
  return user(dir, "commit", "-q", ...args);
}

function edit(dir: string, file: string, ...names: string[]): void {
  writeFileSync(join(dir, "src", file), fn(...names));
}

/** A user's edit of one file, staged and committed through the hook. */
function commitEdit(dir: string, file: string, names: string[], ...args: string[]): string {
  edit(dir, file, ...names);
  git(dir, "add", `src/${file}`);
  return commit(dir, ...args);
}

function shown(dir: string, ref: string, path: string): string {
  return git(dir, "show", `${ref}:${path}`);
}

/** What CI does with the commit: a fresh clone of it, `ctx index --check`. */
async function checkInClone(dir: string, ref = "HEAD"): Promise<{ code: number; stdout: string }> {
  const clone = tempDir();
  git(clone, "clone", "-q", dir, ".");
  git(clone, "checkout", "-q", git(dir, "rev-parse", ref).trim());
  const run = await ctx(clone, "index", "--check");
  return { code: run.code, stdout: run.stdout };
}

/** The hook's commit holds the index of that commit, and the working tree agrees with it. */
async function expectCurrent(dir: string, absent: string[]): Promise<void> {
  const symbols = shown(dir, "HEAD", ".ai/symbol_index.md");
  for (const name of absent) expect(symbols).not.toContain(`| ${name} |`);
  expect(await checkInClone(dir)).toMatchObject({ code: 0 });
  expect(git(dir, "status", "--porcelain")).toBe("");
  const check = await ctx(dir, "index", "--check");
  expect(check.code, check.stdout).toBe(0);
}

describe("the pre-commit hook after the working tree changed behind its cache", () => {
  beforeAll(() => {
    expect(existsSync(join(import.meta.dirname, "..", "..", "dist", "cli", "main.js"))).toBe(true);
  });

  it("a branch switch: master's next commit does not carry the feature branch's index", async () => {
    const dir = await repository();
    user(dir, "checkout", "-q", "-b", "feat");
    commitEdit(dir, "a.ts", ["a1", "a2"], "-m", "feat: a2");
    expect(shown(dir, "HEAD", ".ai/symbol_index.md")).toContain("| a2 |");

    user(dir, "checkout", "-q", "main");
    commitEdit(dir, "b.ts", ["b1", "b2"], "-m", "main: b2");
    expect(shown(dir, "HEAD", ".ai/symbol_index.md")).toContain("| b2 |");
    await expectCurrent(dir, ["a2"]);
    const a1 = await ctx(dir, "traverse", "Symbol", "a1");
    expect(a1.code, a1.stdout).toBe(0);
    expect(a1.stdout).toContain("src/a.ts:1");
  });

  it("a commit made with --no-verify: the next hook commit indexes what it left out", async () => {
    const dir = await repository();
    commitEdit(dir, "a.ts", ["a1", "a2"], "--no-verify", "-m", "a2 without the hook");
    expect(shown(dir, "HEAD", ".ai/symbol_index.md")).not.toContain("| a2 |");
    commitEdit(dir, "b.ts", ["b1", "b2"], "-m", "b2");
    expect(shown(dir, "HEAD", ".ai/symbol_index.md")).toContain("| a2 |");
    await expectCurrent(dir, []);
  });

  it("an edit indexed, then stashed: the commit after does not hold the stashed edit", async () => {
    const dir = await repository();
    edit(dir, "a.ts", "a1", "a3");
    ctxBin(dir, "index", "-q");
    user(dir, "stash", "-q");
    commitEdit(dir, "b.ts", ["b1", "b2"], "-m", "b2");
    await expectCurrent(dir, ["a3"]);
    // And back: the stash popped and committed is indexed too.
    user(dir, "stash", "pop", "-q");
    git(dir, "add", "src/a.ts");
    commit(dir, "-m", "a3");
    expect(shown(dir, "HEAD", ".ai/symbol_index.md")).toContain("| a3 |");
    await expectCurrent(dir, []);
  });

  it("an indexed edit thrown away with checkout -- file, and a commit undone with reset --hard", async () => {
    const dir = await repository();
    edit(dir, "a.ts", "a1", "a4");
    ctxBin(dir, "index", "-q");
    user(dir, "checkout", "--", "src/a.ts");
    commitEdit(dir, "b.ts", ["b1", "b2"], "-m", "b2");
    await expectCurrent(dir, ["a4"]);

    commitEdit(dir, "a.ts", ["a1", "a5"], "-m", "a5");
    expect(shown(dir, "HEAD", ".ai/symbol_index.md")).toContain("| a5 |");
    user(dir, "reset", "-q", "--hard", "HEAD~1");
    commitEdit(dir, "b.ts", ["b1", "b3"], "-m", "b3");
    await expectCurrent(dir, ["a5", "b2"]);
  });

  it("what the commit holds, not the working tree: a file's unstaged edits and an untracked file stay out of its index", async () => {
    const dir = await repository();
    edit(dir, "a.ts", "a1", "a2");
    git(dir, "add", "src/a.ts");
    edit(dir, "a.ts", "a1", "a2", "a6");
    writeFileSync(join(dir, "src", "c.ts"), fn("c1"));
    const output = commit(dir, "-m", "a2");
    expect(output).toContain("src/a.ts also has unstaged edits: indexed as staged");
    const symbols = shown(dir, "HEAD", ".ai/symbol_index.md");
    expect(symbols).toContain("| a2 |");
    expect(symbols).not.toContain("| a6 |");
    expect(symbols).not.toContain("| c1 |");
    expect(await checkInClone(dir)).toMatchObject({ code: 0 });
    // The working tree's own index, once refreshed, has them again.
    ctxBin(dir, "index", "-q");
    expect(git(dir, "show", ":.ai/symbol_index.md")).not.toContain("| a6 |");
    const a6 = await ctx(dir, "traverse", "Symbol", "a6");
    expect(a6.stdout).toContain("src/a.ts:");
  });

  it("a rebase and a merge: the commits after them hold their own tree's index", async () => {
    const dir = await repository();
    user(dir, "checkout", "-q", "-b", "feat");
    commitEdit(dir, "a.ts", ["a1", "a2"], "-m", "feat: a2");
    user(dir, "checkout", "-q", "main");
    commitEdit(dir, "b.ts", ["b1", "b2"], "-m", "main: b2");

    // Rebase replays feat's commit onto main (no pre-commit hook runs); the merge driver keeps one side of .ai/.
    user(dir, "checkout", "-q", "feat");
    user(dir, "rebase", "-q", "main");
    writeFileSync(join(dir, "src", "c.ts"), fn("c1"));
    git(dir, "add", "src/c.ts");
    commit(dir, "-m", "feat: c1");
    expect(shown(dir, "HEAD", ".ai/symbol_index.md")).toMatch(/\| a2 \|[^]*\| b2 \|[^]*\| c1 \|/);
    await expectCurrent(dir, []);

    // Back on main, merge a side branch that main has moved past.
    user(dir, "checkout", "-q", "main");
    user(dir, "checkout", "-q", "-b", "side");
    writeFileSync(join(dir, "src", "d.ts"), fn("d1"));
    git(dir, "add", "src/d.ts");
    commit(dir, "-m", "side: d1");
    user(dir, "checkout", "-q", "main");
    commitEdit(dir, "b.ts", ["b1", "b2", "b4"], "-m", "main: b4");
    // The pre-merge-commit hook stages the regenerated index and stops the merge for the user to commit it with that index.
    expect(() => user(dir, "merge", "-q", "--no-ff", "--no-edit", "side")).toThrow(/run `git commit --no-edit`/);
    commit(dir, "--no-edit");
    expect(git(dir, "rev-list", "--parents", "-n", "1", "HEAD").trim().split(" ")).toHaveLength(3);
    await expectCurrent(dir, ["a2", "c1"]);
    commitEdit(dir, "b.ts", ["b1", "b2", "b4", "b5"], "-m", "main: b5");
    expect(shown(dir, "HEAD", ".ai/symbol_index.md")).toMatch(/\| b5 \|[^]*\| d1 \|/);
    await expectCurrent(dir, ["a2", "c1"]);
  });
});
