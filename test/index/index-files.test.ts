import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx, git, readAi, tableRows, tempDir } from "../helpers/fixture.js";

const symbolNames = (dir: string) => tableRows(dir, "symbol_index.md").map((row) => `${row[4]} ${row[0]}`);

describe("which files ctx index reads", () => {
  it("leaves out generated, vendored and minified code, .d.ts beside its source, and config excludes", async () => {
    const dir = copyFixture("index/generated-and-vendored");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(tableRows(dir, "file_index.md").map((row) => row[0])).toEqual(["src/app.ts", "src/types/ambient.d.ts"]);
  });

  it("says which sources the default excludes left out and the setting that brings a folder back", async () => {
    const dir = copyFixture("index/generated-and-vendored");
    const run = await ctx(dir, "index", "--json");
    expect(run.code).toBe(0);
    // src/generated/ is the configuration's own exclude and src/app.d.ts sits beside its source: neither is reported.
    expect((JSON.parse(run.stdout) as { leftOutByDefault: unknown }).leftOutByDefault).toEqual([
      { pattern: "*.min.js", files: 1, setting: 'exclude: ["!*.min.js"]' },
      { pattern: "dist/", files: 1, setting: 'exclude: ["!dist/"]' },
      { pattern: "vendor/", files: 1, setting: 'exclude: ["!vendor/"]' },
    ]);
    const text = (await ctx(dir, "index")).stdout;
    expect(text).toContain(
      'left out by default (generated, vendored or minified): *.min.js (1 source file), dist/ (1 source file), vendor/ (1 source file) — ' +
        'to index one, negate it in .ai/index-config.yaml, e.g. exclude: ["!dist/"]\n',
    );

    writeFileSync(join(dir, ".ai/index-config.yaml"), 'exclude:\n  - src/generated/\n  - "!dist/"\n');
    const again = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { leftOutByDefault: { pattern: string }[] };
    expect(again.leftOutByDefault.map((entry) => entry.pattern)).toEqual(["*.min.js", "vendor/"]);
    expect(tableRows(dir, "file_index.md").map((row) => row[0])).toEqual(["dist/app.js", "src/app.ts", "src/types/ambient.d.ts"]);
  });

  it("outside git, lists files with fast-glob and honours .gitignore", async () => {
    const dir = copyFixture("index/outside-git", { git: false });
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(symbolNames(dir)).toEqual(["src/kept.ts:1-1 kept"]);
  });

  it("skips binary, non-UTF-8, oversized, symlinked and vanished files with a reason, and indexes the rest", async () => {
    const dir = copyFixture("index/unreadable-files");
    symlinkSync("loop-b.ts", join(dir, "src/loop-a.ts"));
    symlinkSync("loop-a.ts", join(dir, "src/loop-b.ts"));
    unlinkSync(join(dir, "src/good.ts")); // tracked by git, gone from the tree
    writeFileSync(join(dir, "src/fine.ts"), "export const fine = 1;\n");
    const run = await ctx(dir, "index", "--json");
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { skipped: { path: string; reason: string }[]; files: number };
    expect(summary.skipped).toEqual([
      { path: "src/binary.ts", reason: "binary (NUL byte)" },
      { path: "src/good.ts", reason: "deleted before it could be read" },
      { path: "src/huge.ts", reason: expect.stringMatching(/^larger than 4096 bytes/) },
      { path: "src/latin1.ts", reason: "not valid UTF-8" },
      { path: "src/loop-a.ts", reason: "symbolic link (not followed)" },
      { path: "src/loop-b.ts", reason: "symbolic link (not followed)" },
    ]);
    expect(summary.files).toBe(1);
    expect(symbolNames(dir)).toEqual(["src/fine.ts:1-1 fine"]);
    expect(readAi(dir, "file_index.md")).toContain("| src/latin1.ts | not valid UTF-8 |");
  });
});

