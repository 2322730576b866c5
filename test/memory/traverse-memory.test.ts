import { execFileSync } from "node:child_process";
import { appendFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx } from "../helpers/fixture.js";

const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/** Real tsc output for the fixture, as the agent would paste it (pretty: colours, code frames). */
function tsc(dir: string, pretty: boolean): string {
  try {
    execFileSync(process.execPath, [TSC, "-p", ".", "--pretty", String(pretty)], { cwd: dir, encoding: "utf8" });
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
  throw new Error("tsc found no type error in the fixture");
}

async function record(dir: string, title: string, error: string, ...extra: string[]): Promise<void> {
  const run = await ctx(
    dir, "complete-task", "--force", "--no-index", "--type", "bug-fix", "--title", title, "--keywords", "types,prices",
    "--problem", title, "--solution", "convert the value where it enters, not where it is used", "--lesson", "parse input at the boundary",
    "--root-cause", "a string from the form reached a number field", "--files", "src/prices.ts", "--error", error, ...extra,
  );
  expect(run.code).toBe(0);
}

describe("ctx traverse Err", () => {
  it("finds the fix recorded for the same kind of tsc error elsewhere, printed by tsc --pretty, as similar with what differs", async () => {
    const dir = copyFixture("memory/type-errors");
    const plain = tsc(dir, false).split("\n");
    // src/labels.ts(5,14): error TS2322: Type 'number' is not assignable to type 'string'.
    await record(dir, "a number where a string goes", plain[0]!);
    // The other error, in the other format: colours, path:line:col, a code frame, the related location.
    const pretty = tsc(dir, true);
    const prices = pretty.slice(pretty.indexOf("prices.ts"));
    expect(prices).toContain("\u001b[");
    const run = await ctx(dir, "traverse", "Err", `src/${prices}`);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(0, 5)).toEqual([
      expect.stringMatching(/^TRAVERSE_HIT Err src\/.*prices\.ts.* … \(1\)$/),
      expect.stringMatching(
        /^\.ai\/hot-cache\.jsonl:1 hot · similar \(in labels\.ts recorded, prices\.ts here; 'number' recorded, 'string' here; 'string' recorded, 'number' here\) · verified \d{4}-\d\d-\d\d @ [0-9a-f]{7} · fix: convert the value where it enters, not where it is used$/,
      ),
      "  error: src/labels.ts(5,14): error TS2322: Type 'number' is not assignable to type 'string'.",
      "  cause: a string from the form reached a number field",
      "  files: src/prices.ts",
    ]);
  });

  it("ranks a similar error by its words, misses an unrelated one with a search to run, and marks files changed since", async () => {
    const dir = copyFixture("memory/type-errors");
    await record(dir, "undefined user id", "TypeError: Cannot read properties of undefined (reading 'id')\n    at getUser (/srv/app/src/users.ts:12:5)", "--incident");
    const similar = await ctx(dir, "traverse", "Err", "--json", "TypeError: Cannot read properties of null (reading 'email')");
    expect(similar.code).toBe(0);
    const hit = (JSON.parse(similar.stdout) as { hits: Record<string, unknown>[] }).hits[0]!;
    expect(hit).toMatchObject({ kind: "hot+incident", match: "words", score: 0.667, files: [{ path: "src/prices.ts", changedSince: false, missing: false }] });
    appendFileSync(join(dir, "src/prices.ts"), "// edited after the fix\n");
    const changed = await ctx(dir, "traverse", "Err", "TypeError: Cannot read properties of undefined (reading 'name')");
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain("  files: src/prices.ts (changed since)\n");
    const unrelated = await ctx(dir, "traverse", "Err", "Error: connect ECONNREFUSED 127.0.0.1:5432");
    expect(unrelated.code).toBe(1);
    expect(unrelated.stdout).toBe("TRAVERSE_MISS Err Error: connect ECONNREFUSED 127.0.0.1:5432: no-match (none of 2 recorded errors matches)\nfallback: rg -n -F -e 'Error: connect ECONNREFUSED 127.0.0.1:5432' -- .\n");
  });

  it("calls an error exact only when what it names is the same: another property read is similar", async () => {
    const dir = copyFixture("memory/type-errors");
    await record(dir, "x read before load", "TypeError: Cannot read properties of undefined (reading 'x')\n    at load (/srv/app/src/a.ts:3:9)");
    const lookup = async (text: string) => (JSON.parse((await ctx(dir, "traverse", "Err", "--json", text)).stdout) as { hits: Record<string, unknown>[] }).hits[0];
    expect(await lookup("TypeError: Cannot read properties of undefined (reading 'x')\n    at run (/home/b/app/src/a.ts:40:2)")).toMatchObject({ match: "exact", differs: [] });
    expect(await lookup("TypeError: Cannot read properties of undefined (reading 'y')")).toMatchObject({ match: "similar", differs: ["'x' recorded, 'y' here"] });
  });

  it("says no fix is recorded yet when the caches are empty", async () => {
    const dir = copyFixture("memory/type-errors");
    const run = await ctx(dir, "traverse", "Err", "Error: boom");
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^TRAVERSE_MISS Err Error: boom: no-data \(no fixes recorded yet/);
  });
});

