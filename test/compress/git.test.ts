import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompressedJson, expectFaithful } from "../helpers/compressed.js";
import { ctx, git, tempDir } from "../helpers/fixture.js";

const source = (name: string, version: number): string =>
  Array.from({ length: 120 }, (_, i) => (i % 20 === 7 ? `export const ${name}${i} = ${version * 1000 + i}; // revised ${version}` : `export function ${name}Step${i}(value: number): number { return value + ${i}; }`)).join("\n") + "\n";

/** A repository with a change of every kind staged: edits in many hunks, a lockfile, a 10,000-line data file, a rename, a deletion, a binary file, a mode change. */
function stagedChanges(): string {
  const dir = tempDir();
  git(dir, "init", "-q", "-b", "main");
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "data"));
  const names = Array.from({ length: 24 }, (_, i) => `module${String(i).padStart(2, "0")}`);
  for (const name of names) writeFileSync(join(dir, "src", `${name}.ts`), source(name, 1));
  writeFileSync(join(dir, "package-lock.json"), JSON.stringify({ packages: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`node_modules/p${i}`, { version: "1.0.0", integrity: `sha512-${i}aaaa` }])) }, null, 2) + "\n");
  writeFileSync(join(dir, "src", "legacy.ts"), source("legacy", 1));
  writeFileSync(join(dir, "src", "old-name.ts"), source("renamed", 1));
  writeFileSync(join(dir, "run.sh"), "echo run\n");
  writeFileSync(join(dir, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "first");
  for (const name of names) writeFileSync(join(dir, "src", `${name}.ts`), source(name, 2));
  writeFileSync(join(dir, "package-lock.json"), JSON.stringify({ packages: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`node_modules/p${i}`, { version: "1.0.1", integrity: `sha512-${i}bbbb` }])) }, null, 2) + "\n");
  writeFileSync(join(dir, "data", "catalog.csv"), Array.from({ length: 10_000 }, (_, i) => `${i},item ${i},${(i * 0.37).toFixed(2)}`).join("\n") + "\n");
  rmSync(join(dir, "src", "legacy.ts"));
  git(dir, "mv", "src/old-name.ts", "src/new-name.ts");
  chmodSync(join(dir, "run.sh"), 0o755);
  writeFileSync(join(dir, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 9, 9, 9]));
  git(dir, "add", "-A");
  return dir;
}

/** `git diff --numstat -z`: the oracle for every file's path and ± counts. */
function numstat(dir: string, ...args: string[]): string[] {
  const fields = execFileSync("git", ["diff", "--numstat", "-z", ...args], { cwd: dir, encoding: "utf8" }).split("\0");
  const rows: string[] = [];
  for (let i = 0; i < fields.length - 1; i += 1) {
    const [added, deleted, path] = fields[i]!.split("\t") as [string, string, string];
    // A rename's row has an empty path, then the old and the new path.
    const name = path === "" ? fields[(i += 2)]! : path;
    rows.push(`${name} ${added === "-" ? "binary" : `+${added} -${deleted}`}`);
  }
  return rows.sort();
}

