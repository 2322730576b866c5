/** Frames in dependencies and in node itself: cut from a stack, counted, so the first frame left is the project's own. */
const FOREIGN = /node_modules[\\/]|node:internal|\(node:|^\s*at node:|\bat (?:async )?[\w.<>]+ \(native\)|[\\/](?:site|dist)-packages[\\/]|[\\/]lib[\\/]python\d|^\s+at \/(?:rustc\/|usr\/src\/rustc-)|[\\/]\.cargo[\\/]registry[\\/]|^\s+\d+: |^stack backtrace:$/;

/**
 * `    at fn (file.js:1:2)`, ` ❯ fn file.js:1:2`, the bare `fn (file.js:1:2)` lines of a TAP `stack:` block,
 * Python's `  File "x.py", line 3, in f`, and a Rust backtrace's heading, `   2: shop::tests::coupon` and
 * its `      at ./src/lib.rs:8:5` (the symbol line never counts as the project's own: its place does).
 */
const FRAME = /^\s*(?:at |❯ )|^\s*(?:async )?[\w$.<>[\] ]+ \(.+:\d+:\d+\)\s*$|^\s+File ".+", line \d+|^stack backtrace:$|^ {2,}\d+: (?:[\w<{]|$)/;

export function isStackFrame(line: string): boolean {
  return FRAME.test(line);
}

export function isOwnFrame(line: string): boolean {
  return FRAME.test(line) && !FOREIGN.test(line);
}

/**
 * The first frame in the project's own code among lines[from..to), stopping at `stop` (the next
 * failure's heading): where to look first. Null when every frame is in a dependency or in node.
 */
export function firstOwnFrame(lines: readonly string[], from: number, to: number, stop: (line: string) => boolean = () => false): number | null {
  for (let j = from; j < Math.min(to, lines.length); j += 1) {
    if (stop(lines[j]!)) return null;
    if (isOwnFrame(lines[j]!)) return j;
  }
  return null;
}
