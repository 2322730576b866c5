import { describe, expect, it } from "vitest";
import { ctx, indexedFixture } from "../helpers/fixture.js";

const FIXTURE = "calls/called-through-members";

async function callers(dir: string, query: string): Promise<string[]> {
  const run = await ctx(dir, "traverse", "Caller", query);
  expect(run.code, run.stdout).toBe(0);
  return run.stdout.trimEnd().split("\n");
}

describe("traverse Caller on a class, an interface or a namespace", () => {
  it("lists a class's new sites, then the callers of each member — static ones included — in member order", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await callers(dir, "Scheduler")).toEqual([
      "TRAVERSE_HIT Caller Scheduler (4 sites in 2 files)",
      "→ class Scheduler src/jobs.ts:2 · 1 site in 1 file",
      "  (same file): Scheduler.start 6",
      "→ method Scheduler.start src/jobs.ts:5 · 2 sites in 1 file",
      "  src/main.ts: boot 4; restart 10",
      "→ method Scheduler.tick src/jobs.ts:11 · 1 site in 1 file",
      "  (same file): Scheduler.start 7",
      // Every other line naming the class, accounted for; `return Scheduler.instance` reads a static, calls nothing.
      "complete; rg -w adds 1 declaration, 1 import, 3 type uses, 1 other use: src/jobs.ts:8",
    ]);
  });

  it("answers for an interface through the calls of its members, and for a namespace through its functions", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect((await callers(dir, "Queue")).slice(1, -1)).toEqual(["→ method Queue.push src/jobs.ts:17 · 1 site in 1 file", "  src/main.ts: boot 5", "→ method Queue.drain src/jobs.ts:18 · 1 site in 1 file", "  src/main.ts: boot 6"]);
    expect((await callers(dir, "Queues")).slice(1, -1)).toEqual(["→ function Queues.memory src/jobs.ts:22", "  src/main.ts: defaultQueue 13"]);
  });

  it("gives a class's Callee as the calls its members make", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "traverse", "Callee", "Scheduler");
    expect(run.stdout.trimEnd().split("\n").slice(1)).toEqual([
      "← method Scheduler.start src/jobs.ts",
      "  6 Scheduler · class @ src/jobs.ts:2",
      "  7 Scheduler.tick · method @ src/jobs.ts:11",
      "complete; 0 unresolved",
    ]);
  });
});
