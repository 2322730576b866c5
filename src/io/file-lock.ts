import { open, readFile, rename, stat, unlink } from "node:fs/promises";
import { mkdirSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { CtxError } from "../errors.js";
import { isRunning } from "./process-alive.js";

const WAIT_MS = 15_000;

/** Who holds a lock: written into the lock file as one JSON line when it is taken. */
interface LockOwner {
  pid: number;
  host: string;
  /** When the holding process started (ms since the epoch): tells a live holder from a new process that reuses its pid. */
  started: number;
  taken: string;
}

const ME: LockOwner = { pid: process.pid, host: hostname(), started: Math.round(Date.now() - process.uptime() * 1000), taken: "" };
/** A lock file with no owner in it yet is younger than this while its writer lives: create and write are one step apart. */
const UNWRITTEN_GRACE_MS = 2_000;
/** How far two readings of one process's start time may differ (clock ticks, rounding). */
const START_TOLERANCE_MS = 5_000;

function parseOwner(content: string): LockOwner | null {
  try {
    const owner = JSON.parse(content) as Partial<LockOwner>;
    if (typeof owner.pid === "number" && typeof owner.host === "string" && typeof owner.started === "number") return { taken: "", ...owner } as LockOwner;
  } catch {
    // Written by an earlier version: `<pid> <time taken>`.
    const pid = Number(content.split(" ")[0]);
    if (Number.isInteger(pid) && pid > 0) return { pid, host: ME.host, started: Number.NaN, taken: content.split(" ")[1]?.trim() ?? "" };
  }
  return null;
}

/** When a process of this machine started (ms since the epoch), from /proc; null where that cannot be read. */
function startOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    // USER_HZ is 100 on every Linux this runs on.
    return Number.isFinite(ticks) && Number.isFinite(boot) ? boot * 1000 + ticks * 10 : null;
  } catch {
    return null;
  }
}

/** Whether the owner of a lock is gone: not running, or its pid now belongs to a process started later. */
function isGone(owner: LockOwner): boolean {
  if (owner.host !== ME.host) return false;
  if (!isRunning(owner.pid)) return true;
  if (Number.isNaN(owner.started)) return false;
  const started = owner.pid === process.pid ? ME.started : startOf(owner.pid);
  return started !== null && Math.abs(started - owner.started) > START_TOLERANCE_MS;
}

/**
 * Takes away a lock whose holder is gone, or that holds no owner long after it was made (its
 * writer died between creating and writing it). The lock is renamed aside first, which only one
 * of several waiters can do; if what was renamed is not the lock that was judged (another waiter
 * broke it and took a new one in between), it is put back.
 */
async function breakIfAbandoned(path: string): Promise<void> {
  const [content, stats] = await Promise.all([readFile(path, "utf8").catch(() => null), stat(path).catch(() => null)]);
  if (content === null || stats === null) return;
  const owner = parseOwner(content);
  const abandoned = owner === null ? Date.now() - stats.mtimeMs > UNWRITTEN_GRACE_MS : isGone(owner);
  if (!abandoned) return;
  const aside = `${path}.${process.pid}.abandoned`;
  try {
    await rename(path, aside);
  } catch {
    return;
  }
  if ((await readFile(aside, "utf8").catch(() => null)) === content) await unlink(aside).catch(() => undefined);
  else await rename(aside, path).catch(() => undefined);
}

function describe(content: string): string {
  const owner = parseOwner(content);
  if (owner === null) return "no owner written in it";
  return `pid ${owner.pid} on ${owner.host}${owner.taken ? ` since ${owner.taken}` : ""}`;
}

/**
 * Runs `work` holding an exclusive lock on `path` (a file created with O_EXCL, naming its owner:
 * pid, host, the process's start time), so that processes appending to or rewriting the same
 * files take turns. A lock whose owner is gone is taken over; one held longer than 15 s by a live
 * process is an error naming it.
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(path), { recursive: true });
  const started = Date.now();
  let delay = 5;
  for (;;) {
    try {
      const handle = await open(path, "wx");
      await handle.write(`${JSON.stringify({ ...ME, taken: new Date().toISOString() })}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      await breakIfAbandoned(path);
      if (Date.now() - started > WAIT_MS) {
        const holder = describe((await readFile(path, "utf8").catch(() => "")).trim());
        throw new CtxError("locked", `${path} is held by another process (${holder})`, "wait for it to finish; if no ctx is running, delete the lock file");
      }
      await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
      delay = Math.min(delay * 2, 100);
    }
  }
  try {
    return await work();
  } finally {
    await unlink(path).catch(() => undefined);
  }
}
