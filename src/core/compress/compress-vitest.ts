import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";
import { firstOwnFrame } from "./stack-frames.js";

/** ` Test Files  2 failed | 1 passed (3)` and `      Tests  50 failed | 40 passed (90)`. */
const SUMMARY = /^\s*(Test Files|Tests)\s+((?:\d+ [a-z]+(?: \| )?)+)\s*\((\d+)\)\s*$/;
/** ` FAIL  totals.test.js > totals > rounds total 0`, and a file that failed as a whole: ` FAIL  broken.test.js [ broken.test.js ]`. */
const FAIL = /^\s*FAIL\s+(\S.*)$/;
/** `      Errors  1 error` — errors outside any test (unhandled rejections, errors after the run). */
const ERRORS = /^\s*Errors\s+(\d+) errors?/;
const SECTION = /^⎯+ (Failed Suites|Failed Tests|Unhandled Errors?|Uncaught Exception|Unhandled Rejection) (\d+)? ?⎯+$/;
/** Where an error outside any test came from, in the reporter's words. */
const ORIGIN = /^(Vitest caught \d+ unhandled errors?|This error originated in |The latest test that might've caused the error is )/;

export function looksLikeVitest(lines: readonly string[]): boolean {
  return lines.some((line) => SUMMARY.test(line)) && lines.some((line) => /^\s*(RUN|FAIL|✓|❯)\s/.test(line) || SECTION.test(line));
}

/**
 * vitest's default reporter reduced to what a reader acts on: each failure (a file that could not
 * run, each failing test with its first message line, each error outside a test) and the summary.
 * Null when there is no summary to count from (a crash): the generic fallback shows that, unparsed.
 */
export function compressVitest(lines: readonly string[], exitCode: number | null): Compressed | null {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  const counts: Record<string, number> = {};
  let inFailures = false;
  let inUnhandled = false;
  // The first frame in the project's own code: the place to look. Frames in node_modules and node's internals are cut.
  const ownFrame = (index: number): number | null => firstOwnFrame(lines, index + 1, index + 16, (line) => SECTION.test(line) || FAIL.test(line));
  const firstContentAfter = (index: number): number | null => {
    for (let j = index + 1; j < lines.length && j <= index + 4; j += 1) if (lines[j]!.trim() !== "") return j;
    return null;
  };
  lines.forEach((line, index) => {
    const section = SECTION.exec(line);
    if (section) {
      inFailures = true;
      inUnhandled = /^(Unhandled|Uncaught)/.test(section[1]!);
      kept.add(index);
      return;
    }
    const summary = SUMMARY.exec(line);
    if (summary) {
      const prefix = summary[1] === "Tests" ? "" : "files ";
      for (const [, count, state] of summary[2]!.matchAll(/(\d+) ([a-z]+)/g)) counts[`${prefix}${state}`] = Number(count);
      counts[`${prefix}total`] = Number(summary[3]);
      items.push({ kind: "summary", text: line, line: index + 1 });
      kept.add(index);
      return;
    }
    const errors = ERRORS.exec(line);
    if (errors) {
      counts.errors = Number(errors[1]);
      items.push({ kind: "errors", text: line, line: index + 1 });
      kept.add(index);
      return;
    }
    if (inUnhandled && ORIGIN.test(line)) {
      kept.add(index);
      return;
    }
    const fail = inFailures ? FAIL.exec(line) : null;
    const unhandled = inUnhandled && /^\s*\w*(Error|Exception)\b/.test(line);
    if (fail || unhandled) {
      kept.add(index);
      const message = fail ? firstContentAfter(index) : null;
      if (message !== null) kept.add(message);
      const frame = ownFrame(message ?? index);
      if (frame !== null) kept.add(frame);
      const kind = unhandled ? "unhandled error" : /\[ .+ \]$/.test(fail![1]!) ? "failed file" : "failed test";
      items.push({ kind, text: message === null ? line : `${line.trim()} — ${lines[message]!.trim()}`, line: index + 1 });
    }
  });
  if (counts.total === undefined) return null;
  // Every failing test must be listed, or the output is not what this parser thinks it is.
  if (items.filter((item) => item.kind === "failed test").length !== (counts.failed ?? 0)) return null;
  const assembled = assemble(lines, lines.map((_, index) => [index, 1] as const), kept);
  const failed = (counts.failed ?? 0) > 0 || (counts["files failed"] ?? 0) > 0 || (counts.errors ?? 0) > 0;
  return parsedOutput("vitest", exitCode, failed, { counts, items }, assembled, "lines (passing tests, per-test progress, code frames, stack frames)");
}
