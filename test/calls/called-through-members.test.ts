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
      "TRAVERSE_HIT Caller Scheduler (4)",
      "src/jobs.ts:6 method Scheduler.start → (new) Scheduler · class @ src/jobs.ts:2",
      "src/main.ts:4 function boot → Scheduler.start · method @ src/jobs.ts:5",
      "src/main.ts:10 function restart → Scheduler.start · method @ src/jobs.ts:5",
      "src/jobs.ts:7 method Scheduler.start → Scheduler.tick · method @ src/jobs.ts:11",
    ]);
  });

  it("answers for an interface through the calls of its members, and for a namespace through its functions", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect((await callers(dir, "Queue")).slice(1)).toEqual(["src/main.ts:5 function boot → Queue.push · method @ src/jobs.ts:17", "src/main.ts:6 function boot → Queue.drain · method @ src/jobs.ts:18"]);
    expect((await callers(dir, "Queues")).slice(1)).toEqual(["src/main.ts:13 constant defaultQueue → Queues.memory · function @ src/jobs.ts:22"]);
  });

  it("gives a class's Callee as the calls its members make", async () => {
    const dir = await indexedFixture(FIXTURE);
    const run = await ctx(dir, "traverse", "Callee", "Scheduler");
    expect(run.stdout.trimEnd().split("\n").slice(1)).toEqual([
      "src/jobs.ts:6 method Scheduler.start → (new) Scheduler · class @ src/jobs.ts:2",
      "src/jobs.ts:7 method Scheduler.start → Scheduler.tick · method @ src/jobs.ts:11",
    ]);
  });
});
