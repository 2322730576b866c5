import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx } from "../helpers/fixture.js";

const VITEST = join(createRequire(import.meta.url).resolve("vitest/package.json"), "..", "vitest.mjs");

interface Report {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; message: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

describe("ctx compress on vitest", () => {
  it("keeps every failing test with its first message, the file that failed to load, and the counts of the run's own JSON report", async () => {
    const dir = copyFixture("compress/vitest-failures");
    // One run, two reporters: what the user sees, and the oracle beside it.
    const run = await ctx(dir, "compress", "--json", "--", process.execPath, VITEST, "run", "--reporter=default", "--reporter=json", "--outputFile=report.json");
    const result = JSON.parse(run.stdout) as { tool: string; exitCode: number; verdict: string; counts: Record<string, number>; output: string[] };
    const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Report;
    expect(run.code).toBe(1);
    expect(result).toMatchObject({ tool: "vitest", exitCode: 1, verdict: "failed" });
    expect(result.counts).toMatchObject({ failed: report.numFailedTests, passed: report.numPassedTests, total: report.numTotalTests });
    const output = result.output.join("\n");
    const failures = report.testResults.flatMap((file) => file.assertionResults.filter((a) => a.status === "failed"));
    expect(failures).toHaveLength(50);
    for (const failure of failures) {
      // fullName is "totals rounds total 7": the describe block, then the test's name.
      expect(output).toContain(` FAIL  totals.test.js > ${failure.fullName.replace(/^totals /, "totals > ")}\n${failure.failureMessages[0]!.split("\n")[0]}`);
    }
    const broken = report.testResults.find((file) => file.name.endsWith("broken.test.js"))!;
    // The reporter prints the error's name before the message the JSON report holds.
    expect(output).toContain(` FAIL  broken.test.js [ broken.test.js ]\nError: ${broken.message.split("\n")[0]}`);
    expect(result.output.filter((line) => /^\s*(Test Files|Tests) /.test(line))).toEqual([" Test Files  2 failed | 1 passed (3)", "      Tests  50 failed | 40 passed (90)"]);
  });

  it("never reports a pass when an error escaped after every test passed: the exit code and the error decide", async () => {
    const dir = copyFixture("compress/vitest-late-error");
    const run = await ctx(dir, "compress", "--json", "--", process.execPath, VITEST, "run", "--reporter=default", "--reporter=json", "--outputFile=report.json");
    const result = JSON.parse(run.stdout) as { verdict: string; exitCode: number; counts: Record<string, number>; output: string[] };
    const report = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Report;
    expect(report.numFailedTests).toBe(0);
    expect(run.code).toBe(1);
    expect(result).toMatchObject({ verdict: "failed", exitCode: 1, counts: { passed: report.numPassedTests, total: report.numTotalTests, errors: 1 } });
    // The error, the first frame in the project's own code (node's internal frames cut), and where it came from.
    const at = result.output.indexOf("TypeError: flush() called after teardown");
    expect(at).toBeGreaterThan(0);
    expect(result.output[at + 1]).toBe(" ❯ Timeout._onTimeout labels.test.js:32:60");
    expect(result.output.some((line) => line.startsWith('This error originated in "labels.test.js" test file.'))).toBe(true);
    expect(result.output.join("\n")).not.toContain("node:internal");
  });
});
