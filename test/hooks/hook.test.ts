import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ctx, git, tempDir } from "../helpers/fixture.js";

const CTX_BIN = join(import.meta.dirname, "..", "..", "bin", "ctx.js");
const GIT_ENV = { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };

/** A repository with ctx installed the way a project installs it: node_modules/.bin/ctx. */
function project(options: { ctxInstalled?: boolean } = {}): string {
  const dir = tempDir();
  git(dir, "init", "-q", "-b", "main");
  writeFileSync(join(dir, ".gitignore"), "node_modules/\n");
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "cart.ts"), "export function total(prices: number[]): number {\n  return prices.reduce((a, b) => a + b, 0);\n}\n");
  writeFileSync(join(dir, "README.md"), "# shop\n");
  if (options.ctxInstalled !== false) {
    mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
    for (const bin of ["ctx", "ctx-nav"]) symlinkSync(CTX_BIN, join(dir, "node_modules", ".bin", bin));
  }
  return dir;
}

/** `git commit` as a user runs it: hooks and all, with a PATH that has no ctx on it. */
function commit(dir: string, ...args: string[]): { code: number; output: string } {
  const path = (process.env.PATH ?? "").split(":").filter((entry) => !existsSync(join(entry, "ctx")) && !existsSync(join(entry, "ctx-nav"))).join(":");
  const run = spawnSync("git", ["commit", "-q", ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, ...GIT_ENV, PATH: path } });
  return { code: run.status ?? -1, output: `${run.stdout}${run.stderr}` };
}

const committed = (dir: string, ref = "HEAD"): string[] => git(dir, "show", "--name-only", "--format=", ref).trim().split("\n").filter(Boolean);

