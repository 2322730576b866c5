import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressOutput } from "../../src/core/compress/compress-output.js";
import { type CompressedJson, expectFaithful } from "../helpers/compressed.js";
import { copyFixture, ctx } from "../helpers/fixture.js";

const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");

describe("ctx compress on npm", () => {
  it("parses the script's output under `npm run` as its tool's, keeping npm's banner and the script's exit code", async () => {
    const dir = copyFixture("compress/tsc-errors");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "orders", version: "1.0.0", private: true, scripts: { typecheck: `node ${JSON.stringify(TSC)} -p . --pretty true` } }));
    const run = await ctx(dir, "compress", "--json", "--", "npm", "run", "typecheck");
    const result = JSON.parse(run.stdout) as CompressedJson;
    expect(run.code).toBe(2);
    expect(result).toMatchObject({ tool: "tsc", exitCode: 2, verdict: "failed", counts: { errors: 60 } });
    expect(result.items.filter((item) => item.kind === "error TS2322").length).toBeGreaterThan(10);
    expect(result.output.slice(0, 3)).toEqual(["", "> orders@1.0.0 typecheck", `> node ${JSON.stringify(TSC)} -p . --pretty true`]);
    // Items point at their line of the whole output, banner included.
    const first = result.items[0]!;
    expect(result.output).toContain(first.text);
    expectFaithful(dir, result);
  });

  it("keeps npm's own error and cuts the usage text it prints under it (npm ci with no lockfile)", async () => {
    const dir = copyFixture("compress/npm-no-lockfile");
    const run = await ctx(dir, "compress", "--json", "--", "npm", "ci", "--offline", "--no-audit", "--no-fund");
    const result = JSON.parse(run.stdout) as CompressedJson;
    expect(run.code).toBe(1);
    expect(result).toMatchObject({ tool: "npm", exitCode: 1, verdict: "failed" });
    const raw = readFileSync(join(dir, result.raw!), "utf8").split("\n");
    // Every npm error line before the usage text and after it, as npm printed it.
    const usage = raw.indexOf("npm error Usage:");
    expect(usage).toBeGreaterThan(0);
    for (const line of [...raw.slice(0, usage), ...raw.slice(raw.findIndex((l) => l.startsWith('npm error Run "npm help')))].filter((l) => l.startsWith("npm error"))) {
      expect(result.output).toContain(line);
    }
    expect(result.items.map((item) => item.text)).toContain("npm error code EUSAGE");
    expect(result.output.join("\n")).not.toContain("--install-strategy");
    expectFaithful(dir, result);
    expect(result.tokens.out).toBeLessThan(result.tokens.raw / 4);
  });

  it("keeps every `npm error` line whatever the budget, and never calls a failed install a pass", () => {
    const lines = [
      ...Array.from({ length: 400 }, (_, i) => `npm warn deprecated pkg-${i}@1.0.${i}: this package is no longer supported`),
      "npm error code ERESOLVE",
      "npm error ERESOLVE unable to resolve dependency tree",
      ...Array.from({ length: 30 }, (_, i) => `npm error   peer react@"^${i}.0.0" from lib-${i}@2.0.0`),
      "npm error A complete log of this run can be found in: /home/u/.npm/_logs/debug-0.log",
    ];
    const result = compressOutput(lines, 1, 200);
    const shown = result.lines.map((line) => line.text);
    expect(result).toMatchObject({ tool: "npm", verdict: "failed" });
    for (const line of lines.filter((l) => l.startsWith("npm error"))) expect(shown).toContain(line);
    expect(result.items).toHaveLength(33);
    expect(shown.length).toBeLessThan(lines.length / 5);
    expect(compressOutput(lines, null, 200).verdict).toBe("failed");
  });
});
