import { describe, expect, it } from "vitest";
import { ctx, indexedFixture } from "../helpers/fixture.js";

type Timings = { phases: { phase: string; ms: number; rssMiB: number }[] };

/** The one JSON line --timings writes on stderr. */
function timingsOf(stderr: string): Timings {
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Timings;
}

describe("--timings", () => {
  it("traverse: the answer on stdout as without it, and on stderr where the time went, start-up first", async () => {
    const dir = await indexedFixture("traverse/users-service");
    const plain = await ctx(dir, "traverse", "Symbol", "formatUser");
    const timed = await ctx(dir, "traverse", "Symbol", "formatUser", "--timings");
    expect(timed.code).toBe(0);
    expect(timed.stdout).toBe(plain.stdout);
    expect(plain.stderr).toBe("");
    const { phases } = timingsOf(timed.stderr);
    expect(phases.map((p) => p.phase)).toEqual(["start-up", "look up and check freshness", "render"]);
    expect(phases.every((p) => Number.isInteger(p.ms) && p.ms >= 0 && p.rssMiB > 0)).toBe(true);
  });

  it("brief: git, the index and the ranking as phases of their own", async () => {
    const dir = await indexedFixture("traverse/users-service");
    const timed = await ctx(dir, "brief", "fix formatUser when the name is empty", "--timings");
    expect(timed.code).toBe(0);
    expect(timed.stdout).toContain("formatUser");
    const names = timingsOf(timed.stderr).phases.map((p) => p.phase);
    expect(names[0]).toBe("start-up");
    expect(names).toEqual(expect.arrayContaining(["read the index", "rank files", "wait for git", "render"]));
  });
});
