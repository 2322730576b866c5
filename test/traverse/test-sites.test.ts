import { describe, expect, it } from "vitest";
import { ctx, indexedFixture } from "../helpers/fixture.js";

// src/format.ts:format ← src/report.ts:report ← src/main.ts:main; the tests under src/__tests__/ (sorted before
// src/report.ts) call format and report.
const indexed = (): Promise<string> => indexedFixture("traverse/test-callers");

const HEADER = ["TRAVERSE_HIT Caller format (4 sites, depth 2)", "→ function format src/format.ts:1"];
const REPORT = "  report src/report.ts:4";
const MAIN = "    main src/main.ts:4";
const CHECK_REPORT = "    checkReport src/__tests__/report.test.ts:4";
const CHECK_FORMAT = "  checkFormat src/__tests__/format.test.ts:4";

interface CallAnswer {
  hits: { name: string; parent: number | null }[];
  total: number;
  tests?: { sites: number; files: number };
}

describe("call sites in test files", () => {
  it("are counted, not listed, at depth 2 as at depth 1; --tests lists them after the other sites of their level", async () => {
    const dir = await indexed();
    const deep = await ctx(dir, "traverse", "Caller", "format", "--depth", "2");
    expect(deep.stdout.trimEnd().split("\n")).toEqual([...HEADER, REPORT, MAIN, "tests: 2 sites in 2 files (--tests lists them)"]);
    const listed = await ctx(dir, "traverse", "Caller", "format", "--depth", "2", "--tests");
    expect(listed.stdout.trimEnd().split("\n")).toEqual([...HEADER, REPORT, MAIN, CHECK_REPORT, CHECK_FORMAT]);
    const page = await ctx(dir, "traverse", "Caller", "format", "--depth", "2", "--limit", "1");
    expect(page.stdout.trimEnd().split("\n")).toEqual([...HEADER, REPORT, "+1 more (raise --limit to see them)", "tests: 2 sites in 2 files (--tests lists them)"]);
  });

  it("are left out of --json as out of the text, counted under tests, unless --tests", async () => {
    const dir = await indexed();
    const deep = JSON.parse((await ctx(dir, "traverse", "Caller", "format", "--depth", "2", "--json")).stdout) as CallAnswer;
    expect(deep).toMatchObject({ total: 2, tests: { sites: 2, files: 2 } });
    expect(deep.hits.map((hit) => [hit.name, hit.parent])).toEqual([["report", null], ["main", 0]]);
    const one = JSON.parse((await ctx(dir, "traverse", "Caller", "format", "--json")).stdout) as CallAnswer;
    expect(one).toMatchObject({ total: 1, tests: { sites: 1, files: 1 } });
    expect(one.hits.map((hit) => hit.name)).toEqual(["report"]);
    const all = JSON.parse((await ctx(dir, "traverse", "Caller", "format", "--depth", "2", "--json", "--tests")).stdout) as CallAnswer;
    expect(all.total).toBe(4);
    expect(all.tests).toBeUndefined();
    expect(all.hits.map((hit) => [hit.name, hit.parent])).toEqual([["report", null], ["main", 0], ["checkReport", 0], ["checkFormat", null]]);
    // The one-level text is as it was: every site counted in the first line, the tests' on their own line.
    expect((await ctx(dir, "traverse", "Caller", "format")).stdout).toContain("TRAVERSE_HIT Caller format (2 sites in 2 files)\n→ function format src/format.ts:1\n  src/report.ts: report 4\ntests: 1 site in 1 file (--tests lists them)\n");
  });
});
