import { open, readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { parseJsonLines, renderJsonLine, type JsonLines } from "../formats/jsonl.js";
import { withFileLock } from "./file-lock.js";

/**
 * Appends records to a JSONL file shared by several processes: all of them in one write call,
 * under the file's lock, so concurrent writers never interleave inside a line. A file that does
 * not end with a newline (a torn or hand-edited last line) gets one first, so the new line is
 * never glued to it. Nothing already in the file is rewritten. The lock lives in `.cache/locks/`
 * beside the file (ignored by git), so one left by a crash never shows up as a change.
 */
export async function appendJsonLines(path: string, records: readonly object[]): Promise<void> {
  if (records.length === 0) return;
  await withFileLock(join(dirname(path), ".cache", "locks", `${basename(path)}.lock`), async () => {
    const handle = await open(path, "a+");
    try {
      const { size } = await handle.stat();
      let separator = "";
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 10) separator = "\n";
      }
      await handle.write(separator + records.map(renderJsonLine).join(""));
    } finally {
      await handle.close();
    }
  });
}

/** Reads a JSONL file (a missing one is empty), reporting malformed lines with their numbers. */
export async function readJsonLines(path: string, shown: string): Promise<JsonLines> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  return parseJsonLines(text, shown);
}
