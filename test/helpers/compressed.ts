import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { cleanLines } from "../../src/core/compress/clean-output.js";

/** `ctx compress --json` as the tests read it. */
export interface CompressedJson {
  tool: string;
  passthrough: boolean;
  exitCode: number | null;
  verdict: string;
  counts: Record<string, number>;
  items: { kind: string; text: string; line: number }[];
  omitted: { what: string; count: number }[];
  raw: string | null;
  tokens: { raw: number; out: number };
  output: string[];
}

/**
 * The hard gate every compressor passes: each line shown is the cleaned raw line at the very
 * place the markers imply, the markers add up to what is missing, and the kept raw log is the
 * captured output. Returns the number of lines the markers say were hidden.
 */
export function expectFaithful(dir: string, result: CompressedJson): number {
  const raw = readFileSync(join(dir, result.raw!), "utf8");
  const source = cleanLines(raw);
  let position = 0;
  let hidden = 0;
  for (const line of result.output) {
    if (line.startsWith("[ctx]")) {
      const gap = /^\[ctx\] … (\d+) lines? hidden(?:$|: | \()/.exec(line);
      const repeat = /^\[ctx\] ↑ ×(\d+) /.exec(line);
      expect(gap ?? repeat, line).not.toBeNull();
      const count = gap ? Number(gap[1]) : Number(repeat![1]) - 1;
      hidden += count;
      position += count;
      continue;
    }
    expect(source[position]).toBe(line);
    position += 1;
  }
  expect(position).toBe(source.length);
  expect(result.omitted.reduce((sum, omission) => sum + omission.count, 0)).toBe(hidden);
  return hidden;
}
