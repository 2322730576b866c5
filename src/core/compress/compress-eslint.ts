import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";

/** A problem under its file's heading: `   4:9   error    Expected '===' and instead saw '=='   eqeqeq` (no rule id for a parsing error). */
const PROBLEM = /^\s+(\d+):(\d+)\s+(error|warning)\s+(.*?)(?:\s{2,}([@\w/-]+))?\s*$/;
/** `✖ 361 problems (217 errors, 144 warnings)` */
const SUMMARY = /^✖ (\d+) problems? \((\d+) errors?, (\d+) warnings?\)/;
/** `  144 errors and 72 warnings potentially fixable with the `--fix` option.` */
const FIXABLE = /^\s+\d+ errors? and \d+ warnings? potentially fixable/;
/** The heading of a file's problems: an absolute path alone on its line. */
const HEADING = /^(\/|[A-Za-z]:\\)\S.*$/;

export function looksLikeEslint(lines: readonly string[]): boolean {
  return lines.some((line) => SUMMARY.test(line)) && lines.some((line) => PROBLEM.test(line));
}

/**
 * eslint's stylish report: every problem is kept with its file, `line:col`, severity and rule id —
 * all of it is what a reader acts on — and the summary; what is cut is output around the report
 * (a script runner's banner, a deprecation notice). Null unless the problems listed add up to the summary.
 */
export function compressEslint(lines: readonly string[], exitCode: number | null): Compressed | null {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  const listed = { errors: 0, warnings: 0 };
  let summary: RegExpExecArray | null = null;
  let file: string | null = null;
  let started = false;
  lines.forEach((line, index) => {
    if (HEADING.test(line) && PROBLEM.test(lines[index + 1] ?? "")) {
      file = line;
      started = true;
      kept.add(index);
      return;
    }
    const problem = file === null ? null : PROBLEM.exec(line);
    if (problem) {
      listed[problem[3] === "error" ? "errors" : "warnings"] += 1;
      items.push({ kind: `${problem[3]} ${problem[5] ?? "parsing"}`, text: `${file}:${problem[1]}:${problem[2]} ${problem[4]}`, line: index + 1 });
      kept.add(index);
      return;
    }
    if (line.trim() === "") {
      // A blank line ends a file's problems; inside the report it stays (a marker would be longer than it).
      if (started && summary === null) kept.add(index);
      file = null;
    }
    const stated = SUMMARY.exec(line);
    if (stated) {
      summary = stated;
      items.push({ kind: "summary", text: line, line: index + 1 });
      kept.add(index);
    } else if (FIXABLE.test(line)) kept.add(index);
  });
  const stated = summary as RegExpExecArray | null;
  if (!stated || Number(stated[2]) !== listed.errors || Number(stated[3]) !== listed.warnings) return null;
  const assembled = assemble(lines, lines.map((_, index) => [index, 1] as const), kept);
  const counts = { problems: Number(stated[1]), errors: listed.errors, warnings: listed.warnings };
  // Warnings alone pass unless the run was told otherwise (--max-warnings): the exit code says which.
  return parsedOutput("eslint", exitCode, listed.errors > 0, { counts, items }, assembled, "lines around the report");
}
