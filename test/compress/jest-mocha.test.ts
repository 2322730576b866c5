import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CompressedJson, expectFaithful } from "../helpers/compressed.js";
import { copyFixture, ctx } from "../helpers/fixture.js";

const require = createRequire(import.meta.url);
const JEST = join(require.resolve("jest/package.json"), "..", "bin", "jest.js");
const MOCHA = join(require.resolve("mocha/package.json"), "..", "bin", "mocha.js");
const MOCHA_ORACLE = join(import.meta.dirname, "..", "helpers", "mocha-oracle-reporter.cjs");

afterEach(() => {
  delete process.env.MOCHA_ORACLE;
});

describe("ctx compress on jest and mocha", () => {
  it("keeps every jest failure with its message and own frame, the file that failed to run, and the counts of the run's JSON report", async () => {
    const dir = copyFixture("compress/jest-failures");
    const run = await ctx(dir, "compress", "--json", "--", process.execPath, JEST, "--json", "--outputFile=report.json");
    const result = JSON.parse(run.stdout) as CompressedJson;
    const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as {
      numFailedTests: number;
      numPassedTests: number;
      numTotalTests: number;
      numFailedTestSuites: number;
      testResults: { name: string; failureMessage: string | null; assertionResults: { ancestorTitles: string[]; title: string; status: string }[] }[];
    };
    expect(run.code).toBe(1);
    expect(result).toMatchObject({ tool: "jest", exitCode: 1, verdict: "failed", counts: { failed: report.numFailedTests, passed: report.numPassedTests, total: report.numTotalTests, "suites failed": report.numFailedTestSuites } });
    const failed = report.testResults.flatMap((file) => file.assertionResults.filter((a) => a.status === "failed").map((a) => [...a.ancestorTitles, a.title].join(" › ")));
    expect(failed).toHaveLength(13);
    expect(result.items.filter((item) => item.kind === "failed test").map((item) => item.text.split(" — ")[0])).toEqual(failed);
    const output = result.output.join("\n");
    expect(output).toContain("  ● cart › rounds item 3\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: 3.01\n    Received: 3");
    expect(output).toContain("      at Object.toFixed (cart.test.js:12:27)");
    expect(output).toContain("  ● Test suite failed to run\n\n    Cannot find module './inventory' from 'broken.test.js'");
    expect(output).not.toContain("node_modules/jest-resolve");
    expectFaithful(dir, result);
  });

  it("keeps every mocha failure, hooks and timeouts included, with its message and own frame, counted as the run's own events count them", async () => {
    const dir = copyFixture("compress/mocha-failures");
    process.env.MOCHA_ORACLE = join(dir, "oracle.json");
    const run = await ctx(dir, "compress", "--json", "--", process.execPath, MOCHA, "--reporter", MOCHA_ORACLE, "cart.test.mjs");
    const result = JSON.parse(run.stdout) as CompressedJson;
    const oracle = JSON.parse(readFileSync(process.env.MOCHA_ORACLE, "utf8")) as { failures: { title: string; message: string }[]; stats: { passes: number; pending: number; failures: number } };
    expect(oracle.failures).toHaveLength(15);
    // mocha exits with the number of failures.
    expect(run.code).toBe(15);
    expect(result).toMatchObject({ tool: "mocha", exitCode: 15, verdict: "failed", counts: { passing: oracle.stats.passes, pending: oracle.stats.pending, failing: oracle.stats.failures } });
    expect(result.items.map((item) => item.text.split(" — ")[0])).toEqual(oracle.failures.map((f) => f.title));
    for (const [i, failure] of oracle.failures.entries()) expect(result.items[i]!.text).toContain(failure.message.split("\n")[0]!);
    expect(result.output.join("\n")).toContain("     Error: label printer offline\n      at Context.<anonymous> (file://");
    expect(result.output.join("\n")).not.toContain("node:internal");
    expectFaithful(dir, result);
  });
});