describe("ctx hook", () => {
  it("install: a commit of a source file refreshes the index and commits it with the source; a hook that was there runs first", async () => {
    const dir = project();
    git(dir, "add", "-A");
    commit(dir, "-m", "start");
    writeFileSync(join(dir, ".git", "hooks", "pre-commit"), "#!/bin/sh\necho ran >> \"$(git rev-parse --git-dir)/earlier-hook-ran\"\n");
    chmodSync(join(dir, ".git", "hooks", "pre-commit"), 0o755);
    const install = await ctx(dir, "hook", "install");
    expect(install.code).toBe(0);
    expect(install.stdout).toContain("pre-commit        ctx's hook, runs pre-commit.ctx-chained first");
    expect(install.stdout).toContain(`finds ctx at ${join(dir, "node_modules", ".bin", "ctx-nav")}`);

    writeFileSync(join(dir, "src", "labels.ts"), "export function label(name: string): string {\n  return name.toUpperCase();\n}\n");
    git(dir, "add", "src/labels.ts");
    const run = commit(dir, "-m", "labels");
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/ctx hook: \.ai\/ refreshed \(\d+ files? re-parsed\); staged .*\.ai\/symbol_index\.md/);
    expect(committed(dir)).toEqual(expect.arrayContaining(["src/labels.ts", ".ai/symbol_index.md", ".ai/file_index.md"]));
    expect(readFileSync(join(dir, ".git", "earlier-hook-ran"), "utf8")).toBe("ran\n");
    expect(git(dir, "status", "--porcelain")).toBe("");
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
    expect((await ctx(dir, "traverse", "Symbol", "label")).stdout).toContain("src/labels.ts:1");

    // A commit that touches no source leaves .ai/ alone and says nothing.
    writeFileSync(join(dir, "README.md"), "# shop\n\nSells things.\n");
    git(dir, "add", "README.md");
    const docs = commit(dir, "-m", "docs");
    expect(docs).toEqual({ code: 0, output: "" });
    expect(committed(dir)).toEqual(["README.md"]);
  });

  it("refreshes what is staged only: an unstaged edit elsewhere stays out of the committed index, which matches the commit", async () => {
    const dir = project();
    git(dir, "add", "-A");
    commit(dir, "-m", "start");
    expect((await ctx(dir, "hook", "install")).code).toBe(0);
    writeFileSync(join(dir, "src", "labels.ts"), "export function label(name: string): string {\n  return name;\n}\n");
    git(dir, "add", "src/labels.ts");
    expect(commit(dir, "-m", "labels").code).toBe(0);

    // An edit left unstaged, then a commit of another file.
    writeFileSync(join(dir, "src", "cart.ts"), "export function discount(total: number): number {\n  return total * 0.9;\n}\n");
    writeFileSync(join(dir, "src", "tax.ts"), "export function tax(total: number): number {\n  return total * 0.2;\n}\n");
    git(dir, "add", "src/tax.ts");
    expect(commit(dir, "-m", "tax").code).toBe(0);
    expect(committed(dir)).toEqual(expect.arrayContaining(["src/tax.ts", ".ai/symbol_index.md", ".ai/file_index.md"]));
    expect(git(dir, "show", "HEAD:.ai/symbol_index.md")).toContain("| tax |");
    expect(git(dir, "show", "HEAD:.ai/symbol_index.md")).not.toContain("| discount |");
    // The commit as CI checks it out: its index is up to date.
    git(dir, "stash", "-q");
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
  });

  it("hook run --json says what it staged and where its time went, git and the index's phases apart", async () => {
    const dir = project();
    git(dir, "add", "-A");
    commit(dir, "-m", "start", "--no-verify");
    writeFileSync(join(dir, "src", "labels.ts"), "export function label(name: string): string {\n  return name;\n}\n");
    git(dir, "add", "src/labels.ts");
    const run = await ctx(dir, "hook", "run", "--json");
    expect(run.code).toBe(0);
    const done = JSON.parse(run.stdout) as { reason: string; staged: string[]; parsed: number; phases: { phase: string; ms: number }[] };
    expect(done).toMatchObject({ reason: "refreshed", parsed: 2 });
    expect(done.staged).toEqual(expect.arrayContaining([".ai/symbol_index.md", ".ai/file_index.md"]));
    const names = done.phases.map((p) => p.phase);
    expect(names.slice(0, 2)).toEqual(["start-up", "git: staged paths"]);
    expect(names).toEqual(expect.arrayContaining(["index: parse", "index: write index files", "index: set-up"]));
    expect(names[names.length - 1]).toBe("git: stage index files");
    expect(done.phases.every((p) => Number.isInteger(p.ms) && p.ms >= 0)).toBe(true);
  });

  it("uninstall restores the hook that was there, byte for byte and executable; status says what is installed", async () => {
    const dir = project();
    const earlier = "#!/bin/sh\nexit 0\n";
    writeFileSync(join(dir, ".git", "hooks", "pre-commit"), earlier);
    chmodSync(join(dir, ".git", "hooks", "pre-commit"), 0o755);
    await ctx(dir, "hook", "install");
    const status = JSON.parse((await ctx(dir, "hook", "status", "--json")).stdout) as { setup: { hooks: { hook: string; present: string; chained: boolean }[] } };
    expect(status.setup.hooks).toEqual([
      expect.objectContaining({ hook: "pre-commit", present: "ctx", chained: true }),
      expect.objectContaining({ hook: "pre-merge-commit", present: "ctx", chained: false }),
    ]);
    expect((await ctx(dir, "hook", "uninstall")).code).toBe(0);
    expect(readFileSync(join(dir, ".git", "hooks", "pre-commit"), "utf8")).toBe(earlier);
    expect(statSync(join(dir, ".git", "hooks", "pre-commit")).mode & 0o111).not.toBe(0);
    expect(existsSync(join(dir, ".git", "hooks", "pre-merge-commit"))).toBe(false);
    expect(existsSync(join(dir, ".git", "hooks", "pre-commit.ctx-chained"))).toBe(false);
  });

  it("honours core.hooksPath, and lets the commit through, saying so, when ctx cannot be found", async () => {
    const dir = project({ ctxInstalled: false });
    git(dir, "config", "core.hooksPath", "tools/hooks");
    await ctx(dir, "hook", "install");
    expect(existsSync(join(dir, "tools", "hooks", "pre-commit"))).toBe(true);
    expect(existsSync(join(dir, ".git", "hooks", "pre-commit"))).toBe(false);
    git(dir, "add", "src/cart.ts");
    const run = commit(dir, "-m", "start");
    expect(run.code).toBe(0);
    expect(run.output).toContain("ctx hook: ctx not found (neither node_modules/.bin/ctx-nav nor ctx-nav on PATH: npm i -D ctx-nav); committing without refreshing .ai/");
    expect(committed(dir)).toEqual(["src/cart.ts"]);
  });

  it("outside a git repository, install is a one-line usage error (exit 2)", async () => {
    const run = await ctx(tempDir(), "hook", "install");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^ctx: .* is not a git repository: there are no hooks to install — run it inside a git clone[^\n]*\n$/);
  });

  it("under husky, install writes nothing and prints the line to add to .husky/pre-commit (exit 1), naming the ctx installed there", async () => {
    const dir = project({ ctxInstalled: true });
    mkdirSync(join(dir, ".husky", "_"), { recursive: true });
    git(dir, "config", "core.hooksPath", ".husky/_");
    const run = await ctx(dir, "hook", "install");
    expect(run.code).toBe(1);
    // ctx is a dev dependency here: a hook's PATH need not have node_modules/.bin on it, git runs hooks at the top of the
    // work tree, and the bin fails rather than downloads where it is missing (npx would look `ctx` up on the registry).
    expect(run.stdout).toBe("husky manages this repository's hooks: add this line to .husky/pre-commit (create it if needed):\n  node_modules/.bin/ctx hook run\n");
    expect(existsSync(join(dir, ".husky", "_", "pre-commit"))).toBe(false);
  });

  it("under lefthook, install writes nothing and prints the lefthook.yml entry, which runs ctx without downloading it", async () => {
    const dir = project();
    writeFileSync(join(dir, "lefthook.yml"), "pre-push:\n  commands: {}\n");
    const run = await ctx(dir, "hook", "install");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("lefthook manages this repository's hooks");
    expect(run.stdout).toContain("  pre-commit:\n    commands:\n      ctx-index:\n        run: node_modules/.bin/ctx hook run\n");
    expect(existsSync(join(dir, ".git", "hooks", "pre-commit"))).toBe(false);
  });
});

