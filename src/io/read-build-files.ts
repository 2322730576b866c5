import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BuildFile } from "../analysis/language-project.js";
import type { RepoPath } from "../model.js";

/** Larger than any hand-written build file: a generated one this size is not read. */
const MAX_BUILD_FILE_BYTES = 1024 * 1024;

/** The text of every listed path `isBuildFile` accepts, by path; one that cannot be read, or is larger than a build file is, is left out. */
export async function readBuildFiles(root: string, listed: readonly RepoPath[], isBuildFile: (path: RepoPath) => boolean): Promise<BuildFile[]> {
  const found = await Promise.all(
    listed.filter(isBuildFile).map(async (path) => {
      const bytes = await readFile(join(root, path)).catch(() => undefined);
      return bytes === undefined || bytes.length > MAX_BUILD_FILE_BYTES ? undefined : { path, text: bytes.toString("utf8") };
    }),
  );
  return found.filter((file): file is BuildFile => file !== undefined).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
