import type { Kind } from "./compress-kinds.js";
import { compressCargo, looksLikeCargo } from "./compress-cargo.js";
import { compressEslint, looksLikeEslint } from "./compress-eslint.js";
import { compressGeneric } from "./compress-generic.js";
import { compressGitDiff, compressGitStatus, looksLikeGitDiff, looksLikeGitStatus } from "./compress-git.js";
import { compressGoTest, looksLikeGoTest } from "./compress-go.js";
import { compressJest, looksLikeJest } from "./compress-jest.js";
import { compressMocha, looksLikeMocha } from "./compress-mocha.js";
import { compressNpm, looksLikeNpm, npmFrame, withinNpmFrame } from "./compress-npm.js";
import { compressNodeTest, looksLikeNodeTest } from "./compress-node-test.js";
import type { Compressed } from "./compressed-output.js";
import { compressPytest, looksLikePytest } from "./compress-pytest.js";
import { compressTsc, looksLikeTsc } from "./compress-tsc.js";
import { compressVitest, looksLikeVitest } from "./compress-vitest.js";

type Parser = [looksLike: (lines: readonly string[]) => boolean, compress: (lines: readonly string[], exitCode: number | null, budget: number) => Compressed | null];

/** Most specific first: vitest and node's runner print error lines that would also pass for tsc's or eslint's. */
const PARSERS: readonly (readonly [Kind, ...Parser])[] = [
  ["vitest", looksLikeVitest, compressVitest],
  ["jest", looksLikeJest, compressJest],
  ["mocha", looksLikeMocha, compressMocha],
  ["node-test", looksLikeNodeTest, compressNodeTest],
  ["pytest", looksLikePytest, compressPytest],
  ["go", looksLikeGoTest, compressGoTest],
  ["cargo", looksLikeCargo, compressCargo],
  ["tsc", looksLikeTsc, compressTsc],
  ["eslint", looksLikeEslint, compressEslint],
  ["git", looksLikeGitStatus, compressGitStatus],
  ["git", looksLikeGitDiff, compressGitDiff],
];

/**
 * The compressor for this output: the first family parser that recognises it and can account for
 * it, else the generic fallback (whose verdict is `unparsed`). With `kind`, only that family is
 * tried: output it cannot account for still falls back, unparsed, rather than being misread.
 */
export function compressOutput(lines: readonly string[], exitCode: number | null, budget: number, kind?: Kind): Compressed {
  const parsers = kind === undefined ? PARSERS : PARSERS.filter(([name]) => name === kind);
  // `npm test` and `npm run build`: the script's output is parsed as its tool's, inside npm's frame.
  const frame = kind === undefined || kind === "npm" ? npmFrame(lines) : null;
  if (frame) {
    const inner = byFamily(parsers, lines.slice(frame.head, frame.tail), exitCode, budget);
    if (inner) return withinNpmFrame(lines, frame, inner);
  }
  const family = byFamily(parsers, lines, exitCode, budget);
  if (family) return family;
  if (kind === "npm" || (kind === undefined && (frame || looksLikeNpm(lines)))) return compressNpm(lines, exitCode, budget);
  return compressGeneric(lines, exitCode, budget);
}

/** The first family parser that recognises the output and can account for it. */
function byFamily(parsers: typeof PARSERS, lines: readonly string[], exitCode: number | null, budget: number): Compressed | null {
  for (const [, looksLike, compress] of parsers) {
    const compressed = looksLike(lines) ? compress(lines, exitCode, budget) : null;
    if (compressed) return compressed;
  }
  return null;
}