describe("ctx compress on git", () => {
  it("keeps every file of a 10,000-line diff with its status and ± counts, and as many whole hunks as fit, still a diff git applies", async () => {
    const dir = stagedChanges();
    const run = await ctx(dir, "compress", "--json", "--budget", "4000", "--", "git", "diff", "--cached");
    const result = JSON.parse(run.stdout) as CompressedJson;
    expect(run.code).toBe(0);
    expect(result).toMatchObject({ tool: "git", verdict: "passed" });
    const files = result.items.filter((item) => item.kind.startsWith("file "));
    expect(files.map((item) => item.text).sort()).toEqual(numstat(dir, "--cached"));
    expect(files.filter((item) => item.kind !== "file modified").map((item) => item.kind).sort()).toEqual(["file binary", "file deleted", "file new", "file renamed"]);
    // Each file is in the output: its own header with hunks, or a [ctx] line with its counts.
    for (const file of files) {
      const [, path, counts] = /^(.+) (binary|\+\d+ -\d+)$/.exec(file.text)!;
      const shown = result.output.some((line) => line.startsWith("diff --git ") && line.endsWith(` b/${path}`));
      const stated = result.output.some((line) => line.startsWith("[ctx] … ") && line.includes(`: ${path} (`) && line.includes(` ${counts} · `));
      expect(shown || stated, file.text).toBe(true);
    }
    expect(result.output.join("\n")).toMatch(/^\[ctx\] … \d+ lines hidden: package-lock\.json \(modified\) \+\d+ -\d+ · lockfile or generated$/m);
    expect(result.counts.insertions).toBeGreaterThan(10_000);
    // What is kept, without ctx's lines, is a patch git accepts: reversing it on the index is clean.
    const patch = result.output.filter((line) => !line.startsWith("[ctx]")).join("\n") + "\n";
    expect(result.output.filter((line) => line.startsWith("@@ ")).length).toBeGreaterThan(5);
    writeFileSync(join(dir, "kept.patch"), patch);
    // A binary file's header is not a patch without --binary, in git's own output too: left out of the check.
    expect(() => execFileSync("git", ["apply", "--cached", "--check", "-R", "--exclude=logo.png", "kept.patch"], { cwd: dir, stdio: "pipe" })).not.toThrow();
    expectFaithful(dir, result);
    expect(result.tokens.out).toBeLessThan(result.tokens.raw / 20);
  });

  it("keeps every commit's hash and subject of git log and git show", async () => {
    const dir = stagedChanges();
    git(dir, "commit", "-q", "-m", "second: everything at once");
    for (let i = 0; i < 40; i += 1) {
      writeFileSync(join(dir, "notes.md"), `note ${i}\n`);
      git(dir, "add", "-A");
      git(dir, "commit", "-q", "-m", `note ${i}: a subject line`, "-m", `A body paragraph for note ${i}\nthat runs over two lines.`);
    }
    const log = JSON.parse((await ctx(dir, "compress", "--json", "--", "git", "log")).stdout) as CompressedJson;
    const hashes = git(dir, "log", "--format=%H").trim().split("\n");
    expect(log.items.filter((item) => item.kind === "commit").map((item) => item.text)).toEqual(hashes);
    const subjects = git(dir, "log", "--format=    %s").trimEnd().split("\n");
    for (const [i, hash] of hashes.entries()) {
      expect(log.output).toContain(`commit ${hash}`);
      expect(log.output).toContain(subjects[i]);
    }
    expectFaithful(dir, log);
    const show = JSON.parse((await ctx(dir, "compress", "--json", "--", "git", "show", "HEAD~40")).stdout) as CompressedJson;
    expect(show.output).toContain(`commit ${hashes[40]}`);
    expect(show.output).toContain("    second: everything at once");
    expect(show.items.filter((item) => item.kind.startsWith("file ")).map((item) => item.text).sort()).toEqual(numstat(dir, "HEAD~41", "HEAD~40"));
  });

  it("keeps every path of git status with its state and cuts only git's advice", async () => {
    const dir = stagedChanges();
    writeFileSync(join(dir, "src", "module03.ts"), "export {};\n");
    for (let i = 0; i < 30; i += 1) writeFileSync(join(dir, `scratch-${i}.txt`), "x\n");
    const status = JSON.parse((await ctx(dir, "compress", "--json", "--", "git", "status")).stdout) as CompressedJson;
    const porcelain = git(dir, "status", "--porcelain").trimEnd().split("\n").map((line) => line.slice(3));
    // A file staged and changed again is listed in both sections, and once by porcelain.
    expect([...new Set(status.items.map((item) => item.text))].sort()).toEqual(porcelain.sort());
    expect(status.items.find((item) => item.text === "src/module03.ts" && item.kind === "modified")).toBeDefined();
    expect(status.items.find((item) => item.text === "src/module03.ts" && item.kind === "staged modified")).toBeDefined();
    expect(status.output.join("\n")).not.toContain('(use "git');
    expectFaithful(dir, status);
  });
});
