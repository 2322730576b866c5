import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, CTX_HERE, indexedFixture } from "../helpers/fixture.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON is what the test inspects, field by field
type Json = Record<string, any>;

/** No declaration of this task's files is named by its words: they are in a comment and SQL inside runRetention. */
const TASK = "nothing may be permanently deleted before thirty days";

async function brief(dir: string): Promise<Json> {
  const run = await ctx(dir, "brief", TASK, "--json");
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Json;
}

describe("ctx brief: the words inside declarations", () => {
  it("starts a task worded like a comment at the function that holds the words, not at a name that shares one", async () => {
    const dir = await indexedFixture("brief/body-words");
    const routed = await brief(dir);
    expect(routed.files[0]).toMatchObject({ path: "src/jobs/retention.ts", at: { name: "runRetention", line: 4, endLine: 9 }, reasons: [expect.stringMatching(/^uses permanently, deleted, thirty, days/)] });
    expect(routed.next).toBe(`plan in .ai/HANDOFF.md (\`${CTX_HERE} init\` creates it), starting from src/jobs/retention.ts:4-9 \`runRetention\``);
    expect(routed.index.words).toBe(true);
  });

  it("keeps the words of unchanged files through an incremental run and follows the ones that moved", async () => {
    const dir = await indexedFixture("brief/body-words");
    const retention = join(dir, "src/jobs/retention.ts");
    writeFileSync(retention, "export function runRetention(): number {\n  return 0;\n}\n");
    writeFileSync(
      join(dir, "src/db.ts"),
      "/** Rows are erased for good here: permanently deleted once thirty days have passed. */\nexport function purge(days: number): number {\n  return days;\n}\n",
    );
    const index = JSON.parse((await ctx(dir, "index", "--json")).stdout) as Json;
    expect(index).toMatchObject({ parsed: 2, reused: 2 });
    const routed = await brief(dir);
    expect(routed.files[0]).toMatchObject({ path: "src/db.ts" });
    expect(routed.files[0].at).toEqual({ name: "purge", line: 2, endLine: 4 });
    expect(routed.files.map((file: Json) => file.path)).not.toContain("src/jobs/retention.ts");
  });

  it("an incremental run writes only the delta of what changed, and briefs as a lexicon rebuilt whole would", async () => {
    const dir = await indexedFixture("brief/body-words");
    const lexicon = join(dir, ".ai/.cache/lexicon");
    const shards = readdirSync(lexicon).filter((name) => name.startsWith("terms-"));
    const before = new Map(shards.map((name) => [name, statSync(join(lexicon, name)).mtimeMs]));
    writeFileSync(join(dir, "src/db.ts"), "/** Rows are erased for good here: permanently deleted once thirty days have passed. */\nexport function purge(days: number): number {\n  return days;\n}\n");
    rmSync(join(dir, "src/accounts/account-settings.ts"));
    await ctx(dir, "index", "-q");
    expect(shards.filter((name) => statSync(join(lexicon, name)).mtimeMs !== before.get(name))).toEqual([]);
    expect(readFileSync(join(lexicon, "delta.tsv"), "utf8")).toMatch(/^src\/accounts\/account-settings\.ts\t-\t\nsrc\/db\.ts\t[0-9a-f]{64}\t.*perman/);
    const incremental = await brief(dir);

    rmSync(lexicon, { recursive: true });
    await ctx(dir, "index", "-q");
    expect(readFileSync(join(lexicon, "delta.tsv"), "utf8")).toBe("");
    expect(await brief(dir)).toEqual(incremental);
  });

  it("reads a damaged postings shard as holding nothing: the brief still answers, by names", async () => {
    const dir = await indexedFixture("brief/body-words");
    const lexicon = join(dir, ".ai/.cache/lexicon");
    const shards = readdirSync(lexicon).filter((n) => n.startsWith("terms-"));
    // A dictionary that claims more bytes than the file has; a file cut inside its first block.
    for (const [i, name] of shards.entries()) {
      const bytes = readFileSync(join(lexicon, name));
      writeFileSync(join(lexicon, name), i % 2 === 0 ? Buffer.from([255, 255, 0, 0, 65]) : bytes.subarray(0, Math.max(4, bytes.length - 5)));
    }
    const run = await ctx(dir, "brief", TASK, "--json");
    expect(run.code, run.stderr).toBe(0);
    const routed = JSON.parse(run.stdout) as Json;
    expect(routed.files.find((file: Json) => file.path === "src/jobs/retention.ts")?.at?.name).not.toBe("runRetention");
  });

  it("without them (a clone before its first `ctx index`) routes by names and says so; `ctx index` writes them again", async () => {
    const dir = await indexedFixture("brief/body-words");
    rmSync(join(dir, ".ai/.cache/lexicon"), { recursive: true });
    const text = await ctx(dir, "brief", TASK);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^index: built at \w+ · no words inside declarations yet \(run `.+ index`; routing below uses names\)$/m);
    expect(text.stdout).toContain("src/jobs/retention.ts:11-13 `retentionWindowDays`");

    const index = JSON.parse((await ctx(dir, "index", "--json")).stdout) as Json;
    expect(index.parsed).toBe(4);
    expect(existsSync(join(dir, ".ai/.cache/lexicon/meta.json"))).toBe(true);
    expect((await brief(dir)).files[0].at).toEqual({ name: "runRetention", line: 4, endLine: 9 });
  });
});
