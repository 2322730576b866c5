import { describe, expect, it } from "vitest";
import { ctx } from "../helpers/fixture.js";
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
    expect(text.stdout.split("\n")[0]).toBe(`TRAVERSE_HIT Caller hub (${SITES})`);
    expect(text.stdout).toContain(`+${SITES - 10} more (raise --limit to see them)`);
  });

  it("says a deeper walk was cut, in text and JSON, with a lower bound for the total", async () => {
    const dir = await hubRepository();
    const deep = JSON.parse((await ctx(dir, "traverse", "Caller", "hub", "--depth", "2", "--json", "--limit", "100000")).stdout) as { total: number; capped?: number; truncated?: boolean };
    expect(deep).toMatchObject({ capped: 2000, truncated: true, total: 2000 });
    const text = await ctx(dir, "traverse", "Caller", "hub", "--depth", "2");
    expect(text.stdout).toContain("truncated: the walk stopped at 2000 call sites (≥ 2000 in all)");
  });
});
