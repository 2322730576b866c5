import { isStackFrame } from "./stack-frames.js";

/** What a compressor keeps: lines of the raw output, and ctx's own lines, which always carry PREFIX. */
export const PREFIX = "[ctx]";

export type Verdict = "passed" | "failed" | "unparsed";

export interface OutputLine {
  /** The cleaned raw line, or ctx's own text (starting with PREFIX). */
  text: string;
  /** 1-based line of the cleaned raw output; null for ctx's own lines. */
  source: number | null;
}

/** An item that must survive: a failing test, a diagnostic, a count. */
export interface KeptItem {
  kind: string;
  text: string;
  /** Where it is in the cleaned output. */
  line: number;
}

export interface Omission {
  /** What was cut, in words: `37 passing tests`, `7 node_modules frames`, `120 lines`. */
  what: string;
  count: number;
}

export interface Compressed {
  tool: string;
  exitCode: number | null;
  verdict: Verdict;
  /** Exact counts where the tool states them (passed, failed, skipped, errors, warnings). */
  counts: Record<string, number>;
  items: KeptItem[];
  omitted: Omission[];
  lines: OutputLine[];
}

/**
 * The kept runs of lines in order — a run of repeats as its first line and a `×N` marker — with a
 * marker for each gap saying how many lines it hid; a gap no longer than its marker would be is
 * shown instead, since hiding it saves nothing. `runs` are [first index, length] covering every line
 * once; returns the lines and how many raw lines are not shown.
 */
export function assemble(lines: readonly string[], runs: readonly (readonly [number, number])[], kept: ReadonlySet<number>): { out: OutputLine[]; hidden: number } {
  const out: OutputLine[] = [];
  let gap: number[] = [];
  let gapLines = 0;
  let hidden = 0;
  const flush = (): void => {
    if (gapLines === 0) return;
    // A gap of nothing but stack frames says so: the frames are folded, not lost.
    const frames = gap.every((index) => isStackFrame(lines[index]!));
    const marker = `${PREFIX} … ${gapLines} line${gapLines === 1 ? "" : "s"} hidden${frames ? " (stack frames)" : ""}`;
    const shown = gap.length === gapLines ? gap.reduce((sum, index) => sum + lines[index]!.length + 1, 0) : Infinity;
    if (shown <= marker.length + 1) for (const index of gap) out.push({ text: lines[index]!, source: index + 1 });
    else {
      out.push({ text: marker, source: null });
      hidden += gapLines;
    }
    gap = [];
    gapLines = 0;
  };
  runs.forEach(([start, length], r) => {
    if (!kept.has(r)) {
      gap.push(start);
      gapLines += length;
      return;
    }
    flush();
    out.push({ text: lines[start]!, source: start + 1 });
    if (length > 1) {
      out.push({ text: `${PREFIX} ↑ ×${length} (${length - 1} more like it, numbers and ids aside)`, source: null });
      hidden += length - 1;
    }
  });
  flush();
  return { out, hidden };
}

/** A non-zero exit is never a pass, and neither is a report that shows a failure, whatever the exit code. */
export function verdictOf(exitCode: number | null, failureSeen: boolean): Verdict {
  return (exitCode !== null && exitCode !== 0) || failureSeen ? "failed" : "passed";
}

/** A family parser's result: the verdict by `verdictOf`, and what its gaps hid, in words. */
export function parsedOutput(
  tool: string,
  exitCode: number | null,
  failureSeen: boolean,
  found: { counts: Record<string, number>; items: KeptItem[] },
  assembled: { out: OutputLine[]; hidden: number },
  what: string,
): Compressed {
  const omitted = assembled.hidden > 0 ? [{ what, count: assembled.hidden }] : [];
  return { tool, exitCode, verdict: verdictOf(exitCode, failureSeen), counts: found.counts, items: found.items, omitted, lines: assembled.out };
}
