import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CompressedJson, expectFaithful } from "../helpers/compressed.js";
import { copyFixture, ctx } from "../helpers/fixture.js";
import { toolMissing } from "../helpers/tools.js";

/** A Python that has pytest: $CTX_TEST_PYTHON or the one on PATH, else Debian's (which .ci/run installs it into). */
const PYTHON = [process.env.CTX_TEST_PYTHON ?? "python3", "/usr/bin/python3"].find((python) => spawnSync(python, ["-m", "pytest", "--version"]).status === 0) ?? "python3";

/** The oracle: the JUnit XML report pytest writes in the same run. */
function junit(file: string): { failed: string[]; errors: string[]; tests: number; skipped: number } {
  const xml = readFileSync(file, "utf8");
  const cases = [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)];
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const suite = /<testsuite [^>]*errors="(\d+)" failures="(\d+)" skipped="(\d+)" tests="(\d+)"/.exec(xml)!;
  return {
    failed: cases.filter((c) => c[3]?.startsWith("<failure")).map((c) => `${c[1]}.py::${unescape(c[2]!)}`),
    errors: cases.filter((c) => c[3]?.startsWith("<error")).map((c) => `${c[1] || c[2]}.py`),
    tests: Number(suite[4]) - Number(suite[1]),
    skipped: Number(suite[3]),
  };
}

const pytest = toolMissing("pytest", PYTHON, ["-m", "pytest", "--version"]);

describe.skipIf(pytest.skip)(`ctx compress on pytest${pytest.because}`, () => {
  it("keeps every failure with its message and place, the module that failed to collect, and the counts of the run's JUnit report", async () => {
    const dir = copyFixture("compress/pytest-failures");
    const run = await ctx(dir, "compress", "--json", "--", PYTHON, "-m", "pytest", "--continue-on-collection-errors", "-p", "no:cacheprovider", "--junitxml=report.xml");
    const result = JSON.parse(run.stdout) as CompressedJson;
    const oracle = junit(join(dir, "report.xml"));
    expect(oracle.failed).toHaveLength(13);
    expect(run.code).toBe(1);
    expect(result).toMatchObject({ tool: "pytest", exitCode: 1, verdict: "failed" });
    expect(result.counts).toMatchObject({ failed: 13, errors: 1, skipped: oracle.skipped, passed: oracle.tests - 13 - oracle.skipped });
    expect(result.items.filter((item) => item.kind === "failed test").map((item) => item.text.split(" — ")[0])).toEqual(oracle.failed);
    expect(result.items.filter((item) => item.kind === "error").map((item) => item.text)).toEqual(oracle.errors);
    const output = result.output.join("\n");
    expect(output).toContain("FAILED test_cart.py::test_rounds_item[3] - assert 3.0 == (3 + 0.01)");
    expect(output).toContain("E   ModuleNotFoundError: No module named 'inventory'");
    expect(output).toMatch(/^test_cart\.py:23: KeyError$/m);
    expect(output).toMatch(/test_cart\.py:27: DeprecationWarning: tax tables from 2019 are deprecated$/m);
    expectFaithful(dir, result);
  });

  it("says the run failed when collection stopped it, with the module's error", async () => {
    const dir = copyFixture("compress/pytest-failures");
    const run = await ctx(dir, "compress", "--json", "--", PYTHON, "-m", "pytest", "-p", "no:cacheprovider");
    const result = JSON.parse(run.stdout) as CompressedJson;
    expect(run.code).toBe(2);
    expect(result).toMatchObject({ tool: "pytest", verdict: "failed", counts: { errors: 1 } });
    expect(result.output).toContain("E   ModuleNotFoundError: No module named 'inventory'");
    expect(result.output.some((line) => /^!+ Interrupted: 1 error during collection !+$/.test(line))).toBe(true);
  });
});
