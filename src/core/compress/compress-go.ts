import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";

/** `--- FAIL: TestRounds/item_3 (0.00s)`, nested by four spaces per subtest level. */
const RESULT = /^(\s*)--- (FAIL|PASS|SKIP): (\S+) \([\d.]+s\)$/;
/** `FAIL\texample.com/shop/cart\t0.012s`, `ok  \texample.com/shop/labels\t0.012s (cached)`, `FAIL\tpkg [build failed]`, `?   \tpkg\t[no test files]`. */
const PACKAGE = /^(ok|FAIL|\?) *\t(\S+)[\t ]?(.*)$/;
/** A compiler error: `./cart.go:12:3: undefined: Price` (after a `# pkg` line). */
const BUILD_ERROR = /^\S+\.go:\d+:\d+: /;
/** A goroutine trace's file line: `\t/path/to/file.go:32 +0x54`; the standard library's and modules' are not the project's. */
const TRACE_FILE = /^\t(\S+\.go):\d+(?: \+0x[0-9a-f]+)?$/;
const FOREIGN_GO = /^\/usr\/(?:local\/)?(?:lib\/)?go(?:-[\d.]+)?\/src\/|\/pkg\/mod\/|^\/go\/src\/runtime\//;

export function looksLikeGoTest(lines: readonly string[]): boolean {
  return lines.some((line) => PACKAGE.test(line));
}

/**
 * `go test`: each failing test and subtest with its first message line, a panic with the first
 * trace frame in the project's own code, compiler errors, and every package's result line; `=== RUN`,
 * passing tests, log lines after the first and the rest of goroutine traces are cut.
 */
export function compressGoTest(lines: readonly string[], exitCode: number | null): Compressed | null {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  const counts: Record<string, number> = {};
  const count = (name: string): void => {
    counts[name] = (counts[name] ?? 0) + 1;
  };
  let panic = false;
  // With -v a test's messages are printed under its `=== RUN` line, before its result: the first one is kept.
  const logged = new Map<string, number>();
  lines.forEach((line, index) => {
    const run = /^=== RUN\s+(\S+)$/.exec(line);
    if (run && /^\s+\S+\.go:\d+: /.test(lines[index + 1] ?? "")) logged.set(run[1]!, index + 1);
  });
  lines.forEach((line, index) => {
    const result = RESULT.exec(line);
    if (result) {
      count(result[2] === "FAIL" ? "failed" : result[2] === "PASS" ? "passed" : "skipped");
      if (result[2] !== "FAIL") return;
      kept.add(index);
      // The first line under it that is not another result: its message (`cart_test.go:23: Price(300.4) = 3, want 3.01`).
      const next = lines[index + 1] ?? "";
      const under = !RESULT.test(next) && /^\s+\S+\.go:\d+: /.test(next) && next.search(/\S/) > result[1]!.length ? index + 1 : undefined;
      const at = under ?? logged.get(result[3]!);
      const message = at === undefined ? "" : lines[at]!.trim();
      if (at !== undefined) kept.add(at);
      // Under -v the message sits under its `=== RUN` line, far from the result: the name is kept with it.
      if (at !== undefined && under === undefined) kept.add(at - 1);
      items.push({ kind: "failed test", text: message ? `${result[3]} — ${message}` : result[3]!, line: index + 1 });
      return;
    }
    const pkg = PACKAGE.exec(line);
    if (pkg) {
      kept.add(index);
      count(pkg[1] === "ok" ? "packages ok" : pkg[1] === "FAIL" ? "packages failed" : "packages without tests");
      if (pkg[1] === "FAIL") items.push({ kind: "failed package", text: `${pkg[2]} ${pkg[3]}`.trim(), line: index + 1 });
      return;
    }
    if (line === "FAIL" || line === "PASS" || /^# \S+$/.test(line)) kept.add(index);
    else if (BUILD_ERROR.test(line)) {
      kept.add(index);
      items.push({ kind: "build error", text: line, line: index + 1 });
    } else if (/^panic: /.test(line) && !panic) {
      panic = true;
      kept.add(index);
      items.push({ kind: "panic", text: line, line: index + 1 });
      // The first frame of the trace in the project's code: its function line and its file line.
      for (let j = index + 1; j < lines.length && !PACKAGE.test(lines[j]!); j += 1) {
        const file = TRACE_FILE.exec(lines[j]!);
        if (file && !FOREIGN_GO.test(file[1]!)) {
          kept.add(j - 1).add(j);
          break;
        }
      }
    } else if (!/^\s/.test(line)) panic = false;
  });
  if (!lines.some((line) => PACKAGE.test(line))) return null;
  return parsedOutput("go test", exitCode, (counts.failed ?? 0) + (counts["packages failed"] ?? 0) > 0, { counts, items }, assemble(lines, lines.map((_, i) => [i, 1] as const), kept), "lines (=== RUN, passing tests, logs, goroutine traces)");
}