describe("incremental runs", () => {
  it("re-parses only changed files, drops deleted ones, and rewrites nothing when nothing changed", async () => {
    const dir = copyFixture("index/single-package-folders");
    const first = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { parsed: number; written: string[] };
    expect(first.parsed).toBe(4);
    const before = new Map(["symbol_index.md", "file_index.md", "endpoint_index.md", "domain-manifest.yaml"].map((f) => [f, statSync(join(dir, ".ai", f)).mtimeMs]));

    const unchanged = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { parsed: number; written: string[] };
    expect(unchanged).toMatchObject({ parsed: 0, written: [] });
    for (const [file, mtime] of before) expect(statSync(join(dir, ".ai", file)).mtimeMs).toBe(mtime);

    writeFileSync(join(dir, "src/billing/charge.ts"), "export function charge(amount: number, currency = 'EUR') {\n  return amount;\n}\nexport const refund = 1;\n");
    unlinkSync(join(dir, "scripts/seed.ts"));
    const edited = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { parsed: number; reused: number; dropped: number; phases: { phase: string; ms: number; rssMiB: number }[] };
    expect(edited).toMatchObject({ parsed: 1, reused: 2, dropped: 1 });
    // Where the time went, phase by phase, in the order they ran.
    expect(edited.phases.map((p) => p.phase)).toEqual(["read index files", "read cache", "list files", "select sources", "check files", "parse", "read tsconfigs", "modules", "rows and routes", "link calls", "render and compare", "write index files", "lookup cache", "lexicon", "files cache"]);
    expect(edited.phases.every((p) => Number.isInteger(p.ms) && p.ms >= 0 && Number.isInteger(p.rssMiB) && p.rssMiB > 0)).toBe(true);
    expect(symbolNames(dir)).toEqual([
      "src/billing/charge.ts:1-3 charge",
      "src/billing/charge.ts:4-4 refund",
      "src/users/users.service.ts:3-7 UsersService",
      "src/users/users.service.ts:4-6 pay",
    ]);
  });

  it("stays incremental run after run: summaries compacted into one segment are read back where they went, never re-parsed whole", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "src"));
    // A chain of modules, each calling the one before: relinking one reads the summary of the next.
    for (let i = 0; i < 300; i += 1) {
      const call = i === 0 ? "n" : `step${i - 1}(n) + 1`;
      writeFileSync(join(dir, "src", `m${i}.ts`), `${i === 0 ? "" : `import { step${i - 1} } from "./m${i - 1}";\n`}export function step${i}(n: number): number {\n  return ${call};\n}\n`);
    }
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const parsed: number[] = [];
    // An edit of another file each run: more live segments than the store keeps, so it compacts them.
    for (let run = 1; run <= 12; run += 1) {
      appendFileSync(join(dir, "src", `m${run * 20}.ts`), `export const extra${run} = ${run};\n`);
      parsed.push((JSON.parse((await ctx(dir, "index", "--json")).stdout) as { parsed: number }).parsed);
    }
    expect(parsed).toEqual(Array.from({ length: 12 }, () => 1));
  });

  it("rebuilds byte-identical files when its cache is gone", async () => {
    const dir = copyFixture("index/npm-workspaces");
    const files = ["symbol_index.md", "file_index.md", "endpoint_index.md", "domain-manifest.yaml"];
    await ctx(dir, "index", "-q");
    const first = files.map((f) => readAi(dir, f));
    rmSync(join(dir, ".ai/.cache"), { recursive: true });
    const rebuilt = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { parsed: number; written: string[] };
    expect(rebuilt).toMatchObject({ parsed: 3, written: [] });
    expect(files.map((f) => readAi(dir, f))).toEqual(first);
    for (const text of first) expect(text.endsWith("\n")).toBe(true);
  });

  it("records the git HEAD and moves it only when the index content changes", async () => {
    const dir = copyFixture("index/single-package-folders");
    await ctx(dir, "index", "-q");
    const firstHead = git(dir, "rev-parse", "HEAD").trim();
    expect(readAi(dir, "file_index.md")).toContain(`head=${firstHead}`);
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "index");
    await ctx(dir, "index", "-q");
    expect(readAi(dir, "file_index.md")).toContain(`head=${firstHead}`);
    writeFileSync(join(dir, "src/main.ts"), "export const changed = true;\n");
    await ctx(dir, "index", "-q");
    expect(readAi(dir, "file_index.md")).toContain(`head=${git(dir, "rev-parse", "HEAD").trim()}`);
  });
});

describe("ctx index --check", () => {
  it("exits 0 when the committed index matches the tree and 1 listing what changed when it does not", async () => {
    const dir = copyFixture("index/single-package-folders");
    expect((await ctx(dir, "index", "--check")).code).toBe(1);
    await ctx(dir, "index", "-q");
    const clean = await ctx(dir, "index", "--check");
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain("index up to date");
    writeFileSync(join(dir, "src/main.ts"), "export const changed = true;\n");
    writeFileSync(join(dir, "src/new.ts"), "export const added = true;\n");
    unlinkSync(join(dir, "scripts/seed.ts"));
    const stale = await ctx(dir, "index", "--check");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("  deleted scripts/seed.ts\n  modified src/main.ts\n  added src/new.ts\n");
    expect(readFileSync(join(dir, ".ai/file_index.md"), "utf8")).not.toContain("src/new.ts");
  });
});

describe("the stat shortcut of incremental runs", () => {
  it("skips reading files whose stat is unchanged, and still reads one edited with its size and mtime kept", async () => {
    const dir = copyFixture("index/single-package-folders");
    const path = join(dir, "src/billing/charge.ts");
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(path, past, past);
    await ctx(dir, "index", "-q");
    const untouched = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { parsed: number };
    expect(untouched.parsed).toBe(0);

    // Same size, same mtime, same inode, different content: the ctime moved, as it does on every write.
    const original = readFileSync(path, "utf8");
    writeFileSync(path, original.replace("amount", "AMOUNT"));
    utimesSync(path, past, past);
    // traverse goes by content alone: before the index is refreshed, the edited file's rows are rejected.
    const stale = await ctx(dir, "traverse", "Symbol", "charge");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("rejected: src/billing/charge.ts (modified since indexing)");
    const run = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { parsed: number };
    expect(run.parsed).toBe(1);
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
    expect((await ctx(dir, "traverse", "Symbol", "charge")).code).toBe(0);
  });
});

describe("what an interrupted write leaves", () => {
  it("is swept by the next run when its writer is gone, and never lies where git would commit it", async () => {
    const dir = copyFixture("traverse/users-service");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    // Left by a process killed between its write and its rename: an earlier version's in .ai/, and one in the ignored folder.
    const gone = 2 ** 22 + 12_345; // above Linux's default pid_max (2^22): no process has it
    writeFileSync(join(dir, ".ai", `.call_index.md.${gone}.1733300000000.tmp`), "torn");
    writeFileSync(join(dir, ".ai", ".cache", "tmp", `.symbol_index.md.${gone}.1733300000000.1.tmp`), "torn");
    writeFileSync(join(dir, "src", "users", "users.service.ts"), `${readFileSync(join(dir, "src", "users", "users.service.ts"), "utf8")}\nexport const edited = 1;\n`);
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const untracked = git(dir, "status", "--porcelain", "--untracked-files=all", "--", ".ai");
    expect(untracked).not.toContain(".tmp");
    expect(git(dir, "status", "--porcelain", "--ignored", "--untracked-files=all", "--", ".ai")).not.toContain(".tmp");
  });
});
