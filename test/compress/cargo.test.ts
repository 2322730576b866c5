import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CompressedJson, expectFaithful } from "../helpers/compressed.js";
import { copyFixture, ctx } from "../helpers/fixture.js";
import { toolMissing } from "../helpers/tools.js";

interface Event {
  reason?: string;
  type?: string;
  event?: string;
  name?: string;
  stdout?: string;
  passed?: number;
  failed?: number;
  ignored?: number;
  message?: { level: string; code: { code: string } | null; spans: { file_name: string; line_start: number; column_start: number; is_primary: boolean }[] };
}

/** JSON lines a cargo command prints on standard output (it exits 101 on failure: the lines are there either way). */
function jsonLines(dir: string, args: string[], env: Record<string, string> = {}): Event[] {
  const out = spawnSync("cargo", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } }).stdout;
  return out.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Event);
}

/** rustc's diagnostics of the same build as `file:line:col level[code]`, from `--message-format=json` (cargo replays a cached build's). */
function diagnostics(dir: string, args: string[]): string[] {
  const located = jsonLines(dir, [...args, "--message-format=json"])
    .filter((event) => event.reason === "compiler-message" && event.message!.spans.some((span) => span.is_primary))
    .map(({ message }) => {
      const span = message!.spans.find((s) => s.is_primary)!;
      return `${span.file_name}:${span.line_start}:${span.column_start} ${message!.level}${message!.code ? `[${message!.code.code}]` : ""}`;
    });
  // The lib and its test build report the same warning twice; cargo prints it once.
  return [...new Set(located)].sort();
}

/** libtest's own events for the same tests (its JSON format, unstable: RUSTC_BOOTSTRAP lets a stable toolchain print it). */
function testEvents(dir: string, args: string[]): { failed: Map<string, string>; counts: { passed: number; failed: number; ignored: number } } {
  const events = jsonLines(dir, ["test", ...args, "--", "-Z", "unstable-options", "--format", "json"], { RUSTC_BOOTSTRAP: "1" });
  const failed = new Map<string, string>();
  for (const event of events.filter((e) => e.type === "test" && e.event === "failed")) {
    // The panic's first message line: below `panicked at file:line:col:`, or quoted on that line before Rust 1.73.
    const lines = event.stdout!.split("\n");
    const at = lines.findIndex((line) => line.startsWith(`thread '${event.name}'`));
    const quoted = /panicked at '(.*?)(?:', \S+:\d+:\d+)?$/.exec(lines[at]!);
    failed.set(event.name!, quoted ? quoted[1]! : lines[at + 1]!);
  }
  const suites = events.filter((e) => e.type === "suite" && e.event !== "started");
  const sum = (key: "passed" | "failed" | "ignored") => suites.reduce((total, suite) => total + suite[key]!, 0);
  return { failed, counts: { passed: sum("passed"), failed: sum("failed"), ignored: sum("ignored") } };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

const cargo = toolMissing("cargo", "cargo");

describe.skipIf(cargo.skip)(`ctx compress on cargo${cargo.because}`, () => {
  it("cargo build: keeps every compiler error with its file:line:col and code, and cargo's own error; code frames and help are cut", async () => {
    const dir = copyFixture("compress/cargo-build-errors");
    const run = await ctx(dir, "compress", "--json", "--", "cargo", "build");
    const result = JSON.parse(run.stdout) as CompressedJson;
    const oracle = diagnostics(dir, ["build"]);
    expect(oracle).toHaveLength(5);
    expect(run.code).toBe(101);
    expect(result).toMatchObject({ tool: "cargo", exitCode: 101, verdict: "failed", counts: { errors: oracle.length } });
    const found = result.items.filter((item) => item.kind.startsWith("error "));
    expect(found.map((item) => `${item.text.split(" ")[0]} error[${item.kind.split(" ")[1]}]`).sort()).toEqual(oracle);
    expect(result.items.find((item) => item.kind === "cargo error")!.text).toMatch(/^error: could not compile `shop`/);
    const output = result.output.join("\n");
    expect(output).toContain("error[E0609]: no field `itemz` on type `&Cart`\n  --> src/cart.rs:11:14\n[ctx] … ");
    expect(output).not.toContain("help: a field with a similar name exists");
    expect(result.tokens.out).toBeLessThan(result.tokens.raw / 3);
    expectFaithful(dir, result);
  });

  it.each([
    ["cargo test --no-fail-fast, with backtraces", ["--no-fail-fast"], "1"],
    ["cargo test -q (terse), no backtraces", ["-q"], "0"],
  ])("%s: keeps every failing test with its panic message, the first own backtrace frame, the warning and every binary's result", async (_label, args, backtrace) => {
    vi.stubEnv("RUST_BACKTRACE", backtrace);
    const dir = copyFixture("compress/cargo-test-failures");
    const run = await ctx(dir, "compress", "--json", "--", "cargo", "test", ...args);
    const result = JSON.parse(run.stdout) as CompressedJson;
    const oracle = testEvents(dir, args);
    expect(oracle.counts.failed).toBe(args.includes("-q") ? 8 : 10);
    expect(run.code).toBe(101);
    expect(result).toMatchObject({ tool: "cargo", exitCode: 101, verdict: "failed", counts: { ...oracle.counts, warnings: 1 } });
    const failed = result.items.filter((item) => item.kind === "failed test").map((item) => item.text);
    expect(failed.sort()).toEqual([...oracle.failed].map(([name, message]) => `${name} — ${message}`).sort());
    const warnings = result.items.filter((item) => item.kind.startsWith("warning"));
    expect(warnings.map((item) => `${item.text.split(" ")[0]} warning[${item.kind.split(" ")[1]}]`)).toEqual(diagnostics(dir, ["test", "--no-run"]));
    const output = result.output.join("\n");
    expect(output).toMatch(/^ *= note: `#\[warn\(unused_variables\)\]`/m);
    // Captured output a test printed before failing is cut; its panic is not.
    expect(output).not.toContain("checking 2999 cents");
    expect(output).toMatch(/^ *left: 3\.0\n right: 3\.01$|^ *left: `3\.0`,$/m);
    if (backtrace === "1") {
      expect(output).toMatch(/^ +\d+: shop::first_coupon\n +at \.\/src\/lib\.rs:8:5$/m);
      expect(output).not.toMatch(/^ +at \/(rustc|usr\/src)\//m);
      expect(output).toMatch(/\[ctx\] … \d+ lines hidden \(stack frames\)/);
    }
    expect(result.items.filter((item) => item.kind === "summary")).toHaveLength(args.includes("-q") ? 1 : 3);
    expectFaithful(dir, result);
  });
});
