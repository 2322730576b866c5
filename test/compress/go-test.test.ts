import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { type CompressedJson, expectFaithful } from "../helpers/compressed.js";
import { copyFixture, ctx } from "../helpers/fixture.js";
import { toolMissing } from "../helpers/tools.js";

/** The oracle: `go test -json` on the same tree (results are not cached: -count=1). */
function goJson(dir: string): { failed: string[]; passed: string[]; packagesFailed: string[] } {
  // go test exits 1 when a test fails: its events are on standard output either way.
  const out = spawnSync("go", ["test", "-count=1", "-json", "./..."], { cwd: dir, encoding: "utf8" }).stdout;
  const events = out.trim().split("\n").map((line) => JSON.parse(line) as { Action: string; Test?: string; Package: string });
  const tests = (action: string) => events.filter((e) => e.Action === action && e.Test).map((e) => e.Test!).sort();
  return { failed: tests("fail"), passed: tests("pass"), packagesFailed: events.filter((e) => e.Action === "fail" && !e.Test).map((e) => e.Package) };
}

const go = toolMissing("go", "go", ["version"]);

describe.skipIf(go.skip)(`ctx compress on go test${go.because}`, () => {
  it.each([["go test"], ["go test -v"]])("%s: keeps every failing test and subtest with its first message, the panic with its own frame, and every package's result", async (label) => {
    const dir = copyFixture("compress/go-test-failures");
    const oracle = goJson(dir);
    expect(oracle.failed).toHaveLength(14);
    const verbose = label.endsWith("-v") ? ["-v"] : [];
    const run = await ctx(dir, "compress", "--json", "--", "go", "test", "-count=1", ...verbose, "./...");
    const result = JSON.parse(run.stdout) as CompressedJson;
    expect(run.code).toBe(1);
    expect(result).toMatchObject({ tool: "go test", exitCode: 1, verdict: "failed", counts: { failed: oracle.failed.length, "packages failed": 1, "packages ok": 1 } });
    if (verbose.length > 0) expect(result.counts.passed).toBe(oracle.passed.length);
    const failed = result.items.filter((item) => item.kind === "failed test");
    expect(failed.map((item) => item.text.split(" — ")[0]).sort()).toEqual(oracle.failed);
    expect(failed.find((item) => item.text.startsWith("TestRounds/item_3 — "))!.text).toBe("TestRounds/item_3 — cart_test.go:23: Price(300.4) = 3, want 3.01");
    expect(result.items.filter((item) => item.kind === "failed package").map((item) => item.text.split(" ")[0])).toEqual(oracle.packagesFailed);
    const output = result.output.join("\n");
    expect(output).toMatch(/^panic: runtime error: invalid memory address or nil pointer dereference/m);
    expect(output).toMatch(/^example\.com\/shop\/cart\.TestCoupon\(0x[0-9a-f]+\)\n\t.*\/cart\/cart_test\.go:32 \+0x[0-9a-f]+$/m);
    expect(output).not.toMatch(/\/src\/testing\/testing\.go/);
    expectFaithful(dir, result);
  });
});
