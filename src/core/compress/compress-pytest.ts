import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";

/** `========= 13 failed, 41 passed, 1 skipped, 1 warning, 1 error in 0.63s =========` */
const SUMMARY = /^=+ (.*\d+ (?:failed|passed|skipped|errors?|deselected|xfailed|xpassed|warnings?|no tests ran).*) in [\d.]+s(?: \([\d:.]+\))? =+$|^=+ no tests ran in [\d.]+s =+$/;
const SECTION = /^=+ (.+?) =+$/;
/** `_____ test_rounds_item[3] _____`, `_____ ERROR collecting test_broken.py _____` */
const ENTRY = /^_{3,} (.+?) _{3,}$/;
/** `E       assert 3.0 == (3 + 0.01)`: the assertion and its explanation. */
const E_LINE = /^E\s{2,}\S/;
/** `test_cart.py:18: AssertionError`, `test_broken.py:1: in <module>`: where it failed. */
const LOCATION = /^\S+\.py:\d+: \S/;
const SHORT = /^(FAILED|ERROR|XPASS|XFAIL) (\S+)(?: - (.*))?$/;
const KEEP = /^collected \d+ items?|^!{3,} .* !{3,}$|^\S+\.py::\S+$|Warning: /;

export function looksLikePytest(lines: readonly string[]): boolean {
  return lines.some((line) => SUMMARY.test(line)) && lines.some((line) => /^=+ (test session starts|FAILURES|ERRORS|short test summary info) =+$/.test(line));
}

/**
 * pytest's report: each failure and error with its first `E` line and where it failed, the short
 * summary (every FAILED and ERROR line with its message), warnings, the collection count and the
 * final counts; progress dots, source listings and tracebacks are cut. Null unless the failures
 * listed add up to the stated count.
 */
export function compressPytest(lines: readonly string[], exitCode: number | null): Compressed | null {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  const counts: Record<string, number> = {};
  let section = "";
  let entry: number | null = null;
  let firstE = false;
  let location: number | null = null;
  let entries = 0;
  // The short summary repeats each failure's message: then a FAILURES entry needs only its name and place.
  const summarised = lines.some((line) => /^FAILED \S+ - \S/.test(line));
  const closeEntry = (): void => {
    if (location !== null) kept.add(location);
    entry = null;
    location = null;
  };
  lines.forEach((line, index) => {
    const summary = SUMMARY.exec(line);
    if (summary) {
      closeEntry();
      kept.add(index);
      for (const [, count, state] of (summary[1] ?? "").matchAll(/(\d+) ([a-z]+)/g)) counts[state!.replace(/s$/, "").replace(/^warning$/, "warnings").replace(/^error$/, "errors")] = Number(count);
      items.push({ kind: "summary", text: line, line: index + 1 });
      return;
    }
    const heading = ENTRY.test(line) ? null : SECTION.exec(line);
    if (heading) {
      closeEntry();
      section = heading[1]!;
      if (!/^(test session starts|generated xml file|.*coverage)/.test(section)) kept.add(index);
      return;
    }
    if (section === "FAILURES" || section === "ERRORS") {
      const start = ENTRY.exec(line);
      if (start) {
        closeEntry();
        entry = index;
        firstE = false;
        entries += section === "FAILURES" ? 1 : 0;
        kept.add(index);
        return;
      }
      if (entry !== null && E_LINE.test(line) && !firstE && !(summarised && section === "FAILURES")) {
        firstE = true;
        kept.add(index);
      }
      if (entry !== null && LOCATION.test(line)) location = index;
      return;
    }
    const short = SHORT.exec(line);
    if (section === "short test summary info" && short) {
      kept.add(index);
      items.push({ kind: short[1] === "ERROR" ? "error" : short[1] === "FAILED" ? "failed test" : short[1]!.toLowerCase(), text: short[3] ? `${short[2]} — ${short[3]}` : short[2]!, line: index + 1 });
      return;
    }
    if (KEEP.test(line)) kept.add(index);
  });
  closeEntry();
  if (Object.keys(counts).length === 0) return null;
  const listed = items.filter((item) => item.kind === "failed test").length;
  // The short summary lists every failure; without it (-r with no f) the FAILURES entries must.
  if ((counts.failed ?? 0) !== (listed > 0 ? listed : entries)) return null;
  const assembled = assemble(lines, lines.map((_, index) => [index, 1] as const), kept);
  const failed = (counts.failed ?? 0) + (counts.errors ?? 0) > 0;
  return parsedOutput("pytest", exitCode, failed, { counts, items }, assembled, "lines (progress, source listings, tracebacks)");
}
