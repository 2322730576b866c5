import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, git, tempDir } from "../helpers/fixture.js";

/** A repository of `count` small modules, each calling the one before it, with the given index-config.yaml (none when ""). */
function repository(count: number, config: string): string {
  const dir = tempDir();
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, ".ai"), { recursive: true });
  if (config !== "") writeFileSync(join(dir, ".ai", "index-config.yaml"), config);
  for (let i = 0; i < count; i += 1) {
    const previous = i === 0 ? "" : `import { step${i - 1} } from "./m${i - 1}";\n`;
    const body = i === 0 ? "return n;" : `return step${i - 1}(n) + 1;`;
    writeFileSync(join(dir, "src", `m${i}.ts`), `${previous}export function step${i}(n: number): number {\n  ${body}\n}\n`);
  }
  return dir;
}

/** The data rows of a Markdown table file, in order. */
const rowsOf = (text: string): string[] => text.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| ---") && !line.startsWith("| name |") && !line.startsWith("| site |") && !line.startsWith("| path |"));

/** An index file's rows as a reader gets them: the top file's own, then each shard's in the order the top file names them. */
function shardedRows(dir: string, file: string): string[] {
  const top = readFileSync(join(dir, ".ai", file), "utf8");
  return top.split("\n").flatMap((line) => {
    const shard = /^<!-- rows: (.+) -->$/.exec(line)?.[1];
    return shard ? rowsOf(readFileSync(join(dir, ".ai", shard), "utf8")) : rowsOf(line);
  });
}

describe("sharded index files", () => {
  it("keeps symbol_index.md, call_index.md and file_index.md as shards past shardAbove: the same rows in the same order, and lookups answer", async () => {
    const sharded = repository(300, "shardAbove: 0\n");
    const whole = repository(300, "");
    expect((await ctx(sharded, "index", "-q")).code).toBe(0);
    expect((await ctx(whole, "index", "-q")).code).toBe(0);
    for (const [file, folder] of [["symbol_index.md", "symbol_index"], ["call_index.md", "call_index"], ["file_index.md", "file_index"]] as const) {
      const shards = readdirSync(join(sharded, ".ai", folder));
      expect(shards.length).toBeGreaterThan(1);
      expect(shards.every((name) => /^[0-9a-f]{16}\.md$/.test(name))).toBe(true);
      expect(existsSync(join(whole, ".ai", folder))).toBe(false);
      expect(shardedRows(sharded, file)).toEqual(rowsOf(readFileSync(join(whole, ".ai", file), "utf8")));
    }
    // The file index's preamble (the line naming the HEAD among it) stays in the top file.
    expect(readFileSync(join(sharded, ".ai", "file_index.md"), "utf8").split("<!-- rows: ")[0]).toBe(readFileSync(join(whole, ".ai", "file_index.md"), "utf8").split("| src/m0.ts ")[0]);
    // Answers read from the committed Markdown, not from a cache built in the same run.
    rmSync(join(sharded, ".ai", ".cache"), { recursive: true });
    const answer = await ctx(sharded, "traverse", "Caller", "step150");
    expect(answer.code).toBe(0);
    expect(answer.stdout).toContain("src/m151.ts: step151 3");
    expect((await ctx(sharded, "traverse", "Symbol", "step299")).stdout).toContain("src/m299.ts:2-4 function step299");
  });

  it("rewrites the edited file's shard and the top file only, and the commit hook stages them", async () => {
    const dir = repository(300, "shardAbove: 0\n");
    git(dir, "init", "-q", "-b", "main");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    git(dir, "add", "-A");
    git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "start");
    writeFileSync(join(dir, "src", "m42.ts"), 'import { step41 } from "./m41";\nexport function step42(n: number): number {\n  return step41(n) * 2;\n}\nexport const extra = 1;\n');
    git(dir, "add", "src/m42.ts");
    const run = await ctx(dir, "hook", "run");
    expect(run.code).toBe(0);
    const staged = git(dir, "diff", "--cached", "--name-only").trim().split("\n");
    const symbolShards = staged.filter((path) => path.startsWith(".ai/symbol_index/"));
    expect(symbolShards).toHaveLength(1);
    // The file's new hash is in its file-index shard; the top file lists the same shards and counts as before.
    expect(staged.filter((path) => path.startsWith(".ai/file_index"))).toEqual([`.ai/file_index/${symbolShards[0]!.split("/")[2]}`]);
    expect(staged).toEqual(expect.arrayContaining(["src/m42.ts", ".ai/symbol_index.md"]));
    expect(readFileSync(join(dir, symbolShards[0]!), "utf8")).toContain("| extra |");
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
  });

  it("--check names a shard edited by hand or left over; a missing one is a one-line error; raising shardAbove writes one file again", async () => {
    const dir = repository(300, "shardAbove: 0\n");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const folder = join(dir, ".ai", "symbol_index");
    const [first, second] = readdirSync(folder).sort();
    writeFileSync(join(folder, first!), `${readFileSync(join(folder, first!), "utf8")}| hand | variable |  | no | src/x.ts:1 | no | x |\n`);
    writeFileSync(join(folder, "0000000000000000.md"), "left over\n");
    const check = JSON.parse((await ctx(dir, "index", "--check", "--json")).stdout) as { check: { upToDate: boolean; indexFiles: string[] } };
    expect(check.check.upToDate).toBe(false);
    expect(check.check.indexFiles).toEqual(expect.arrayContaining([`.ai/symbol_index/${first}`, ".ai/symbol_index/0000000000000000.md"]));

    rmSync(join(folder, second!));
    rmSync(join(dir, ".ai", ".cache"), { recursive: true });
    const missing = await ctx(dir, "traverse", "Symbol", "step1");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^ctx: \.ai\/symbol_index\.md:\d+: its shard \.ai\/symbol_index\/[0-9a-f]{16}\.md is missing — regenerate the index with `ctx index`\n$/);

    writeFileSync(join(dir, ".ai", "index-config.yaml"), "shardAbove: 100000000\n");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(existsSync(folder)).toBe(false);
    expect(readFileSync(join(dir, ".ai", "symbol_index.md"), "utf8")).toContain("| step299 |");
  });
});
