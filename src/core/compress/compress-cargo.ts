import { assemble, parsedOutput, type Compressed, type KeptItem } from "./compressed-output.js";

/** rustc's diagnostic heading at column 0: `error[E0308]: mismatched types`, `warning: unused variable: `x``. */
const HEADING = /^(error|warning)(?:\[(E\d{4})\])?: (.+)$/;
/** Its location on the next line: ` --> src/cart.rs:7:25`. */
const ARROW = /^\s*--> (\S+:\d+:\d+)$/;
/** The lint a warning comes from, said once per lint: `  = note: `#[warn(unused_variables)]` on by default`. */
const LINT = /^\s*= note: `#\[(?:warn|deny)\(([\w:]+)\)\]`/;
/** cargo's status lines, right-aligned: `   Compiling shop v0.1.0 (/tmp/shop)`, `     Running tests/checkout.rs (target/…)`. */
const STATUS = /^ {0,11}(Compiling|Checking|Finished|Running|Doc-tests|Downloading|Downloaded|Updating|Locking|Adding|Blocking|Fresh|Documenting|Packaging|Verifying|Installing|Installed|Replacing) \S/;
/** Which test binary the results below belong to. */
const BINARY = /^ {0,11}(Running|Doc-tests) \S/;
/** `test result: FAILED. 1 passed; 8 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s` */
const RESULT = /^test result: (ok|FAILED)\. (.+?)(?:; finished in [\d.]+s)?$/;
/** A failing test in the default and in the terse (`-q`) format: `test tests::coupon ... FAILED`, `tests::coupon --- FAILED`. */
const FAILED = /^(?:test (\S+) \.\.\. FAILED|(\S+) --- FAILED)$/;
/** The captured output of a failing test: `---- tests::coupon stdout ----`. */
const CAPTURED = /^---- (\S.*?) stdout ----$/;
/** `thread 'tests::coupon' (18538) panicked at src/lib.rs:8:5:` (the message on the lines below), or before Rust 1.73 `thread 'x' panicked at 'message', src/lib.rs:8:5`. */
const PANIC = /^thread '([^']+)'(?: \(\d+\))? panicked at (?:(\S+:\d+:\d+):$|'(.*))/;
/** The end of a panic's message. */
const AFTER_MESSAGE = /^(?:$|note: run with `RUST_BACKTRACE|stack backtrace:$|---- \S)/;
/** A backtrace frame's place: `             at ./src/lib.rs:8:5`; the standard library's and dependencies' are not the project's. */
const FRAME_AT = /^\s+at (\S+):\d+(?::\d+)?$/;
const FOREIGN_RUST = /^\/rustc\/|[\\/]\.cargo[\\/]registry[\\/]|[\\/]\.rustup[\\/]toolchains[\\/]|^\/usr\/(?:local\/)?(?:lib|src)\/rust/;
/** A panic's message lines kept at most; a huge Debug dump is cut, counted. */
const MESSAGE_LINES = 8;

export function looksLikeCargo(lines: readonly string[]): boolean {
  return lines.some((line, index) => RESULT.test(line) || (HEADING.test(line) && ARROW.test(lines[index + 1] ?? "")) || (STATUS.test(line) && /^\s*(Compiling|Checking|Finished) /.test(line)));
}

/**
 * cargo build/check/test (and rustc): each compiler error and warning as its heading and location,
 * with the lint it comes from; cargo's own error lines; each failing test with its panic message
 * and the first backtrace frame in the project's own code; each test binary's result line. Code
 * frames, notes and suggestions, status lines, passing tests and the rest of backtraces are cut.
 * Null unless the failing tests found add up to the failed counts of the result lines.
 */
export function compressCargo(lines: readonly string[], exitCode: number | null): Compressed | null {
  const kept = new Set<number>();
  const items: KeptItem[] = [];
  const counts: Record<string, number> = {};
  const add = (name: string, count = 1): void => {
    counts[name] = (counts[name] ?? 0) + count;
  };
  const failing = new Map<string, number>();
  const explained = new Set<string>();
  let block: "rustc" | "cargo" | null = null;
  let results = 0;
  lines.forEach((line, index) => {
    if (line.trim() === "") {
      block = null;
      return;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      kept.add(index);
      const arrow = ARROW.exec(lines[index + 1] ?? "");
      if (arrow) {
        block = "rustc";
        kept.add(index + 1);
        add(heading[1] === "error" ? "errors" : "warnings");
        items.push({ kind: heading[2] ? `${heading[1]} ${heading[2]}` : heading[1]!, text: `${arrow[1]} ${line}`, line: index + 1 });
      } else {
        // cargo's own (`could not compile`, `test failed, to rerun pass --lib`, `2 targets failed:`) or rustc's summary.
        block = "cargo";
        if (heading[1] === "error" && !/^aborting due to /.test(heading[3]!)) items.push({ kind: "cargo error", text: line, line: index + 1 });
      }
      return;
    }
    if (block === "rustc") {
      const lint = LINT.exec(line);
      if (lint) {
        kept.add(index);
        // The warning's code: rustc names the lint on its first warning only, so later ones stay without.
        const item = items[items.length - 1]!;
        if (item.kind === "warning") item.kind = `warning ${lint[1]}`;
      }
      return;
    }
    // A cargo error's detail: the targets that failed, `Caused by:` and its reasons.
    if (block === "cargo" && (/^\s/.test(line) || line === "Caused by:")) {
      kept.add(index);
      return;
    }
    block = null;
    if (BINARY.test(line)) kept.add(index);
    const result = RESULT.exec(line);
    if (result) {
      results += 1;
      kept.add(index);
      for (const [, count, state] of result[2]!.matchAll(/(\d+) ([a-z ]+?)(?:;|$)/g)) add(state!, Number(count));
      items.push({ kind: "summary", text: line, line: index + 1 });
      return;
    }
    const failed = FAILED.exec(line);
    if (failed && !failing.has(failed[1] ?? failed[2]!)) failing.set(failed[1] ?? failed[2]!, index);
    // The list after the failures' output names each one; the terse format (`FF.Fi`) names them nowhere else.
    if (line === "failures:") for (let j = index + 1; /^ {4}\S+$/.test(lines[j] ?? ""); j += 1) if (!failing.has(lines[j]!.trim())) failing.set(lines[j]!.trim(), j);
    const captured = CAPTURED.exec(line);
    if (captured) explained.add(captured[1]!);
  });
  if (results === 0 && items.length === 0) return null;
  // Each failing test: its panic (or, failing without one, the last line it printed) under its captured output's heading.
  for (const [name, at] of failing) {
    const heading = lines.findIndex((line) => CAPTURED.exec(line)?.[1] === name);
    const message = failureMessage(lines, heading >= 0 ? heading + 1 : 0, name, heading >= 0);
    if (heading >= 0) kept.add(heading);
    else if (message.length === 0) kept.add(at);
    for (const index of message) kept.add(index);
    const panic = message.length > 0 ? PANIC.exec(lines[message[0]!]!) : null;
    // Before Rust 1.73 the message is quoted on the panic line itself, ending `', src/lib.rs:8:5` when it is one line.
    const first = panic ? (panic[3]?.replace(/', \S+:\d+:\d+$/, "") ?? lines[message[1] ?? -1] ?? "") : message.length > 0 ? lines[message[0]!]! : "";
    items.push({ kind: "failed test", text: first ? `${name} — ${first.trim()}` : name, line: (heading >= 0 ? heading : at) + 1 });
  }
  // A failing test the result lines count but this parse did not find means the output is not what it seems.
  if ((counts.failed ?? 0) !== failing.size) return null;
  const failed = (counts.failed ?? 0) + (counts.errors ?? 0) > 0 || items.some((item) => item.kind === "cargo error");
  const assembled = assemble(lines, lines.map((_, index) => [index, 1] as const), kept);
  return parsedOutput("cargo", exitCode, failed, { counts, items: items.sort((a, b) => a.line - b.line) }, assembled, "lines (status, code frames and notes, passing tests, backtraces)");
}

/**
 * The lines that say why a test failed: its panic line and message, and the first own frame of a
 * backtrace. Under a captured-output heading the search stops at the next heading; without one
 * (`--nocapture`) the panic is found by its thread's name. Empty when it did not panic.
 */
function failureMessage(lines: readonly string[], from: number, name: string, captured: boolean): number[] {
  let panicAt = -1;
  let last = -1;
  for (let j = from; j < lines.length; j += 1) {
    const line = lines[j]!;
    if (captured && (CAPTURED.test(line) || /^failures:$/.test(line))) break;
    const panic = PANIC.exec(line);
    if (panic && panic[1] === name) {
      panicAt = j;
      break;
    }
    if (captured && line.trim() !== "") last = j;
  }
  if (panicAt < 0) return last >= 0 ? [last] : [];
  const kept = [panicAt];
  let j = panicAt + 1;
  for (; j < lines.length && !AFTER_MESSAGE.test(lines[j]!); j += 1) if (kept.length <= MESSAGE_LINES) kept.push(j);
  if (lines[j] === "stack backtrace:") {
    for (let k = j + 1; k < lines.length && /^\s+(?:\d+: |at )/.test(lines[k]!); k += 1) {
      const at = FRAME_AT.exec(lines[k]!);
      if (at && !FOREIGN_RUST.test(at[1]!)) {
        kept.push(k - 1, k);
        break;
      }
    }
  }
  return kept;
}
