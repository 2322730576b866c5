// Timing one process for the bench scripts: wall seconds and peak resident memory, as GNU time reports them.
import { spawnSync } from "node:child_process";

/** Runs `command` under /usr/bin/time: its wall seconds, peak RSS in KiB, stdout and exit code. */
export function timed(command, args, cwd, env = {}) {
  const result = spawnSync("/usr/bin/time", ["-f", "%e %M", command, ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 1 << 30,
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
  const last = result.stderr.trim().split("\n").pop() ?? "";
  const [seconds, kib] = last.split(" ").map(Number);
  if (!Number.isFinite(seconds)) throw new Error(`could not time ${command} ${args.join(" ")}: ${result.stderr}`);
  return { seconds, kib, stdout: result.stdout, code: result.status };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Wall seconds of one process by the high-resolution clock: GNU time's 10 ms steps are too coarse for ctags on a small repository. */
export function wallSeconds(command, args, cwd) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: "1" } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}
