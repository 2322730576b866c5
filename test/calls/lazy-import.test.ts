import { describe, expect, it } from "vitest";
import { hitLines, indexedFixture } from "../helpers/fixture.js";

const FIXTURE = "calls/lazy-import";

describe("a module loaded on demand: what `await import()` binds links to what the module exports", () => {
  it("links a call of a name destructured from `await import()` to the module's export", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "runBuild")).toEqual([
      "TRAVERSE_HIT Caller runBuild (1 site in 1 file)",
      "→ function runBuild src/commands/run.ts:1",
      "  src/cli.ts: main 5",
      // The destructuring names it as a local.
      "complete; rg -w adds 1 declaration",
    ]);
  });

  it("links names bound from modules loaded side by side with Promise.all, renamed or whole", async () => {
    const dir = await indexedFixture(FIXTURE);
    expect(await hitLines(dir, "traverse", "Caller", "runClean")).toEqual([
      "TRAVERSE_HIT Caller runClean (1 site in 1 file)",
      "→ function runClean src/commands/run.ts:5",
      "  src/cli.ts: main 9",
      "complete; rg -w adds 1 other member",
    ]);
    expect(await hitLines(dir, "traverse", "Caller", "log")).toEqual([
      "TRAVERSE_HIT Caller log (1 site in 1 file)",
      "→ function log src/tools.ts:1",
      "  src/cli.ts: main 8",
      "complete; rg -w adds 1 other member",
    ]);
  });
});
