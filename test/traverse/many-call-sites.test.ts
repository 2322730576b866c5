import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ctx, git, tempDir } from "../helpers/fixture.js";
import { HUB_SITES as SITES, hubRepository } from "../helpers/hub-repository.js";

describe("a declaration with thousands of call sites", () => {
  it("returns every site at depth 1 — total is the true count, nothing capped — and pages the text with --limit", async () => {
    const dir = await hubRepository();
    const all = JSON.parse((await ctx(dir, "traverse", "Caller", "hub", "--json", "--limit", "100000")).stdout) as { total: number; hits: { path: string; line: number }[]; capped?: number; truncated?: boolean };
    expect(all.total).toBe(SITES);
    expect(new Set(all.hits.map((hit) => `${hit.path}:${hit.line}`)).size).toBe(SITES);
    expect(all.capped).toBeUndefined();
    expect(all.truncated).toBeUndefined();
    const text = await ctx(dir, "traverse", "Caller", "hub", "--limit", "10");
    expect(text.stdout.split("\n").slice(0, 3)).toEqual([`TRAVERSE_HIT Caller hub (${SITES} sites)`, "→ function hub src/hub.ts:1", "  src/callers/caller0.ts: caller0 4, 5, 6, 7, 8, 9, 10, 11, 12, 13"]);
    expect(text.stdout).toContain(`+${SITES - 10} more sites (raise --limit to see them); 0 unresolved`);
    // Every site, grouped: 40 file lines of 80 lines each, and a closing line that says so.
    const whole = await ctx(dir, "traverse", "Caller", "hub", "--limit", "100000");
    const lines = whole.stdout.trimEnd().split("\n");
    expect(lines.filter((line) => line.startsWith("  src/callers/"))).toHaveLength(40);
    expect(lines[0]).toBe(`TRAVERSE_HIT Caller hub (${SITES} sites in 40 files)`);
    expect(lines.at(-1)).toMatch(/^complete; rg -w adds /);
    // Without --limit, 200 sites (a hub's answer in one call), one level or deeper: a deeper walk is a tree, a line per caller.
    const byDefault = (await ctx(dir, "traverse", "Caller", "hub")).stdout;
    expect(byDefault).toContain(`+${SITES - 200} more sites (raise --limit to see them); 0 unresolved`);
    const deep = (await ctx(dir, "traverse", "Caller", "hub", "--depth", "2")).stdout.trimEnd().split("\n");
    expect(deep.slice(2, 5).map((line) => line.slice(0, line.indexOf(":")))).toEqual(["  caller0 src/callers/caller0.ts", "  caller1 src/callers/caller1.ts", "  caller10 src/callers/caller10.ts"]);
    // The deeper walk stops at 2,000 sites (below): 200 of them shown, the rest counted.
    expect(deep.slice(5)).toEqual(["+1800 more (raise --limit to see them)", expect.stringMatching(/^truncated: the walk stopped at 2000 call sites/)]);
  });

  it("says a deeper walk was cut, in text and JSON, with a lower bound for the total", async () => {
    const dir = await hubRepository();
    const deep = JSON.parse((await ctx(dir, "traverse", "Caller", "hub", "--depth", "2", "--json", "--limit", "100000")).stdout) as { total: number; capped?: number; truncated?: boolean };
    expect(deep).toMatchObject({ capped: 2000, truncated: true, total: 2000 });
    const text = await ctx(dir, "traverse", "Caller", "hub", "--depth", "2");
    expect(text.stdout).toContain("truncated: the walk stopped at 2000 call sites (≥ 2000 in all)");
  });
});

describe("a one-level call answer in text", () => {
  it("counts the sites in test files unless --tests, and closes with the unresolved calls of that name", async () => {
    const dir = tempDir();
    git(dir, "init", "-q");
    mkdirSync(join(dir, "src"), { recursive: true });
    mkdirSync(join(dir, "test"), { recursive: true });
    writeFileSync(join(dir, "src/format.ts"), "export function format(value: number): string {\n  return String(value);\n}\n");
    writeFileSync(join(dir, "src/report.ts"), 'import { format } from "./format";\n\nexport function report(): string {\n  return format(1);\n}\n');
    writeFileSync(join(dir, "src/loose.ts"), "export function loose(thing: any): string {\n  return thing.format(2);\n}\n");
    writeFileSync(join(dir, "test/format.test.ts"), 'import { format } from "../src/format";\n\nexport function check(): boolean {\n  const one = format(1);\n  return one === "1" && format(2) === "2";\n}\n');
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const text = await ctx(dir, "traverse", "Caller", "format");
    expect(text.stdout.trimEnd().split("\n")).toEqual([
      "TRAVERSE_HIT Caller format (3 sites in 2 files)",
      "→ function format src/format.ts:1",
      "  src/report.ts: report 4",
      "tests: 2 sites in 1 file (--tests lists them)",
      "rg -w adds 2 imports",
      // A call of that name the linker could not tell: the answer is not complete while it is left.
      "1 unresolved call named format (receiver type unknown: each may call it):",
      "  src/loose.ts: loose 2",
    ]);
    const withTests = await ctx(dir, "traverse", "Caller", "format", "--tests");
    expect(withTests.stdout).toContain("→ function format src/format.ts:1\n  src/report.ts: report 4\n  test/format.test.ts: check 4, 5\n");
  });
});
