import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";
import { firstOwnFrame, isStackFrame } from "./stack-frames.js";

/** `  40 passing (70ms)`, `  1 pending`, `  15 failing` */
const COUNT = /^\s+(\d+) (passing|pending|failing)(?: \(.+\))?$/;
/** `  1) cart` (the first line of a failure in the closing list; its title runs on until a line ending in `:`). */
const ENTRY = /^ {2}(\d+)\) (.+)$/;

export function looksLikeMocha(lines: readonly string[]): boolean {
  return lines.some((line) => /^\s+\d+ passing \(/.test(line));
}

/**
 * mocha's spec reporter: the counts and each failure of the closing list — its numbered title
 * (hooks included), its message's first lines and its first frame in the project's own code; the
 * per-test progress and foreign frames are cut. Null unless the list holds as many failures as
 * `N failing` says.
 */
export function compressMocha(lines: readonly string[], exitCode: number | null): Compressed | null {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  const counts: Record<string, number> = {};
  let listStart = -1;
  lines.forEach((line, index) => {
    const count = COUNT.exec(line);
    if (!count) return;
    counts[count[2]!] = Number(count[1]);
    kept.add(index);
    if (count[2] === "failing") listStart = index;
  });
  if (counts.passing === undefined) return null;
  const entries = listStart === -1 ? [] : lines.flatMap((line, index) => (index > listStart && ENTRY.test(line) ? [index] : []));
  entries.forEach((start, n) => {
    const end = entries[n + 1] ?? lines.length;
    // The title: the numbered line and the indented lines under it, the last ending with `:`.
    let title = start;
    while (title + 1 < end && !lines[title]!.endsWith(":") && lines[title + 1]!.startsWith("     ")) title += 1;
    for (let i = start; i <= title; i += 1) kept.add(i);
    const message: number[] = [];
    for (let i = title + 1; i < end && message.length < 2; i += 1) {
      const line = lines[i]!;
      if (line.trim() === "") continue;
      if (isStackFrame(line) || /^\s+\+ expected - actual$/.test(line)) break;
      message.push(i);
    }
    for (const m of message) kept.add(m);
    const frame = firstOwnFrame(lines, title + 1, end);
    if (frame !== null) kept.add(frame);
    const name = lines.slice(start, title + 1).map((l) => l.trim()).join(" ").replace(/^\d+\) /, "").replace(/:$/, "");
    items.push({ kind: "failed test", text: message.length > 0 ? `${name} — ${lines[message[0]!]!.trim()}` : name, line: start + 1 });
  });
  if (entries.length !== (counts.failing ?? 0)) return null;
  return parsedOutput("mocha", exitCode, (counts.failing ?? 0) > 0, { counts, items }, assemble(lines, lines.map((_, i) => [i, 1] as const), kept), "lines (passing tests, progress, stack frames)");
}
