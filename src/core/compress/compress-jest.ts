import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";
import { firstOwnFrame } from "./stack-frames.js";

/** `Tests:       13 failed, 1 skipped, 1 todo, 40 passed, 55 total`, and the same for `Test Suites:` and `Snapshots:`. */
const SUMMARY = /^(Test Suites|Tests|Snapshots):\s+(.*\d+ total)\s*$/;
const FILE = /^(FAIL|PASS) (\S.*?)(?: \([\d.]+ m?s\))?$/;
/** `  ● cart › rounds item 3`: a failure's heading; `  ● Test suite failed to run`: a file that could not run. */
const ENTRY = /^\s+● (.+)$/;
/** `    Expected: 3.01` / `    Received: 3`: the values an assertion compared. */
const VALUES = /^\s+(Expected|Received)(?: [\w ]+)?: /;

export function looksLikeJest(lines: readonly string[]): boolean {
  return lines.some((line) => /^Tests:\s+.*\d+ total/.test(line)) && lines.some((line) => FILE.test(line) || ENTRY.test(line));
}

/**
 * jest's default reporter: each failing file, each failure (`● suite › test`) with its message, the
 * values it compared and its first frame in the project's own code, each file that failed to run,
 * and the summary; passing files, code frames and foreign frames are cut. Null unless the failures
 * listed add up to the `Tests:` count.
 */
export function compressJest(lines: readonly string[], exitCode: number | null): Compressed | null {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  const counts: Record<string, number> = {};
  const entries = lines.flatMap((line, index) => (ENTRY.test(line) ? [index] : []));
  lines.forEach((line, index) => {
    const summary = SUMMARY.exec(line);
    if (summary) {
      const prefix = summary[1] === "Tests" ? "" : summary[1] === "Test Suites" ? "suites " : "snapshots ";
      for (const [, count, state] of summary[2]!.matchAll(/(\d+) ([a-z]+)/g)) counts[`${prefix}${state}`] = Number(count);
      items.push({ kind: "summary", text: line, line: index + 1 });
      kept.add(index);
    } else if (FILE.exec(line)?.[1] === "FAIL") kept.add(index);
  });
  entries.forEach((start, n) => {
    const end = Math.min(entries[n + 1] ?? lines.length, ...lines.map((l, i) => (i > start && (FILE.test(l) || SUMMARY.test(l)) ? i : lines.length)));
    kept.add(start);
    const message = lines.findIndex((l, i) => i > start && i < end && l.trim() !== "");
    if (message !== -1) kept.add(message);
    let values = 0;
    for (let i = start + 1; i < end && values < 2; i += 1) {
      if (!VALUES.test(lines[i]!)) continue;
      kept.add(i);
      values += 1;
    }
    const frame = firstOwnFrame(lines, start + 1, end);
    if (frame !== null) kept.add(frame);
    const title = ENTRY.exec(lines[start]!)![1]!;
    const suite = title === "Test suite failed to run";
    items.push({ kind: suite ? "failed file" : "failed test", text: message === -1 ? title : `${title} — ${lines[message]!.trim()}`, line: start + 1 });
  });
  if (counts.total === undefined) return null;
  if (items.filter((item) => item.kind === "failed test").length !== (counts.failed ?? 0)) return null;
  const failed = (counts.failed ?? 0) + (counts["suites failed"] ?? 0) > 0;
  return parsedOutput("jest", exitCode, failed, { counts, items }, assemble(lines, lines.map((_, i) => [i, 1] as const), kept), "lines (passing files, code frames, stack frames)");
}
