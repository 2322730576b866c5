import { estimateTokens } from "../brief/estimate-tokens.js";
import { assemble, type Compressed } from "./compressed-output.js";
import { repeatKey } from "./clean-output.js";
import { isOwnFrame, isStackFrame } from "./stack-frames.js";

/** Output this small is passed through unchanged: cutting it would save nothing worth a doubt. */
export const SMALL_LINES = 5;
export const SMALL_BYTES = 500;

/** Lines that say something went wrong (or was warned about), in the words tools use. */
const SIGNAL = /\b(error|errors|fail(?:ed|ure|ing)?|exception|fatal|panic|warn(?:ing)?|traceback|assert(?:ion)?|denied|refused|cannot|unable|not found|abort(?:ed)?|segmentation)\b|npm ERR!|^\s*[✗×✖]/i;
const HEAD = 10;
const TAIL = 20;
const AFTER_SIGNAL = 2;
/** The rank of a line the caller says must survive: never cut for the budget. */
const MUST = 5;

export function isSmall(raw: string, lines: readonly string[]): boolean {
  return lines.length <= SMALL_LINES || Buffer.byteLength(raw) <= SMALL_BYTES;
}

/** Runs of lines that are the same but for numbers, times and ids, as [first index, length]; a line that is not foldable stands alone. */
export function repeatRuns(lines: readonly string[], foldable: (line: string, index: number) => boolean = () => true): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < lines.length; ) {
    const key = foldable(lines[i]!, i) ? repeatKey(lines[i]!) : "";
    let j = i + 1;
    while (j < lines.length && key !== "" && repeatKey(lines[j]!) === key) j += 1;
    runs.push([i, j - i]);
    i = j;
  }
  return runs;
}

/**
 * The fallback for output no parser knows: the first lines, every line that signals a problem (and
 * the two after it), the last lines; repeats folded; each stack folded to its first own frame;
 * gaps marked with how many lines were cut. The
 * verdict is `unparsed`: the exit code alone says whether the command succeeded.
 */
export function compressGeneric(
  lines: readonly string[],
  exitCode: number | null,
  budget: number,
  mustKeep: (line: string, index: number) => boolean = () => false,
  /** Lines the caller knows to be noise (npm's usage text): cut first, never taken for signals. */
  noise: (line: string, index: number) => boolean = () => false,
): Compressed {
  // A line that must survive is never folded into another: its numbers are what it says.
  const runs = repeatRuns(lines, (line, index) => !mustKeep(line, index));
  // A stack is folded to one frame in the project's own code: the innermost — the first of a JavaScript
  // stack, the last of a Python traceback (most recent call last). It ranks as a signal; the other frames go first.
  const ownFrames = new Set<number>();
  let block: number[] = [];
  let python = false;
  const flush = (): void => {
    const own = block.filter((r) => isOwnFrame(lines[runs[r]![0]]!));
    const pick = python ? own.at(-1) : own[0];
    if (pick !== undefined) ownFrames.add(pick);
    block = [];
  };
  runs.forEach(([start], r) => {
    const line = lines[start]!;
    if (isStackFrame(line)) {
      if (block.length === 0) python = /^\s+File "/.test(line);
      block.push(r);
    } else if (!(python && block.length > 0 && /^\s{4,}\S/.test(line))) flush();
  });
  flush();
  // Importance per run: the tail, signal lines, their context, the head; the rest can go.
  const rank = new Map<number, number>();
  // A frame's own lines (Python prints the source line and carets under each `File` line) go with it.
  let frame: { indent: number; score: number } | null = null;
  runs.forEach(([start], r) => {
    const line = lines[start]!;
    const indent = line.search(/\S/);
    if (isStackFrame(line)) frame = { indent, score: ownFrames.has(r) ? 3 : 0 };
    else if (frame && indent > frame.indent && !mustKeep(line, start)) {
      rank.set(r, frame.score);
      return;
    } else frame = null;
    let score = 0;
    if (noise(line, start)) {
      rank.set(r, 0);
      return;
    }
    if (start >= lines.length - TAIL) score = 4;
    if (SIGNAL.test(line)) score = Math.max(score, 3);
    if (start < HEAD) score = Math.max(score, 1);
    if (isStackFrame(line)) score = ownFrames.has(r) ? 3 : 0;
    if (mustKeep(line, start)) score = MUST;
    rank.set(r, score);
  });
  runs.forEach(([start], r) => {
    if (!SIGNAL.test(lines[start]!) || noise(lines[start]!, start)) return;
    for (let k = 1; k <= AFTER_SIGNAL && r + k < runs.length; k += 1) {
      const next = runs[r + k]![0];
      if (!noise(lines[next]!, next) && !isStackFrame(lines[next]!)) rank.set(r + k, Math.max(rank.get(r + k)!, 2));
    }
  });
  // Least important first out, until the kept lines fit the budget.
  const kept = new Set(runs.map((_, r) => r).filter((r) => rank.get(r)! > 0));
  const cost = (r: number): number => estimateTokens(lines[runs[r]![0]]!) + (runs[r]![1] > 1 ? 4 : 0);
  let total = [...kept].reduce((sum, r) => sum + cost(r), 0);
  const order = [...kept].sort((a, b) => rank.get(a)! - rank.get(b)! || a - b);
  for (const r of order) {
    if (total <= budget) break;
    if (rank.get(r)! === MUST || (rank.get(r)! >= 4 && order.some((o) => kept.has(o) && rank.get(o)! < 4))) continue;
    kept.delete(r);
    total -= cost(r);
  }
  const { out, hidden } = assemble(lines, runs, kept);
  return {
    tool: "generic",
    exitCode,
    verdict: "unparsed",
    counts: {},
    items: [],
    omitted: hidden > 0 ? [{ what: "lines", count: hidden }] : [],
    lines: out,
  };
}
