import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";
import { firstOwnFrame } from "./stack-frames.js";

/** The run's counts, as TAP comments (`# pass 41`) or the spec reporter's notes (`ℹ pass 41`). */
const COUNT = /^(#|ℹ) (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) (\d+(?:\.\d+)?)$/;
/** `not ok 44 - rounds item 3`, nested by four spaces per level; a `# TODO` or `# SKIP` directive makes it no failure. */
const NOT_OK = /^(\s*)not ok \d+ - (.*?)(?:\s+# (TODO|SKIP)\b.*)?$/;
/** An error printed at the top of the output or as a note: a file that failed to load, an error after its test ended. */
const ERROR_HEAD = /^(?:# |ℹ )?(?:\w*Error|Uncaught)\b[^:]*: \S/;
/** The spec reporter's closing list of failures, each under `test at file:line:col`. */
const FAILING_SECTION = /^✖ failing tests:$/;
const SPEC_TEST_AT = /^test at \S+:\d+:\d+$/;
const SPEC_FAIL = /^(\s*)✖ (.*?)(?: \([\d.]+m?s\))?(?: # (TODO|SKIP))?$/;
/** The message of an item, the same from either reporter: no `AssertionError [ERR_ASSERTION]: ` before it, no quotes around it. */
const messageText = (line: string): string => line.trim().replace(/^error: /, "").replace(/^\w*Error(?: \[\w+\])?: /, "").replace(/^(['"])(.*)\1$/, "$2");
/** How many non-empty lines of an error's message to keep: the headline and, for an assertion, the values that differ. */
const MESSAGE_LINES = 3;

export function looksLikeNodeTest(lines: readonly string[]): boolean {
  const counts = lines.filter((line) => COUNT.test(line));
  return counts.some((line) => / tests \d/.test(line)) && counts.some((line) => / pass \d/.test(line));
}

/**
 * node's test runner (TAP, its default when not on a terminal, or the spec reporter): each failing
 * test, suite and file with its message's first lines, where it is, and its first frame in the
 * project's own code; errors reported outside a test; the counts. Null unless the failures listed
 * add up to the stated `fail` and `cancelled` counts.
 */
export function compressNodeTest(lines: readonly string[], exitCode: number | null): Compressed | null {
  const counts: Record<string, number> = {};
  lines.forEach((line) => {
    const count = COUNT.exec(line);
    if (count && count[2] !== "duration_ms") counts[count[2]!] = Number(count[3]);
  });
  if (counts.tests === undefined) return null;
  const parsed = lines.some((line) => FAILING_SECTION.test(line)) ? specFailures(lines) : tapFailures(lines);
  const listed = parsed.items.filter((item) => item.kind === "failed test" || item.kind === "failed file").length;
  if (listed !== (counts.fail ?? 0) + (counts.cancelled ?? 0)) return null;
  lines.forEach((line, index) => {
    if (COUNT.test(line) || ERROR_HEAD.test(line)) parsed.kept.add(index);
    if (ERROR_HEAD.test(line)) parsed.items.push({ kind: "error", text: line.replace(/^(# |ℹ )/, ""), line: index + 1 });
  });
  parsed.items.sort((a, b) => a.line - b.line);
  const assembled = assemble(lines, lines.map((_, index) => [index, 1] as const), parsed.kept);
  const failed = (counts.fail ?? 0) + (counts.cancelled ?? 0) > 0;
  return parsedOutput("node:test", exitCode, failed, { counts, items: parsed.items }, assembled, "lines (passing tests, timings, YAML details, stack frames)");
}

interface Failures {
  kept: Set<number>;
  items: KeptItem[];
}

/** The first non-empty lines after `from` that are not stack frames or the error's properties: the message. */
function messageLines(lines: readonly string[], from: number, to: number, indent: number): number[] {
  const found: number[] = [];
  for (let j = from; j < to && found.length < MESSAGE_LINES; j += 1) {
    const line = lines[j]!;
    if (line.trim() === "") continue;
    if (line.search(/\S/) < indent || /^\s*at /.test(line)) break;
    found.push(j);
  }
  return found;
}

function tapFailures(lines: readonly string[]): Failures {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  lines.forEach((line, index) => {
    const notOk = NOT_OK.exec(line);
    if (!notOk || notOk[3]) return;
    kept.add(index);
    // The YAML block under the test: `---` … `...`, indented two more than `not ok`.
    const indent = notOk[1]!.length + 2;
    let end = index + 1;
    while (end < lines.length && lines[end]!.trim() !== "..." && !NOT_OK.test(lines[end]!)) end += 1;
    let suite = false;
    let failureType = "";
    let message = "";
    let location: number | null = null;
    let frame: number | null = null;
    for (let j = index + 1; j < end; j += 1) {
      const field = /^\s*(\w+): (.*)$/.exec(lines[j]!);
      if (!field || lines[j]!.search(/\S/) !== indent) continue;
      const [, name, value] = field as unknown as [string, string, string];
      if (name === "type" && value === "'suite'") suite = true;
      if (name === "failureType") failureType = value.replace(/'/g, "");
      if (name === "location") location = j;
      if (name === "error") {
        // An inline message is kept with its field name; a block keeps only its first lines.
        const block = value.startsWith("|") ? messageLines(lines, j + 1, end, indent + 2) : [j];
        for (const m of block) kept.add(m);
        message = block.length > 0 ? messageText(lines[block[0]!]!) : "";
      }
      if (name === "stack") frame = firstOwnFrame(lines, j + 1, end, (l) => l.search(/\S/) <= indent && l.trim() !== "");
    }
    // The first own frame says where it failed; without one, the test's location says where it is.
    const where = frame ?? location;
    if (where !== null) kept.add(where);
    const file = /^\s*location: '(.*):1:1'$/.test(lines.slice(index + 1, end).find((l) => /location:/.test(l)) ?? "") && notOk[1] === "";
    const kind = suite || failureType === "subtestsFailed" ? "failed suite" : file ? "failed file" : "failed test";
    items.push({ kind, text: message === "" ? notOk[2]! : `${notOk[2]} — ${message}`, line: index + 1 });
  });
  return { kept, items };
}

function specFailures(lines: readonly string[]): Failures {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  const start = lines.findIndex((line) => FAILING_SECTION.test(line));
  kept.add(start);
  for (let index = start + 1; index < lines.length; index += 1) {
    if (!SPEC_TEST_AT.test(lines[index]!)) continue;
    const fail = SPEC_FAIL.exec(lines[index + 1] ?? "");
    if (!fail) continue;
    kept.add(index).add(index + 1);
    let end = index + 2;
    while (end < lines.length && !SPEC_TEST_AT.test(lines[end]!)) end += 1;
    const message = messageLines(lines, index + 2, end, 2);
    for (const m of message) kept.add(m);
    const frame = firstOwnFrame(lines, index + 2, end);
    if (frame !== null) kept.add(frame);
    const file = / at [^:]+:1:1$/.test(lines[index]!) && /^[/\\]|^[A-Za-z]:\\/.test(fail[2]!);
    const text = message.length > 0 ? `${fail[2]} — ${messageText(lines[message[0]!]!)}` : fail[2]!;
    items.push({ kind: file ? "failed file" : "failed test", text, line: index + 2 });
  }
  return { kept, items };
}
