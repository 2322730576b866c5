import { createRequire } from "node:module";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { copyFixture, ctx } from "../helpers/fixture.js";

const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/** The oracle: the compiler's own diagnostics for the project, as `file:line:col code` (one program for both cases: the fixture is the same). */
let diagnostics: string[] | undefined;
function oracle(dir: string): string[] {
  diagnostics ??= compile(dir);
  return diagnostics;
}

function compile(dir: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(dir, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram(config.fileNames, config.options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const { line, character } = d.file!.getLineAndCharacterOfPosition(d.start!);
    return `src/orders.ts:${line + 1}:${character + 1} TS${d.code}`;
  });
}

interface Compressed {
  tool: string;
  exitCode: number;
  verdict: string;
  counts: Record<string, number>;
  items: { kind: string; text: string }[];
  output: string[];
}

describe("ctx compress on tsc", () => {
  it.each([["false"], ["true"]])("keeps every diagnostic of tsc --pretty %s with its place and code, counted as the compiler counts them", async (pretty) => {
    const dir = copyFixture("compress/tsc-errors");
    const expected = oracle(dir);
    expect(expected).toHaveLength(60);
    const run = await ctx(dir, "compress", "--json", "--", process.execPath, TSC, "-p", ".", "--pretty", pretty);
    const result = JSON.parse(run.stdout) as Compressed;
    expect(run.code).toBe(2);
    expect(result).toMatchObject({ tool: "tsc", exitCode: 2, verdict: "failed", counts: { errors: 60, warnings: 0 } });
    const found = result.output.flatMap((line) => {
      const m = /^(src\/orders\.ts)(?:\((\d+),(\d+)\): |:(\d+):(\d+) - )error (TS\d+)/.exec(line);
      return m ? [`${m[1]}:${m[2] ?? m[4]}:${m[3] ?? m[5]} ${m[6]}`] : [];
    });
    expect(found).toEqual(expected);
    if (pretty === "true") expect(result.output.filter((line) => line.trim() !== "").at(-1)).toMatch(/^\[ctx\] … \d+ lines? hidden$|^Found 60 errors in the same file/);
    const text = await ctx(dir, "compress", "--", process.execPath, TSC, "-p", ".", "--pretty", pretty);
    // Plain tsc output is all diagnostics: nothing to cut, so it passes through unchanged (JSON still says what it is).
    if (pretty === "false") expect(text.stdout).toMatch(/^src\/orders\.ts\(4,14\): error TS2322: /);
    else expect(text.stdout.split("\n")[0]).toMatch(/ · exit 2 · tsc: failed · errors 60, warnings 0 · raw: /);
  });
});
