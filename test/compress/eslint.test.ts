import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture, ctx } from "../helpers/fixture.js";

const ESLINT = join(createRequire(import.meta.url).resolve("eslint/package.json"), "..", "bin", "eslint.js");
const FORMATTER = join(import.meta.dirname, "..", "helpers", "eslint-oracle-formatter.mjs");

interface Result {
  filePath: string;
  errorCount: number;
  warningCount: number;
  messages: { ruleId: string | null; severity: number; message: string; line: number; column: number }[];
}

afterEach(() => {
  delete process.env.ESLINT_ORACLE;
});

describe("ctx compress on eslint", () => {
  it("keeps every problem with its file, line:col, severity and rule id, counted as the run's own JSON results count them", async () => {
    const dir = copyFixture("compress/eslint-violations");
    process.env.ESLINT_ORACLE = join(dir, "oracle.json");
    // The formatter prints the stylish report and writes the JSON results of the same run beside it.
    const run = await ctx(dir, "compress", "--json", "--", process.execPath, ESLINT, "-f", FORMATTER, "src");
    const result = JSON.parse(run.stdout) as { tool: string; exitCode: number; verdict: string; counts: Record<string, number>; items: { kind: string; text: string }[] };
    const oracle = JSON.parse(readFileSync(process.env.ESLINT_ORACLE, "utf8")) as Result[];
    const problems = oracle.flatMap((file) => file.messages.map((m) => ({ ...m, filePath: file.filePath })));
    expect(problems.length).toBeGreaterThan(100);
    expect(run.code).toBe(1);
    expect(result).toMatchObject({
      tool: "eslint",
      exitCode: 1,
      verdict: "failed",
      counts: { problems: problems.length, errors: oracle.reduce((n, f) => n + f.errorCount, 0), warnings: oracle.reduce((n, f) => n + f.warningCount, 0) },
    });
    const kept = result.items.filter((item) => item.kind !== "summary").map((item) => `${item.kind} ${item.text}`);
    // Stylish drops a message's final period; a parsing error has no rule id.
    const expected = problems.map((m) => `${m.severity === 2 ? "error" : "warning"} ${m.ruleId ?? "parsing"} ${m.filePath}:${m.line}:${m.column} ${m.message.replace(/\.$/, "")}`);
    expect(kept).toEqual(expected);
  });

  it("lets the exit code decide whether warnings fail the run (--max-warnings)", async () => {
    const dir = copyFixture("compress/eslint-violations");
    // Every file that parses, linted for console statements only: warnings, no errors.
    const files = readdirSync(join(dir, "src")).filter((file) => file !== "broken.js").map((file) => join("src", file));
    const args = [process.execPath, ESLINT, "--no-config-lookup", "--rule", "no-console: warn", ...files];
    const consoles = files.reduce((n, file) => n + readFileSync(join(dir, file), "utf8").split("console.log(").length - 1, 0);
    expect(consoles).toBeGreaterThan(10);
    const lenient = JSON.parse((await ctx(dir, "compress", "--json", "--", ...args)).stdout) as { verdict: string; counts: Record<string, number> };
    expect(lenient).toMatchObject({ verdict: "passed", counts: { problems: consoles, errors: 0, warnings: consoles } });
    const strict = await ctx(dir, "compress", "--json", "--", ...args, "--max-warnings", "0");
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout)).toMatchObject({ tool: "eslint", verdict: "failed", counts: { warnings: consoles } });
  });
});
