import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompressedJson, expectFaithful } from "../helpers/compressed.js";
import { copyFixture, ctx } from "../helpers/fixture.js";

const ORACLE = join(import.meta.dirname, "..", "helpers", "node-test-oracle-reporter.mjs");

interface Oracle {
  failures: { name: string; message: string }[];
  counts: Record<string, number>;
}

describe("ctx compress on node's test runner", () => {
  it.each([["tap"], ["spec"]])("keeps every failing test, file and suite-level error of the %s reporter, counted as the runner's own events count them", async (reporter) => {
    const dir = copyFixture("compress/node-test-failures");
    const oracleFile = join(dir, "oracle.json");
    // One run, two reporters: what the user sees on standard output, and the runner's events beside it.
    const run = await ctx(dir, "compress", "--json", "--", process.execPath, "--test", `--test-reporter=${reporter}`, "--test-reporter-destination=stdout", `--test-reporter=${ORACLE}`, `--test-reporter-destination=${oracleFile}`);
    const result = JSON.parse(run.stdout) as CompressedJson;
    const oracle = JSON.parse(readFileSync(oracleFile, "utf8")) as Oracle;
    expect(oracle.failures).toHaveLength(16);
    expect(run.code).toBe(1);
    expect(result).toMatchObject({ tool: "node:test", exitCode: 1, verdict: "failed", counts: oracle.counts });
    const failures = result.items.filter((item) => item.kind === "failed test" || item.kind === "failed file").map((item) => item.text);
    expect(failures).toEqual(oracle.failures.map((f) => `${f.name} — ${f.message.split("\n")[0]}`));
    const output = result.output.join("\n");
    // The assertion's values, the test file that could not load, and the error that escaped after its test ended.
    expect(output).toContain("3 !== 3.01");
    expect(output).toMatch(/^(# )?Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module '.*inventory\.mjs'/m);
    expect(output).toMatch(/^(# |ℹ )Error: Test "schedules a flush" at late\.test\.mjs:3:1 generated asynchronous activity after the test ended/m);
    // Stacks are folded to the project's own frame.
    expect(output).toMatch(/TestContext\.<anonymous> \(file:\/\/\/.*cart\.test\.mjs:15:33\)/);
    expect(output).not.toContain("node:internal");
    expectFaithful(dir, result);
    expect(result.tokens.out).toBeLessThan(result.tokens.raw * 0.4);
  });
});