describe("merging branches that both changed the index", () => {
  /**
   * main and a branch, each adding a function in its own file and committing the index with it
   * (through the hook): built once — three commits through the hook — and copied for each test.
   */
  let built: Promise<string> | undefined;
  async function diverged(): Promise<string> {
    built ??= build();
    const dir = tempDir();
    cpSync(await built, dir, { recursive: true });
    return dir;
  }

  async function build(): Promise<string> {
    const dir = project();
    await ctx(dir, "init");
    await ctx(dir, "hook", "install");
    git(dir, "add", "-A");
    commit(dir, "-m", "start");
    git(dir, "checkout", "-q", "-b", "labels");
    commitOn(dir, "labels", "src/labels.ts", "export function label(name: string): string {\n  return name.toUpperCase();\n}\n");
    commitOn(dir, "main", "src/coupons.ts", "export function discount(cents: number): number {\n  return Math.round(cents * 0.9);\n}\n");
    // Kept out of tempDir's per-test cleanup: every test of this block copies it.
    const kept = mkdtempSync(join(tmpdir(), "ctx-diverged-"));
    cpSync(dir, kept, { recursive: true });
    return kept;
  }
  afterAll(async () => {
    if (built) rmSync(await built, { recursive: true, force: true });
  });

  /** Writes one file on a branch and commits it there, through the hook. */
  function commitOn(dir: string, branch: string, path: string, content: string): void {
    git(dir, "checkout", "-q", branch);
    writeFileSync(join(dir, path), content);
    git(dir, "add", "-A");
    commit(dir, "-m", `${branch}: ${path}`);
  }

  it("without ctx's driver the generated index conflicts; with it (ctx init) nothing conflicts, and the merge is committed with the regenerated index", async () => {
    const dir = await diverged();
    const plain = spawnSync("git", ["-c", "merge.ctx-index.driver=false", "merge", "--no-edit", "labels"], { cwd: dir, encoding: "utf8", env: { ...process.env, ...GIT_ENV } });
    expect(plain.status).toBe(1);
    expect(plain.stdout).toMatch(/CONFLICT \(content\): Merge conflict in \.ai\/symbol_index\.md/);
    git(dir, "merge", "--abort");

    // git commits an automatic merge with the tree from before pre-merge-commit ran: the hook stops it, staged, for one `git commit`.
    const merge = spawnSync("git", ["merge", "--no-edit", "labels"], { cwd: dir, encoding: "utf8", env: { ...process.env, ...GIT_ENV } });
    expect(merge.status).toBe(1);
    expect(`${merge.stdout}${merge.stderr}`).toContain("ctx: '.ai/symbol_index.md' kept as on this branch");
    expect(merge.stderr).toContain("run `git commit --no-edit`");
    expect(commit(dir, "--no-edit").code).toBe(0);
    expect(git(dir, "rev-list", "--parents", "-n", "1", "HEAD").trim().split(" ")).toHaveLength(3);
    expect(git(dir, "status", "--porcelain")).toBe("");
    // The committed index is the one `ctx index` writes for the merged tree: both functions, nothing stale.
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
    expect((await ctx(dir, "traverse", "Symbol", "label")).code).toBe(0);
    expect((await ctx(dir, "traverse", "Symbol", "discount")).code).toBe(0);
  });

  it("in a clone without the driver, the documented step resolves the conflicted index: ctx index, git add .ai, commit", async () => {
    const dir = await diverged();
    git(dir, "config", "--remove-section", "merge.ctx-index");
    const merge = spawnSync("git", ["merge", "--no-edit", "labels"], { cwd: dir, encoding: "utf8", env: { ...process.env, ...GIT_ENV } });
    expect(merge.status).toBe(1);
    expect(merge.stdout).toContain("Merge conflict in .ai/symbol_index.md");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    git(dir, "add", ".ai");
    expect(commit(dir, "--no-edit").code).toBe(0);
    // git grep exits 1 when the committed .ai/ holds no conflict marker.
    expect(spawnSync("git", ["grep", "-q", "<<<<<<<", "HEAD", "--", ".ai"], { cwd: dir }).status).toBe(1);
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
    expect((await ctx(dir, "traverse", "Symbol", "label")).code).toBe(0);
  });

  it("when a source conflicts too, resolving it and committing regenerates the index in the merge commit", async () => {
    const dir = await diverged();
    commitOn(dir, "labels", "src/cart.ts", "export function total(prices: number[]): number {\n  return prices.reduce((a, b) => a + b, 1);\n}\n");
    commitOn(dir, "main", "src/cart.ts", "export function total(prices: number[], tax = 0): number {\n  return prices.reduce((a, b) => a + b, tax);\n}\n");
    const merge = spawnSync("git", ["merge", "--no-edit", "labels"], { cwd: dir, encoding: "utf8", env: { ...process.env, ...GIT_ENV } });
    expect(merge.status).toBe(1);
    expect(merge.stdout).toContain("CONFLICT (content): Merge conflict in src/cart.ts");
    expect(merge.stdout).not.toContain("Merge conflict in .ai/");
    writeFileSync(join(dir, "src", "cart.ts"), "export function total(prices: number[], tax = 1): number {\n  return prices.reduce((a, b) => a + b, tax);\n}\n");
    git(dir, "add", "src/cart.ts");
    expect(commit(dir, "--no-edit").code).toBe(0);
    expect(git(dir, "status", "--porcelain")).toBe("");
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
    expect((await ctx(dir, "traverse", "Symbol", "total")).stdout).toContain("tax = 1");
  });
});

// The binary's --version, as a user would call it.
describe("ctx --version", () => {
  it("prints the package's version", () => {
    const version = (JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as { version: string }).version;
    expect(execFileSync(process.execPath, [CTX_BIN, "--version"], { encoding: "utf8" })).toBe(`${version}\n`);
  });
});
