import { open, readFile, rename, unlink } from "node:fs/promises";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { CtxError } from "../errors.js";

const WAIT_MS = 15_000;

/** Whether a process with this id runs on this machine (a lock's holder that died left it behind). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes away a lock whose holder is no longer running. The lock is renamed aside first, which only
 * one of several waiters can do; if what was renamed is not the dead holder's lock (another waiter
 * broke it and took a new one in between), it is put back.
 */
async function breakIfAbandoned(path: string): Promise<void> {
  const content = await readFile(path, "utf8").catch(() => null);
  const pid = Number(content?.split(" ")[0]);
  if (content === null || !Number.isInteger(pid) || pid <= 0 || isRunning(pid)) return;
  const aside = `${path}.${process.pid}.abandoned`;
  try {
    await rename(path, aside);
  } catch {
    return;
  }
  if ((await readFile(aside, "utf8").catch(() => null)) === content) await unlink(aside).catch(() => undefined);
  else await rename(aside, path).catch(() => undefined);
}

/**
 * Runs `work` holding an exclusive lock on `path` (a file created with O_EXCL, holding the
 * holder's pid), so that processes appending to or rewriting the same files take turns. A lock
 * left by a process that died is broken; one held longer than 15 s by a live process is an error.
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(path), { recursive: true });
  const started = Date.now();
  let delay = 5;
  for (;;) {
    try {
      const handle = await open(path, "wx");
      await handle.write(`${process.pid} ${new Date().toISOString()}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      await breakIfAbandoned(path);
      if (Date.now() - started > WAIT_MS) {
        const holder = (await readFile(path, "utf8").catch(() => "")).trim();
        throw new CtxError("locked", `${path} is held by another process (${holder || "unknown"})`, "wait for it to finish; if no ctx is running, delete the lock file");
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
