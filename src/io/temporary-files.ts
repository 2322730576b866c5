import { existsSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { isRunning } from "./process-alive.js";

/**
 * Where a file is written before it is renamed into place. Inside a repository that has `.ai/`,
 * that is `.ai/.cache/tmp/` — ignored by git, so a process killed between the write and the
 * rename leaves nothing that `git add .ai` would commit — else beside the file. Names carry the
 * writer's pid, so that `ctx index` can sweep those of writers that are gone.
 */
const TEMPORARY = /^\.?.+\.(\d+)\.\d+(?:\.\d+)?\.tmp$/;
let counter = 0;

export async function temporaryFor(path: string): Promise<string> {
  const ai = enclosingAi(dirname(path));
  let directory = dirname(path);
  if (ai !== null) {
    directory = join(ai, ".cache", "tmp");
    await mkdir(directory, { recursive: true });
    // Its own ignore file: the folder is ignored even before `.ai/.cache/.gitignore` is written.
    if (!existsSync(join(directory, ".gitignore"))) await writeFile(join(directory, ".gitignore"), "*\n");
  }
  counter += 1;
  return join(directory, `.${basename(path)}.${process.pid}.${Date.now()}.${counter}.tmp`);
}

/** The `.ai` folder of the repository a folder is in (the folder itself, or an ancestor's), else null. */
function enclosingAi(directory: string): string | null {
  for (let current = directory; ; current = dirname(current)) {
    if (basename(current) === ".ai") return current;
    if (existsSync(join(current, ".ai"))) return join(current, ".ai");
    if (dirname(current) === current) return null;
  }
}

/** Removes the temporary files of writers that are no longer running, from `.ai/.cache/tmp/` and from `.ai/` (where earlier versions wrote them). */
export async function sweepTemporaryFiles(root: string): Promise<void> {
  const ai = join(root, ".ai");
  for (const directory of [join(ai, ".cache", "tmp"), ai]) {
    const entries = await readdir(directory).catch(() => [] as string[]);
    await Promise.all(
      entries.map(async (entry) => {
        const pid = Number(TEMPORARY.exec(entry)?.[1]);
        if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isRunning(pid)) await rm(join(directory, entry), { force: true });
      }),
    );
  }
}
