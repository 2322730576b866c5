import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { findMarkedRoot, guardAiFolder } from "./repo-root.js";
import { writeFileAtomic } from "./atomic-write.js";

/** At most this many raw logs, and this many bytes of them, are kept; the oldest go first. */
export const MAX_LOGS = 50;
export const MAX_LOG_BYTES = 32 * 1024 * 1024;

const LOGS = [".ai", "logs"];

/**
 * Where raw logs go: `.ai/logs/` of the repository, or — outside any repository — a per-user
 * folder in the temp directory. NOTE: never `.ai/` in a random directory: a `.ai/` folder marks a
 * repository root, and would make every later ctx run below it treat that directory as one.
 */
export function logRoot(cwd: string): { root: string; inRepository: boolean } {
  const marked = findMarkedRoot(cwd);
  if (marked) guardAiFolder(marked);
  return marked ? { root: marked, inRepository: true } : { root: join(tmpdir(), `ctx-${userInfo().uid}`), inRepository: false };
}
const ID = /^[0-9]{8}-[0-9]{6}-[0-9a-f]{6}$/;

/**
 * Keeps a command's raw output under `.ai/logs/<id>.log` (mode 0600: it may hold secrets), then
 * trims the folder to MAX_LOGS files and MAX_LOG_BYTES, oldest first — never the one just written.
 * Returns the id and the repository-relative path.
 */
export async function saveRawLog(root: string, output: string, now: Date): Promise<{ id: string; path: string }> {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const id = `${stamp}-${randomBytes(3).toString("hex")}`;
  const directory = join(root, ...LOGS);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  // The folder ignores itself: raw output may hold secrets, and a repository without ctx set up
  // must not see an untracked `.ai/` appear in `git status` because a command was compressed.
  if (!existsSync(join(directory, ".gitignore"))) await writeFileAtomic(join(directory, ".gitignore"), "# raw output kept by `ctx compress`: private, never committed\n*\n", { ifChanged: false });
  await writeFileAtomic(join(directory, `${id}.log`), output, { ifChanged: false, mode: 0o600 });
  const logs = readdirSync(directory)
    .filter((name) => name.endsWith(".log") && ID.test(name.slice(0, -4)) && name !== `${id}.log`)
    .sort()
    .reverse();
  let bytes = Buffer.byteLength(output);
  logs.forEach((name, index) => {
    const size = statSync(join(directory, name)).size;
    bytes += size;
    if (index + 1 >= MAX_LOGS || bytes > MAX_LOG_BYTES) unlinkSync(join(directory, name));
  });
  return { id, path: `${LOGS.join("/")}/${id}.log` };
}

/** A raw log by id, or null when there is none (trimmed away, or never written). */
export function readRawLog(root: string, id: string): string | null {
  if (!ID.test(id)) return null;
  try {
    return readFileSync(join(root, ...LOGS, `${id}.log`), "utf8");
  } catch {
    return null;
  }
}
