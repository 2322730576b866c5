import { compressGeneric } from "./compress-generic.js";
import type { Compressed } from "./compressed-output.js";

/** `> shop@1.0.0 test` then `> vitest run`: what `npm run` prints before the script's own output. */
const BANNER = /^> (?:@[\w.-]+\/)?[\w.-]+@\S+ [\w:.-]+(?: [\w/.-]+)?$/;
/** npm's own errors: `npm error …` (npm 10 and later), `npm ERR! …` (before). */
const NPM_ERROR = /^npm (?:ERR!|error)(?: |$)/;
const NPM_LINE = /^npm (?:ERR!|error|warn|WARN|notice)(?: |$)/;
/** `added 312 packages, removed 4 packages, changed 2 packages, and audited 318 packages in 4s`, `found 0 vulnerabilities`, `3 vulnerabilities (1 low, 2 high)`. */
const SUMMARY = /^(?:(?:added|removed|changed) \d+ packages?|up to date|audited \d+ packages?)\b|^found \d+ vulnerabilit|^\d+ (?:\w+ severity )?vulnerabilit/;

export interface NpmFrame {
  /** Lines of npm's banner before the script's output, and where npm's trailing errors start. */
  head: number;
  tail: number;
}

/** The lines npm put around a script's output, when there are any; null for output npm did not wrap. */
export function npmFrame(lines: readonly string[]): NpmFrame | null {
  const banner = lines.slice(0, 3).findIndex((line) => BANNER.test(line));
  let head = banner === -1 ? 0 : banner + 1;
  while (banner !== -1 && head < lines.length && lines[head]!.startsWith("> ")) head += 1;
  if (banner !== -1 && lines[head] === "") head += 1;
  let tail = lines.length;
  while (tail > head && (NPM_ERROR.test(lines[tail - 1]!) || lines[tail - 1]!.trim() === "")) tail -= 1;
  if (head === 0 && !lines.slice(tail).some((line) => NPM_ERROR.test(line))) return null;
  return { head, tail };
}

/**
 * A script's output that a family parser understood, put back inside npm's frame: the banner and
 * npm's own error lines are kept whole around it, every line and item keeping its place.
 */
export function withinNpmFrame(lines: readonly string[], frame: NpmFrame, inner: Compressed): Compressed {
  const shift = (line: number | null): number | null => (line === null ? null : line + frame.head);
  const around = (from: number, to: number) => lines.slice(from, to).map((text, i) => ({ text, source: from + i + 1 }));
  const errors = lines.slice(frame.tail).filter((line) => NPM_ERROR.test(line));
  return {
    ...inner,
    items: [...inner.items.map((item) => ({ ...item, line: shift(item.line)! })), ...errors.map((text) => ({ kind: "npm error", text, line: lines.indexOf(text, frame.tail) + 1 }))],
    lines: [...around(0, frame.head), ...inner.lines.map((line) => ({ ...line, source: shift(line.source) })), ...around(frame.tail, lines.length)],
  };
}

export function looksLikeNpm(lines: readonly string[]): boolean {
  return lines.some((line) => NPM_LINE.test(line) || SUMMARY.test(line));
}

/**
 * The lines of npm's own usage text printed under an error (`npm error Usage:` … the option list):
 * the same for every user, and what the error is not about.
 */
function usageLines(lines: readonly string[]): Set<number> {
  const usage = new Set<number>();
  let inside = false;
  lines.forEach((line, index) => {
    if (/^npm (?:ERR!|error) Usage:$/.test(line)) inside = true;
    else if (!NPM_ERROR.test(line) || /^npm (?:ERR!|error) (?:Run "npm help|A complete log)/.test(line)) inside = false;
    if (inside) usage.add(index);
  });
  return usage;
}

/**
 * npm's own output (install, ci, a script no parser knows): every `npm error` line — but for npm's
 * usage text — and the install summary kept whatever the budget; warnings and the rest ranked as
 * the generic fallback ranks them.
 */
export function compressNpm(lines: readonly string[], exitCode: number | null, budget: number): Compressed {
  const usage = usageLines(lines);
  const mustKeep = new Set(lines.flatMap((line, index) => ((NPM_ERROR.test(line) && !usage.has(index)) || SUMMARY.test(line) ? [index] : [])));
  const compressed = compressGeneric(lines, exitCode, budget, (_, index) => mustKeep.has(index), (_, index) => usage.has(index));
  const counts: Record<string, number> = {};
  for (const line of lines) {
    for (const [, verb, count] of line.matchAll(/\b(added|removed|changed|audited) (\d+) packages?/g)) counts[verb!] = Number(count);
    const found = /^found (\d+) vulnerabilit|^(\d+) (?:\w+ severity )?vulnerabilit/.exec(line);
    if (found) counts.vulnerabilities = Number(found[1] ?? found[2]);
  }
  const errors = lines.flatMap((text, index) => (NPM_ERROR.test(text) && !usage.has(index) && text.trim() !== "npm error" && text.trim() !== "npm ERR!" ? [{ kind: "npm error", text, line: index + 1 }] : []));
  // Read from standard input there is no exit code: npm's errors say it failed, their absence proves nothing.
  const verdict = exitCode === null ? (errors.length > 0 ? "failed" : "unparsed") : exitCode === 0 ? "passed" : "failed";
  return { ...compressed, tool: "npm", verdict, counts, items: errors };
}
