import { compressEslint, looksLikeEslint } from "./compress-eslint.js";
import { compressGeneric } from "./compress-generic.js";
import { compressGitDiff, compressGitStatus, looksLikeGitDiff, looksLikeGitStatus } from "./compress-git.js";
import { compressNodeTest, looksLikeNodeTest } from "./compress-node-test.js";
import type { Compressed } from "./compressed-output.js";
import { compressTsc, looksLikeTsc } from "./compress-tsc.js";
import { compressVitest, looksLikeVitest } from "./compress-vitest.js";

type Parser = [looksLike: (lines: readonly string[]) => boolean, compress: (lines: readonly string[], exitCode: number | null, budget: number) => Compressed | null];

/** Most specific first: vitest and node's runner print error lines that would also pass for tsc's or eslint's. */
const PARSERS: readonly Parser[] = [
  [looksLikeVitest, compressVitest],
  [looksLikeNodeTest, compressNodeTest],
  [looksLikeTsc, compressTsc],
  [looksLikeEslint, compressEslint],
  [looksLikeGitStatus, compressGitStatus],
  [looksLikeGitDiff, compressGitDiff],
];

/**
 * The compressor for this output: the first family parser that recognises it and can account for
 * it, else the generic fallback (whose verdict is `unparsed`).
 */
export function compressOutput(lines: readonly string[], exitCode: number | null, budget: number): Compressed {
  for (const [looksLike, compress] of PARSERS) {
    const compressed = looksLike(lines) ? compress(lines, exitCode, budget) : null;
    if (compressed) return compressed;
  }
  return compressGeneric(lines, exitCode, budget);
}