describe("ctx traverse Brain", () => {
  it("ranks brain entries and lessons, hand-written ones included, best first", async () => {
    const dir = copyFixture("memory/type-errors");
    await record(dir, "prices arrive as strings from the form", "TypeError: x.toFixed is not a function");
    await ctx(
      dir, "complete-task", "--force", "--no-index", "--type", "decision", "--title", "retry webhooks with backoff", "--keywords", "webhooks,retry",
      "--problem", "webhook deliveries were lost", "--solution", "retry with exponential backoff", "--lesson", "retry webhook deliveries, never drop them",
    );
    writeFileSync(join(dir, ".ai/lessons-learned.md"), "\n## Currency amounts are integers of cents\n- lesson: never store prices as floats\n", { flag: "a" });
    const run = await ctx(dir, "traverse", "Brain", "--json", "are", "prices", "kept", "as", "floats");
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { total: number; hits: { name: string; kind: string; path: string; signature: string; sources: string[] }[] };
    expect(result.total).toBe(2);
    expect(result.hits.map((h) => [h.name, h.kind])).toEqual([
      ["Currency amounts are integers of cents", "lesson"],
      ["prices arrive as strings from the form", "bug-fix"],
    ]);
    expect(result.hits[0]!.signature).toBe("never store prices as floats");
    // One hit per entry: its file, its lesson and its brain-index row.
    expect(result.hits[1]!.sources.map((s) => s.replace(/:\d+$/, ""))).toEqual([expect.stringMatching(/^\.ai\/brain\/.+\.md$/), ".ai/lessons-learned.md", ".ai/brain-index.md"]);
    const none = await ctx(dir, "traverse", "Brain", "kubernetes");
    expect(none.code).toBe(1);
    expect(none.stdout).toBe("TRAVERSE_MISS Brain kubernetes: no-match (none of 3 memory entries shares a word with the query)\nfallback: rg -n -i -F -e kubernetes -- .ai/\n");
  });
});

describe("ctx brief recalls memory", () => {
  it("shows the recorded fix for an error the task quotes, and the lessons sharing its words", async () => {
    const dir = copyFixture("memory/type-errors");
    await record(dir, "prices arrive as strings from the form", "TypeError: amount.toFixed is not a function");
    const brief = JSON.parse((await ctx(dir, "brief", "--json", "checkout throws TypeError: total.toFixed is not a function for form prices")).stdout) as {
      hot: { match: string; fix: string }[];
      brain: { title: string; summary: string }[];
    };
    expect(brief.hot.map((h) => [h.match, h.fix])).toEqual([["words", "convert the value where it enters, not where it is used"]]);
    expect(brief.brain.map((l) => [l.title, l.summary])).toEqual([["prices arrive as strings from the form", "parse input at the boundary"]]);
    const text = (await ctx(dir, "brief", "TypeError: amount.toFixed is not a function")).stdout;
    expect(text).toMatch(/\nhot \(recorded fixes for this error\):\n {2}\.ai\/hot-cache\.jsonl:1 exact · verified \d{4}-\d\d-\d\d · fix: convert the value where it enters, not where it is used\n/);
    // A task that says nothing of it recalls nothing.
    const unrelated = JSON.parse((await ctx(dir, "brief", "--json", "rename label to formatLabel")).stdout) as { hot: unknown[]; brain: unknown[] };
    expect([unrelated.hot, unrelated.brain]).toEqual([[], []]);
  });
});
