import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";

/** `src/a.ts(12,5): error TS2322: …` (`--pretty false`) and `src/a.ts:12:5 - error TS2322: …` (`--pretty`). */
const LOCATED = /^(.+?)(?:\((\d+),(\d+)\): |:(\d+):(\d+) - )(error|warning|message) (TS\d+): (.*)$/;
/** A diagnostic with no file: `error TS5083: Cannot read file 'tsconfig.json'.` */
const GLOBAL = /^(error|warning|message) (TS\d+): (.*)$/;
/** `Found 3 errors in 2 files.`, `Found 1 error in src/a.ts:4`, `Found 2 errors.` */
const SUMMARY = /^Found (\d+) errors?(?: in (?:(\d+) files|.+))?\.?$|^Found (\d+) errors? in the same file/;

/** Whether output looks like tsc's: it has at least one TS diagnostic line. */
export function looksLikeTsc(lines: readonly string[]): boolean {
  return lines.some((line) => LOCATED.test(line) || GLOBAL.test(line));
}

/**
 * tsc's output reduced to its diagnostics: each `file:line:col`, category, code and first message
 * line, and the summary line; code frames, related locations and message chains are cut, counted.
 * Null when it holds no diagnostic but tsc failed: that is for the generic fallback to show, unparsed.
 */
export function compressTsc(lines: readonly string[], exitCode: number | null): Compressed | null {
  const items: KeptItem[] = [];
  const kept = new Set<number>();
  const counts: Record<string, number> = { errors: 0, warnings: 0 };
  let stated: number | null = null;
  lines.forEach((line, index) => {
    const located = LOCATED.exec(line);
    const global = located ? null : GLOBAL.exec(line);
    if (located || global) {
      const category = (located?.[6] ?? global?.[1])!;
      const code = (located?.[7] ?? global?.[2])!;
      if (category === "error") counts.errors! += 1;
      else if (category === "warning") counts.warnings! += 1;
      items.push({ kind: `${category} ${code}`, text: line, line: index + 1 });
      kept.add(index);
      return;
    }
    const summary = SUMMARY.exec(line.trim());
    if (summary) {
      stated = Number(summary[1] ?? summary[3]);
      items.push({ kind: "summary", text: line, line: index + 1 });
      kept.add(index);
    }
  });
  if (items.length === 0 && exitCode !== 0) return null;
  // Pretty output counts each error once in its diagnostic line; the summary must agree, or the parse is not trusted.
  if (stated !== null && stated !== counts.errors) return null;
  const runs = lines.map((_, index) => [index, 1] as const);
  const assembled = assemble(lines, runs, kept);
  return parsedOutput("tsc", exitCode, counts.errors! > 0, { counts, items }, assembled, "lines of code frames, related locations and message detail");
}
