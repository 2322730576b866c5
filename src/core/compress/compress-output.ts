import { compressGeneric } from "./compress-generic.js";
import type { Compressed } from "./compressed-output.js";
import { compressTsc, looksLikeTsc } from "./compress-tsc.js";
import { compressVitest, looksLikeVitest } from "./compress-vitest.js";

/**
 * The compressor for this output: the first family parser that recognises it and can account for
 * it, else the generic fallback (whose verdict is `unparsed`).
 */
export function compressOutput(lines: readonly string[], exitCode: number | null, budget: number): Compressed {
  if (looksLikeVitest(lines)) {
    const vitest = compressVitest(lines, exitCode);
    if (vitest) return vitest;
  }
  if (looksLikeTsc(lines)) {
    const tsc = compressTsc(lines, exitCode);
    if (tsc) return tsc;
  }
  return compressGeneric(lines, exitCode, budget);
}
